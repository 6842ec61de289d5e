/**
 * Content Ideator end to end: ideas and content through the API, the Temporal workflows and
 * the simulator, grounded in a hand-worked analysis; validation, quota, cost cap; who may read or post a
 * project's ideas; the Citation Explorer against seeded enhanced insights.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { resetSimulator, Session, signUp, simulator, sql } from '../support/flows'
import { ideatorJson, seedBareProject, seedIdeatorProject } from '../support/ideator-fixtures'

const BASE = '/api/content-recommendations'

beforeEach(async () => {
  await resetSimulator()
})

// The gaps of 'best running shoes', worked out from the fixture's answers and citations:
// Nike is ahead in 2 answers (ChatGPT #1 vs Brooks #2; Claude #2, Brooks unranked), Hoka in 1 (Claude #1; ChatGPT #3 is below #2).
// Sources, each URL once per answer or insight: runnersworld.com 1 (ChatGPT) + 1 (Claude) + 1 (Gemini insight, /best twice) + 1 (ChatGPT insight) = 4;
// nike.com 1 (Claude) + 1 (Gemini insight) = 2; brooksrunning.com 1 (Owned, so no "no Brooks page" remark).
const GAPS = [
  'Nike is ranked above Brooks by ChatGPT 5 (#1 vs #2), Claude Sonnet 4 (#2 vs not ranked) for this query',
  'Hoka is ranked above Brooks by Claude Sonnet 4 (#1 vs not ranked) for this query',
  'Brooks is not mentioned by Claude Sonnet 4 for this query',
  'runnersworld.com (Earned) is cited 4 times for this query',
  'nike.com (Competitor) is cited 2 times for this query',
]

describe('content ideator', () => {
  it('generates ideas grounded in the analysis, stores them, lists them again, and writes content for selected ideas', async () => {
    const { owner, projectId, analysisId } = await seedIdeatorProject()
    const before = await ideatorJson(owner, { project: projectId })
    expect(before.status).toBe(200)
    expect(before.body.ideator).toMatchObject({ projectId, canGenerate: true, ideasLeft: 10, saved: [], tab: 'content-recommendations' })

    const res = await owner.json(`${BASE}/generate-ideas`, {
      method: 'POST',
      json: { projectId, query: 'best running shoes', userBrief: 'Feature the Ghost 16', brandName: 'Brooks', brandDomain: 'brooksrunning.com', audienceId: 'none', audience: null, contentType: 'blog-post', language: 'british-english', isCustomQuery: false },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const { ideas, id, grounding } = res.body
    expect(grounding).toMatchObject({ scope: 'query', analysisId, analysisDate: '2025-05-20', brand: 'Brooks' })
    expect(grounding.gaps.map((g: any) => g.text)).toEqual(GAPS)
    expect(grounding.competitorsAbove[0]).toEqual({ name: 'Nike', model: 'ChatGPT 5', rank: 1, brandRank: 2, why: 'Nike Pegasus is the most versatile daily trainer.' })

    // Five ideas, one per gap, each saying which gap it closes; the simulator built them from the prompt's grounding.
    expect(ideas.map((i: any) => i.id)).toEqual([1, 2, 3, 4, 5].map((n) => `${id}-${n}`))
    expect(ideas.map((i: any) => i.gap)).toEqual(GAPS)
    expect(ideas[0].title).toBe('Brooks vs Nike: a comparison for "best running shoes"')
    expect(ideas[0].description).toContain('The models favour Nike because: "Nike Pegasus is the most versatile daily trainer."')
    expect(ideas[0].description).toContain('Brief: Feature the Ghost 16')
    expect(ideas[1].description).toContain('"Hoka Bondi is the best for long runs because of its cushioning."')
    expect(ideas[3].title).toBe('Earn a citation from runnersworld.com: a buyer\'s checklist on "best running shoes"')
    expect(ideas[0].keyElements).toContain('Facts and figures runnersworld.com can cite')
    // Scores: the simulator's scorers add 0.30 + 0.20 (a competitor ahead named) + 0.15 (a cited source) + 0.25 × 2/2 query terms
    // + 0.05 (brand) = 0.95, then OpenAI +0.03 and Gemini −0.02; without a competitor named: 0.75 → 0.78 / 0.73. score = their mean.
    expect(ideas.map((i: any) => [i.openaiScore, i.geminiScore, i.score])).toEqual([
      [0.98, 0.93, 0.955],
      [0.98, 0.93, 0.955],
      [0.78, 0.73, 0.755],
      [0.78, 0.73, 0.755],
      [0.98, 0.93, 0.955], // nike.com names Nike
    ])
    expect(res.body.ideasLeft).toBe(9)

    // Stored per project and listed again on return.
    const after = await ideatorJson(owner, { project: projectId })
    expect(after.body.ideator.ideasLeft).toBe(9)
    expect(after.body.ideator.saved).toHaveLength(1)
    expect(after.body.ideator.saved[0]).toMatchObject({ id, query: 'best running shoes', isCustomQuery: false, userBrief: 'Feature the Ghost 16', contentType: 'blog-post', language: 'british-english', ideas, contents: [] })

    const content = await owner.json(`${BASE}/generate-content`, {
      method: 'POST',
      json: { projectId, query: 'best running shoes', userBrief: '', selectedIdeas: [ideas[0], ideas[1]], brandName: 'Brooks', brandDomain: 'brooksrunning.com', audienceId: null, audience: null, contentType: 'blog-post', language: 'british-english' },
    })
    expect(content.status, JSON.stringify(content.body)).toBe(200)
    const contents = content.body.contents
    expect(contents.map((c: any) => [c.ideaId, c.ideaTitle])).toEqual([[ideas[0].id, ideas[0].title], [ideas[1].id, ideas[1].title]])
    expect(contents[0].content).toContain(`# ${ideas[0].title}`)
    expect(contents[0].content).toContain('AI assistants currently rank Nike at #1 (ChatGPT 5). Their reason: "Nike Pegasus is the most versatile daily trainer."')
    expect(contents[1].content).toContain('AI assistants currently rank Hoka at #1 (Claude Sonnet 4).')
    expect(contents[0].content).toContain('- runnersworld.com (cited 4 times)')
    for (const c of contents) {
      expect(c.score).toBeGreaterThanOrEqual(0)
      expect(c.score).toBeLessThanOrEqual(1)
      expect(c.score).toBeCloseTo((c.openaiScore + c.geminiScore) / 2, 6)
    }
    const saved = (await ideatorJson(owner, { project: projectId })).body.ideator.saved[0]
    expect(saved.contents.map((c: any) => c.ideaId)).toEqual([ideas[0].id, ideas[1].id])
    expect((await ideatorJson(owner, { project: projectId })).body.ideator.ideasLeft).toBe(9)

    // Every model call was recorded against the user's daily spending.
    const db = await sql()
    const [usage] = await db<{ n: number }[]>`select count(*)::int as n from model_usage where user_id = ${owner.userId} and kind = 'ideator'`
    // ideas: 1 writer + 2 scorers; content: 2 drafts + 2 scorers.
    expect(usage.n).toBe(7)
  })

  it('grounds a custom query on the whole analysis, and a project without analysis on nothing measured', async () => {
    const { owner, projectId } = await seedIdeatorProject()
    const custom = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: { projectId, query: 'running shoes for wide feet', isCustomQuery: true, contentType: 'linkedin-post', language: 'american-english' } })
    expect(custom.status, JSON.stringify(custom.body)).toBe(200)
    expect(custom.body.grounding.scope).toBe('project')
    // Across all three answers: Nike still ahead twice, Hoka once; the q1 answer names Brooks, so Claude is the one silent model.
    expect(custom.body.grounding.gaps[0].text).toBe('Nike is ranked above Brooks by ChatGPT 5 (#1 vs #2), Claude Sonnet 4 (#2 vs not ranked) across the analysis')
    expect(custom.body.ideas[0].description).toMatch(/^A linkedin post that closes this gap/)

    const bare = await seedBareProject(owner)
    const none = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: { projectId: bare, query: 'best running shoes' } })
    expect(none.status, JSON.stringify(none.body)).toBe(200)
    expect(none.body.grounding).toMatchObject({ scope: 'none', analysisId: null })
    expect(new Set(none.body.ideas.map((i: any) => i.gap))).toEqual(new Set(['No completed analysis yet: how AI models answer this query about Brooks is not measured']))
  })

  it('validates with the texts users see and never answers 5xx', async () => {
    const { owner, projectId } = await seedIdeatorProject()
    const post = (path: string, json: unknown) => owner.json(`${BASE}/${path}`, { method: 'POST', json })
    expect(await post('generate-ideas', { projectId, query: '   ', isCustomQuery: true })).toMatchObject({ status: 400, body: { error: 'No custom query provided' } })
    expect(await post('generate-ideas', { projectId, query: '' })).toMatchObject({ status: 400, body: { error: 'No query selected' } })
    expect(await post('generate-content', { projectId, query: 'q', selectedIdeas: [] })).toMatchObject({ status: 400, body: { error: 'No content ideas selected' } })
    expect(await post('generate-content', { projectId, query: 'q' })).toMatchObject({ status: 400, body: { error: 'No content ideas selected' } })
    expect((await post('generate-ideas', { projectId, query: 'q', contentType: 'poem' })).body.error).toBe("contentType 'poem' is not one of: blog-post, article, social-media, linkedin-post, twitter-thread, email-newsletter, press-release, white-paper, case-study")
    expect((await post('generate-ideas', { projectId, query: 'q', language: 'klingon' })).body.error).toMatch(/^language 'klingon' is not one of: british-english, american-english, australian-english, canadian-english, simplified-english, formal-english, conversational-english, /)
    expect((await post('generate-ideas', { projectId: 'x', query: 'q' })).status).toBe(400)
    expect((await post('generate-ideas', { projectId, query: 'x'.repeat(301) })).status).toBe(400)
    expect((await owner.json(`${BASE}/generate-ideas`, { method: 'GET' })).status).toBe(405)
    expect((await owner.json(`${BASE}/generate-content`, { method: 'GET' })).status).toBe(405)
    expect((await owner.json(`${BASE}/generate-ideas`, { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } })).status).toBe(400)
  })

  it('retries a reply that breaks the schema, and gives the quota back when generation fails', async () => {
    const { owner, projectId } = await seedIdeatorProject()
    const body = { projectId, query: 'best running shoes' }
    // The writer (OpenAI, first configured) sends a cut-off JSON once: the activity fails, Temporal retries it.
    await simulator({ providers: { openai: { faults: [{ type: 'malformed', times: 1 }] } } })
    const retried = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: body })
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    expect(retried.body.ideas).toHaveLength(5)
    expect(retried.body.ideasLeft).toBe(9)

    // A rejected key is not retried: 502 with the spec's text and the vendor's reason; no generation is counted or stored.
    await simulator({ providers: { openai: { faults: [{ type: '401' }] } } })
    const failed = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: body })
    expect(failed.status).toBe(502)
    expect(failed.body.error).toBe('Failed to generate content ideas')
    expect(failed.body.message).toMatch(/API key was rejected \(401\)/)
    const view = (await ideatorJson(owner, { project: projectId })).body.ideator
    expect(view.ideasLeft).toBe(9)
    expect(view.saved).toHaveLength(1)
    const content = await owner.json(`${BASE}/generate-content`, { method: 'POST', json: { ...body, selectedIdeas: [retried.body.ideas[0]] } })
    expect(content.status).toBe(502)
    expect(content.body.error).toBe('Failed to generate content')
  })

  it('refuses beyond the idea quota, for a paused account, and past the daily cost cap', async () => {
    const { owner, projectId } = await seedIdeatorProject()
    const db = await sql()
    // Ten generations in the last 24 hours use the quota up (IDEATOR_LIMITS.ideasPerDay = 10).
    await db`insert into content_ideas ${db(Array.from({ length: 10 }, () => ({ project_id: projectId, user_id: owner.userId, query: 'q', origin: 'ideas', ideas: db.json([{ id: 'x' }]) })))}`
    expect((await ideatorJson(owner, { project: projectId })).body.ideator.ideasLeft).toBe(0)
    const refused = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: { projectId, query: 'best running shoes' } })
    expect(refused).toMatchObject({ status: 403, body: { error: 'Idea generation limit reached (0 left). Upgrade your plan or contact support for increased limits.' } })
    // Generations older than 24 hours no longer count.
    await db`update content_ideas set created_at = now() - interval '25 hours' where user_id = ${owner.userId}`
    expect((await ideatorJson(owner, { project: projectId })).body.ideator.ideasLeft).toBe(10)

    await db`update users set is_active = false where id = ${owner.userId}`
    const paused = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: { projectId, query: 'best running shoes' } })
    expect(paused).toMatchObject({ status: 403, body: { error: 'Account is paused - contact admin to reactivate' } })
    await db`update users set is_active = true where id = ${owner.userId}`

    await db`insert into model_usage (user_id, kind, provider, cost_usd) values (${owner.userId}, 'test', 'openai', 1000)`
    const capped = await owner.json(`${BASE}/generate-content`, { method: 'POST', json: { projectId, query: 'q', selectedIdeas: [{ id: 'a-1', title: 'An idea' }] } })
    expect(capped.status).toBe(429)
    expect(capped.body.error).toMatch(/^Daily AI spending limit reached/)
  })

  it('lets no other user read or post a project’s ideas; a sharee reads them but cannot generate', async () => {
    const { owner, projectId } = await seedIdeatorProject()
    const [stranger, sharee] = await Promise.all([signUp(), signUp()])
    const ideasBody = { projectId, query: 'best running shoes' }
    const made = await owner.json(`${BASE}/generate-ideas`, { method: 'POST', json: ideasBody })
    expect(made.status).toBe(200)

    expect((await ideatorJson(stranger, { project: projectId })).status).toBe(404)
    expect((await ideatorJson(stranger, { project: projectId, tab: 'citation-explorer' })).status).toBe(404)
    expect((await stranger.json(`${BASE}/generate-ideas`, { method: 'POST', json: ideasBody })).status).toBe(404)
    expect((await stranger.json(`${BASE}/generate-content`, { method: 'POST', json: { ...ideasBody, selectedIdeas: [made.body.ideas[0]] } })).status).toBe(404)
    const db = await sql()
    const [rows] = await db<{ n: number }[]>`select count(*)::int as n from content_ideas where project_id = ${projectId}`
    expect(rows.n).toBe(1)

    expect((await owner.json(`/api/projects/${projectId}/share`, { method: 'POST', json: { email: sharee.email } })).status).toBeLessThan(300)
    const view = await ideatorJson(sharee, { project: projectId })
    expect(view.status).toBe(200)
    expect(view.body.ideator.canGenerate).toBe(false)
    expect(view.body.ideator.saved[0].ideas).toEqual(made.body.ideas)
    expect((await sharee.json(`${BASE}/generate-ideas`, { method: 'POST', json: ideasBody })).status).toBe(403)
    expect((await sharee.json(`${BASE}/generate-content`, { method: 'POST', json: { ...ideasBody, selectedIdeas: [made.body.ideas[0]] } })).status).toBe(403)

    const signedOut = await new Session().json(`${BASE}/generate-ideas`, { method: 'POST', json: ideasBody })
    expect(signedOut.status).toBe(401)
  })

  it('Citation Explorer: top citations per query with relevant excerpts, from the enhanced insights', async () => {
    const { owner, projectId, analysisId } = await seedIdeatorProject()
    const res = await ideatorJson(owner, { project: projectId, tab: 'citation-explorer' })
    expect(res.status).toBe(200)
    const ex = res.body.ideator.explorer
    expect(ex).toMatchObject({ analysisId, analysisDate: '2025-05-20', hasInsights: true, isLightMode: false })
    // Alphabetically, ignoring case: Affordable…, best…, trail…
    expect(ex.queries.map((q: any) => q.query)).toEqual(['Affordable running shoes', 'best running shoes', 'trail shoes for beginners'])
    expect(ex.queries[0].citations).toEqual([
      { url: 'https://en.wikipedia.org/wiki/Running_shoe', domain: 'wikipedia.org', title: 'Running shoe', excerpts: ['Running shoes are designed for forward motion.'], models: ['Gemini 2.5 Flash'] },
    ])
    // runnersworld /best: three relevant excerpts (two from Gemini, one from ChatGPT), longest first; brooksrunning one;
    // nike.com's only text is its domain, so it is not listed.
    expect(ex.queries[1].citations).toEqual([
      {
        url: 'https://www.runnersworld.com/best',
        domain: 'runnersworld.com',
        title: null,
        excerpts: ['The Pegasus 41 is the most versatile shoe we tested this year.', 'Our testers ran 500 miles in each shoe to find the best.', "Runner's World lab tests cushioning and weight."],
        models: ['Gemini 2.5 Flash', 'ChatGPT 5 Search'],
      },
      { url: 'https://www.brooksrunning.com/ghost', domain: 'brooksrunning.com', title: 'Ghost 16', excerpts: ['The Ghost 16 is a smooth neutral daily trainer.'], models: ['Gemini 2.5 Flash'] },
    ])
    expect(ex.queries[2].citations).toEqual([])

    // Without enhanced insights the tab says how to get them.
    const db = await sql()
    await db`delete from search_insights where analysis_id = ${analysisId}`
    const empty = (await ideatorJson(owner, { project: projectId, tab: 'citation-explorer' })).body.ideator.explorer
    expect(empty).toMatchObject({ analysisId, hasInsights: false, queries: [] })
  })
})
