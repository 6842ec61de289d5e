/**
 * Analysis Settings (phase 8) over HTTP: the default analysis, the six run cards, and an add-model
 * run whose progress is live from the workflow query (not the stored snapshot jumping from 0 to done).
 */
import { createProject, resetSimulator, Session, signUp, simulator, sql, until } from '../support/flows'

const QUERIES = ['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk']

/** A finished ChatGPT-5-only analysis of the project's three queries, written straight to the database. */
async function seedAnalysis(projectId: number, userId: number, status: string, createdAt: string) {
  const db = await sql()
  const queries = QUERIES.map((query, index) => ({ index, query, topic: null, audience: null, audienceContext: null }))
  const brands = { brand: { name: 'Brooks', alternativeNames: [], domains: [] }, competitors: ['Nike', 'Asics', 'Hoka', 'New Balance'].map((name) => ({ name, alternativeNames: [], domains: [] })) }
  const [{ id }] = await db<{ id: number }[]>`
    insert into analyses (project_id, user_id, status, model_ids, queries, brands, created_at, completed_at)
    values (${projectId}, ${userId}, ${status}, '{8}', ${db.json(queries)}, ${db.json(brands)}, ${createdAt}, ${createdAt})
    returning id`
  return id
}

const settingsOf = (s: Session, projectId: number, analysisId?: number) =>
  s.json(`/analysis-settings?project=${projectId}${analysisId ? `&analysis=${analysisId}` : ''}&_data=routes%2Fanalysis-settings`)

afterEach(async () => {
  await simulator({ gate: null })
  await resetSimulator()
})

describe('analysis settings', () => {
  it('phase 8 of the home page is the Analysis Settings page, with the project and analysis kept', async () => {
    const owner = await signUp()
    const res = await owner.request('/?phase=8&project=12&analysis=34&tab=whatever')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/analysis-settings?project=12&analysis=34')
    const bare = await owner.request('/?phase=8')
    expect(bare.headers.get('location')).toBe('/analysis-settings')
    // Signed out, the home page is the landing page (no redirect to a signed-in screen).
    expect((await new Session().request('/?phase=8')).status).toBe(200)
  })

  it('chooses the latest completed analysis, lists history newest first, and shows the six cards', async () => {
    const owner = await signUp()
    const project = await createProject(owner)
    const older = await seedAnalysis(project.id, owner.userId, 'completed', '2024-02-27T10:00:00Z')
    const latest = await seedAnalysis(project.id, owner.userId, 'completed', '2024-02-28T10:00:00Z')
    const failed = await seedAnalysis(project.id, owner.userId, 'failed', '2024-02-29T10:00:00Z')
    const res = await settingsOf(owner, project.id)
    expect(res.status).toBe(200)
    const { settings } = res.body
    expect(settings.history.map((a: any) => a.id)).toEqual([failed, latest, older])
    expect(settings.selected.id).toBe(latest)
    expect(settings.canManage).toBe(true)
    expect(settings.cards.map((c: any) => [c.modelId, c.state])).toEqual([
      [3, 'available'],
      [5, 'available'],
      [6, 'available'],
      [8, 'available'],
      [9, 'available'],
      [10, 'available'],
    ])
    expect((await settingsOf(owner, project.id, older)).body.settings.selected.id).toBe(older)

    // A sharee may look but not manage; a stranger gets nothing.
    const sharee = await signUp()
    await owner.json(`/api/projects/${project.id}/share`, { method: 'POST', json: { email: sharee.email } })
    expect((await settingsOf(sharee, project.id)).body.settings.canManage).toBe(false)
    expect((await sharee.json('/api/analyses/add-claude', { method: 'POST', json: { analysisId: latest, projectId: project.id } })).status).toBe(403)
    expect((await sharee.json(`/api/analyses/${latest}/manage`, { method: 'POST', json: { action: 'refresh', modelId: 8 } })).status).toBe(403)
    const stranger = await signUp()
    expect((await settingsOf(stranger, project.id)).status).toBe(404)
  })

  it('an add-model run reports live per-model progress while it runs', async () => {
    const owner = await signUp()
    const project = await createProject(owner)
    const id = await seedAnalysis(project.id, owner.userId, 'completed', '2024-02-28T10:00:00Z')
    // One answer, then the simulator holds the other two: the run is caught half way, whatever the machine's speed.
    await simulator({ gate: { allow: 1 } })
    const started = await owner.json('/api/analyses/add-claude', { method: 'POST', json: { analysisId: id, projectId: project.id } })
    expect(started.status).toBe(202)

    let mid: any
    await until('one live Claude answer', async () => {
      mid = (await owner.json(`/api/analyses/${id}/progress`)).body
      return mid.progressDetails.find((r: any) => r.modelId === 3)?.completed === 1
    })
    expect(mid.runningModelIds).toEqual([3])
    expect(mid.status).toBe('completed') // the analysis itself stays completed while a model is added
    expect(mid.progressDetails.find((r: any) => r.modelId === 3)).toMatchObject({ completed: 1, total: 3, progress: 33 })
    expect((await settingsOf(owner, project.id)).body.settings.cards.find((c: any) => c.modelId === 3).state).toBe('running')

    await simulator({ gate: null })
    await until('the Claude run to end', async () => (await owner.json(`/api/analyses/${id}/progress`)).body.runningModelIds.length === 0, 90_000)
    const after = (await settingsOf(owner, project.id)).body.settings
    expect(after.cards.find((c: any) => c.modelId === 3)).toMatchObject({ state: 'complete', answered: 3, expected: 3 })
  })
})
