/**
 * The Insight entity (one per query × model, basic or enhanced) and its normalisation from
 * an answer the gateway already parsed. Pure: used by the activities (to store insights) and
 * by the app (to read them).
 *
 * Decisions where the spec is silent:
 * - Basic insights are built from the analysis answers (stored api_responses); enhanced insights
 *   come from one search-grounded call per query to each model with web search (DeepSeek has
 *   none). Both have the same shape and are stored once per (analysis, kind, model, query).
 * - Citations and sources whose URL is not a valid http(s) address of a known public domain are
 *   dropped. Gemini returns vertexaisearch redirect URIs whose title is the site's domain:
 *   the domain then comes from the title.
 * - A citation's position is the rank of its URL among the answer's distinct cited URLs (1 = cited
 *   first); a source's position is its place in the vendor's list.
 */
import { normaliseDomain } from './classify'

export type InsightKind = 'basic' | 'enhanced'

export interface InsightCitation {
  url: string
  title?: string
  snippet?: string
  startIndex?: number
  endIndex?: number
  domain: string
  /** 1-based rank of this URL among the answer's distinct cited URLs. */
  position: number
}

export interface InsightSource {
  url: string
  title?: string
  snippet?: string
  domain: string
  position: number
  /** The number of the matching citation (its position), when the answer cites this source. */
  citationId?: number
}

export interface WebSearchCall {
  id?: string
  query: string
  status?: string
}

export interface Insight {
  kind: InsightKind
  query: string
  queryIndex: number
  modelId: number
  modelName: string
  response: string
  citations: InsightCitation[]
  sources: InsightSource[]
  /** The model's own search queries (Gemini's fan-out, OpenAI/xAI/Claude search calls). */
  webSearchQueries: string[]
  groundingMetadata: unknown | null
  searchMetadata: { searchEnabled: boolean; modelVersion: string | null; webSearchCalls: WebSearchCall[] }
  searchResults: { url: string; title?: string; snippet?: string; date?: string }[]
  usage: unknown | null
  timestamp: string
}

/** What the gateway gives for one answer (activities/gateway NormalisedAnswer), loosely typed. */
export interface AnswerLike {
  provider: string
  model?: string | null
  text: string
  citations: { url: string; title?: string; snippet?: string; startIndex?: number; endIndex?: number }[]
  sources: { url: string; title?: string; snippet?: string }[]
  searchQueries: string[]
  raw: unknown
  usage: unknown
}

const GOOGLE_REDIRECT = /^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//

/** The registrable domain a cited URL stands for (Gemini redirect URIs: the title), or null to skip it. */
export function citedDomain(url: string, title?: string): string | null {
  if (GOOGLE_REDIRECT.test(url)) return title ? normaliseDomain(title.trim()) : null
  return normaliseDomain(url)
}

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** The vendor-specific search details of a raw response body, for the API Response tab. */
export function vendorDetails(raw: unknown): Pick<Insight, 'groundingMetadata' | 'searchResults'> & { webSearchCalls: WebSearchCall[] } {
  const body = isRecord(raw) ? raw : {}
  const candidate = isRecord(arr(body.candidates)[0]) ? (arr(body.candidates)[0] as Json) : {}
  const groundingMetadata = isRecord(candidate.groundingMetadata) ? candidate.groundingMetadata : null
  const webSearchCalls: WebSearchCall[] = []
  // OpenAI / xAI Responses API: web_search_call items.
  for (const item of arr(body.output)) {
    if (!isRecord(item) || item.type !== 'web_search_call') continue
    const action = isRecord(item.action) ? item.action : {}
    let query = str(action.query)
    if (!query && typeof item.arguments === 'string') {
      try {
        const args: unknown = JSON.parse(item.arguments)
        if (isRecord(args)) query = str(args.query)
      } catch {}
    }
    webSearchCalls.push({ id: str(item.id), query: query ?? '', status: str(item.status) })
  }
  // Anthropic: server_tool_use blocks of the web_search tool.
  for (const block of arr(body.content)) {
    if (isRecord(block) && block.type === 'server_tool_use' && block.name === 'web_search' && isRecord(block.input)) {
      webSearchCalls.push({ id: str(block.id), query: str(block.input.query) ?? '' })
    }
  }
  // Perplexity: search_results.
  const searchResults = arr(body.search_results)
    .filter(isRecord)
    .filter((r) => typeof r.url === 'string')
    .map((r) => ({ url: r.url as string, title: str(r.title), snippet: str(r.snippet), date: str(r.date) }))
  return { groundingMetadata, webSearchCalls, searchResults }
}

/** Normalises one answer into the Insight entity. */
export function toInsight(
  answer: AnswerLike,
  ctx: { kind: InsightKind; query: string; queryIndex: number; modelId: number; modelName: string; timestamp: string },
): Insight {
  const order = new Map<string, number>()
  const citations: InsightCitation[] = []
  for (const c of answer.citations) {
    const domain = citedDomain(c.url, c.title)
    if (!domain) continue
    if (!order.has(c.url)) order.set(c.url, order.size + 1)
    citations.push(dropEmpty({ url: c.url, title: c.title, snippet: c.snippet, startIndex: c.startIndex, endIndex: c.endIndex, domain, position: order.get(c.url)! }))
  }
  const sources: InsightSource[] = []
  const seen = new Set<string>()
  for (const s of answer.sources) {
    const domain = citedDomain(s.url, s.title)
    if (!domain || seen.has(s.url)) continue
    seen.add(s.url)
    sources.push(dropEmpty({ url: s.url, title: s.title, snippet: s.snippet, domain, position: sources.length + 1, citationId: order.get(s.url) }))
  }
  const details = vendorDetails(answer.raw)
  return {
    kind: ctx.kind,
    query: ctx.query,
    queryIndex: ctx.queryIndex,
    modelId: ctx.modelId,
    modelName: ctx.modelName,
    response: answer.text,
    citations,
    sources,
    webSearchQueries: [...answer.searchQueries],
    groundingMetadata: details.groundingMetadata,
    searchMetadata: {
      searchEnabled: answer.searchQueries.length > 0 || answer.citations.length > 0 || answer.sources.length > 0 || details.webSearchCalls.length > 0,
      modelVersion: answer.model ?? null,
      webSearchCalls: details.webSearchCalls,
    },
    searchResults: details.searchResults,
    usage: answer.usage ?? null,
    timestamp: ctx.timestamp,
  }
}

function dropEmpty<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined || o[k] === '') delete o[k]
  return o
}

/**
 * The URLs an insight cites, distinct, in order: its citations, or (an answer with sources but no
 * placed citations) its sources. Each counts one citation of its domain.
 */
export function citedUrls(i: Pick<Insight, 'citations' | 'sources'>): { url: string; domain: string; title?: string; position: number }[] {
  const list = i.citations.length ? i.citations : i.sources
  const out: { url: string; domain: string; title?: string; position: number }[] = []
  const seen = new Set<string>()
  for (const c of list) {
    if (seen.has(c.url)) continue
    seen.add(c.url)
    out.push({ url: c.url, domain: c.domain, title: c.title, position: out.length + 1 })
  }
  return out
}
