/**
 * The gateway parses REAL vendor response bodies (../shared/vendor-responses): each fixture is
 * served by a throwaway HTTP server standing in for the vendor, and read through the SDK.
 */
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { classifyError, createGateway, GatewayError, simulatorConfigs, type ProviderKey } from './index'
import { parseChatCompletion } from './normalise'
import { estimateCostUsd } from './pricing'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const FIXTURES = path.resolve(repoRoot, '../shared/vendor-responses')
const haveFixtures = existsSync(FIXTURES)

function fixture(name: string): any {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'))
}

/** A stand-in vendor that answers every request with one body. */
async function serve(status: number, body: unknown, headers: Record<string, string> = {}): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`)
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, requests, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()) }) }
}

/** Gateway whose providers all point at the stand-in (same path layout as the simulator). */
async function askFixture(provider: ProviderKey, name: string, status = 200, headers: Record<string, string> = {}) {
  const server = await serve(status, fixture(name), headers)
  try {
    const gw = createGateway(simulatorConfigs(server.url))
    const answer = await gw.ask(provider, { prompt: 'fixture' })
    return { answer, requests: server.requests }
  } finally {
    await server.close()
  }
}

async function errorFromFixture(provider: ProviderKey, name: string, status: number, headers: Record<string, string> = {}): Promise<GatewayError> {
  const server = await serve(status, fixture(name), headers)
  try {
    await createGateway(simulatorConfigs(server.url)).ask(provider, { prompt: 'fixture' })
  } catch (e) {
    return classifyError(provider, e)
  } finally {
    await server.close()
  }
  throw new Error('expected an error')
}

describe.skipIf(!haveFixtures)(`real vendor bodies${haveFixtures ? '' : ` (skipped: ${FIXTURES} not found)`}`, () => {
  it('openai-responses-web-search.json', async () => {
    const body = fixture('openai-responses-web-search.json')
    const { answer, requests } = await askFixture('openai', 'openai-responses-web-search.json')
    expect(requests).toEqual(['POST /openai/v1/responses'])
    const part = body.output.find((o: any) => o.type === 'message').content[0]
    expect(answer.text).toBe(part.text)
    expect(answer.citations.map((c) => [c.url, c.title, c.startIndex, c.endIndex])).toEqual(part.annotations.map((a: any) => [a.url, a.title, a.start_index, a.end_index]))
    expect(answer.text.slice(answer.citations[0].startIndex, answer.citations[0].endIndex)).toBe('([britannica.com](https://www.britannica.com/place/Mount-Columbia?utm_source=openai))')
    expect(answer.citations[0].snippet).toBe("The tallest mountain in Alberta is Mount Columbia, which rises to 3,747 m (12,294 ft) and is Alberta's highest point.")
    expect(answer.searchQueries).toEqual(['tallest mountain in Alberta', 'Mount Columbia tallest mountain in Alberta elevation'])
    expect(answer.sources).toEqual([{ url: part.annotations[0].url, title: part.annotations[0].title, snippet: answer.citations[0].snippet }])
    expect(answer.usage).toEqual({ inputTokens: 8530, outputTokens: 98, reasoningTokens: 49, totalTokens: 8628 })
  })

  it('openai-responses-web-search-reasoning.json (reasoning items ignored)', async () => {
    const body = fixture('openai-responses-web-search-reasoning.json')
    const { answer } = await askFixture('openai', 'openai-responses-web-search-reasoning.json')
    const part = body.output.find((o: any) => o.type === 'message').content[0]
    expect(answer.text).toBe(part.text)
    expect(answer.citations.map((c) => c.url)).toEqual(part.annotations.map((a: any) => a.url))
    for (const [i, c] of answer.citations.entries()) {
      expect(c.startIndex).toBe(part.annotations[i].start_index)
      expect(answer.text.slice(c.startIndex, c.endIndex)).toMatch(/^\(\[(reuters|apnews)\.com\]\(https:\/\/.+\)\)$/)
    }
    expect(answer.searchQueries).toEqual(body.output.filter((o: any) => o.type === 'web_search_call').map((o: any) => o.action.query))
    expect(answer.searchQueries).toHaveLength(6)
    expect(answer.usage.totalTokens).toBe(117606)
  })

  it('anthropic-messages-web-search.json', async () => {
    const body = fixture('anthropic-messages-web-search.json')
    const { answer, requests } = await askFixture('anthropic', 'anthropic-messages-web-search.json')
    expect(requests).toEqual(['POST /anthropic/v1/messages'])
    const texts = body.content.filter((b: any) => b.type === 'text')
    expect(answer.text).toBe(texts.map((b: any) => b.text).join(''))
    const cited = texts.filter((b: any) => b.citations)
    expect(answer.citations.map((c) => [c.url, c.title, c.snippet])).toEqual(cited.flatMap((b: any) => b.citations.map((c: any) => [c.url, c.title, c.cited_text])))
    answer.citations.forEach((c, i) => expect(answer.text.slice(c.startIndex, c.endIndex)).toBe(cited[i].text))
    expect(answer.searchQueries).toEqual(['tech news today September 26 2024', '"September 26 2024" tech news breaking'])
    const results = body.content.filter((b: any) => b.type === 'web_search_tool_result').flatMap((b: any) => b.content.map((r: any) => r.url))
    expect(answer.sources.map((s) => s.url).sort()).toEqual([...new Set([...answer.citations.map((c) => c.url), ...results])].sort())
    expect(answer.usage).toEqual({ inputTokens: 27118, outputTokens: 600, reasoningTokens: 0, totalTokens: 27718 })
  })

  it('anthropic-messages-web-search-thinking.json (thinking block ignored)', async () => {
    const body = fixture('anthropic-messages-web-search-thinking.json')
    const { answer } = await askFixture('anthropic', 'anthropic-messages-web-search-thinking.json')
    expect(answer.text).toBe(body.content.filter((b: any) => b.type === 'text').map((b: any) => b.text).join(''))
    expect(answer.text).not.toContain(body.content[0].thinking.slice(0, 40))
    expect(answer.searchQueries).toEqual(['San Francisco weather today'])
  })

  it('gemini-generate-content-google-search.json (UTF-8 byte offsets to string indices)', async () => {
    const body = fixture('gemini-generate-content-google-search.json')
    const { answer, requests } = await askFixture('gemini', 'gemini-generate-content-google-search.json')
    expect(requests).toEqual(['POST /gemini/v1beta/models/gemini-2.0-flash:generateContent'])
    const cand = body.candidates[0]
    const gm = cand.groundingMetadata
    expect(answer.text).toBe(cand.content.parts.map((p: any) => p.text).join(''))
    const expected = gm.groundingSupports.flatMap((s: any) => s.groundingChunkIndices.map((i: number) => ({ url: gm.groundingChunks[i].web.uri, title: gm.groundingChunks[i].web.title, text: s.segment.text, byteStart: s.segment.startIndex ?? 0 })))
    expect(answer.citations.map((c) => c.url)).toEqual(expected.map((e: any) => e.url))
    answer.citations.forEach((c, i) => {
      expect(answer.text.slice(c.startIndex, c.endIndex)).toBe(expected[i].text)
      expect(c.snippet).toBe(expected[i].text)
    })
    // "69°F" puts a 2-byte character before later segments: byte and string offsets differ there.
    expect(answer.citations.some((c, i) => c.startIndex !== expected[i].byteStart)).toBe(true)
    expect(answer.searchQueries).toEqual(['weather in San Francisco today'])
    expect(answer.sources.map((s) => s.url)).toEqual(gm.groundingChunks.map((c: any) => c.web.uri))
    expect(answer.usage).toEqual({ inputTokens: 17 + 119, outputTokens: 201 + 213, reasoningTokens: 213, totalTokens: 550 })
  })

  it('gemini-generate-content-google-search-docs.json (startIndex 0 omitted)', async () => {
    const body = fixture('gemini-generate-content-google-search-docs.json')
    const { answer } = await askFixture('gemini', 'gemini-generate-content-google-search-docs.json')
    const first = body.candidates[0].groundingMetadata.groundingSupports[0].segment
    expect(first.startIndex).toBeUndefined()
    expect(answer.citations[0].startIndex).toBe(0)
    expect(answer.text.slice(0, answer.citations[0].endIndex)).toBe(first.text)
  })

  it('perplexity-chat-completions-sonar.json', async () => {
    const body = fixture('perplexity-chat-completions-sonar.json')
    const { answer, requests } = await askFixture('perplexity', 'perplexity-chat-completions-sonar.json')
    expect(requests).toEqual(['POST /perplexity/chat/completions'])
    expect(answer.text).toBe(body.choices[0].message.content)
    expect([...new Set(answer.citations.map((c) => c.url))].sort()).toEqual([...body.citations].sort())
    for (const c of answer.citations.filter((x) => x.startIndex !== undefined)) {
      const n = Number(/^\[(\d+)\]$/.exec(answer.text.slice(c.startIndex, c.endIndex))![1])
      expect(c.url).toBe(body.citations[n - 1])
      expect(c.title).toBe(body.search_results.find((r: any) => r.url === c.url).title)
    }
    // "[1][3][4][5]" after the first sentence, and so on: 9 markers in the text.
    expect(answer.citations.filter((c) => c.startIndex !== undefined)).toHaveLength((body.choices[0].message.content.match(/\[\d\]/g) ?? []).length)
    expect(answer.sources.map((s) => s.url)).toEqual(body.search_results.map((r: any) => r.url))
    expect(answer.costUsd).toBe(0.005)
  })

  it('perplexity-chat-completions-sonar-citations-only.json (no search_results)', async () => {
    const body = fixture('perplexity-chat-completions-sonar-citations-only.json')
    const { answer } = await askFixture('perplexity', 'perplexity-chat-completions-sonar-citations-only.json')
    expect([...new Set(answer.citations.map((c) => c.url))].sort()).toEqual([...body.citations].sort())
    expect(answer.sources.map((s) => s.url).sort()).toEqual([...body.citations].sort())
  })

  it('xai-responses-web-search.json', async () => {
    const body = fixture('xai-responses-web-search.json')
    const { answer, requests } = await askFixture('xai', 'xai-responses-web-search.json')
    expect(requests).toEqual(['POST /xai/v1/responses'])
    const part = body.output.find((o: any) => o.type === 'message').content[0]
    expect(answer.text).toBe(part.text)
    expect(answer.citations).toEqual(part.annotations.map((a: any) => ({ url: a.url })))
    expect(answer.sources.map((s) => s.url)).toEqual(part.annotations.map((a: any) => a.url))
    expect(answer.searchQueries).toEqual(['what is xAI'])
    expect(answer.usage).toEqual({ inputTokens: 1941, outputTokens: 583, reasoningTokens: 380, totalTokens: 2524 })
  })

  it('deepseek-chat-completions.json', async () => {
    const body = fixture('deepseek-chat-completions.json')
    const { answer, requests } = await askFixture('deepseek', 'deepseek-chat-completions.json')
    expect(requests).toEqual(['POST /deepseek/chat/completions'])
    expect(answer.text).toBe(body.choices[0].message.content)
    expect(answer.citations).toEqual([])
    expect(answer.searchQueries).toEqual([])
    expect(answer.usage).toEqual({ inputTokens: 13, outputTokens: 300, reasoningTokens: 0, totalTokens: 313 })
  })

  it('deepseek-chat-completions-reasoner.json (reasoning_content is not the answer; reasoning inside completion_tokens)', async () => {
    const body = fixture('deepseek-chat-completions-reasoner.json')
    const { answer } = await askFixture('deepseek', 'deepseek-chat-completions-reasoner.json')
    expect(answer.text).toBe(body.choices[0].message.content)
    // 18 + 345 = 363: the 315 reasoning tokens are part of the 345
    expect(answer.usage).toEqual({ inputTokens: 18, outputTokens: 345, reasoningTokens: 315, totalTokens: 363 })
    expect(answer.costUsd).toBe(Math.round(((18 * 0.28 + 345 * 0.42) / 1e6) * 1e6) / 1e6)
  })

  it('xai-chat-completions.json: reasoning beside completion_tokens is output, and the vendor cost includes it', () => {
    // prompt 12 + completion 2 + reasoning 320 = total 334; 1 641 500 ticks of 1e-10 USD
    const parsed = parseChatCompletion(fixture('xai-chat-completions.json'))
    expect(parsed.text).toBe('Grok')
    expect(parsed.usage).toEqual({ inputTokens: 12, outputTokens: 322, reasoningTokens: 320, totalTokens: 334 })
    expect(parsed.vendorCostUsd).toBe(0.00016415)
    // the same usage without the vendor's cost: grok-3 at 3 $ / 15 $ per million input / output tokens
    expect(estimateCostUsd('xai', 'grok-3-mini', parsed.usage, 0)).toBe(Math.round(((12 * 3 + 322 * 15) / 1e6) * 1e6) / 1e6)
  })

  it('gemini 429 with RetryInfo "26s" is rate_limited, retry in 26 s', async () => {
    const err = await errorFromFixture('gemini', 'gemini-error-429-resource-exhausted.json', 429)
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 26_000 })
    expect(err.userMessage).toBe('Gemini 2.0 Flash is rate limited; retrying in 26 s.')
  })

  it('gemini 429 without details is rate_limited with no delay', async () => {
    const err = await errorFromFixture('gemini', 'gemini-error-429-resource-exhausted-simple.json', 429)
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: undefined })
    expect(err.userMessage).toBe('Gemini 2.0 Flash is rate limited; retrying shortly.')
  })

  it('openai 429 body "Please try again in 26.604s"', async () => {
    const err = await errorFromFixture('openai', 'openai-error-429-rate-limit.json', 429)
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 26_604 })
    expect(err.userMessage).toBe('ChatGPT 5 is rate limited; retrying in 27 s.')
  })

  it('openai 429 with the documented x-ratelimit headers', async () => {
    const headers = { ...fixture('headers/openai-rate-limit-headers-docs.json'), 'x-ratelimit-remaining-tokens': '0' }
    const server = await serve(429, { error: { message: 'Rate limit reached', type: 'tokens', param: null, code: 'rate_limit_exceeded' } }, headers)
    try {
      const err = await createGateway(simulatorConfigs(server.url)).ask('openai', { prompt: 'x' }).catch((e) => e)
      expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 360_000 }) // x-ratelimit-reset-tokens "6m0s"
    } finally {
      await server.close()
    }
  })

  it('anthropic 429 with retry-after header, and 529 overloaded', async () => {
    const e429 = await errorFromFixture('anthropic', 'anthropic-error-429-rate-limit.json', 429, { 'retry-after': '12' })
    expect(e429).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12_000 })
    expect(e429.userMessage).toBe('Claude Sonnet 4 is rate limited; retrying in 12 s.')
    const e429org = await errorFromFixture('anthropic', 'anthropic-error-429-rate-limit-org.json', 429)
    expect(e429org.kind).toBe('rate_limited')
    expect(e429org.message).toContain('40,000 input tokens per minute')
    const e529 = await errorFromFixture('anthropic', 'anthropic-error-529-overloaded.json', 529)
    expect(e529).toMatchObject({ kind: 'transient', status: 529, userMessage: 'Claude Sonnet 4 is overloaded (529); retrying.' })
  })
})
