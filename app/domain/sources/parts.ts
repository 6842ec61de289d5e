/**
 * The stored, compact form of an analysis's insights of one kind (table source_insight_parts), which
 * every Source Insights tab but Citations and API Response reads instead of the search_insights rows.
 * Pure: packed by the activities (when a search completes) or by the loader (when the stored part is
 * missing or older than the insights), unpacked by the loader.
 *
 * It keeps what the tabs count, nothing else: per insight its model, query, the distinct URLs it cites
 * (citedUrls: its citations, else its sources) with their domains, and its web-search queries. Titles,
 * snippets and the response stay in search_insights (Citations, API Response and the export text read
 * them there). Unpacked, an insight's cited URLs are its `citations` (in order, positions 1…n) and its
 * `sources` are empty: citedUrls gives the same list, so every figure is the same as from the rows.
 *
 * A part records the fingerprint (count and highest id) of the rows it was packed from: any insert or
 * delete changes it, and the loader packs again.
 */
import { citedUrls } from './insights'
import type { InsightKind } from './insights'
import type { InsightLite } from './views'

export const SOURCE_PARTS_VERSION = 1

/** [modelId, queryIndex, query (index into `queries`), cited URLs, their domains (indexes into `domains`), web-search queries] */
type PackedRow = [number, number, number, string[], number[], string[]]

export interface PackedInsights {
  v: typeof SOURCE_PARTS_VERSION
  queries: string[]
  domains: string[]
  rows: PackedRow[]
}

/** The fingerprint of a kind's rows: their count and highest id ('0:0' when none). */
export const insightsFingerprint = (count: number, maxId: string | number | null) => `${SOURCE_PARTS_VERSION}:${count}:${maxId ?? 0}`

/** Packs insights of one kind, kept in (query, model) order as the tabs read them. */
export function packInsights(list: InsightLite[]): PackedInsights {
  const queries: string[] = []
  const queryRef = new Map<string, number>()
  const domains: string[] = []
  const domainRef = new Map<string, number>()
  const ref = (value: string, all: string[], refs: Map<string, number>) => {
    let n = refs.get(value)
    if (n === undefined) {
      n = all.length
      all.push(value)
      refs.set(value, n)
    }
    return n
  }
  const rows = [...list]
    .sort((a, b) => a.queryIndex - b.queryIndex || a.modelId - b.modelId)
    .map((i): PackedRow => {
      const cited = citedUrls(i)
      return [i.modelId, i.queryIndex, ref(i.query, queries, queryRef), cited.map((c) => c.url), cited.map((c) => ref(c.domain, domains, domainRef)), [...i.webSearchQueries]]
    })
  return { v: SOURCE_PARTS_VERSION, queries, domains, rows }
}

/** The insights of a packed part (null when it was packed by another version). */
export function unpackInsights(kind: InsightKind, packed: PackedInsights | null | undefined): InsightLite[] | null {
  if (!packed || packed.v !== SOURCE_PARTS_VERSION) return null
  return packed.rows.map(([modelId, queryIndex, q, urls, domains, webSearchQueries]) => ({
    kind,
    modelId,
    queryIndex,
    query: packed.queries[q],
    citations: urls.map((url, n) => ({ url, domain: packed.domains[domains[n]], position: n + 1 })),
    sources: [],
    webSearchQueries,
  }))
}

/** Both kinds in the order the rows are read: by query, model, then kind (basic before enhanced). */
export function mergeKinds(basic: InsightLite[], enhanced: InsightLite[]): InsightLite[] {
  return [...basic, ...enhanced].sort((a, b) => a.queryIndex - b.queryIndex || a.modelId - b.modelId || (a.kind === b.kind ? 0 : a.kind === 'basic' ? -1 : 1))
}
