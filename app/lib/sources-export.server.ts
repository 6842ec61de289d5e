/** Source Insights (phase 4), the Model Export: model, prompt, response and source URLs of the filtered insights. */
import type { Db } from '../../db/client'
import { db } from './db.server'
import type { User } from './auth.server'
import { getAnalysis } from './analyses.server'
import { applyFilters, parseQueries, queriesOf, readCompact } from './sources-data.server'
import { modelById } from '../domain/models'
import { insightFingerprints } from '../../db/sources-parts'
import type { InsightLite } from '../domain/sources/views'
import type { InsightSet, ModelExportRow, SourcesViewData } from '../domain/sources/types'

/** Model Export rows (model, prompt, response, source URLs) for the filtered insights; `limit` null for all. */
export async function exportRows(sql: Db, analysisId: number, list: InsightLite[], set: InsightSet, limit: number | null): Promise<ModelExportRow[]> {
  const chosen = limit === null ? list : list.slice(0, limit)
  if (!chosen.length) return []
  const keys = new Set(chosen.map((i) => `${i.kind}|${i.modelId}|${i.queryIndex}`))
  const rows = await sql<{ kind: string; model_id: number; query_index: number; response: string }[]>`
    select kind, model_id, query_index, response from search_insights
    where analysis_id = ${analysisId} and query_index in ${sql([...new Set(chosen.map((i) => i.queryIndex))])} ${set === 'all' ? sql`` : sql`and kind = ${set}`}`
  const text = new Map(rows.filter((r) => keys.has(`${r.kind}|${r.model_id}|${r.query_index}`)).map((r) => [`${r.kind}|${r.model_id}|${r.query_index}`, r.response]))
  return chosen.map((i) => ({
    modelId: i.modelId,
    modelName: modelById(i.modelId)?.name ?? String(i.modelId),
    prompt: i.query,
    response: text.get(`${i.kind}|${i.modelId}|${i.queryIndex}`) ?? '',
    urls: [...new Set((i.citations.length ? i.citations : i.sources).map((c) => c.url))],
  }))
}

/** The Model Export file's rows for an analysis the user may read (the same filters as the screen). */
export async function modelExport(user: User, analysisId: number, url: URL): Promise<{ rows: ModelExportRow[]; project: string; model: string }> {
  const { analysis, project } = await getAnalysis(user, analysisId)
  const sql = db()
  const set: InsightSet = url.searchParams.get('set') === 'basic' ? 'basic' : url.searchParams.get('set') === 'all' ? 'all' : 'enhanced'
  const queries = queriesOf(analysis)
  const modelParam = Number(url.searchParams.get('model'))
  const filters: SourcesViewData['filters'] = {
    model: Number.isInteger(modelParam) && modelById(modelParam) ? modelParam : null,
    set,
    topic: url.searchParams.get('topic') || null,
    audience: url.searchParams.get('audience') || null,
    queries: parseQueries(url.searchParams.get('queries'), queries),
  }
  const list = applyFilters(await readCompact(sql, analysis.id, set, await insightFingerprints(sql, analysis.id)), filters, new Map(queries.map((q) => [q.index, q])))
  return { rows: await exportRows(sql, analysis.id, list, set, null), project: project.name, model: filters.model ? (modelById(filters.model)?.name ?? 'model') : 'all-models' }
}
