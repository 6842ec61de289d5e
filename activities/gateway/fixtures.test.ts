/**
 * The gateway parses vendor response bodies (tests/fixtures/vendors: our own text in each vendor's
 * documented shape): each fixture is served by a throwaway HTTP server standing in for the vendor,
 * and read through the SDK. Expected values are read off the fixtures by hand.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { vendorFixture as fixture } from '../../tests/fixtures/vendors/load'
import { classifyError, createGateway, GatewayError, simulatorConfigs, type ProviderKey } from './index'
import { parseChatCompletion } from './normalise'
import { estimateCostUsd } from './pricing'

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

const LAKE_URL = 'https://www.thecanadianencyclopedia.ca/en/article/great-slave-lake?utm_source=openai'
const DIGEST_URL = 'https://digest.ab.nu/?entry=90211'
const AI_WEEKLY_URL = 'https://aiweekly.co/issues/latest'

describe('vendor bodies (tests/fixtures/vendors)', () => {
  it('openai-responses-web-search.json', async () => {
    const body = fixture('openai-responses-web-search.json')
    const { answer, requests } = await askFixture('openai', 'openai-responses-web-search.json')
    expect(requests).toEqual(['POST /openai/v1/responses'])
    expect(answer.text).toBe(body.output[1].content[0].text)
    // one url_citation over the trailing "([site](url))" link
    expect(answer.citations.map((c) => [c.url, c.title])).toEqual([[LAKE_URL, 'Great Slave Lake | The Canadian Encyclopedia']])
    expect(answer.text.slice(answer.citations[0].startIndex, answer.citations[0].endIndex)).toBe(`([thecanadianencyclopedia.ca](${LAKE_URL}))`)
    // the sentence before the link, markdown bold removed
    expect(answer.citations[0].snippet).toBe('The deepest lake in Canada is Great Slave Lake in the Northwest Territories, which reaches 614 m (2,015 ft) at its deepest point.')
    // action.query, then action.queries (whose first entry repeats it)
    expect(answer.searchQueries).toEqual(['deepest lake in Canada', 'Great Slave Lake maximum depth metres'])
    expect(answer.sources).toEqual([{ url: LAKE_URL, title: 'Great Slave Lake | The Canadian Encyclopedia', snippet: answer.citations[0].snippet }])
    // 7412 + 121 = 7533; the 58 reasoning tokens are inside the 121
    expect(answer.usage).toEqual({ inputTokens: 7412, outputTokens: 121, reasoningTokens: 58, totalTokens: 7533 })
  })

  it('openai-responses-web-search-reasoning.json (reasoning items ignored)', async () => {
    const { answer } = await askFixture('openai', 'openai-responses-web-search-reasoning.json')
    expect(answer.text.startsWith('Three science and environment stories from Friday, October 3, 2025')).toBe(true)
    expect(answer.text).not.toContain('gAAAAB')
    expect(answer.citations.map((c) => c.url)).toEqual([
      'https://www.lemonde.fr/sciences/article/2025/10/03/esa-astronautes_6640012_1650684.html?utm_source=openai',
      'https://www.dw.com/en/rhine-water-levels-fall-again/a-70412233?utm_source=openai',
      'https://www.dw.com/en/german-fusion-reactor-sets-new-record/a-70409917?utm_source=openai',
    ])
    for (const c of answer.citations) expect(answer.text.slice(c.startIndex, c.endIndex)).toMatch(/^\(\[(lemonde\.fr|dw\.com)\]\(https:\/\/.+\)\)$/)
    // six web_search_call items, each between two reasoning items
    expect(answer.searchQueries).toEqual([
      'top science news October 3 2025',
      'ESA names new astronaut class October 2025',
      'Kaub gauge water level today',
      'Rhine low water level shipping October 2025',
      'fusion record Wendelstein 7-X October 2025',
      'Wendelstein 7-X record plasma duration',
    ])
    // 96 200 + 2 231 = 98 431
    expect(answer.usage).toEqual({ inputTokens: 96200, outputTokens: 2231, reasoningTokens: 1856, totalTokens: 98431 })
  })

  it('anthropic-messages-web-search.json', async () => {
    const body = fixture('anthropic-messages-web-search.json')
    const { answer, requests } = await askFixture('anthropic', 'anthropic-messages-web-search.json')
    expect(requests).toEqual(['POST /anthropic/v1/messages'])
    expect(answer.text).toBe(body.content.filter((b: any) => b.type === 'text').map((b: any) => b.text).join(''))
    // three cited text blocks: the digest once, AI Weekly twice; cited_text keeps the API's HTML entity and "..." cap
    expect(answer.citations.map((c) => [c.url, answer.text.slice(c.startIndex, c.endIndex)])).toEqual([
      [DIGEST_URL, 'A compact single-board computer with twice the memory of its predecessor went on sale'],
      [AI_WEEKLY_URL, 'An open-weights model topped a public coding benchmark for the first time'],
      [AI_WEEKLY_URL, 'A European lab released a speech model trained on 40 languages'],
    ])
    expect(answer.citations[0].title).toBe('Morning Tech Digest 14 March 2025')
    expect(answer.citations[0].snippet).toBe('Morning Tech Digest 14 March 2025 · A compact single-board computer with twice the memory of its predecessor went on sale, and it&#x27;s the ...')
    expect(answer.searchQueries).toEqual(['technology news March 14 2025', '"14 March 2025" technology announcement'])
    // cited URLs first, then the other six results of the first search (the second search found none)
    expect(answer.sources.map((s) => s.url)).toEqual([
      DIGEST_URL,
      AI_WEEKLY_URL,
      'https://www.theverge.com/2025/3/14/tech-roundup',
      'https://www.raspberrypi.com/news/',
      'https://www.oecd.org/digital/',
      'https://www.heise.de/newsticker/',
      'https://arstechnica.com/gadgets/',
      'https://www.zdnet.com/topic/innovation/',
    ])
    // 24 310 input (no cache reads or writes) + 512 output
    expect(answer.usage).toEqual({ inputTokens: 24310, outputTokens: 512, reasoningTokens: 0, totalTokens: 24822 })
  })

  it('anthropic-messages-web-search-thinking.json (thinking block ignored)', async () => {
    const { answer } = await askFixture('anthropic', 'anthropic-messages-web-search-thinking.json')
    expect(answer.text.startsWith('Here is the weather in Oslo today:')).toBe(true)
    expect(answer.text).not.toContain('The user asks about the weather')
    expect(answer.citations.map((c) => answer.text.slice(c.startIndex, c.endIndex))).toEqual([
      'Temperature: 4°C with light snow showers',
      'Wind: north-west at 6 m/s, gusting to 11 m/s',
      'High: 6°C as the clouds break in the afternoon',
      'Air quality is moderate near main roads',
    ])
    expect(answer.searchQueries).toEqual(['Oslo weather today'])
  })

  it('gemini-generate-content-google-search.json (UTF-8 byte offsets to string indices)', async () => {
    const body = fixture('gemini-generate-content-google-search.json')
    const { answer, requests } = await askFixture('gemini', 'gemini-generate-content-google-search.json')
    expect(requests).toEqual(['POST /gemini/v1beta/models/gemini-2.0-flash:generateContent'])
    expect(answer.text).toBe(body.candidates[0].content.parts[0].text)
    const [google, gc, twn] = body.candidates[0].groundingMetadata.groundingChunks.map((c: any) => c.web.uri)
    // supports point at chunks 0, 1, 2, 1, 0
    expect(answer.citations.map((c) => c.url)).toEqual([google, gc, twn, gc, google])
    expect(answer.citations.map((c) => c.snippet)).toEqual([
      '**Montréal, QC** - People in Montréal are waking up to an overcast Thursday, with a light drizzle and temperatures near 8°C.',
      'Rain is likely to return by the evening.',
      'The latest forecasts expect the afternoon to stay grey, with a high of 11°C and winds from the south-west at 20 to 30 km/h.',
      'Overnight, the drizzle should ease and the temperature fall to about 4°C.',
      'Frost is not expected.',
    ])
    for (const c of answer.citations) expect(answer.text.slice(c.startIndex, c.endIndex)).toBe(c.snippet)
    // "## Montréal Weather: Cool, Grey and Breezy\n\n" is 44 characters but 45 bytes (é is two bytes)
    expect(body.candidates[0].groundingMetadata.groundingSupports[0].segment.startIndex).toBe(45)
    expect(answer.citations[0].startIndex).toBe(44)
    expect(answer.searchQueries).toEqual(['Montréal weather today'])
    expect(answer.sources.map((s) => s.url)).toEqual([google, gc, twn])
    // input 21 prompt + 142 tool-use prompt = 163; output 187 candidates + 256 thoughts = 443; 163 + 443 = 606
    expect(answer.usage).toEqual({ inputTokens: 163, outputTokens: 443, reasoningTokens: 256, totalTokens: 606 })
  })

  it('gemini-generate-content-google-search-docs.json (startIndex 0 omitted)', async () => {
    const body = fixture('gemini-generate-content-google-search-docs.json')
    const { answer } = await askFixture('gemini', 'gemini-generate-content-google-search-docs.json')
    expect(body.candidates[0].groundingMetadata.groundingSupports[0].segment.startIndex).toBeUndefined()
    // the first support names chunks 0, 1 and 2: three citations over the first sentence
    expect(answer.citations.slice(0, 3).map((c) => [c.startIndex, c.title])).toEqual([[0, 'letour.fr'], [0, 'wikipedia.org'], [0, 'cyclingnews.com']])
    expect(answer.text.slice(0, answer.citations[0].endIndex)).toBe('Tadej Pogačar won the 2024 Tour de France, his third overall victory in the race.')
    // 3 + 2 + 2 chunk indices
    expect(answer.citations).toHaveLength(7)
  })

  it('perplexity-chat-completions-sonar.json', async () => {
    const { answer, requests } = await askFixture('perplexity', 'perplexity-chat-completions-sonar.json')
    expect(requests).toEqual(['POST /perplexity/chat/completions'])
    expect(answer.text.startsWith("Brazil's benchmark interest rate, the **Selic**")).toBe(true)
    const [bcb, infomoney, xpi, valor, investing] = [
      'https://www.bcb.gov.br/controleinflacao/taxaselic',
      'https://www.infomoney.com.br/guias/taxa-selic/',
      'https://www.xpi.com.br/conteudos/copom-mantem-selic/',
      'https://valor.globo.com/financas/noticia/2025/09/17/copom-selic.ghtml',
      'https://www.investing.com/economic-calendar/brazilian-interest-rate-decision-415',
    ]
    // markers in text order: [1][4][5], [3][1], [2][3], [4], [1] = 9, each the citations[n - 1] URL
    expect(answer.citations.map((c) => [c.url, answer.text.slice(c.startIndex, c.endIndex)])).toEqual([
      [bcb, '[1]'], [valor, '[4]'], [investing, '[5]'], [xpi, '[3]'], [bcb, '[1]'], [infomoney, '[2]'], [xpi, '[3]'], [valor, '[4]'], [bcb, '[1]'],
    ])
    expect(answer.citations[1].title).toBe('Copom mantém Selic e sinaliza juros altos por mais tempo')
    expect(answer.sources.map((s) => s.url)).toEqual([bcb, infomoney, xpi, valor, investing])
    // usage.cost.total_cost
    expect(answer.costUsd).toBe(0.006)
  })

  it('perplexity-chat-completions-sonar-citations-only.json (no search_results)', async () => {
    const { answer } = await askFixture('perplexity', 'perplexity-chat-completions-sonar-citations-only.json')
    const [ssb, wiki, citypop, kommune] = [
      'https://www.ssb.no/en/befolkning/folketall/statistikk/befolkning',
      'https://en.wikipedia.org/wiki/Bergen',
      'https://www.citypopulation.de/en/norway/cities/',
      'https://www.bergen.kommune.no/omkommunen/fakta-om-bergen',
    ]
    // markers [1][2], [4], [1]; [3] is never marked, so its URL comes last without a position
    expect(answer.citations.map((c) => [c.url, c.startIndex === undefined])).toEqual([[ssb, false], [wiki, false], [kommune, false], [ssb, false], [citypop, true]])
    expect(answer.sources.map((s) => s.url)).toEqual([ssb, wiki, citypop, kommune])
  })

  it('xai-responses-web-search.json', async () => {
    const { answer, requests } = await askFixture('xai', 'xai-responses-web-search.json')
    expect(requests).toEqual(['POST /xai/v1/responses'])
    expect(answer.text.startsWith('Hugging Face is a French-American company')).toBe(true)
    // url_citation with neither offsets nor title, and the text never spells the URLs: URL only
    const urls = [
      'https://www.britannica.com/topic/Hugging-Face',
      'https://huggingface.co/huggingface',
      'https://en.wikipedia.org/wiki/Hugging_Face',
      'https://huggingface.co/',
      'https://techcrunch.com/2023/08/24/hugging-face-raises-235m/',
    ]
    expect(answer.citations).toEqual(urls.map((url) => ({ url })))
    expect(answer.sources.map((s) => s.url)).toEqual(urls)
    // the query from the call's JSON-string arguments
    expect(answer.searchQueries).toEqual(['what is Hugging Face'])
    // 2107 + 611 = 2718: reasoning inside the output here
    expect(answer.usage).toEqual({ inputTokens: 2107, outputTokens: 611, reasoningTokens: 402, totalTokens: 2718 })
  })

  it('deepseek-chat-completions.json', async () => {
    const { answer, requests } = await askFixture('deepseek', 'deepseek-chat-completions.json')
    expect(requests).toEqual(['POST /deepseek/chat/completions'])
    expect(answer.text.startsWith('## **A Festival for Lost Umbrellas**')).toBe(true)
    expect(answer.citations).toEqual([])
    expect(answer.sources).toEqual([])
    expect(answer.searchQueries).toEqual([])
    expect(answer.usage).toEqual({ inputTokens: 15, outputTokens: 250, reasoningTokens: 0, totalTokens: 265 })
  })

  it('deepseek-chat-completions-reasoner.json (reasoning_content is not the answer; reasoning inside completion_tokens)', async () => {
    const { answer } = await askFixture('deepseek', 'deepseek-chat-completions-reasoner.json')
    expect(answer.text).toBe('The word "banana" contains **three** letters "a": b-**a**-n-**a**-n-**a**.')
    // 21 + 402 = 423: the 371 reasoning tokens are part of the 402
    expect(answer.usage).toEqual({ inputTokens: 21, outputTokens: 402, reasoningTokens: 371, totalTokens: 423 })
    // (21 × 0.28 + 402 × 0.42) / 1e6 = (5.88 + 168.84) / 1e6 = 0.00017472, to 6 places
    expect(answer.costUsd).toBe(0.000175)
  })

  it('xai-chat-completions.json: reasoning beside completion_tokens is output, and the vendor cost includes it', () => {
    // prompt 14 + completion 1 + reasoning 287 = total 302; 1 478 300 ticks of 1e-10 USD
    const parsed = parseChatCompletion(fixture('xai-chat-completions.json'))
    expect(parsed.text).toBe('Hello')
    expect(parsed.usage).toEqual({ inputTokens: 14, outputTokens: 288, reasoningTokens: 287, totalTokens: 302 })
    expect(parsed.vendorCostUsd).toBe(0.00014783)
    // the same usage without the vendor's cost, at 3 $ / 15 $ per million input / output tokens: (42 + 4320) / 1e6
    expect(estimateCostUsd('xai', 'grok-3-mini', parsed.usage, 0)).toBe(0.004362)
  })

  it('gemini 429 with RetryInfo "41s" is rate_limited, retry in 41 s', async () => {
    const err = await errorFromFixture('gemini', 'gemini-error-429-resource-exhausted.json', 429)
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 41_000 })
    expect(err.userMessage).toBe('Gemini 2.0 Flash is rate limited; retrying in 41 s.')
  })

  it('gemini 429 without details is rate_limited with no delay', async () => {
    const err = await errorFromFixture('gemini', 'gemini-error-429-resource-exhausted-simple.json', 429)
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: undefined })
    expect(err.userMessage).toBe('Gemini 2.0 Flash is rate limited; retrying shortly.')
  })

  it('openai 429 body "Please try again in 8.317s"', async () => {
    const err = await errorFromFixture('openai', 'openai-error-429-rate-limit.json', 429)
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 8_317 })
    // whole seconds rounded up: 8.317 -> 9
    expect(err.userMessage).toBe('ChatGPT 5 is rate limited; retrying in 9 s.')
  })

  it('openai 429 with the documented x-ratelimit headers', async () => {
    const headers = { ...fixture('headers/openai-rate-limit-headers-docs.json'), 'x-ratelimit-remaining-tokens': '0' }
    const server = await serve(429, { error: { message: 'Rate limit reached', type: 'tokens', param: null, code: 'rate_limit_exceeded' } }, headers)
    try {
      const err = await createGateway(simulatorConfigs(server.url)).ask('openai', { prompt: 'x' }).catch((e) => e)
      expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 150_000 }) // x-ratelimit-reset-tokens "2m30s"
    } finally {
      await server.close()
    }
  })

  it('anthropic 429 with retry-after header, and 529 overloaded', async () => {
    const e429 = await errorFromFixture('anthropic', 'anthropic-error-429-rate-limit.json', 429, { 'retry-after': '7' })
    expect(e429).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7_000 })
    expect(e429.userMessage).toBe('Claude Sonnet 4 is rate limited; retrying in 7 s.')
    const e429org = await errorFromFixture('anthropic', 'anthropic-error-429-rate-limit-org.json', 429)
    expect(e429org.kind).toBe('rate_limited')
    expect(e429org.message).toContain('16,000 output tokens per minute')
    const e529 = await errorFromFixture('anthropic', 'anthropic-error-529-overloaded.json', 529)
    expect(e529).toMatchObject({ kind: 'transient', status: 529, userMessage: 'Claude Sonnet 4 is overloaded (529); retrying.' })
  })
})
