/**
 * Discovered brands, end to end in demo mode: a project that tracks only two of its
 * market's real competitors; the answers also name untracked catalogue brands, which the API
 * lists with their answers, models, mentions and average rank; adding one as a competitor
 * rebuilds the mentions, and the Overview then shows the numbers the domain module gave.
 * The simulator's day and seed are pinned.
 */
import { createProject, resetSimulator, signUp, simulator, startAnalysis, waitForAnalysis } from '../support/flows'
import { resultsJson } from '../support/hand-worked-analysis'

afterAll(resetSimulator)

describe('discovered brands', () => {
  it('lists brands the answers name that the project does not track, and adding one changes the shares as the domain module said', async () => {
    await simulator({ day: '2026-03-02', seed: 'discovered', brandRate: 1 })
    const s = await signUp()
    const project = await createProject(s, {
      name: 'Notion wiki',
      brandDomain: 'Notion',
      marketDescription: 'note-taking and team wiki software',
      marketRegion: 'United Kingdom',
      competitors: ['Confluence', 'Coda'],
      queries: ['best note-taking and team wiki software for a 50-person team', 'alternatives to Confluence for remote teams', 'which team wiki has the best search', 'Coda vs Confluence for enterprise'],
      isLightMode: true,
    })
    const started = await startAnalysis(s, project.id)
    expect((await waitForAnalysis(s, started.id)).status).toBe('completed')

    const listed = await s.json(`/api/analyses/${started.id}/discovered-brands`)
    expect(listed.status).toBe(200)
    const d = listed.body
    expect(d.maxCompetitors).toBe(19)
    expect(d.competitors).toBe(2)
    expect(d.brands.length).toBeGreaterThan(0)
    const names: string[] = d.brands.map((b: any) => b.name)
    // Untracked brands of the catalogue market, never the tracked ones.
    for (const n of names) expect(['Notion', 'Confluence', 'Coda']).not.toContain(n)
    expect(names.some((n) => ['Microsoft OneNote', 'Evernote', 'Obsidian', 'Google Keep', 'Slab', 'Guru', 'Nuclino', 'Slite', 'Tettra', 'GitBook'].includes(n))).toBe(true)
    for (const b of d.brands) {
      expect(b.answers).toBeGreaterThanOrEqual(2)
      expect(b.models).toBeGreaterThanOrEqual(1)
      expect(b.mentions).toBeGreaterThanOrEqual(b.answers)
    }

    const before = (await resultsJson(s, { project: project.id, analysis: started.id, tab: 'overview' })).data
    const own = before.brands.find((b: any) => b.isOwn)
    expect(own.share).toBe(d.ownShare)

    const pick = d.brands[0]
    const added = await s.json(`/api/analyses/${started.id}/discovered-brands`, { method: 'POST', json: { name: pick.name } })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ added: pick.name, success: true })

    const after = (await resultsJson(s, { project: project.id, analysis: started.id, tab: 'overview' })).data
    const now = after.brands.find((b: any) => b.name === pick.name)
    expect(now.mentions).toBe(pick.mentions)
    expect(after.brands.find((b: any) => b.isOwn).share).toBe(pick.ownShareIfTracked)
    expect(after.summary.totalMentions).toBe(before.summary.totalMentions + pick.mentions)

    const again = (await s.json(`/api/analyses/${started.id}/discovered-brands`)).body
    expect(again.competitors).toBe(3)
    expect(again.brands.map((b: any) => b.name)).not.toContain(pick.name)

    // Adding a tracked name is refused; so is another user.
    expect((await s.json(`/api/analyses/${started.id}/discovered-brands`, { method: 'POST', json: { name: 'confluence' } })).status).toBe(409)
    expect((await s.json(`/api/analyses/${started.id}/discovered-brands`, { method: 'POST', json: { name: ' ' } })).status).toBe(400)
    const other = await signUp()
    expect((await other.json(`/api/analyses/${started.id}/discovered-brands`)).status).toBe(404)
  })
})
