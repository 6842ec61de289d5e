/**
 * Source Insights (phase 4), reading: the stored insights of an analysis, whole (Citations, the API) or compact
 * (every other tab), and the filters of the tabs' header (model, topic, audience, queries).
 */
import type { Db } from '../../db/client'
import { db } from './db.server'
import type { User } from './auth.server'
import { getAnalysis, type AnalysisRow } from './analyses.server'
import { searchOf } from './sources-search.server'
import { modelById } from '../domain/models'
import { brandList } from '../domain/analyses'
import type { InsightKind } from '../domain/sources/insights'
import { mergeKinds } from '../domain/sources/parts'
import { insightFingerprints, packSourceParts, readSourceParts } from '../../db/sources-parts'
import type { InsightLite, SourceBrands } from '../domain/sources/views'
import type { InsightSet, SourcesViewData } from '../domain/sources/types'

interface LiteRow {
  kind: 'basic' | 'enhanced'
  model_id: number
  query_index: number
  query: string
  citations: InsightLite['citations']
  sources: InsightLite['sources']
  web_search_queries: string[]
}

/** Every field of the insights, snippets included: the Citations tab reads these. */
export async function readLite(sql: Db, analysisId: number, set: InsightSet): Promise<InsightLite[]> {
  const rows = await sql<LiteRow[]>`
    select kind, model_id, query_index, query, citations, sources, web_search_queries from search_insights
    where analysis_id = ${analysisId} ${set === 'all' ? sql`` : sql`and kind = ${set}`}
    order by query_index, model_id, kind`
  return rows.map((r) => ({ kind: r.kind, modelId: r.model_id, queryIndex: r.query_index, query: r.query, citations: r.citations, sources: r.sources, webSearchQueries: r.web_search_queries }))
}

export type Fingerprints = Awaited<ReturnType<typeof insightFingerprints>>

/** Unpacked parts of the last few analyses read, by analysis, kind and fingerprint (read-only: the views never change an insight). */
const compactCache = new Map<string, InsightLite[]>()
const COMPACT_CACHE_MAX = 16

function remember(key: string, list: InsightLite[]) {
  compactCache.delete(key)
  compactCache.set(key, list)
  while (compactCache.size > COMPACT_CACHE_MAX) compactCache.delete(compactCache.keys().next().value!)
}

/**
 * The insights of a set in compact form (app/domain/sources/parts.ts), for every tab but Citations: from this
 * process's cache, else the stored part, else packed from the rows (and stored) when the part is missing or older
 * than the insights. The same figures as readLite, at a fraction of the reading.
 */
export async function readCompact(sql: Db, analysisId: number, set: InsightSet, fps: Fingerprints): Promise<InsightLite[]> {
  const kinds: InsightKind[] = set === 'all' ? ['basic', 'enhanced'] : [set]
  const got = new Map<InsightKind, InsightLite[]>()
  const missing: { kind: InsightKind; fingerprint: string }[] = []
  for (const kind of kinds) {
    const hit = fps[kind].count === 0 ? [] : compactCache.get(`${analysisId}|${kind}|${fps[kind].fingerprint}`)
    if (hit) got.set(kind, hit)
    else missing.push({ kind, fingerprint: fps[kind].fingerprint })
  }
  if (missing.length) {
    const stored = await readSourceParts(sql, analysisId, missing)
    for (const m of missing) {
      let list = stored.get(m.kind)
      if (list) remember(`${analysisId}|${m.kind}|${m.fingerprint}`, list)
      else {
        const packed = await packSourceParts(sql, analysisId, m.kind)
        remember(`${analysisId}|${m.kind}|${packed.fingerprint}`, (list = packed.list))
      }
      got.set(m.kind, list)
    }
  }
  return set === 'all' ? mergeKinds(got.get('basic')!, got.get('enhanced')!) : got.get(set)!
}

/** GET /api/analyses/{id}/search-insights: the Analysis fields searchInsights, enhancedSearchInsights, dualSearchInsights. */
export async function searchInsightsOf(user: User, analysisId: number) {
  const { analysis } = await getAnalysis(user, analysisId)
  const sql = db()
  const rows = await sql<(LiteRow & { model_name: string; response: string; details: Record<string, unknown> })[]>`
    select kind, model_id, query_index, query, model_name, response, citations, sources, web_search_queries, details from search_insights
    where analysis_id = ${analysis.id} order by query_index, model_id`
  const insight = (r: (typeof rows)[number]) => ({
    query: r.query, queryIndex: r.query_index, model: modelById(r.model_id)?.filter ?? String(r.model_id), modelId: r.model_id, modelName: r.model_name,
    response: r.response, citations: r.citations, sources: r.sources, webSearchQueries: r.web_search_queries, ...r.details,
  })
  const enhanced = rows.filter((r) => r.kind === 'enhanced')
  const byProvider = (id: number) => enhanced.filter((r) => r.model_id === id).map(insight)
  const s = await searchOf(sql, analysis.id)
  return {
    analysisId: analysis.id,
    searchInsightsStatus: s?.row.status ?? null,
    searchInsights: rows.filter((r) => r.kind === 'basic').map(insight),
    enhancedSearchInsights: enhanced.map(insight),
    dualSearchInsights: { geminiInsights: byProvider(6), openaiInsights: byProvider(8), grokInsights: byProvider(9), claudeInsights: byProvider(3), perplexityInsights: byProvider(5) },
  }
}

// ------------------------------------------------------------------ filters

export interface QueryMeta {
  index: number
  query: string
  topic: string | null
  audience: string | null
}

export const queriesOf = (a: Pick<AnalysisRow, 'queries'>): QueryMeta[] => a.queries.map((q) => ({ index: q.index, query: q.query, topic: q.topic ?? null, audience: q.audience ?? null }))

/** The analysis's brand list (own brand first), split as the source classification reads it. */
export function brandsFor(a: Pick<AnalysisRow, 'brands'>): SourceBrands {
  const [own, ...competitors] = brandList(a.brands)
  return { own, competitors }
}

export function parseQueries(raw: string | null, known: QueryMeta[]): number[] {
  if (!raw) return []
  const ok = new Set(known.map((q) => q.index))
  return [...new Set(raw.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && ok.has(n)))]
}

/** The insights the filters keep: model, topic, audience and the chosen queries (the screen's header filters). */
export function applyFilters(list: InsightLite[], f: SourcesViewData['filters'], meta: Map<number, QueryMeta>): InsightLite[] {
  return list.filter((i) => {
    if (f.model !== null && i.modelId !== f.model) return false
    const q = meta.get(i.queryIndex)
    if (f.topic && q?.topic !== f.topic) return false
    if (f.audience && q?.audience !== f.audience) return false
    if (f.queries.length && !f.queries.includes(i.queryIndex)) return false
    return true
  })
}
