/**
 * The gateway against the model simulator, through the real vendor SDKs over HTTP.
 */
import { startSimulator, type SimulatorHandle } from '../../simulator/server'
import { simControl, simStats } from '../../simulator/testing'
import { createGateway, frameworkPrompt, GatewayError, loadProviderConfigs, LLM_PROVIDER_KEYS, simulatorConfigs, type FrameworkResult, type NormalisedAnswer, type ProviderKey } from './index'
import { MAX_PAUSE_CONTINUATIONS } from './providers'

let sim: SimulatorHandle

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 'gateway-test' })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(async () => {
  await simControl(sim.url, '/__sim/reset', { forget: true })
})

const PROMPT = 'best running shoes for flat feet in the UK'

async function expectGatewayError(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayError)
    return e as GatewayError
  }
  throw new Error('expected the call to fail')
}

function rawOf(answer: NormalisedAnswer): Record<string, any> {
  return answer.raw as Record<string, any>
}

describe('every provider through its SDK against the simulator', () => {
  const gateway = () => createGateway(simulatorConfigs(sim.url))

  it.each(LLM_PROVIDER_KEYS)('%s: text, citations, sources, search queries and usage', async (provider) => {
    const a = await gateway().ask(provider, { prompt: PROMPT })
    expect(a.provider).toBe(provider)
    expect(a.text.trim().length).toBeGreaterThan(200)
    expect(a.usage.inputTokens).toBeGreaterThan(0)
    expect(a.usage.outputTokens).toBeGreaterThan(0)
    expect(a.usage.totalTokens).toBeGreaterThanOrEqual(a.usage.inputTokens + a.usage.outputTokens - 1)
    expect(a.costUsd).toBeGreaterThan(0)
    // the simulator answered: the cost is what the call would cost with a real key, marked simulated
    expect(a.simulated).toBe(true)
    expect(a.sources.length).toBeGreaterThan(0)
    expect(new Set(a.sources.map((s) => s.url)).size).toBe(a.sources.length)
    for (const c of a.citations) {
      if (c.startIndex === undefined) continue
      expect(c.startIndex).toBeGreaterThanOrEqual(0)
      expect(c.endIndex!).toBeGreaterThan(c.startIndex)
      expect(c.endIndex!).toBeLessThanOrEqual(a.text.length)
    }
    if (provider !== 'deepseek') {
      expect(a.citations.length).toBeGreaterThan(0)
      expect(a.citations.some((c) => c.startIndex !== undefined)).toBe(true)
    }
    if (provider !== 'perplexity' && provider !== 'deepseek') expect(a.searchQueries.length).toBeGreaterThan(0)
  })

  it('openai: each url_citation span is the inline link to the cited URL', async () => {
    const a = await gateway().ask('openai', { prompt: PROMPT })
    const raw = rawOf(a)
    const message = raw.output.find((o: any) => o.type === 'message')
    const annotations = message.content[0].annotations
    expect(a.citations).toHaveLength(annotations.length)
    expect(a.searchQueries[0]).toBe(raw.output.find((o: any) => o.type === 'web_search_call').action.query)
    for (const [i, c] of a.citations.entries()) {
      expect(c.url).toBe(annotations[i].url)
      const span = a.text.slice(c.startIndex, c.endIndex)
      expect(span).toMatch(/^\(\[[a-z0-9.-]+\]\(https:\/\/[^)]+\)\)$/)
      expect(span).toContain(`(${c.url})`)
      expect(span).toContain(`[${new URL(c.url).hostname.replace(/^(www|en|uk)\./, '')}]`)
    }
    expect(a.usage.inputTokens).toBe(raw.usage.input_tokens)
    expect(a.usage.outputTokens).toBe(raw.usage.output_tokens)
  })

  it('anthropic: citations span their text block and carry cited_text', async () => {
    const a = await gateway().ask('anthropic', { prompt: PROMPT })
    const raw = rawOf(a)
    const cited = raw.content.filter((b: any) => b.type === 'text' && b.citations)
    expect(cited.length).toBeGreaterThan(0)
    const expected = cited.flatMap((b: any) => b.citations.map((c: any) => ({ url: c.url, block: b.text, snippet: c.cited_text })))
    expect(a.citations.map((c) => c.url)).toEqual(expected.map((e: any) => e.url))
    a.citations.forEach((c, i) => {
      expect(a.text.slice(c.startIndex, c.endIndex)).toBe(expected[i].block)
      expect(c.snippet).toBe(expected[i].snippet)
    })
    const queries = raw.content.filter((b: any) => b.type === 'server_tool_use').map((b: any) => b.input.query)
    expect(a.searchQueries).toEqual(queries)
    const resultUrls = raw.content.filter((b: any) => b.type === 'web_search_tool_result').flatMap((b: any) => b.content.map((r: any) => r.url))
    for (const url of resultUrls) expect(a.sources.map((s) => s.url)).toContain(url)
  })

  it('gemini: byte offsets become string indices that cut out each segment', async () => {
    // The property needs an answer where a multi-byte character comes before a later segment; the
    // simulator's answers depend on the day, so walk pinned days until one has it (and check every answer on the way).
    let multiByteBeforeSegment = false
    for (let d = 1; d <= 20 && !multiByteBeforeSegment; d++) {
      await simControl(sim.url, '/__sim/config', { day: `2026-01-${String(d).padStart(2, '0')}` })
      const a = await gateway().ask('gemini', { prompt: PROMPT })
      const gm = rawOf(a).candidates[0].groundingMetadata
      const supports = gm.groundingSupports.flatMap((s: any) => s.groundingChunkIndices.map((i: number) => ({ seg: s.segment, chunk: gm.groundingChunks[i].web })))
      expect(a.citations).toHaveLength(supports.length)
      a.citations.forEach((c, i) => {
        expect(a.text.slice(c.startIndex, c.endIndex)).toBe(supports[i].seg.text)
        expect(c.url).toBe(supports[i].chunk.uri)
        expect(c.title).toBe(supports[i].chunk.title)
        // Gemini's offsets count UTF-8 bytes of the answer text.
        expect(Buffer.byteLength(a.text.slice(0, c.startIndex))).toBe(supports[i].seg.startIndex ?? 0)
      })
      multiByteBeforeSegment = supports.some((s: any) => Buffer.byteLength(a.text.slice(0, a.text.indexOf(s.seg.text))) !== a.text.indexOf(s.seg.text))
      expect(a.searchQueries).toEqual(gm.webSearchQueries)
    }
    expect(multiByteBeforeSegment).toBe(true)
  })

  it('perplexity: [n] markers map to citations[n-1], titles from search_results', async () => {
    const a = await gateway().ask('perplexity', { prompt: PROMPT })
    const raw = rawOf(a)
    const placed = a.citations.filter((c) => c.startIndex !== undefined)
    expect(placed.length).toBeGreaterThan(0)
    for (const c of placed) {
      const marker = a.text.slice(c.startIndex, c.endIndex)
      const n = Number(/^\[(\d+)\]$/.exec(marker)?.[1])
      expect(raw.citations[n - 1]).toBe(c.url)
      expect(c.title).toBe(raw.search_results.find((r: any) => r.url === c.url).title)
    }
    expect(new Set(a.citations.map((c) => c.url))).toEqual(new Set(raw.citations))
    expect(a.costUsd).toBe(raw.usage.cost.total_cost)
  })

  it('xai: URL-only annotations are located at the inline link in the text', async () => {
    const a = await gateway().ask('xai', { prompt: PROMPT })
    const raw = rawOf(a)
    const annotations = raw.output.find((o: any) => o.type === 'message').content[0].annotations
    expect(annotations.every((x: any) => x.start_index === undefined && x.title === undefined)).toBe(true)
    expect(a.citations.map((c) => c.url)).toEqual(annotations.map((x: any) => x.url))
    for (const c of a.citations) expect(a.text.slice(c.startIndex, c.endIndex)).toMatch(new RegExp(`^\\[\\[\\d+\\]\\]\\(${c.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`))
    expect(a.searchQueries[0]).toBe(JSON.parse(raw.output[0].arguments).query)
  })

  it('deepseek: no search, but the URLs it writes are kept as sources', async () => {
    const a = await gateway().ask('deepseek', { prompt: PROMPT })
    expect(a.citations).toEqual([])
    expect(a.searchQueries).toEqual([])
    for (const s of a.sources) expect(a.text).toContain(s.url)
  })

  it('webSearch: false sends no search tool and gets an answer without citations', async () => {
    for (const provider of ['openai', 'anthropic', 'gemini', 'xai'] as ProviderKey[]) {
      const a = await gateway().ask(provider, { prompt: PROMPT, webSearch: false })
      expect(a.text.length).toBeGreaterThan(100)
      expect(a.citations).toEqual([])
      expect(a.searchQueries).toEqual([])
      expect(a.webSearchRequested).toBe(false)
    }
  })

  it('each answer records whether its request asked for web search (the evidence of how it was collected)', async () => {
    const gw = gateway()
    for (const provider of LLM_PROVIDER_KEYS) {
      expect((await gw.ask(provider, { prompt: PROMPT })).webSearchRequested, provider).toBe(true)
      expect((await gw.ask(provider, { prompt: PROMPT, webSearch: true })).webSearchRequested, provider).toBe(true)
      expect((await gw.ask(provider, { prompt: PROMPT, webSearch: false })).webSearchRequested, provider).toBe(false)
    }
  })
})

describe('structured output', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['sentiment', 'score', 'reasons'],
    properties: {
      sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
      score: { type: 'integer', minimum: 0, maximum: 10 },
      reasons: { type: 'array', items: { type: 'string' } },
    },
  }

  it.each(LLM_PROVIDER_KEYS)('%s: askJson returns schema-valid data', async (provider) => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const { data, answer } = await gw.askJson<{ sentiment: string; score: number; reasons: string[] }>(provider, { prompt: 'How do people feel about Nike running shoes?', schemaName: 'sentiment', schema })
    expect(['positive', 'neutral', 'negative']).toContain(data.sentiment)
    expect(Number.isInteger(data.score) && data.score >= 0 && data.score <= 10).toBe(true)
    expect(data.reasons.length).toBeGreaterThanOrEqual(1)
    expect(data.reasons.length).toBeLessThanOrEqual(3)
    expect(JSON.parse(answer.text)).toEqual(data)
    // Structured output never asks for web search.
    expect(answer.webSearchRequested).toBe(false)
  })

  it.each(LLM_PROVIDER_KEYS)('%s: the framework prompt yields the requested counts and is learned', async (provider) => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const input = { brand: 'Nike', market: 'Running shoes', region: 'United Kingdom', language: 'en-GB', marketType: 'B2C' as const, maxCompetitors: 12, maxQueries: 25 }
    const { data } = await gw.askJson<FrameworkResult>(provider, frameworkPrompt(input))
    expect(data.competitors).toHaveLength(12)
    expect(data.queries).toHaveLength(25)
    expect(new Set(data.queries.map((q) => q.toLowerCase())).size).toBe(25)
    expect(data.competitors.map((c) => c.name)).not.toContain('Nike')
    expect(data.brandDomains).toContain('nike.com')
    expect(data.queries.some((q) => /running shoes/.test(q) && /the UK/.test(q))).toBe(true)

    const names = ['Nike', ...data.competitors.map((c) => c.name)]
    const answer = await gw.ask(provider, { prompt: data.queries[3] })
    expect(names.filter((n) => new RegExp(`\\b${n}\\b`).test(answer.text)).length).toBeGreaterThanOrEqual(3)
  })

  it('an unknown market gets synthesised competitors and market-specific queries', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const { data } = await gw.askJson<FrameworkResult>('openai', frameworkPrompt({ brand: 'Pawsome', market: 'Dog grooming salons', region: 'Germany', language: 'de-DE', maxCompetitors: 6, maxQueries: 8 }))
    expect(data.competitors).toHaveLength(6)
    expect(data.queries).toHaveLength(8)
    // de-DE: German queries around the market as typed (one template compares two competitors).
    expect(data.queries.filter((q) => q.includes('dog grooming salons')).length).toBeGreaterThanOrEqual(6)
    expect(data.queries.some((q) => /\b(beste|günstige|Alternativen|Vergleich|oder)\b/.test(q))).toBe(true)
    const answer = await gw.ask('gemini', { prompt: data.queries[0] })
    const names = ['Pawsome', ...data.competitors.map((c) => c.name)]
    expect(names.some((n) => answer.text.includes(n))).toBe(true)
  })
})

describe('errors through the SDKs', () => {
  const fault = (provider: ProviderKey, f: Record<string, unknown>) => simControl(sim.url, '/__sim/config', { providers: { [provider]: { faults: [f] } } })

  it.each([
    ['openai', 7],
    ['anthropic', 12],
    ['gemini', 26],
    ['xai', 3],
    ['perplexity', 5],
    ['deepseek', 9],
  ] as Array<[ProviderKey, number]>)('%s 429 is rate_limited with retryAfterMs', async (provider, seconds) => {
    await fault(provider, { type: '429', times: 1, retryAfterSeconds: seconds })
    const gw = createGateway(simulatorConfigs(sim.url))
    const err = await expectGatewayError(gw.ask(provider, { prompt: PROMPT }))
    expect(err.kind).toBe('rate_limited')
    expect(err.status).toBe(429)
    expect(err.retryAfterMs).toBe(seconds * 1000)
    expect(err.userMessage).toMatch(new RegExp(`is rate limited; retrying in ${seconds} s\\.$`))
    // times: 1 -> the next call succeeds
    await expect(gw.ask(provider, { prompt: PROMPT })).resolves.toMatchObject({ provider })
  })

  it.each(LLM_PROVIDER_KEYS)('%s 500 is transient, 401 is configuration', async (provider) => {
    const gw = createGateway(simulatorConfigs(sim.url))
    await fault(provider, { type: '500' })
    const e500 = await expectGatewayError(gw.ask(provider, { prompt: PROMPT }))
    expect(e500.kind).toBe('transient')
    expect(e500.status).toBe(500)
    await fault(provider, { type: '401' })
    const e401 = await expectGatewayError(gw.ask(provider, { prompt: PROMPT }))
    expect(e401.kind).toBe('configuration')
    expect(e401.userMessage).toMatch(/API key was rejected \((401|400)\)\. Check [A-Z]+_API_KEY\.$/)
  })

  it.each(LLM_PROVIDER_KEYS)('%s timeout is transient and the held request is released', async (provider) => {
    await fault(provider, { type: 'timeout' })
    const gw = createGateway(simulatorConfigs(sim.url, { [provider]: { timeoutMs: 250 } }))
    // The simulator holds the request for ever: an answer at all (within the test's timeout) is the gateway's own timeout.
    const err = await expectGatewayError(gw.ask(provider, { prompt: PROMPT }))
    expect(err.kind).toBe('transient')
    expect(err.userMessage).toMatch(/did not answer within 1 s; retrying\.$/)
    await vi.waitFor(async () => expect((await simStats(sim.url)).providers[provider].inFlight).toBe(0))
  })

  it.each(LLM_PROVIDER_KEYS)('%s empty answer is transient', async (provider) => {
    await fault(provider, { type: 'empty', times: 1 })
    const gw = createGateway(simulatorConfigs(sim.url))
    const err = await expectGatewayError(gw.ask(provider, { prompt: PROMPT }))
    expect(err.kind).toBe('transient')
    expect(err.userMessage).toMatch(/returned an empty answer; retrying\.$/)
  })

  it.each(LLM_PROVIDER_KEYS)('%s malformed structured output is a transient "malformed JSON" error', async (provider) => {
    await fault(provider, { type: 'malformed', times: 1 })
    const gw = createGateway(simulatorConfigs(sim.url))
    const err = await expectGatewayError(gw.askJson(provider, frameworkPrompt({ brand: 'Monzo', market: 'UK banks', language: 'en-GB', maxCompetitors: 3, maxQueries: 3 })))
    expect(err.kind).toBe('transient')
    expect(err.message).toMatch(/^The model returned malformed JSON/)
    expect(err.userMessage).toMatch(/returned malformed JSON; retrying\.$/)
  })

  it('rate faults are deterministic for a seed', async () => {
    const run = async () => {
      await simControl(sim.url, '/__sim/reset')
      await simControl(sim.url, '/__sim/config', { seed: 'fixed', providers: { deepseek: { faults: [{ type: '500', rate: 0.5 }] } } })
      const gw = createGateway(simulatorConfigs(sim.url))
      const outcomes: string[] = []
      for (let i = 0; i < 12; i++) outcomes.push(await gw.ask('deepseek', { prompt: `q${i}` }).then(() => 'ok', (e: GatewayError) => e.kind))
      return outcomes
    }
    const first = await run()
    expect(first).toContain('ok')
    expect(first).toContain('transient')
    expect(await run()).toEqual(first)
  })

  it('a provider without a key is not configured outside demo mode', async () => {
    const configs = loadProviderConfigs({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${sim.url}/openai/v1` })
    expect(configs.openai).toMatchObject({ configured: true, simulated: false })
    expect(configs.anthropic).toMatchObject({ configured: false, simulated: false })
    const gw = createGateway(configs)
    await expect(gw.ask('openai', { prompt: PROMPT })).resolves.toMatchObject({ provider: 'openai' })
    const err = await expectGatewayError(gw.ask('anthropic', { prompt: PROMPT }))
    expect(err.kind).toBe('configuration')
    expect(err.userMessage).toBe('Claude Sonnet 4 is not configured: set ANTHROPIC_API_KEY.')
  })

  it('a caller abort is reported as a cancelled call', async () => {
    await fault('openai', { type: 'timeout' })
    const gw = createGateway(simulatorConfigs(sim.url))
    const controller = new AbortController()
    const p = gw.ask('openai', { prompt: PROMPT, signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    const err = await expectGatewayError(p)
    expect(err.userMessage).toBe('The request to ChatGPT 5 was cancelled.')
  })
})

describe('concurrency', () => {
  it.each([
    [2, 2],
    [5, 5],
  ])('concurrency %i keeps at most %i calls in flight at the simulator', async (concurrency, expected) => {
    await simControl(sim.url, '/__sim/config', { providers: { anthropic: { latencyMs: 60 } } })
    const gw = createGateway(simulatorConfigs(sim.url, { anthropic: { concurrency } }))
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => gw.ask('anthropic', { prompt: `${PROMPT} ${i}` })))
    expect(answers).toHaveLength(12)
    const stats = await simStats(sim.url)
    expect(stats.providers.anthropic.requests).toBe(12)
    expect(stats.providers.anthropic.maxInFlight).toBe(expected)
  })
})

describe('vendor replies beyond the happy path', () => {
  const fault = (provider: ProviderKey, f: Record<string, unknown>) => simControl(sim.url, '/__sim/config', { providers: { [provider]: { faults: [f] } } })

  it('anthropic pause_turn: the paused content is sent back and the whole answer is stored, with its citations', async () => {
    await fault('anthropic', { type: 'pause-turn', times: 1 })
    const a = await createGateway(simulatorConfigs(sim.url)).ask('anthropic', { prompt: PROMPT })
    expect(a.complete).toBe(true)
    // the preamble of the paused turn, then the answer of the continued one
    expect(a.text.startsWith("I'll search for current reviews and rankings to answer this. ")).toBe(true)
    expect(a.text.length).toBeGreaterThan(300)
    expect(a.citations.length).toBeGreaterThan(0)
    const stats = await simStats(sim.url)
    expect(stats.providers.anthropic.requests).toBe(2)
    expect(stats.providers.anthropic.outcomes).toEqual({ 'pause-turn': 1, ok: 1 })
    const raw = rawOf(a)
    expect(raw.stop_reason).toBe('end_turn')
    // both requests are billed: the usage is their sum
    const searches = raw.content.filter((b: any) => b.type === 'server_tool_use').length
    expect(raw.usage.server_tool_use.web_search_requests).toBe(searches)
    expect(a.usage.inputTokens).toBe(raw.usage.input_tokens)
  })

  it('anthropic pause_turn on every request: continued up to the bound, then stored as incomplete', async () => {
    await fault('anthropic', { type: 'pause-turn' })
    const a = await createGateway(simulatorConfigs(sim.url)).ask('anthropic', { prompt: PROMPT })
    expect(MAX_PAUSE_CONTINUATIONS).toBe(3)
    expect((await simStats(sim.url)).providers.anthropic.requests).toBe(4)
    expect(a.complete).toBe(false)
    expect(a.text).toBe("I'll search for current reviews and rankings to answer this. ".repeat(4))
    expect(rawOf(a).stop_reason).toBe('pause_turn')
  })

  it('a continuation without the result of its search is refused by the simulator, as by the real API', async () => {
    const res = await fetch(`${sim.url}/anthropic/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-sonnet-4-20250514', max_tokens: 100, messages: [{ role: 'user', content: PROMPT }, { role: 'assistant', content: [{ type: 'server_tool_use', id: 'srvtoolu_x', name: 'web_search', input: { query: 'q' } }] }] }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).error.message).toMatch(/without a corresponding `web_search_tool_result` block/)
  })

  it('gemini MODEL_ARMOR with a finishMessage and no content is a permanent refusal that shows both', async () => {
    await fault('gemini', { type: 'blocked' })
    const err = await expectGatewayError(createGateway(simulatorConfigs(sim.url)).ask('gemini', { prompt: PROMPT }))
    expect(err.kind).toBe('permanent')
    expect(err.retryable).toBe(false)
    expect(err.userMessage).toBe(
      'Gemini 2.0 Flash refused to answer this prompt (finishReason MODEL_ARMOR: Blocked by Model Armor Floor Setting: The prompt violated Responsible AI Safety settings (Dangerous), Malicious URL Detection, Prompt Injection and Jailbreak filters.).',
    )
  })

  it('gemini: any other unlisted finishReason without content is a refusal too; with content it is an answer', async () => {
    await fault('gemini', { type: 'blocked', finishReason: 'SOMETHING_NEW', finishMessage: 'Not today.', times: 1 })
    const gw = createGateway(simulatorConfigs(sim.url))
    const err = await expectGatewayError(gw.ask('gemini', { prompt: PROMPT }))
    expect(err.kind).toBe('permanent')
    expect(err.userMessage).toBe('Gemini 2.0 Flash refused to answer this prompt (finishReason SOMETHING_NEW: Not today.).')
    await expect(gw.ask('gemini', { prompt: PROMPT })).resolves.toMatchObject({ provider: 'gemini', complete: true })
  })

  it.each(['perplexity', 'deepseek'] as ProviderKey[])('%s: reasoning tokens beside completion_tokens are output, kept as their own figure and billed', async (provider) => {
    await fault(provider, { type: 'reasoning-usage', reasoningTokens: 228 })
    const a = await createGateway(simulatorConfigs(sim.url)).ask(provider, { prompt: PROMPT })
    const u = rawOf(a).usage
    expect(u.total_tokens).toBe(u.prompt_tokens + u.completion_tokens + 228)
    expect(a.usage).toEqual({ inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens + 228, reasoningTokens: 228, totalTokens: u.total_tokens })
    if (provider === 'perplexity') expect(a.costUsd).toBe(u.cost.total_cost)
    // DeepSeek: 0.28 $ per million input tokens, 0.42 $ per million output tokens, reasoning included
    else expect(a.costUsd).toBe(Math.round(((u.prompt_tokens * 0.28 + (u.completion_tokens + 228) * 0.42) / 1e6) * 1e6) / 1e6)
  })

  it('xai: reasoning beside output_tokens in a Responses body; and inside it, as recorded, without the fault', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const inside = await gw.ask('xai', { prompt: PROMPT })
    const ui = rawOf(inside).usage
    expect(inside.usage).toEqual({ inputTokens: ui.input_tokens, outputTokens: ui.output_tokens, reasoningTokens: ui.output_tokens_details.reasoning_tokens, totalTokens: ui.total_tokens })

    await fault('xai', { type: 'reasoning-usage', reasoningTokens: 228 })
    const beside = await gw.ask('xai', { prompt: PROMPT })
    const u = rawOf(beside).usage
    expect(u.total_tokens).toBe(u.input_tokens + u.output_tokens + 228)
    expect(beside.usage).toEqual({ inputTokens: u.input_tokens, outputTokens: u.output_tokens + 228, reasoningTokens: 228, totalTokens: u.total_tokens })
    // grok-4: 3 $ / 15 $ per million input / output tokens, 0.01 $ per search
    const searches = rawOf(beside).output.filter((o: any) => o.type === 'web_search_call').length
    expect(beside.costUsd).toBe(Math.round(((u.input_tokens * 3 + (u.output_tokens + 228) * 15) / 1e6 + searches * 0.01) * 1e6) / 1e6)
  })
})
