/**
 * Results screens and share links over the real stack: the results loader against the
 * metrics module, export links (signed out, only their analysis, expiry after 30 days)
 * and access control for other users.
 */
import { testEnv } from '../support/env'
import { Session, signUp, sql } from '../support/flows'
import { EVIL, expectedMetrics, QUERIES, runResultsAnalysis } from '../support/results-fixtures'

async function loader() {
  process.env.DATABASE_URL ??= testEnv().databaseUrl
  const [{ loadResultsView }, { getUserById }] = await Promise.all([import('../../app/lib/results.server'), import('../../app/lib/auth.server')])
  return { loadResultsView, getUserById }
}

let owner: Session & { userId: number }
let project: any
let analysis: any

beforeAll(async () => {
  ({ owner, project, analysis } = await runResultsAnalysis())
  expect(analysis.status).toBe('completed')
})

describe('results loader', () => {
  it('shows the metrics module numbers, unfiltered (stored aggregate) and filtered (re-aggregated)', async () => {
    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(owner.userId))!
    const base = `${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=${analysis.id}`

    const view = await loadResultsView(user, new URL(base))
    expect(view.kind).toBe('results')
    if (view.kind !== 'results' || view.data?.tab !== 'overview') throw new Error('no overview')
    const m = expectedMetrics(analysis, project)
    expect(view.state).toBe('completed')
    expect(view.header.tabs).toEqual(['overview', 'share-of-model', 'topics', 'audiences', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data', 'model-admin'])
    expect(view.data.summary.totalMentions).toBe(m.summary.totalMentions)
    expect(view.data.summary.brandsWithMentions).toBe(m.summary.brandsWithMentions)
    expect(view.data.summary.averageRank).toBe(m.summary.averageRank)
    expect(view.data.brands[0]).toMatchObject({ name: 'Brooks', isOwn: true, mentions: m.byBrand['Brooks'].mentions.total })
    expect(view.header.options.topics).toEqual(['Comfort', 'Value'])
    expect(view.header.options.models.map((o) => o.value)).toEqual(['claude', 'perplexity', 'gemini', 'gpt41', 'grok3', 'deepseek', 'combined'])

    const claude = await loadResultsView(user, new URL(`${base}&model=claude&tab=brand-rank`))
    if (claude.kind !== 'results' || claude.data?.tab !== 'brand-rank') throw new Error('no brand rank')
    const mc = expectedMetrics(analysis, project, { modelIds: [3] })
    const own = claude.data.rows.find((r) => r.isOwn)!
    expect(own.byModel[3]).toBe(mc.byBrand['Brooks'].rank.byModel[3])
    expect(own.byModel[8]).toBeNull()
    expect(claude.data.filtered).toBe(false)

    const topic = await loadResultsView(user, new URL(`${base}&topic=Value&tab=brand-rank`))
    if (topic.kind !== 'results' || topic.data?.tab !== 'brand-rank') throw new Error('no brand rank')
    expect(topic.data.filtered).toBe(true)
    expect(topic.data.queryCounts).toEqual({ included: 2, total: 4 })
    const mt = expectedMetrics(analysis, project, { topic: 'Value' })
    for (const row of topic.data.rows) expect(row.combined).toBe(mt.byBrand[row.name].rank.combined)

    const mentions = await loadResultsView(user, new URL(`${base}&tab=mentions`))
    if (mentions.kind !== 'results' || mentions.data?.tab !== 'mentions') throw new Error('no mentions')
    expect(mentions.data.grandTotal).toBe(m.totals.mentionsTotal)
    expect(mentions.data.brands[0].name).toBe('Brooks')
    expect(mentions.data.rows.map((r) => r.query)).toEqual(QUERIES.map((q) => q.query))

    const admin = await loadResultsView(user, new URL(`${base}&tab=model-admin`))
    if (admin.kind !== 'results' || admin.data?.tab !== 'model-admin') throw new Error('no model admin')
    const claudeSessions = admin.data.management.find((g) => g.modelId === 3)!.sessions
    expect(claudeSessions).toHaveLength(1)
    expect(claudeSessions[0]).toMatchObject({ analysisId: analysis.id, isToday: true, total: 4 })
    expect(claudeSessions[0].successful + claudeSessions[0].failed).toBe(4)

    const api = await loadResultsView(user, new URL(`${base}&tab=api-data&model=gemini`))
    if (api.kind !== 'results' || api.data?.tab !== 'api-data') throw new Error('no api data')
    expect(api.data.total).toBe(4)
    expect(api.data.responses.every((r) => r.modelId === 6)).toBe(true)
  })

  it('falls back to the latest completed analysis when the requested one is missing or failed', async () => {
    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(owner.userId))!
    const db = await sql()
    const [failed] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, error, created_at)
      select project_id, user_id, 'failed', date - 1, model_ids, queries, brands, 'Simulated failure', created_at - interval '1 day'
      from analyses where id = ${analysis.id} returning id`
    const view = await loadResultsView(user, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=${failed.id}`))
    if (view.kind !== 'results') throw new Error('no view')
    expect(view.header.analysis?.id).toBe(analysis.id)
    expect(view.header.fallback).toMatchObject({ id: failed.id, status: 'failed' })
    expect(view.header.runs.map((r) => r.id)).toEqual([analysis.id])
    const missing = await loadResultsView(user, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=99999999`))
    if (missing.kind !== 'results') throw new Error('no view')
    expect(missing.header.analysis?.id).toBe(analysis.id)
    expect(missing.header.fallback?.status).toBe('missing')
    await db`delete from analyses where id = ${failed.id}`
  })
})

describe('export links', () => {
  it('creates an unguessable link that opens signed out and shows only its analysis', async () => {
    const created = await owner.json(`/api/projects/${project.id}/export`, { method: 'POST', json: { analysisId: analysis.id } })
    expect(created.status).toBe(201)
    const id: string = created.body.exportId
    expect(id).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(new Date(created.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000)

    // Another analysis of the same project must not leak into the export.
    const db = await sql()
    const [other] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, results, created_at)
      select project_id, user_id, 'completed', date - 3, model_ids, queries, brands, results, created_at - interval '3 days'
      from analyses where id = ${analysis.id} returning id`

    const anonymous = new Session()
    const page = await anonymous.request(`/export/${id}?analysis=${other.id}&tab=brand-rank`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Brand Rank Analysis')
    expect(html).toContain('Brooks')
    expect(html).toContain(`&lt;img src=x onerror=alert(1)&gt;`)
    expect(html).not.toContain(EVIL)
    expect(html).not.toContain('name="analysis"') // no run selector
    expect(html).not.toContain('Model Admin')
    expect(html).not.toContain(`"id":${other.id},`)
    const shownDate = new Date(analysis.date ?? analysis.createdAt).toISOString().slice(0, 10)
    const [y, mo, d] = shownDate.split('-')
    expect(html).toContain(`${d}/${mo}/${y.slice(2)}`)

    const api = await anonymous.request(`/export/${id}?tab=api-data`)
    expect(api.status).toBe(200)
    expect(await api.text()).toContain('API Responses')

    // Export history for the owner, by project and by analysis.
    const list = await owner.json(`/api/projects/${project.id}/exports`)
    expect(list.status).toBe(200)
    expect(list.body.exports[0]).toMatchObject({ id, analysisDate: shownDate, aiSummary: null })
    expect(list.body.exports[0].createdAt).toBeTruthy()
    const byAnalysis = await owner.json(`/api/analyses/${analysis.id}/exports`)
    expect(byAnalysis.status).toBe(200)
    expect(byAnalysis.body.exports.map((e: any) => e.id)).toContain(id)
    await db`delete from analyses where id = ${other.id}`
  })

  it('answers as expired after 30 days (clock moved in the database) and 404 for unknown ids', async () => {
    const created = await owner.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })
    expect(created.status).toBe(201)
    const id = created.body.exportId
    const db = await sql()
    await db`update exports set created_at = now() - interval '30 days 1 minute', expires_at = now() - interval '1 minute' where id = ${id}`
    const anonymous = new Session()
    const res = await anonymous.request(`/export/${id}`)
    expect(res.status).toBe(410)
    const html = await res.text()
    expect(html).toContain('This export link has expired')
    expect(html).not.toContain('Brand Results Summary')

    // Day 29 still works.
    await db`update exports set created_at = now() - interval '29 days', expires_at = now() + interval '1 day' where id = ${id}`
    expect((await anonymous.request(`/export/${id}`)).status).toBe(200)

    expect((await anonymous.request(`/export/${'x'.repeat(32)}`)).status).toBe(404)
    expect((await anonymous.request('/export/short')).status).toBe(404)
  })
})

describe('access control', () => {
  it("another user gets 404 for someone else's results, exports and export history", async () => {
    const stranger = await signUp()
    const home = await stranger.request(`/?phase=2&project=${project.id}&analysis=${analysis.id}`)
    expect(home.status).toBe(404)
    const onlyAnalysis = await stranger.request(`/?phase=2&analysis=${analysis.id}`)
    expect([200, 404]).toContain(onlyAnalysis.status) // the home page may show 'No Project Selected' instead
    expect(await onlyAnalysis.text()).not.toContain('Brand Results Summary')

    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(stranger.userId))!
    for (const url of [`/?phase=2&project=${project.id}`, `/?phase=2&analysis=${analysis.id}`, `/?phase=2&project=${project.id}&analysis=${analysis.id}&tab=api-data`]) {
      const err = await loadResultsView(user, new URL(testEnv().appUrl + url)).then(
        () => null,
        (e) => e,
      )
      expect(err).toBeInstanceOf(Response)
      expect(err.status).toBe(404)
    }

    expect((await stranger.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })).status).toBe(404)
    expect((await stranger.json(`/api/projects/${project.id}/exports`)).status).toBe(404)
    expect((await stranger.json(`/api/analyses/${analysis.id}/exports`)).status).toBe(404)

    const anonymous = new Session()
    expect((await anonymous.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })).status).toBe(401)
    expect((await anonymous.json(`/api/projects/${project.id}/exports`)).status).toBe(401)
  })

  it('a user the project is shared with can read results and export history but not create exports', async () => {
    const friend = await signUp()
    const db = await sql()
    await db`insert into project_shares (project_id, user_id) values (${project.id}, ${friend.userId})`
    const { loadResultsView, getUserById } = await loader()
    const view = await loadResultsView((await getUserById(friend.userId))!, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}`))
    if (view.kind !== 'results') throw new Error('no view')
    expect(view.header.project.isOwner).toBe(false)
    expect(view.header.exports).toBeNull()
    expect((await friend.json(`/api/projects/${project.id}/exports`)).status).toBe(200)
    expect((await friend.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })).status).toBe(403)
  })
})
