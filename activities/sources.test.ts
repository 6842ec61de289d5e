/**
 * Each vendor's REAL search-grounded response body (../shared/vendor-responses) parsed by the gateway and
 * normalised to the §3 Insight entity. Expected domains and positions read off the fixtures by hand.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAnthropic, parseChatCompletion, parseGemini, parseResponses, type ParsedAnswer } from './gateway/normalise'
import { toInsight } from '../app/domain/sources/insights'

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/vendor-responses')
const haveFixtures = existsSync(FIXTURES)

function insightOf(name: string, parse: (raw: unknown) => ParsedAnswer) {
  const raw = JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'))
  const p = parse(raw)
  return toInsight(
    { provider: 'test', model: raw.model ?? raw.modelVersion, text: p.text, citations: p.citations, sources: p.sources, searchQueries: p.searchQueries, raw, usage: p.usage },
    { kind: 'enhanced', query: 'q', queryIndex: 0, modelId: 8, modelName: 'ChatGPT 5', timestamp: '2026-01-01T00:00:00.000Z' },
  )
}

const domains = (list: { domain: string; position: number }[]) => list.map((c) => `${c.domain}@${c.position}`)

describe.skipIf(!haveFixtures)('vendor responses normalised to insights', () => {
  it('OpenAI Responses web search: url_citation annotations and web_search_call actions', () => {
    const i = insightOf('openai-responses-web-search.json', parseResponses)
    // one annotation to www.britannica.com (with ?utm_source=openai)
    expect(domains(i.citations)).toEqual(['britannica.com@1'])
    expect(i.sources.map((s) => [s.domain, s.citationId])).toEqual([['britannica.com', 1]])
    expect(i.webSearchQueries).toEqual(['tallest mountain in Alberta', 'Mount Columbia tallest mountain in Alberta elevation'])
    expect(i.searchMetadata.webSearchCalls[0].query).toBe('tallest mountain in Alberta')
    expect(i.searchMetadata.searchEnabled).toBe(true)
  })

  it('xAI Responses web search: citations without offsets, the same site cited twice keeps two URLs', () => {
    const i = insightOf('xai-responses-web-search.json', parseResponses)
    // ibm.com, x.ai/company, en.wikipedia.org, x.ai/, www.owkin.com
    expect(domains(i.citations)).toEqual(['ibm.com@1', 'x.ai@2', 'wikipedia.org@3', 'x.ai@4', 'owkin.com@5'])
    expect(i.webSearchQueries).toEqual(['what is xAI'])
  })

  it("Claude's web search tool: cited_text citations and every web_search_result as a source", () => {
    const i = insightOf('anthropic-messages-web-search.json', parseAnthropic)
    // cited: acecomments.mu.nu (mu.nu is not a public suffix), www.crescendo.ai; 10 results in all
    expect([...new Set(domains(i.citations))]).toEqual(['mu.nu@1', 'crescendo.ai@2'])
    expect(i.citations.every((c) => (c.snippet ?? '').length > 0)).toBe(true)
    expect(i.sources.map((s) => s.domain)).toEqual(['mu.nu', 'crescendo.ai', 'apple.com', 'weforum.org', 'scitechdaily.com', 'cnbc.com', 'sciencedaily.com', 'technologyreview.com', 'techstartups.com', 'techedt.com'])
    expect(i.sources.slice(2).every((s) => s.citationId === undefined)).toBe(true)
    expect(i.searchMetadata.webSearchCalls.map((c) => c.query)).toEqual(['tech news today September 26 2024', '"September 26 2024" tech news breaking'])
  })

  it('Gemini Google Search grounding: redirect URIs take their domain from the chunk title; fan-out queries kept', () => {
    const i = insightOf('gemini-generate-content-google-search.json', parseGemini)
    // chunk 0 is a google.com search URL; chunks 1 and 2 are vertexaisearch redirects titled weather.gov and wunderground.com
    expect([...new Set(domains(i.citations))]).toEqual(['google.com@1', 'weather.gov@2', 'wunderground.com@3'])
    expect(i.webSearchQueries).toEqual(['weather in San Francisco today'])
    expect(Object.keys(i.groundingMetadata as object).sort()).toEqual(['groundingChunks', 'groundingSupports', 'searchEntryPoint', 'webSearchQueries'])
  })

  it('Perplexity Sonar: citations[] by [n] markers and search_results with snippets', () => {
    const i = insightOf('perplexity-chat-completions-sonar.json', parseChatCompletion)
    expect([...new Set(domains(i.citations))]).toEqual(['tradingeconomics.com@1', 'finnovate.in@2', 'southindianbank.com@3', 'cleartax.in@4', 'ujjivansfb.in@5'])
    expect(i.searchResults).toHaveLength(5)
    expect(i.sources.map((s) => [s.domain, s.citationId])).toEqual([['tradingeconomics.com', 1], ['ujjivansfb.in', 5], ['finnovate.in', 2], ['southindianbank.com', 3], ['cleartax.in', 4]])
  })
})
