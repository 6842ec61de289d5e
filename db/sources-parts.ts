/**
 * source_insight_parts: the compact, stored form of an analysis's insights of one kind (see
 * app/domain/sources/parts.ts). Packed when a source search completes and again, on read, whenever the
 * insights have changed since (fingerprint), so a part is never older than the insights it stands for.
 */
import type { InsightKind } from '../app/domain/sources/insights'
import { insightsFingerprint, packInsights, unpackInsights, type PackedInsights } from '../app/domain/sources/parts'
import type { InsightLite } from '../app/domain/sources/views'
import type { Db } from './client'

export const INSIGHT_KINDS: readonly InsightKind[] = ['basic', 'enhanced']

/** Per kind: how many insights an analysis has and their fingerprint. */
export async function insightFingerprints(sql: Db, analysisId: number): Promise<Record<InsightKind, { count: number; fingerprint: string }>> {
  const rows = await sql<{ kind: InsightKind; n: number; max_id: string | null }[]>`
    select kind, count(*)::int as n, max(id)::text as max_id from search_insights where analysis_id = ${analysisId} group by kind`
  const of = (kind: InsightKind) => {
    const r = rows.find((x) => x.kind === kind)
    return { count: r?.n ?? 0, fingerprint: insightsFingerprint(r?.n ?? 0, r?.max_id ?? null) }
  }
  return { basic: of('basic'), enhanced: of('enhanced') }
}

/** Packs an analysis's insights of one kind from the rows and stores the part; returns the insights and their fingerprint. */
export async function packSourceParts(sql: Db, analysisId: number, kind: InsightKind): Promise<{ list: InsightLite[]; fingerprint: string }> {
  const rows = await sql<{ id: string; model_id: number; query_index: number; query: string; cited: InsightLite['citations']; web_search_queries: string[] }[]>`
    select id::text, model_id, query_index, query,
      case when jsonb_array_length(citations) > 0 then citations else sources end as cited, web_search_queries
    from search_insights where analysis_id = ${analysisId} and kind = ${kind} order by query_index, model_id`
  const list: InsightLite[] = rows.map((r) => ({ kind, modelId: r.model_id, queryIndex: r.query_index, query: r.query, citations: r.cited, sources: [], webSearchQueries: r.web_search_queries }))
  const maxId = rows.reduce<bigint>((m, r) => (BigInt(r.id) > m ? BigInt(r.id) : m), 0n)
  const packed = packInsights(list)
  const fingerprint = insightsFingerprint(rows.length, rows.length ? String(maxId) : null)
  await sql`
    insert into source_insight_parts (analysis_id, kind, fingerprint, data)
    values (${analysisId}, ${kind}, ${fingerprint}, ${sql.json(packed as any)})
    on conflict (analysis_id, kind) do update set fingerprint = excluded.fingerprint, data = excluded.data, updated_at = now()`
  return { list: unpackInsights(kind, packed)!, fingerprint }
}

/** Packs both kinds (a completed search calls this, so the first page view finds them ready). */
export async function refreshSourceParts(sql: Db, analysisId: number): Promise<void> {
  for (const kind of INSIGHT_KINDS) await packSourceParts(sql, analysisId, kind)
}

/** The stored parts whose fingerprint still matches, unpacked. */
export async function readSourceParts(sql: Db, analysisId: number, wanted: { kind: InsightKind; fingerprint: string }[]): Promise<Map<InsightKind, InsightLite[]>> {
  const out = new Map<InsightKind, InsightLite[]>()
  if (!wanted.length) return out
  const rows = await sql<{ kind: InsightKind; fingerprint: string; data: PackedInsights }[]>`
    select kind, fingerprint, data from source_insight_parts
    where analysis_id = ${analysisId} and kind in ${sql(wanted.map((w) => w.kind))} and fingerprint in ${sql(wanted.map((w) => w.fingerprint))}`
  for (const w of wanted) {
    const r = rows.find((x) => x.kind === w.kind && x.fingerprint === w.fingerprint)
    const list = r ? unpackInsights(w.kind, r.data) : null
    if (list) out.set(w.kind, list)
  }
  return out
}

export async function deleteSourceParts(sql: Db, analysisId: number) {
  await sql`delete from source_insight_parts where analysis_id = ${analysisId}`
}
