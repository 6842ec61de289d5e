/**
 * Evidence over the real stack: on the hand-worked analysis (tests/support/hand-worked-analysis.ts)
 * every rate carries its n and 95 % Wilson interval and every average rank its spread, all worked out by hand
 * below; GET /api/analyses/{id}/evidence lists the answers behind a cell with the brand's mentions and ranked item
 * marked, and refuses what it must; the metric definitions version is recorded per analysis and an explicit
 * rebuild is recorded; a simulator-run analysis records how each answer was collected; samples per query are set
 * on the project.
 *
 * Wilson 95 % by hand (z = 1.959964, z² = 3.841459): centre = (p + z²/2n) / (1 + z²/n),
 * half = z / (1 + z²/n) × √(p(1 − p)/n + z²/4n²), as percents to 1 decimal:
 *   10/25 -> 23.4..59.3   6/14 -> 21.4..67.4   4/11 -> 15.2..64.6   3/10 -> 10.8..60.3   2/6 -> 9.7..70.0   1/6 -> 3.0..56.4
 */
import { createProject, sampleProject, signUp, sql, startAnalysis, waitForAnalysis, resetSimulator, simulator, Session } from '../support/flows'
import { ANSWERS, CHATGPT, CLAUDE, QUERIES, resultsJson, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'

let hw: HandWorkedAnalysis
const view = (params: Record<string, string> = {}) => resultsJson(hw.owner, { project: hw.projectId, analysis: hw.analysisId, ...params })
const evidence = (s: Session, params: Record<string, string | number>, id = hw.analysisId) =>
  s.json(`/api/analyses/${id}/evidence?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)
/** The marked parts of an answer's text. */
const marked = (a: any, kind: 'mention' | 'rank') => a.segments.filter((s: any) => s[kind]).map((s: any) => s.text).join(kind === 'mention' ? '|' : '')

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
})

describe('rates with n and 95 % intervals, ranks with their spread (loader JSON)', () => {
  it('Share of Model: mentions of the brand of all brands’ mentions, per model and combined', async () => {
    const d = (await view({ tab: 'share-of-model' })).data
    const brooks = d.rows.find((r: any) => r.name === 'Brooks')
    // Claude: Brooks 6 of 14 mentions; ChatGPT 4 of 11; all 10 of 25.
    expect(brooks.ciByModel[CLAUDE]).toEqual({ x: 6, n: 14, ci: { low: 21.4, high: 67.4 } })
    expect(brooks.ciByModel[CHATGPT]).toEqual({ x: 4, n: 11, ci: { low: 15.2, high: 64.6 } })
    expect(brooks.ci).toEqual({ x: 10, n: 25, ci: { low: 23.4, high: 59.3 } })
    // Models without answers have no share and no interval.
    expect(brooks.ciByModel[5]).toBeNull()
  })

  it('Brand Rank: the spread of the per-query ranks and visibility as models of six', async () => {
    const d = (await view({ tab: 'brand-rank' })).data
    const brooks = d.rows.find((r: any) => r.name === 'Brooks')
    // Claude ranks Brooks 1 (Q0) and 2 (Q1): mean 1.5, SD √(.25 + .25) = .71. ChatGPT 2, 1, 2: SD √((1/9 + 4/9 + 1/9) / 2) = .58.
    expect(brooks.spreadByModel[CLAUDE]).toEqual({ n: 2, min: 1, max: 2, sd: 0.71 })
    expect(brooks.spreadByModel[CHATGPT]).toEqual({ n: 3, min: 1, max: 2, sd: 0.58 })
    expect(brooks.spreadByModel[5]).toBeNull()
    // Pooled 1, 2, 2, 1, 2: mean 1.6, squares .36 + .16 + .16 + .36 + .16 = 1.2, / 4 = .3, SD .55.
    expect(brooks.spread).toEqual({ n: 5, min: 1, max: 2, sd: 0.55 })
    // Ranked by 2 of the 6 models (33 %); Nike by 1 of 6 (17 %).
    expect(brooks.visibilityCi).toEqual({ x: 2, n: 6, ci: { low: 9.7, high: 70 } })
    expect(d.rows.find((r: any) => r.name === 'Nike').visibilityCi).toEqual({ x: 1, n: 6, ci: { low: 3, high: 56.4 } })
  })

  it('Query Rank: the spread of the models’ ranks behind each combined average', async () => {
    const d = (await view({ tab: 'ranking-detail' })).data
    // Q0: Claude 1, ChatGPT 2 -> n 2, 1–2, SD .71; Q2: ChatGPT 2 alone.
    expect(d.rows[0].spread).toEqual({ n: 2, min: 1, max: 2, sd: 0.71 })
    expect(d.rows[2].spread).toEqual({ n: 1, min: 2, max: 2, sd: null })
    expect(d.rows[2].visibilityCi).toEqual({ x: 1, n: 6, ci: { low: 3, high: 56.4 } })
  })

  it('Mentions, Sentiment and Overview carry the same evidence', async () => {
    const m = (await view({ tab: 'mentions' })).data
    // Brooks 10, Asics 6, Hoka 5, Nike 4 of 25.
    expect(m.percentsCi.map((c: any) => [c.x, c.n])).toEqual([
      [10, 25],
      [6, 25],
      [5, 25],
      [4, 25],
    ])
    const s = (await view({ tab: 'sentiment' })).data
    // Brooks: 3 positive sentences of 10.
    expect(s.rows.find((r: any) => r.name === 'Brooks').positiveCi).toEqual({ x: 3, n: 10, ci: { low: 10.8, high: 60.3 } })
    const o = (await view()).data
    expect(o.evidence.Brooks).toEqual({
      share: { x: 10, n: 25, ci: { low: 23.4, high: 59.3 } },
      positive: { x: 3, n: 10, ci: { low: 10.8, high: 60.3 } },
      rank: { n: 5, min: 1, max: 2, sd: 0.55 },
    })
  })

  it('a topic filter narrows n: Durability holds Q2 only (Brooks 4 of 8 mentions)', async () => {
    const d = (await view({ tab: 'share-of-model', topic: 'Durability' })).data
    // 4/8: p = .5, denom 1.4801824, centre .5, half 1.3241171 × √(.03125 + .0150060) = .2848 -> 21.5..78.5
    expect(d.rows.find((r: any) => r.name === 'Brooks').ci).toEqual({ x: 4, n: 8, ci: { low: 21.5, high: 78.5 } })
    // The Topics tab carries the same per topic: Comfort (Q0 + Q1) Brooks 6 of 17 mentions.
    const t = (await view({ tab: 'topics' })).data
    const brooks = t.brands.findIndex((b: any) => b.name === 'Brooks')
    expect(t.groups.map((g: any) => [g.group, g.shareCis[brooks].x, g.shareCis[brooks].n])).toEqual([
      ['Comfort', 6, 17],
      ['Durability', 4, 8],
    ])
  })
})

describe('GET /api/analyses/{id}/evidence', () => {
  it('a query rank cell: the one answer, Nike’s mentions and its ranked item marked', async () => {
    const r = await evidence(hw.owner, { metric: 'rank', brand: 'Nike', model: CLAUDE, query: 0 })
    expect(r.status).toBe(200)
    expect(r.body.totals).toMatchObject({ answers: 1, hits: 1, failed: 0, ranks: [3] })
    expect(r.body.description).toBe(`Nike · average rank · Claude Sonnet 4 · “${QUERIES[0].query}”`)
    const [a] = r.body.answers
    expect(a).toMatchObject({ modelName: 'Claude Sonnet 4', queryIndex: 0, sample: 1, mentions: 2, rank: 3, hit: true })
    expect(a.segments.map((s: any) => s.text).join('')).toBe(ANSWERS[0].text)
    expect(marked(a, 'mention')).toBe('Nike|Nike')
    expect(marked(a, 'rank')).toMatch(/Nike Structure$/)
  })

  it('a combined share: every answer counted, the brand’s and all brands’ mentions', async () => {
    const r = await evidence(hw.owner, { metric: 'share', brand: 'Brooks' })
    expect(r.body.totals).toEqual({ answers: 6, hits: 6, failed: 0, brandMentions: 10, allMentions: 25, ranks: [1, 2, 2, 1, 2] })
    expect(r.body.summary).toBe('Brooks is named 10 times out of 25 mentions of all tracked brands in these 6 answers (40%).')
    expect(r.body.answers).toHaveLength(6)
    // A5 names Brooks twice in prose; the www link to hoka.com is not a Hoka mention.
    const a5 = r.body.answers.find((a: any) => a.queryIndex === 2 && a.modelName === 'Claude Sonnet 4')
    expect(marked(a5, 'mention')).toBe('Brooks|Brooks')
  })

  it('a model’s rank: answers ranking the brand first, then the rest of the denominator', async () => {
    const r = await evidence(hw.owner, { metric: 'rank', brand: 'Brooks', model: CLAUDE })
    // Claude: A1 ranks Brooks 1, A3 ranks it 2, A5 (prose) does not.
    expect(r.body.answers.map((a: any) => [a.queryIndex, a.rank, a.hit])).toEqual([
      [0, 1, true],
      [1, 2, true],
      [2, null, false],
    ])
    expect(marked(r.body.answers[0], 'rank')).toMatch(/Brooks Adrenaline GTS$/)
  })

  it('the topic filter of the screen narrows the answers', async () => {
    const r = await evidence(hw.owner, { metric: 'share', brand: 'Brooks', topic: 'Durability' })
    expect(r.body.totals).toMatchObject({ answers: 2, brandMentions: 4, allMentions: 8 })
  })

  it('refuses bad cells with 400, other people’s analyses with 404, and signed-out callers', async () => {
    expect((await evidence(hw.owner, { metric: 'bogus', brand: 'Brooks' })).status).toBe(400)
    expect((await evidence(hw.owner, { metric: 'share', brand: 'Adidas' })).status).toBe(400)
    expect((await evidence(hw.owner, { metric: 'share', brand: 'Brooks', model: 4 })).status).toBe(400)
    expect((await evidence(hw.owner, { metric: 'share', brand: 'Brooks', query: 99 })).status).toBe(400)
    expect((await evidence(hw.owner, { metric: 'share', brand: 'Brooks' }, 2_147_483_000)).status).toBe(404)
    const stranger = await signUp()
    const r = await evidence(stranger, { metric: 'share', brand: 'Brooks' })
    expect(r.status).toBe(404)
    expect(JSON.stringify(r.body)).not.toContain('Brooks Adrenaline')
    expect([401, 302]).toContain((await evidence(new Session(), { metric: 'share', brand: 'Brooks' })).status)
  })
})

describe('evidence on a share link (/export/{exportId})', () => {
  it('a signed-out visitor of an unexpired link reads the answers of that analysis only', async () => {
    const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
    expect(created.status).toBeLessThan(300)
    const exportId = created.body.exportId as string
    const visitor = new Session()
    const r = await evidence(visitor, { metric: 'rank', brand: 'Nike', model: CLAUDE, query: 0, export: exportId })
    expect(r.status).toBe(200)
    expect(r.body.totals).toMatchObject({ answers: 1, ranks: [3] })
    // Not for another analysis, not with a made-up id, not once expired.
    const other = await seedHandWorkedAnalysis()
    expect((await evidence(visitor, { metric: 'share', brand: 'Brooks', export: exportId }, other.analysisId)).status).toBe(404)
    expect((await evidence(visitor, { metric: 'share', brand: 'Brooks', export: 'x'.repeat(32) })).status).toBe(404)
    const db = await sql()
    await db`update exports set expires_at = now() - interval '1 second' where id = ${exportId}`
    expect((await evidence(visitor, { metric: 'share', brand: 'Brooks', export: exportId })).status).toBe(404)
  })
})

describe('metric definitions version and explicit rebuilds', () => {
  it('records the version, and a rebuild from an older version with who and when', async () => {
    const db = await sql()
    const [row] = await db<{ metrics_version: number }[]>`select metrics_version from analyses where id = ${hw.analysisId}`
    expect(row.metrics_version).toBe(4)
    expect((await view()).header.evidence).toMatchObject({ samplesPerQuery: 1, metricsVersion: 4, currentMetricsVersion: 4 })

    // As if computed before versions were recorded (version 1, no rank spreads stored).
    await db`update analyses set metrics_version = null where id = ${hw.analysisId}`
    expect((await view()).header.evidence).toMatchObject({ metricsVersion: 1, currentMetricsVersion: 4, rebuilds: [] })

    const stranger = await signUp()
    expect((await stranger.json(`/api/analyses/${hw.analysisId}/evidence-rebuild`, { method: 'POST', json: {} })).status).toBe(404)
    expect((await hw.owner.json(`/api/analyses/${hw.analysisId}/evidence-rebuild`, { method: 'GET' })).status).toBe(405)

    const rebuilt = await hw.owner.json(`/api/analyses/${hw.analysisId}/evidence-rebuild`, { method: 'POST', json: {} })
    expect(rebuilt.status).toBe(200)
    expect(rebuilt.body).toMatchObject({ success: true, fromVersion: 1, toVersion: 4, answers: 6 })
    expect(rebuilt.body.changes.map((c: any) => c.version)).toEqual([2, 3, 4])
    const log = await db<{ user_id: number; from_version: number; to_version: number; answers: number; reason: string }[]>`
      select user_id, from_version, to_version, answers, reason from analysis_metric_rebuilds where analysis_id = ${hw.analysisId}`
    expect(log).toEqual([{ user_id: hw.owner.userId, from_version: 1, to_version: 4, answers: 6, reason: 'rebuild' }])
    const e = (await view()).header.evidence
    expect(e).toMatchObject({ metricsVersion: 4, rebuilds: [{ fromVersion: 1, toVersion: 4, reason: 'rebuild' }] })
    // A recompute for another reason (Fix Missing Data) that changes the version is logged too.
    await db`update analyses set metrics_version = 1 where id = ${hw.analysisId}`
    expect((await hw.owner.json(`/api/analyses/${hw.analysisId}/rebuild-mentions`, { method: 'POST', json: {} })).status).toBe(200)
    const [last] = await db<{ user_id: number | null; from_version: number; reason: string }[]>`
      select user_id, from_version, reason from analysis_metric_rebuilds where analysis_id = ${hw.analysisId} order by id desc limit 1`
    expect(last).toEqual({ user_id: null, from_version: 1, reason: 'recompute' })
    // The figures are the same after the rebuild.
    const d = (await view({ tab: 'share-of-model' })).data
    expect(d.rows.find((r: any) => r.name === 'Brooks').ci).toEqual({ x: 10, n: 25, ci: { low: 23.4, high: 59.3 } })
  })
})

describe('how each answer was collected, and samples per query', () => {
  afterAll(async () => {
    await resetSimulator()
  })

  it('records model, API, web search, date and sample on every answer of a run', async () => {
    await simulator({ day: '2026-03-02', seed: 'evidence' })
    const s = await signUp()
    const project = await createProject(s, { queries: ['best running shoes for flat feet'], samplesPerQuery: 2 })
    const a = await startAnalysis(s, project.id)
    const done = await waitForAnalysis(s, a.id)
    expect(done.status).toBe('completed')
    const db = await sql()
    const rows = await db<{ model_id: number; sample: number; collection: any; created_at: Date }[]>`
      select model_id, sample, collection, created_at from api_responses where analysis_id = ${a.id} and ok order by model_id, sample`
    expect(rows).toHaveLength(12)
    const byModel = (id: number) => rows.filter((r) => r.model_id === id)
    expect(byModel(8).map((r) => r.sample)).toEqual([1, 2])
    expect(byModel(8)[0].collection).toMatchObject({ provider: 'openai', api: 'OpenAI Responses API', webSearch: true, demo: true })
    expect(byModel(3)[0].collection).toMatchObject({ provider: 'anthropic', api: 'Anthropic Messages API', webSearch: true })
    expect(byModel(5)[0].collection).toMatchObject({ provider: 'perplexity', webSearch: true })
    expect(byModel(10)[0].collection).toMatchObject({ provider: 'deepseek', api: 'DeepSeek Chat Completions', webSearch: false })
    for (const r of rows) expect(typeof r.collection.model).toBe('string')

    const r = await evidence(s, { metric: 'mentions', brand: 'Brooks', model: 10 }, a.id)
    expect(r.status).toBe(200)
    expect(r.body.totals.answers).toBe(2)
    expect(r.body.answers.map((x: any) => x.sample).sort()).toEqual([1, 2])
    expect(r.body.answers[0].collectedLine).toMatch(/^DeepSeek V3 · .+ via DeepSeek Chat Completions · web search off · sample [12] · \d\d\/\d\d\/\d{4} · model simulator \(demo mode\)$/)
    expect((await resultsJson(s, { project: project.id, analysis: a.id })).header.evidence).toMatchObject({ samplesPerQuery: 2, metricsVersion: 4 })
    // API Data shows the same line on every answer.
    const api = (await resultsJson(s, { project: project.id, analysis: a.id, tab: 'api-data', model: 'gpt41' })).data
    expect(api.responses.map((x: any) => x.collectedLine.replace(/ · \d\d\/\d\d\/\d{4}/, ''))).toEqual([
      expect.stringMatching(/^ChatGPT 5 · .+ via OpenAI Responses API · web search on · sample [12] · model simulator \(demo mode\)$/),
      expect.stringMatching(/^ChatGPT 5 · .+ via OpenAI Responses API · web search on · sample [12] · model simulator \(demo mode\)$/),
    ])
  })

  it('samples per query are set on the project (1 to 5)', async () => {
    const s = await signUp()
    const project = await createProject(s, sampleProject())
    expect(project.samplesPerQuery).toBe(1)
    const ok = await s.json(`/api/projects/${project.id}`, { method: 'PATCH', json: { samplesPerQuery: 3 } })
    expect(ok.status).toBe(200)
    const db = await sql()
    expect((await db<{ n: number }[]>`select samples_per_query as n from projects where id = ${project.id}`)[0].n).toBe(3)
    const bad = await s.json(`/api/projects/${project.id}`, { method: 'PATCH', json: { samplesPerQuery: 6 } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/between 1 and 5/)
  })
})
