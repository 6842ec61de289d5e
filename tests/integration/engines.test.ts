/**
 * An analysis with the four engines, app → Temporal → worker → gateway → the providers' clients
 * (DataForSEO's official client, SerpApi's typed GET client) → the simulator. The simulator's day, seed and every
 * query's brand order are pinned, so the figures below are worked out by hand.
 */
import { createProject, resetSimulator, sampleProject, setLimits, signUp, simulator, sql, startAnalysis, until, waitForAnalysis } from '../support/flows'
import { controlWorker, testEnv } from '../support/env'
import { createKey, KeyClient } from '../support/api-keys'

const QUERIES = sampleProject().queries as string[]

async function engineFaults(body: unknown): Promise<{ tasks: number; polls: number }> {
  const res = await fetch(`${testEnv().simulatorUrl}/__sim/engines`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
  return (await res.json()) as { tasks: number; polls: number }
}

beforeEach(async () => {
  await resetSimulator()
})

describe('the engines', () => {
  it('Standard-tier owners cannot turn them on; the message names the tier', async () => {
    const s = await signUp()
    await setLimits(s.userId, { tier: 'standard' })
    const project = await createProject(s)
    const res = await s.json(`/api/projects/${project.id}/engines`, { method: 'POST', json: { enabled: true } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Google AI Overview, AI Mode, Bing Copilot and the ChatGPT app are part of the Full tier.')
    const bad = await s.json(`/api/projects/${project.id}/engines`, { method: 'POST', json: { enabled: false, provider: 'bing' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("provider 'bing' is not one of: dataforseo, serpapi")
  })

  it('an analysis asks the six models and the four engines; an absent AI Overview is stored and read as absent', async () => {
    // Every model answers every query with Brooks first and Nike second.
    await simulator({ seed: 'engines-it', day: '2026-11-20', listFormats: Object.fromEntries(QUERIES.map((q) => [q, { format: 'numbered', order: ['Brooks', 'Nike'] }])) })
    // The first Google SERP shows no AI Overview, the next two show one.
    await engineFaults({ dataforseo: { faults: [{ type: 'absent', times: 1 }, { type: 'present', times: 2 }] } })
    const s = await signUp()
    await setLimits(s.userId, { tier: 'full' })
    const project = await createProject(s)
    const on = await s.json(`/api/projects/${project.id}/engines`, { method: 'POST', json: { enabled: true } })
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ enabled: true, provider: null, effectiveProvider: 'dataforseo', allowed: true })

    const started = await startAnalysis(s, project.id)
    const done = await waitForAnalysis(s, started.id)
    expect(done.status).toBe('completed')

    const db = await sql()
    const rows = await db<{ model_id: number; n: number; keys: number; ok: number; blank: number; absent: number; providers: string[]; cost: number }[]>`
      select model_id, count(*)::int as n, count(distinct (query_index, sample))::int as keys, count(*) filter (where ok)::int as ok,
        count(*) filter (where btrim(response) = '')::int as blank, count(*) filter (where (parsed_data->>'absent')::boolean)::int as absent,
        array_agg(distinct parsed_data->>'provider') as providers, sum(cost_usd)::float as cost
      from api_responses where analysis_id = ${started.id} group by model_id order by model_id`
    // 10 models × 3 queries, each answer stored once.
    expect(rows.map((r) => [r.model_id, r.n, r.keys, r.ok])).toEqual([3, 5, 6, 8, 9, 10, 11, 12, 13, 14].map((m) => [m, 3, 3, 3]))
    const of = (m: number) => rows.find((r) => r.model_id === m)!
    // One AI Overview absent: ok, empty, marked absent. No other engine is absent.
    expect([of(11).absent, of(11).blank]).toEqual([1, 1])
    expect([of(12).absent, of(13).absent, of(14).absent]).toEqual([0, 0, 0])
    // DataForSEO reads the Google engines and the ChatGPT app; Bing Copilot is SerpApi's.
    expect([of(11).providers, of(12).providers, of(13).providers, of(14).providers]).toEqual([['dataforseo'], ['dataforseo'], ['serpapi'], ['dataforseo']])
    // Cost per request as billed: organic SERP 0.002 + async AI Overview 0.002 = 0.004 × 3; AI Mode 0.004 × 3;
    // SerpApi 0.015 per search × 3; the ChatGPT scraper's task_post 0.004 × 3 (its task_get calls are free).
    expect([of(11).cost, of(12).cost, of(13).cost, of(14).cost].map((c) => Math.round(c * 1000) / 1000)).toEqual([0.012, 0.012, 0.045, 0.012])

    const client = new KeyClient((await createKey(s, 'Engines', ['read'])).key)
    const engines = await client.call(`/api/v1/analyses/${started.id}/engines`)
    expect(engines.status).toBe(200)
    // AI Overview shown 2 of 3: Wilson 95 % = 20.8–93.9 %; the other engines 3 of 3 (Wilson 43.9–100 %).
    expect(engines.body.engines.map((e: any) => [e.modelId, e.shown.x, e.shown.n])).toEqual([[11, 2, 3], [12, 3, 3], [13, 3, 3], [14, 3, 3]])
    expect(engines.body.engines[0].shown.ci).toEqual({ low: 20.8, high: 93.9 })
    expect(engines.body.presence.filter((p: any) => p.modelId === 11 && p.shown.x === 0)).toHaveLength(1)

    // API versus app over the 3 queries both answered: Brooks named in all three, first; Nike second; Asics never.
    const chatgpt = engines.body.comparisons.find((c: any) => c.appModelId === 14)
    expect(chatgpt.queries).toBe(3)
    const brand = (name: string) => chatgpt.brands.find((b: any) => b.brand === name)
    expect([brand('Brooks').api.mentionRate.x, brand('Brooks').app.mentionRate.x, brand('Brooks').api.averageRank, brand('Brooks').app.averageRank]).toEqual([3, 3, 1, 1])
    expect([brand('Nike').api.averageRank, brand('Nike').app.averageRank]).toEqual([2, 2])
    expect([brand('Asics').api.mentionRate.x, brand('Asics').app.mentionRate.x]).toEqual([0, 0])
    // The same brands everywhere: nothing to disagree on.
    expect(chatgpt.disagreements).toEqual([])
    expect(chatgpt.domains.n).toBe(chatgpt.domains.shared + chatgpt.domains.apiOnly + chatgpt.domains.appOnly)
    const google = engines.body.comparisons.find((c: any) => c.appModelId === 12)
    expect(google.apiModel).toBe('Gemini 2.0 Flash')

    // The results screens: the engines are model filters; the absent AI Overview is in no denominator.
    const visibility = await client.call(`/api/v1/analyses/${started.id}/visibility`)
    expect(visibility.status).toBe(200)
    // n of the AI Overview is its 2 answers with text: the absent one counts in no rate.
    expect(visibility.body.models.find((m: any) => m.modelId === 11).answered).toBe(2)
    const results = await client.call(`/api/v1/analyses/${started.id}/results?tab=share-of-model&model=aio`)
    expect(results.status).toBe(200)

    // Source Insights: the engines' references are basic insights like every model's citations.
    expect((await s.json(`/api/analyses/${started.id}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
    await until('the source search completes', async () => ['completed', 'failed'].includes((await s.json(`/api/analyses/${started.id}/source-search`)).body?.searchInsightsStatus), 120_000, 250)
    const basic = await db<{ model_id: number; n: number; cited: number }[]>`
      select model_id, count(*)::int as n, count(*) filter (where jsonb_array_length(sources) > 0 or jsonb_array_length(citations) > 0)::int as cited
      from search_insights where analysis_id = ${started.id} and kind = 'basic' and model_id >= 11 group by model_id order by model_id`
    // One basic insight per query × engine; the absent AI Overview cites nothing, the other two do.
    expect(basic.map((b) => [b.model_id, b.n])).toEqual([[11, 3], [12, 3], [13, 3], [14, 3]])
    expect(basic.map((b) => b.cited)).toEqual([2, 3, 3, 3])
  })

  it('a worker killed while ChatGPT app tasks are in the queue: the restarted activities poll the same tasks, nothing posted or stored twice', async () => {
    // The three ChatGPT scraper tasks stay "in queue" until released.
    await engineFaults({ dataforseo: { faults: [{ type: 'pending', times: 3, polls: 1_000_000 }] } })
    const s = await signUp()
    await setLimits(s.userId, { tier: 'full' })
    const project = await createProject(s)
    expect((await s.json(`/api/projects/${project.id}/engines`, { method: 'POST', json: { enabled: true } })).status).toBe(200)
    const started = await startAnalysis(s, project.id)
    // Three tasks posted, each polled a few times (so each activity has reported its task in a heartbeat).
    await until('the three tasks polled', async () => {
      const state = await engineFaults({})
      return state.tasks === 3 && state.polls >= 15
    }, 60_000, 100)
    await controlWorker('kill')
    await engineFaults({ releaseTasks: true })
    await controlWorker('start')
    const done = await waitForAnalysis(s, started.id, undefined, 170_000)
    expect(done.status).toBe('completed')
    // Still three tasks: the retried activities resumed them rather than posting new ones.
    expect((await engineFaults({})).tasks).toBe(3)
    const db = await sql()
    const rows = await db<{ model_id: number; n: number; keys: number; cost: number }[]>`
      select model_id, count(*)::int as n, count(distinct (query_index, sample))::int as keys, sum(cost_usd)::float as cost
      from api_responses where analysis_id = ${started.id} and ok group by model_id order by model_id`
    expect(rows.map((r) => [r.model_id, r.n, r.keys])).toEqual([3, 5, 6, 8, 9, 10, 11, 12, 13, 14].map((m) => [m, 3, 3]))
    // The ChatGPT app: 3 answers, each billed one task_post (0.004): 0.012, not twice that.
    expect(Math.round(rows.find((r) => r.model_id === 14)!.cost * 1000) / 1000).toBe(0.012)
  }, 240_000)
})
