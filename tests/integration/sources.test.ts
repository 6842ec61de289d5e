/**
 * Source Insights over the real stack: the phase-4 loader on insights worked out by hand, the
 * source-search workflow end to end on the simulator (basic and enhanced insights stored once),
 * cancel from the app and from Temporal, a worker killed mid-search, delete, and access control.
 */
import { spawnSync } from 'node:child_process'
import { temporalBinary } from '../../scripts/stack'
import { controlWorker, testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, resetSimulator, signUp, signUpAdmin, simulator, sql, startAnalysis, until, waitForAnalysis, type Session } from '../support/flows'
import { SEARCH_ATTRIBUTE_INDEX_TYPES } from '../../workflows/search-attributes'
import { createSourceActivities } from '../../activities/sources'
import type { Gateway } from '../../activities/gateway'
import { NIKE_X, NIKE_Y, REDDIT_R, RW_A, seedHandWorkedSources, sourcesJson } from '../support/hand-worked-sources'

const temporal = temporalClientForTests()


describe('Source Insights of hand-worked insights (loader JSON)', () => {
  let hw: Awaited<ReturnType<typeof seedHandWorkedSources>>
  beforeAll(async () => {
    hw = await seedHandWorkedSources()
  })
  const view = (params: Record<string, string | number> = {}) => sourcesJson(hw.owner, { project: hw.projectId, ...params })

  it('Site Priorities (default tab): ranking, types, per-model counts and coverage', async () => {
    const v = await view()
    expect(v.analysisId).toBe(hw.analysisId)
    expect(v.tab).toBe('site-priorities')
    expect(v.counts).toEqual({ basic: 1, enhanced: 3 })
    expect(v.analyses).toEqual([expect.objectContaining({ id: hw.analysisId, kinds: 'Basic + Enhanced' })])
    expect(v.required).toBe(false)
    const { sites, totals } = v.data.view
    // nike 2 (E1, E3), runnersworld 2 (E1 a, E2 b), brooksrunning 1, reddit 1: 4 domains, 6 citations
    expect(sites.map((s: any) => [s.domain, s.type, s.totalMentions, s.mentionsByModel])).toEqual([
      ['nike.com', 'Competitor', 2, { 6: 2 }],
      ['runnersworld.com', 'Earned', 2, { 6: 1, 8: 1 }],
      ['brooksrunning.com', 'Owned', 1, { 8: 1 }],
      ['reddit.com', 'Earned', 1, { 6: 1 }],
    ])
    expect(totals).toEqual({ domains: 4, citations: 6 })
    // Gemini answered 2 queries, ChatGPT 1: nike 2/2 and 0/1; runnersworld 1/2 and 1/1; combined of 2 queries
    expect(sites[0].coverage).toEqual({ 6: { cited: 2, total: 2, percent: 100 }, 8: { cited: 0, total: 1, percent: 0 } })
    expect(sites[0].combinedCoverage).toEqual({ cited: 2, total: 2, percent: 100 })
    expect(sites[1].coverage).toEqual({ 6: { cited: 1, total: 2, percent: 50 }, 8: { cited: 1, total: 1, percent: 100 } })
    expect(sites[1].combinedCoverage).toEqual({ cited: 1, total: 2, percent: 50 })
    // Owned citation rate: 1 of 3 answers (E2) cites brooksrunning = 33.3 %
    expect(v.data.ownedRate.overall).toMatchObject({ cited: 1, n: 3, rate: 33.3 })
    // Per query: q0 E1 no, E2 yes -> 1 of 2 = 50 %, Wilson 9.5-90.5 %; q1 E3 no -> 0 of 1, Wilson 0-79.3 %
    expect(v.data.ownedRate.byQuery).toEqual([
      { queryIndex: 0, query: 'best running shoes', cited: 1, n: 2, rate: 50, ci: { low: 9.5, high: 90.5 } },
      { queryIndex: 1, query: 'trail shoes for beginners', cited: 0, n: 1, rate: 0, ci: { low: 0, high: 79.3 } },
    ])
    // Citation share, weight 1/position: Gemini E1 rw 1, nike .5, E3 reddit 1, nike .5 (4 citations, weight 3);
    // ChatGPT E2 brooks 1, rw .5 (2, weight 1.5); all 6, weight 4.5. rw 2/6 = 33.3 %, 1.5/4.5 = 33.3 %; nike 33.3 %, 1/4.5 = 22.2 %.
    expect(v.data.citationShareModels).toEqual([6, 8])
    expect(v.data.citationShare.map((r: any) => [r.domain, r.share, r.weightedShare, r.byModel])).toEqual([
      ['runnersworld.com', 33.3, 33.3, { 6: { share: 25, weightedShare: 33.3 }, 8: { share: 50, weightedShare: 33.3 } }],
      ['nike.com', 33.3, 22.2, { 6: { share: 50, weightedShare: 33.3 }, 8: { share: 0, weightedShare: 0 } }],
      ['brooksrunning.com', 16.7, 22.2, { 6: { share: 0, weightedShare: 0 }, 8: { share: 50, weightedShare: 66.7 } }],
      ['reddit.com', 16.7, 22.2, { 6: { share: 25, weightedShare: 33.3 }, 8: { share: 0, weightedShare: 0 } }],
    ])
    // Gap list: reddit is cited only with nike (E3); runnersworld appears with brooksrunning in E2
    expect(v.data.gaps).toEqual([{ domain: 'reddit.com', citations: 1, withCompetitor: 1, queries: 1 }])
  })

  it('insight set and model filter', async () => {
    expect((await view({ set: 'basic' })).data.view.sites.map((s: any) => [s.domain, s.totalMentions])).toEqual([['wikipedia.org', 1]])
    expect((await view({ set: 'all' })).data.view.totals).toEqual({ domains: 5, citations: 7 })
    const chatgpt = await view({ model: 8 })
    expect(chatgpt.data.view.sites.map((s: any) => s.domain)).toEqual(['brooksrunning.com', 'runnersworld.com'])
    expect(chatgpt.options.models).toEqual([6, 8])
    const trail = await view({ topic: 'Trail' })
    expect(trail.data.view.sites.map((s: any) => s.domain)).toEqual(['nike.com', 'reddit.com'])
    expect((await view({ queries: '1' })).data.view.totals).toEqual({ domains: 2, citations: 2 })
  })

  it('Source Analytics: 6 citations by type', async () => {
    const v = await view({ tab: 'source-analytics' })
    // Owned 1/6 = 16.7 %, Competitor 2/6 = 33.3 %, Earned 3/6 = 50 %
    expect(v.data.view.byType).toEqual([
      { type: 'Owned', citations: 1, sites: 1, percent: 16.7 },
      { type: 'Competitor', citations: 2, sites: 1, percent: 33.3 },
      { type: 'Earned', citations: 3, sites: 2, percent: 50 },
    ])
    expect(v.data.view.byModel).toEqual([
      { modelId: 6, total: 4, Owned: 0, Competitor: 2, Earned: 2 },
      { modelId: 8, total: 2, Owned: 1, Competitor: 0, Earned: 1 },
    ])
  })

  it('Topics & Audiences, Keyword Insights, Citations, Comparison, Model Export, API Response', async () => {
    const ta = await view({ tab: 'topics-audiences' })
    expect(ta.data.view.topics.map((t: any) => [t.name, t.total, t.domains.map((d: any) => [d.domain, d.percent])])).toEqual([
      ['Road', 4, [['runnersworld.com', 50], ['brooksrunning.com', 25], ['nike.com', 25]]],
      ['Trail', 2, [['nike.com', 50], ['reddit.com', 50]]],
    ])
    const kw = await view({ tab: 'keyword-insights' })
    // Gemini: 2 + 1 expansions over 2 queries = 1.5
    expect(kw.data.view.totals).toEqual({ originalQueries: 2, expandedQueries: 3, avgExpansions: 1.5 })
    const ci = await view({ tab: 'content-priorities', q: 0 })
    expect(ci.data.view).toHaveLength(1)
    expect(ci.data.view[0].cards.map((c: any) => [c.domain, c.text])).toEqual([
      ['brooksrunning.com', 'The Ghost 16 is a smooth neutral daily trainer.'],
      ['runnersworld.com', 'Our testers ran 500 miles in each shoe to find the best.'],
    ])
    const cmp = await view({ tab: 'site-model-comparison', domain: 'r' })
    expect(cmp.data.view.rows.map((r: any) => [r.domain, r.total])).toEqual([['runnersworld.com', 2], ['brooksrunning.com', 1], ['reddit.com', 1]])
    const ex = await view({ tab: 'model-export' })
    expect(ex.data.rows.map((r: any) => [r.modelId, r.prompt, r.urls.length])).toEqual([[6, 'best running shoes', 2], [8, 'best running shoes', 2], [6, 'trail shoes for beginners', 2]])
    const file = await hw.owner.json(`/api/analyses/${hw.analysisId}/source-export?model=6`)
    expect(file.body.rows.map((r: any) => r.urls)).toEqual([[RW_A.url, NIKE_X.url], [REDDIT_R.url, NIKE_Y.url]])
    const api = await view({ tab: 'api-response', q: 1 })
    expect(api.data.selected).toBe(1)
    expect(api.data.items.map((i: any) => [i.modelId, i.raw])).toEqual([[6, { id: 'raw-enhanced-6-1' }]])
  })

  it('admin source explorers: domains across projects, by kind; Access Denied for others', async () => {
    const admin = await signUpAdmin()
    const enhanced = await admin.json(`/admin/source-explorer-enhanced?q=brooksrunning&_data=${encodeURIComponent('routes/admin_.source-explorer-enhanced')}`)
    expect(enhanced.status).toBe(200)
    const row = enhanced.body.rows.find((r: any) => r.domain === 'brooksrunning.com')
    expect(row.projects.map((p: any) => p.id)).toContain(hw.projectId)
    expect(enhanced.body.rows.every((r: any) => r.domain.includes('brooksrunning'))).toBe(true)
    const basic = await admin.json(`/admin/source-explorer?q=wikipedia&_data=${encodeURIComponent('routes/admin_.source-explorer')}`)
    expect(basic.body.rows.find((r: any) => r.domain === 'wikipedia.org').projects.map((p: any) => p.id)).toContain(hw.projectId)
    const denied = await hw.owner.json(`/admin/source-explorer?_data=${encodeURIComponent('routes/admin_.source-explorer')}`)
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ denied: true, kind: 'basic' })
  })

  it('another user: 404 on the view and on every call; a signed-out caller: 401', async () => {
    const other = await signUp()
    const res = await other.json(`/?phase=4&project=${hw.projectId}&_data=routes/_index`)
    expect(res.status).toBe(404)
    for (const path of ['source-search', 'search-insights', 'source-export']) expect((await other.json(`/api/analyses/${hw.analysisId}/${path}`)).status).toBe(404)
    for (const path of ['source-search', 'cancel-search', 'delete-search-insights']) expect((await other.json(`/api/analyses/${hw.analysisId}/${path}`, { method: 'POST', json: {} })).status).toBe(404)
    const anonymous = await fetch(`${testEnv().appUrl}/api/analyses/${hw.analysisId}/search-insights`)
    expect(anonymous.status).toBe(401)
  })
})

// ------------------------------------------------------------------ the workflow on the simulator

async function completedAnalysis(queries = ['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk']) {
  await resetSimulator()
  const s = await signUp()
  const project = await createProject(s, { queries })
  const a = await startAnalysis(s, project.id)
  const done = await waitForAnalysis(s, a.id)
  expect(done.status).toBe('completed')
  return { s, projectId: project.id, analysisId: a.id }
}

async function waitForSearch(s: Session, analysisId: number, states = ['completed', 'failed', 'cancelled'], timeoutMs = 120_000) {
  let last: any
  await until(`source search ${analysisId} to reach ${states.join('/')}`, async () => {
    last = (await s.json(`/api/analyses/${analysisId}/source-search`)).body
    return states.includes(last?.searchInsightsStatus)
  }, timeoutMs, 250)
  return last
}

async function insightCounts(analysisId: number) {
  const db = await sql()
  return db<{ kind: string; model_id: number; n: number; distinct_queries: number }[]>`
    select kind, model_id, count(*)::int as n, count(distinct query_index)::int as distinct_queries from search_insights
    where analysis_id = ${analysisId} group by kind, model_id order by kind, model_id`
}

describe('the source-search workflow (simulator)', () => {
  it('a completed full analysis starts its own source search (the hook the test stack otherwise turns off), labelled RunKind source-search', async () => {
    await resetSimulator()
    const s = await signUp()
    const project = await createProject(s, { queries: ['best running shoes for flat feet', 'most comfortable marathon shoes'] })
    const db = await sql()
    // The analysis and run rows as Add Analysis writes them; the workflow is started here with sourceSearch on.
    const [p] = await db<{ user_id: number; brand_domain: string }[]>`select user_id, brand_domain from projects where id = ${project.id}`
    const competitors = await db<{ name: string }[]>`select name from project_competitors where project_id = ${project.id} order by position`
    const queries = [{ index: 0, query: 'best running shoes for flat feet' }, { index: 1, query: 'most comfortable marathon shoes' }]
    const brands = { brand: { name: p.brand_domain, alternativeNames: [], domains: [] }, competitors: competitors.map((c) => ({ name: c.name, alternativeNames: [], domains: [] })) }
    const modelIds = [3, 5, 6, 8, 9, 10]
    const [a] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, is_light_mode, model_ids, samples_per_query, queries, brands)
      values (${project.id}, ${p.user_id}, 'pending', current_date, false, ${modelIds}, 1, ${db.json(queries)}, ${db.json(brands)}) returning id`
    const workflowId = `analysis-${a.id}`
    const [run] = await db<{ id: number }[]>`insert into model_runs (analysis_id, kind, model_ids, workflow_id) values (${a.id}, 'analysis', ${modelIds}, ${workflowId}) returning id`
    await db`update analyses set workflow_id = ${workflowId} where id = ${a.id}`
    const names: Record<number, string> = { 3: 'Claude', 5: 'Perplexity', 6: 'Gemini', 8: 'ChatGPT 5', 9: 'Grok-4', 10: 'DeepSeek' }
    // The app registers the product's search attributes when it first connects; make sure they exist before this start.
    const { customAttributes } = await temporal.connection.operatorService.listSearchAttributes({ namespace: 'default' })
    const missing = Object.entries(SEARCH_ATTRIBUTE_INDEX_TYPES).filter(([name]) => !(name in (customAttributes ?? {})))
    if (missing.length) await temporal.connection.operatorService.addSearchAttributes({ namespace: 'default', searchAttributes: Object.fromEntries(missing) })
    await temporal.client.workflow.execute('analysisWorkflow', {
      taskQueue: testEnv().taskQueue,
      workflowId,
      args: [{ analysisId: a.id, runId: run.id, kind: 'analysis', models: modelIds.map((id) => ({ modelId: id, name: names[id], concurrency: 4 })), queries, samples: 1, sourceSearch: true }],
      typedSearchAttributes: [
        { key: { name: 'ProjectId', type: 'INT' }, value: project.id },
        { key: { name: 'RunKind', type: 'KEYWORD' }, value: 'analysis' },
      ],
    })
    const done = await waitForSearch(s, a.id)
    expect(done.searchInsightsStatus).toBe('completed')
    const counts = await insightCounts(a.id)
    expect(counts.filter((c) => c.kind === 'enhanced').map((c) => [c.model_id, c.n])).toEqual([[3, 2], [5, 2], [6, 2], [8, 2], [9, 2]])
    expect(counts.filter((c) => c.kind === 'basic').map((c) => [c.model_id, c.n])).toEqual(modelIds.map((m) => [m, 2]))
    const described = await temporal.client.workflow.getHandle(`source-search-${a.id}`).describe()
    expect(described.typedSearchAttributes.get({ name: 'RunKind', type: 'KEYWORD' })).toBe('source-search')
    expect(described.typedSearchAttributes.get({ name: 'ProjectId', type: 'INT' })).toBe(project.id)
  }, 240_000)

  it('a search started from the app carries the search attributes', async () => {
    const { s, analysisId, projectId } = await completedAnalysis(['best trail running shoes'])
    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    expect((await waitForSearch(s, analysisId)).searchInsightsStatus).toBe('completed')
    const described = await temporal.client.workflow.getHandle(`source-search-${analysisId}`).describe()
    expect(described.typedSearchAttributes.get({ name: 'RunKind', type: 'KEYWORD' })).toBe('source-search')
    expect(described.typedSearchAttributes.get({ name: 'ProjectId', type: 'INT' })).toBe(projectId)
  }, 240_000)

  it('stores basic insights per answer and one enhanced insight per query × search model, then deletes them', async () => {
    const { s, analysisId } = await completedAnalysis()
    const started = await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ searchInsightsStatus: 'pending', models: [3, 5, 6, 8, 9] })
    const again = await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })
    expect(again.status).toBe(409)
    const done = await waitForSearch(s, analysisId)
    expect(done.searchInsightsStatus).toBe('completed')
    expect(done.progress.phase).toBe('Search Insights Complete')
    // 3 queries: basic from each of the 6 models' answers; enhanced from the 5 models with web search
    const counts = await insightCounts(analysisId)
    expect(counts.filter((c) => c.kind === 'basic').map((c) => [c.model_id, c.n])).toEqual([[3, 3], [5, 3], [6, 3], [8, 3], [9, 3], [10, 3]])
    expect(counts.filter((c) => c.kind === 'enhanced').map((c) => [c.model_id, c.n, c.distinct_queries])).toEqual([[3, 3, 3], [5, 3, 3], [6, 3, 3], [8, 3, 3], [9, 3, 3]])
    const insights = (await s.json(`/api/analyses/${analysisId}/search-insights`)).body
    expect(insights.searchInsightsStatus).toBe('completed')
    expect(insights.enhancedSearchInsights).toHaveLength(15)
    expect(insights.dualSearchInsights.geminiInsights).toHaveLength(3)
    // Every stored source is a valid public domain; Gemini expanded the queries
    for (const i of insights.enhancedSearchInsights) for (const src of i.sources) expect(src.domain).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/)
    expect(insights.dualSearchInsights.geminiInsights.every((i: any) => i.webSearchQueries.length > 0)).toBe(true)
    const v = await sourcesJson(s, { project: (await s.json(`/api/analyses/${analysisId}`)).body.projectId, analysis: analysisId })
    expect(v.required).toBe(false)
    expect(v.data.view.totals.citations).toBeGreaterThan(0)

    const deleted = await s.json(`/api/analyses/${analysisId}/delete-search-insights`, { method: 'POST', json: {} })
    expect(deleted.status).toBe(200)
    expect(deleted.body.deleted).toBe(33)
    expect(await insightCounts(analysisId)).toEqual([])
    expect((await s.json(`/api/analyses/${analysisId}/source-search`)).body.searchInsightsStatus).toBeNull()
  }, 240_000)

  it('cancel from the app and from Temporal are both shown as cancelled; a rerun asks only what is missing', async () => {
    const { s, analysisId } = await completedAnalysis()
    await simulator({ gate: { allow: 0 } })
    expect((await s.json(`/api/analyses/${analysisId}/cancel-search`, { method: 'POST', json: {} })).status).toBe(409)
    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    await waitForSearch(s, analysisId, ['in_progress'])
    const cancelled = await s.json(`/api/analyses/${analysisId}/cancel-search`, { method: 'POST', json: {} })
    expect(cancelled.status).toBe(200)
    expect((await waitForSearch(s, analysisId)).searchInsightsStatus).toBe('cancelled')

    // From Temporal (what an operator's Cancel in the UI or `temporal workflow cancel` does)
    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    await waitForSearch(s, analysisId, ['in_progress'])
    await temporal.client.workflow.getHandle(`source-search-${analysisId}`).cancel()
    const byOperator = await waitForSearch(s, analysisId)
    expect(byOperator.searchInsightsStatus).toBe('cancelled')
    expect(byOperator.progress.phase).toBe('Search Cancelled')
    await simulator({ gate: null })

    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    expect((await waitForSearch(s, analysisId)).searchInsightsStatus).toBe('completed')
    const counts = await insightCounts(analysisId)
    expect(counts.filter((c) => c.kind === 'enhanced').every((c) => c.n === 3 && c.distinct_queries === 3)).toBe(true)
  }, 240_000)

  it("a cancelled run's late end record does not overwrite the next run the user started (same workflow id)", async () => {
    const { s, analysisId } = await completedAnalysis()
    const db = await sql()
    const runOf = async () => (await db<{ run_id: string | null; status: string }[]>`select run_id, status from source_searches where analysis_id = ${analysisId}`)[0]
    await simulator({ gate: { allow: 0 } })
    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    await waitForSearch(s, analysisId, ['in_progress'])
    const first = (await runOf()).run_id
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect((await s.json(`/api/analyses/${analysisId}/cancel-search`, { method: 'POST', json: {} })).status).toBe(200)
    expect((await waitForSearch(s, analysisId)).searchInsightsStatus).toBe('cancelled')

    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    await waitForSearch(s, analysisId, ['in_progress'])
    const second = (await runOf()).run_id
    expect(second).not.toBe(first)
    // What the first run's workflow writes when its cancellation record comes late: the row is the second run's now.
    const books = createSourceActivities({ sql: db, gateway: {} as Gateway })
    await books.markSourceSearch({ analysisId, workflowId: `source-search-${analysisId}`, runId: first!, status: 'cancelled', progress: { phase: 'Search Cancelled' } as any })
    expect(await runOf()).toEqual({ run_id: second, status: 'in_progress' })

    await simulator({ gate: null })
    expect((await waitForSearch(s, analysisId)).searchInsightsStatus).toBe('completed')
  }, 240_000)

  it('survives the worker being killed mid-search: every insight stored once, nothing lost', async () => {
    const { s, analysisId } = await completedAnalysis()
    // 4 searches are answered, the rest held: the kill lands after exactly 4 stored enhanced insights.
    await simulator({ gate: { allow: 4 } })
    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    const db = await sql()
    const enhanced = async () => (await db<{ n: number }[]>`select count(*)::int as n from search_insights where analysis_id = ${analysisId} and kind = 'enhanced'`)[0].n
    await until('4 stored enhanced insights', async () => (await enhanced()) >= 4, 60_000, 100)
    await controlWorker('kill')
    expect(await enhanced()).toBe(4)
    await simulator({ gate: null })
    await controlWorker('start')
    expect((await waitForSearch(s, analysisId, undefined, 200_000)).searchInsightsStatus).toBe('completed')
    const counts = await insightCounts(analysisId)
    expect(counts.map((c) => [c.kind, c.model_id, c.n, c.distinct_queries])).toEqual([
      ...[3, 5, 6, 8, 9, 10].map((m) => ['basic', m, 3, 3]),
      ...[3, 5, 6, 8, 9].map((m) => ['enhanced', m, 3, 3]),
    ])
  }, 300_000)

  it('light mode: the search is refused', async () => {
    const { s, projectId } = await (async () => {
      const s = await signUp()
      const project = await createProject(s, { isLightMode: true })
      return { s, projectId: project.id }
    })()
    const a = await startAnalysis(s, projectId)
    expect((await waitForAnalysis(s, a.id)).status).toBe('completed')
    const res = await s.json(`/api/analyses/${a.id}/source-search`, { method: 'POST', json: {} })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Source Insights are not available in Light Mode')
  }, 180_000)
})

// ------------------------------------------------------------------ the operator's Temporal CLI

describe('cancel and terminate of a running source search from the Temporal CLI', () => {
  const temporal = (...args: string[]) => {
    const r = spawnSync(temporalBinary() ?? 'temporal', [...args, '--address', testEnv().temporalAddress], { encoding: 'utf8', timeout: 30_000 })
    expect(r.status, `temporal ${args.join(' ')}: ${r.stderr}${r.error ?? ''}`).toBe(0)
    return r.stdout
  }

  it.each([
    // cancel: the workflow records its own end; terminate: it cannot, so the app reconciles with Temporal
    ['cancel', 'CANCELED', /cancelled/i],
    ['terminate', 'TERMINATED', /terminated by an operator/i],
  ])('%s: the app shows the search cancelled, it is no longer active, and a rerun stores each insight once', async (verb, temporalStatus, errorText) => {
    const { s, analysisId } = await completedAnalysis(['best trail running shoes', 'most comfortable marathon shoes'])
    const workflowId = `source-search-${analysisId}`
    // The simulator holds every search: the search is still running when the CLI acts, whatever the machine's speed.
    await simulator({ gate: { allow: 0 } })
    try {
      expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
      await waitForSearch(s, analysisId, ['in_progress'], 60_000)
      expect(JSON.parse(temporal('workflow', 'describe', '--workflow-id', workflowId, '-o', 'json')).workflowExecutionInfo.status).toMatch(/RUNNING/)
      const active = (await s.json('/api/analyses?activeOnly=true')).body
      expect(active.map((a: any) => [a.id, a.searchInsightsStatus])).toContainEqual([analysisId, 'in_progress'])

      temporal('workflow', verb, '--workflow-id', workflowId, ...(verb === 'terminate' ? ['--reason', 'ops test'] : []))
      const done = await waitForSearch(s, analysisId, ['completed', 'failed', 'cancelled'], 60_000)
      expect(done.searchInsightsStatus).toBe('cancelled')
      // Cancelled by the workflow itself, or terminated and reconciled by the app: the screen reads the same way,
      // and no model still claims to be waiting or running.
      expect(done.progress).toMatchObject({ status: 'cancelled', phase: 'Search Cancelled' })
      expect(done.progress.models.length).toBeGreaterThan(0)
      for (const m of done.progress.models) expect(['completed', 'failed']).toContain(m.status)
      if (verb === 'terminate') expect(done.progress.error).toMatch(errorText)
      expect(`${done.progress.error ?? ''} ${done.progress.message}`).toMatch(errorText)
      expect(JSON.parse(temporal('workflow', 'describe', '--workflow-id', workflowId, '-o', 'json')).workflowExecutionInfo.status).toMatch(new RegExp(temporalStatus))
      // Stays cancelled on later reads, and the header no longer lists it
      expect((await s.json(`/api/analyses/${analysisId}/source-search`)).body.searchInsightsStatus).toBe('cancelled')
      expect((await s.json('/api/analyses?activeOnly=true')).body.find((a: any) => a.id === analysisId)).toBeUndefined()
      expect((await s.json(`/api/analyses/${analysisId}/cancel-search`, { method: 'POST', json: {} })).status).toBe(409)
    } finally {
      await simulator({ gate: null })
    }

    // A rerun completes; searches held when the first run ended never add a second copy of an insight.
    expect((await s.json(`/api/analyses/${analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    expect((await waitForSearch(s, analysisId)).searchInsightsStatus).toBe('completed')
    const counts = await insightCounts(analysisId)
    expect(counts.map((c) => [c.kind, c.model_id, c.n, c.distinct_queries])).toEqual([
      ...[3, 5, 6, 8, 9, 10].map((m) => ['basic', m, 2, 2]),
      ...[3, 5, 6, 8, 9].map((m) => ['enhanced', m, 2, 2]),
    ])
  }, 240_000)
})
