/**
 * The stored results of an analysis, cut into the parts the results tabs read (table analysis_result_parts,
 * one row per part). The whole aggregate is about 1 MB for 240 answers and 20 brands, mostly per-query
 * sentiment; a tab reads only its parts: the brand-level figures, the query list, and for query-level tabs
 * one column set per brand. This module owns the shape: what is written (storedParts), which parts a tab
 * needs (partKeys) and how they become the AnalysisMetrics the view builders take (metricsFromParts).
 */
import type { AnalysisMetrics, AggregatedSentiment, BrandMetrics, QueryMetrics, SourcedSnippet } from '../metrics/metric-shapes'
import type { ResultsTab } from './types'

/** Bumped when a part changes shape: parts of another version are ignored and the answers re-aggregated. */
export const STORED_RESULTS_VERSION = 1

type BrandSummary = Omit<BrandMetrics, 'sentiment'> & { sentiment: Omit<AggregatedSentiment, 'positiveSnippets' | 'negativeSnippets'> }

export interface StoredSummary {
  version: typeof STORED_RESULTS_VERSION
  modelIds: number[]
  answeredModelIds: number[]
  totals: AnalysisMetrics['totals']
  queryCounts: AnalysisMetrics['queryCounts']
  summary: AnalysisMetrics['summary']
  sentimentLanguage: AnalysisMetrics['sentimentLanguage']
  brands: BrandSummary[]
}

export interface StoredQuery {
  queryIndex: number
  query: string
  topic: string | null
  totalMentions: number
}

/** Per-query columns of one brand (index i belongs to the i-th stored query). */
export interface StoredBrandRanks {
  rankByModel: Record<number, number | null>[]
  combinedRank: (number | null)[]
  visibility: number[]
}

export interface StoredBrandSnippets {
  positiveSnippets: SourcedSnippet[][]
  negativeSnippets: SourcedSnippet[][]
}

/** Each brand's mentionsTotal per query (index i belongs to the i-th stored query). */
export type StoredMentions = Record<string, number[]>

export interface StoredParts {
  summary: StoredSummary
  queries: StoredQuery[]
  mentions: StoredMentions
  [rankKey: `ranks/${string}`]: StoredBrandRanks
  [snippetKey: `snippets/${string}`]: StoredBrandSnippets
}

export type StoredPartKey = keyof StoredParts & string

export const ranksKey = (brand: string) => `ranks/${brand}` as const
export const snippetsKey = (brand: string) => `snippets/${brand}` as const

/** The parts written for an aggregate (every brand's columns). */
export function storedParts(m: AnalysisMetrics): { key: string; value: unknown }[] {
  const queries = m.queries
  const col = <T>(brand: string, pick: (b: QueryMetrics['brands'][string]) => T, empty: T) => queries.map((q) => (q.brands[brand] ? pick(q.brands[brand]) : empty))
  const summary: StoredSummary = {
    version: STORED_RESULTS_VERSION,
    modelIds: m.modelIds,
    answeredModelIds: m.answeredModelIds,
    totals: m.totals,
    queryCounts: m.queryCounts,
    summary: m.summary,
    sentimentLanguage: m.sentimentLanguage,
    brands: m.brands.map(({ sentiment: { positiveSnippets: _p, negativeSnippets: _n, ...sentiment }, ...b }) => ({ ...b, sentiment })),
  }
  const parts: { key: string; value: unknown }[] = [
    { key: 'summary', value: summary },
    { key: 'queries', value: queries.map((q): StoredQuery => ({ queryIndex: q.queryIndex, query: q.query, topic: q.topic, totalMentions: q.totalMentions })) },
    { key: 'mentions', value: Object.fromEntries(m.brandNames.map((b) => [b, col(b, (x) => x.mentionsTotal, 0)])) satisfies StoredMentions },
  ]
  for (const b of m.brandNames) {
    parts.push({
      key: ranksKey(b),
      value: { rankByModel: col(b, (x) => x.rankByModel, {}), combinedRank: col(b, (x) => x.combinedRank, null), visibility: col(b, (x) => x.visibility, 0) } satisfies StoredBrandRanks,
    })
    parts.push({
      key: snippetsKey(b),
      value: { positiveSnippets: col(b, (x) => x.sentiment.positiveSnippets, []), negativeSnippets: col(b, (x) => x.sentiment.negativeSnippets, []) } satisfies StoredBrandSnippets,
    })
  }
  return parts
}

/** The parts a tab reads (brand: the brand its selector shows). */
export function partKeys(tab: ResultsTab, brand: string): string[] {
  switch (tab) {
    case 'ranking-detail':
      return ['summary', 'queries', ranksKey(brand)]
    case 'mentions':
      return ['summary', 'queries', 'mentions']
    case 'sentiment-detail':
      return ['summary', 'queries', snippetsKey(brand)]
    default:
      return ['summary']
  }
}

/**
 * The AnalysisMetrics a tab's view builder reads, from the parts partKeys named: brand-level figures always,
 * per-query columns for the query-level tabs. Null when a part is missing or of another version (the caller
 * re-aggregates the stored answers).
 */
export function metricsFromParts(parts: ReadonlyMap<string, unknown>, tab: ResultsTab, brand: string): AnalysisMetrics | null {
  const summary = parts.get('summary') as StoredSummary | undefined
  if (!summary || summary.version !== STORED_RESULTS_VERSION || summary.brands.length === 0) return null
  const brands = summary.brands as BrandMetrics[]
  const m: AnalysisMetrics = {
    modelIds: summary.modelIds,
    answeredModelIds: summary.answeredModelIds,
    totals: summary.totals,
    queryCounts: summary.queryCounts,
    summary: summary.summary,
    sentimentLanguage: summary.sentimentLanguage,
    brands,
    brandNames: brands.map((b) => b.name),
    byBrand: Object.fromEntries(brands.map((b) => [b.name, b])),
    answerCounts: {},
    queries: [],
  }
  const keys = partKeys(tab, brand)
  if (keys.length === 1) return m
  const queries = parts.get('queries') as StoredQuery[] | undefined
  if (!queries) return null
  const n = queries.length
  const rows: Record<string, any>[] = queries.map(() => ({}))
  const fill = (name: string, key: string, values: unknown[] | undefined, nested?: 'sentiment') => {
    if (!values || values.length !== n) return false
    values.forEach((v, i) => {
      const target = (rows[i][name] ??= {})
      if (nested) (target[nested] ??= {})[key] = v
      else target[key] = v
    })
    return true
  }
  let complete = true
  if (tab === 'ranking-detail') {
    const r = parts.get(ranksKey(brand)) as StoredBrandRanks | undefined
    complete = Boolean(r) && fill(brand, 'rankByModel', r?.rankByModel) && fill(brand, 'combinedRank', r?.combinedRank) && fill(brand, 'visibility', r?.visibility)
  } else if (tab === 'mentions') {
    const mentions = parts.get('mentions') as StoredMentions | undefined
    complete = Boolean(mentions) && m.brandNames.every((b) => fill(b, 'mentionsTotal', mentions?.[b]))
  } else if (tab === 'sentiment-detail') {
    const s = parts.get(snippetsKey(brand)) as StoredBrandSnippets | undefined
    complete = Boolean(s) && fill(brand, 'positiveSnippets', s?.positiveSnippets, 'sentiment') && fill(brand, 'negativeSnippets', s?.negativeSnippets, 'sentiment')
  }
  if (!complete) return null
  m.queries = queries.map((q, i) => ({ ...q, audience: null, samplesByModel: {}, answeredModelIds: [], brands: rows[i] }) as QueryMetrics)
  return m
}
