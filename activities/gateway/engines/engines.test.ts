/**
 * The engines (Google AI Overview and AI Mode, Bing Copilot, the ChatGPT app) through the gateway against the simulator: DataForSEO through its official client,
 * SerpApi through the typed GET client; each provider's task, deferred, absent and error cases.
 */
import { startSimulator, type SimulatorHandle } from '../../../simulator/server'
import { simControl } from '../../../simulator/testing'
import { createGateway, GatewayError, simulatorConfigs } from '../index'
import { marketOf } from '../../../app/domain/engines/market'
import type { EngineFault } from '../../../simulator/engines'
import type { EngineKey } from '../../../app/domain/models'
import type { PostedTask } from '../types'

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 'engines-test', day: '2026-11-20' })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(async () => {
  await simControl(sim.url, '/__sim/reset', { forget: true })
})

const market = marketOf('en-GB')
const PROMPT = 'best crm software for small business'
const gateway = (timeoutMs = 10_000) => createGateway(simulatorConfigs(sim.url, { dataforseo: { timeoutMs, pollMs: 1 }, serpapi: { timeoutMs } }))

async function faults(body: Partial<Record<'dataforseo' | 'serpapi', { faults: EngineFault[] }>>) {
  const res = await fetch(`${sim.url}/__sim/engines`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
}

async function failure(p: Promise<unknown>): Promise<GatewayError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(GatewayError)
  return e as GatewayError
}

const ask = (provider: 'dataforseo' | 'serpapi', engine: EngineKey, extra: object = {}) => gateway().ask(provider, { prompt: PROMPT, engine, market, ...extra })

describe('DataForSEO', () => {
  it('AI Overview present: text, references, the envelope cost (SERP 0.002 + async AI Overview 0.002)', async () => {
    await faults({ dataforseo: { faults: [{ type: 'present', times: 1 }] } })
    const a = await ask('dataforseo', 'google_ai_overview')
    expect(a.absent).toBe(false)
    expect(a.text.length).toBeGreaterThan(50)
    expect(a.sources.length).toBeGreaterThan(0)
    expect(a.sources.length).toBeLessThanOrEqual(3)
    expect(a.costUsd).toBeCloseTo(0.004, 6)
  })

  it('AI Overview absent is a result with empty text, not an error', async () => {
    await faults({ dataforseo: { faults: [{ type: 'absent', times: 1 }] } })
    const a = await ask('dataforseo', 'google_ai_overview')
    expect(a).toMatchObject({ absent: true, text: '', sources: [] })
  })

  it('ChatGPT app: task_post, "Task In Queue" twice, then task_get; the cost of every call summed', async () => {
    await faults({ dataforseo: { faults: [{ type: 'pending', times: 1, polls: 2 }] } })
    const posted: PostedTask[] = []
    const a = await ask('dataforseo', 'chatgpt_app', { task: { posted: (t: PostedTask) => posted.push(t) } })
    expect(posted).toHaveLength(1)
    expect(a.text).toMatch(/\w/)
    expect(a.searchQueries.length).toBeGreaterThan(0)
    // task_post 0.004 + three task_get calls at 0
    expect(a.costUsd).toBeCloseTo(0.004, 6)
  })

  it('a retried call resumes the posted task instead of posting another, and records what posting it cost', async () => {
    const first: PostedTask[] = []
    await ask('dataforseo', 'chatgpt_app', { task: { posted: (t: PostedTask) => first.push(t) } })
    expect(first[0].costUsd).toBe(0.004)
    const again: PostedTask[] = []
    const a = await ask('dataforseo', 'chatgpt_app', { task: { resume: first[0], posted: (t: PostedTask) => again.push(t) } })
    expect(again).toEqual([])
    // Only task_get was called this time (free): the answer carries the one task_post's 0.004.
    expect(a.costUsd).toBeCloseTo(0.004, 6)
  })

  it('a task the provider no longer knows (40401) is posted again; both posts are billed', async () => {
    const posted: PostedTask[] = []
    const a = await ask('dataforseo', 'chatgpt_app', { task: { resume: { id: 'gone-task', costUsd: 0.004 }, posted: (t: PostedTask) => posted.push(t) } })
    expect(posted).toHaveLength(1)
    expect(a.text).toMatch(/\w/)
    // 0.004 of the lost task + 0.004 of the new one.
    expect(a.costUsd).toBeCloseTo(0.008, 6)
  })

  it('errors: HTTP 429 rate limited (Retry-After), 40210 no funds is configuration, 50000 in the task is transient, timeout is transient', async () => {
    await faults({ dataforseo: { faults: [{ type: '429', times: 1, retryAfterSeconds: 2 }, { type: 'credit', times: 1 }, { type: 'error', times: 1 }] } })
    expect(await failure(ask('dataforseo', 'google_ai_mode'))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 2000 })
    expect((await failure(ask('dataforseo', 'google_ai_mode'))).kind).toBe('configuration')
    expect((await failure(ask('dataforseo', 'google_ai_mode'))).kind).toBe('transient')
    await faults({ dataforseo: { faults: [{ type: 'timeout', times: 1 }] } })
    expect((await failure(createGateway(simulatorConfigs(sim.url, { dataforseo: { timeoutMs: 300 } })).ask('dataforseo', { prompt: PROMPT, engine: 'google_ai_mode', market }))).kind).toBe('transient')
  })

  it('does not offer Bing Copilot', async () => {
    expect((await failure(ask('dataforseo', 'bing_copilot'))).kind).toBe('permanent')
  })
})

describe('SerpApi', () => {
  it('AI Overview deferred: a page_token, then engine=google_ai_overview; two searches billed', async () => {
    await faults({ serpapi: { faults: [{ type: 'deferred', times: 1 }] } })
    const a = await ask('serpapi', 'google_ai_overview')
    expect(a.absent).toBe(false)
    expect(a.text.length).toBeGreaterThan(50)
    expect(a.costUsd).toBeCloseTo(0.03, 6)
    expect((a.raw as { ai_overview: { search_parameters: { engine: string } } }).ai_overview.search_parameters.engine).toBe('google_ai_overview')
  })

  it('AI Overview absent; AI Mode long with many references; Copilot with its sources', async () => {
    await faults({ serpapi: { faults: [{ type: 'absent', times: 1 }] } })
    expect(await ask('serpapi', 'google_ai_overview')).toMatchObject({ absent: true, text: '' })
    const mode = await ask('serpapi', 'google_ai_mode')
    const copilot = await ask('serpapi', 'bing_copilot')
    expect(mode.sources.length).toBeGreaterThan(3)
    expect(copilot.sources.length).toBeGreaterThan(0)
    expect(mode.costUsd).toBeCloseTo(0.015, 6)
  })

  it('errors: 429 hourly limit is rate limited, 429 "run out of searches" is configuration, 500 transient, status "Error" transient', async () => {
    await faults({ serpapi: { faults: [{ type: '429', times: 1 }, { type: 'credit', times: 1 }, { type: '500', times: 1 }, { type: 'error', times: 1 }] } })
    expect((await failure(ask('serpapi', 'bing_copilot'))).kind).toBe('rate_limited')
    expect((await failure(ask('serpapi', 'bing_copilot'))).kind).toBe('configuration')
    expect((await failure(ask('serpapi', 'bing_copilot'))).kind).toBe('transient')
    expect((await failure(ask('serpapi', 'bing_copilot'))).kind).toBe('transient')
  })

  it('a rejected api_key stops the model (configuration)', async () => {
    const configs = simulatorConfigs(sim.url)
    const e = await failure(createGateway({ ...configs, serpapi: { ...configs.serpapi, apiKey: '' } }).ask('serpapi', { prompt: PROMPT, engine: 'bing_copilot', market }))
    expect(e.kind).toBe('configuration')
  })
})

describe('the simulator', () => {
  it('shows no AI Overview for about a third of queries, the same for both providers', async () => {
    const queries = Array.from({ length: 30 }, (_, i) => `best crm software option ${i}`)
    const gw = gateway()
    const absent = async (provider: 'dataforseo' | 'serpapi') =>
      (await Promise.all(queries.map((q) => gw.ask(provider, { prompt: q, engine: 'google_ai_overview', market })))).map((a) => a.absent)
    const [d, s] = [await absent('dataforseo'), await absent('serpapi')]
    expect(d).toEqual(s)
    const share = d.filter(Boolean).length / queries.length
    expect(share).toBeGreaterThan(0.15)
    expect(share).toBeLessThan(0.55)
  })
})
