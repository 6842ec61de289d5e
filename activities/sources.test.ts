/**
 * Each vendor's search-grounded response body (tests/fixtures/vendors: our own text in the vendor's
 * documented shape) parsed by the gateway and normalised to the Insight entity (one record per
 * answer, with its citations, sources and search metadata). Expected domains and positions read
 * off the fixtures by hand.
 */
import { vendorFixture } from '../tests/fixtures/vendors/load'
import { parseAnthropic, parseChatCompletion, parseGemini, parseResponses, type ParsedAnswer } from './gateway/normalise'
import { toInsight } from '../app/domain/sources/insights'

function insightOf(name: string, parse: (raw: unknown) => ParsedAnswer) {
  const raw = vendorFixture(name)
  const p = parse(raw)
  return toInsight(
    { provider: 'test', model: raw.model ?? raw.modelVersion, text: p.text, citations: p.citations, sources: p.sources, searchQueries: p.searchQueries, raw, usage: p.usage },
    { kind: 'enhanced', query: 'q', queryIndex: 0, modelId: 8, modelName: 'ChatGPT 5', timestamp: '2026-01-01T00:00:00.000Z' },
  )
}

const domains = (list: { domain: string; position: number }[]) => list.map((c) => `${c.domain}@${c.position}`)

describe('vendor responses normalised to insights', () => {
  it('OpenAI Responses web search: url_citation annotations and web_search_call actions', () => {
    const i = insightOf('openai-responses-web-search.json', parseResponses)
    // one annotation to www.thecanadianencyclopedia.ca (with ?utm_source=openai)
    expect(domains(i.citations)).toEqual(['thecanadianencyclopedia.ca@1'])
    expect(i.sources.map((s) => [s.domain, s.citationId])).toEqual([['thecanadianencyclopedia.ca', 1]])
    expect(i.webSearchQueries).toEqual(['deepest lake in Canada', 'Great Slave Lake maximum depth metres'])
    expect(i.searchMetadata.webSearchCalls[0].query).toBe('deepest lake in Canada')
    expect(i.searchMetadata.searchEnabled).toBe(true)
  })

  it('xAI Responses web search: citations without offsets, the same site cited twice keeps two URLs', () => {
    const i = insightOf('xai-responses-web-search.json', parseResponses)
    // www.britannica.com, huggingface.co/huggingface, en.wikipedia.org, huggingface.co/, techcrunch.com
    expect(domains(i.citations)).toEqual(['britannica.com@1', 'huggingface.co@2', 'wikipedia.org@3', 'huggingface.co@4', 'techcrunch.com@5'])
    expect(i.webSearchQueries).toEqual(['what is Hugging Face'])
  })

  it("Claude's web search tool: cited_text citations and every web_search_result as a source", () => {
    const i = insightOf('anthropic-messages-web-search.json', parseAnthropic)
    // cited: digest.ab.nu (ab.nu is not a public suffix), aiweekly.co twice; 8 results in all
    expect([...new Set(domains(i.citations))]).toEqual(['ab.nu@1', 'aiweekly.co@2'])
    expect(i.citations.every((c) => (c.snippet ?? '').length > 0)).toBe(true)
    expect(i.sources.map((s) => s.domain)).toEqual(['ab.nu', 'aiweekly.co', 'theverge.com', 'raspberrypi.com', 'oecd.org', 'heise.de', 'arstechnica.com', 'zdnet.com'])
    expect(i.sources.slice(2).every((s) => s.citationId === undefined)).toBe(true)
    expect(i.searchMetadata.webSearchCalls.map((c) => c.query)).toEqual(['technology news March 14 2025', '"14 March 2025" technology announcement'])
  })

  it('Gemini Google Search grounding: redirect URIs take their domain from the chunk title; fan-out queries kept', () => {
    const i = insightOf('gemini-generate-content-google-search.json', parseGemini)
    // chunk 0 is a google.com search URL; chunks 1 and 2 are vertexaisearch redirects titled weather.gc.ca and theweathernetwork.com
    expect([...new Set(domains(i.citations))]).toEqual(['google.com@1', 'weather.gc.ca@2', 'theweathernetwork.com@3'])
    expect(i.webSearchQueries).toEqual(['Montréal weather today'])
    expect(Object.keys(i.groundingMetadata as object).sort()).toEqual(['groundingChunks', 'groundingSupports', 'searchEntryPoint', 'webSearchQueries'])
  })

  it('Perplexity Sonar: citations[] by [n] markers and search_results with snippets', () => {
    const i = insightOf('perplexity-chat-completions-sonar.json', parseChatCompletion)
    // positions by first marker in the text: [1] bcb, [4] valor.globo, [5] investing, [3] xpi, [2] infomoney;
    // bcb.gov.br stays whole (gov.br is a public suffix), valor.globo.com becomes globo.com
    expect([...new Set(domains(i.citations))]).toEqual(['bcb.gov.br@1', 'globo.com@2', 'investing.com@3', 'xpi.com.br@4', 'infomoney.com.br@5'])
    expect(i.searchResults).toHaveLength(5)
    // sources in the vendor's citations[] order, each with its position above
    expect(i.sources.map((s) => [s.domain, s.citationId])).toEqual([['bcb.gov.br', 1], ['infomoney.com.br', 5], ['xpi.com.br', 4], ['globo.com', 2], ['investing.com', 3]])
  })
})
