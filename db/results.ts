import type postgres from 'postgres'
import { aggregateAnalysis, parseAnswer, type AnalysisMetrics, type AnswerForMetrics, type BrandDef } from '../app/domain/metrics'
import { brandList } from '../app/domain/analyses'
import { storedParts } from '../app/domain/results/stored'
import { METRICS_VERSION, metricsVersionOf } from '../app/domain/metrics/version'
import type { Db } from './client'

export interface AnalysisSnapshot {
  queries: { index: number; query: string; topic?: string | null; audience?: string | null; audienceContext?: string | null }[]
  brands: { brand: BrandDef; competitors: BrandDef[] }
  /** Project content language: mentions and sentiment are parsed in it (looked up when absent). */
  language?: string
}

/** The content language of the analysis's project ('en-GB' if the project is gone). */
export async function projectLanguage(sql: Db, analysisId: number): Promise<string> {
  const [row] = await sql<{ language: string }[]>`
    select p.language from analyses a join projects p on p.id = a.project_id where a.id = ${analysisId}`
  return row?.language ?? 'en-GB'
}

/** Aggregates every stored answer of an analysis into the numbers the results screens show. */
export async function computeResults(sql: Db, analysisId: number, snap: AnalysisSnapshot): Promise<AnalysisMetrics> {
  const language = snap.language ?? (await projectLanguage(sql, analysisId))
  const rows = await sql<{ model_id: number; query_index: number; query: string; sample: number; response: string; ok: boolean; mentions: any; rankings: any; sentiment: any }[]>`
    select model_id, query_index, query, sample, response, ok, mentions, rankings, sentiment from api_responses where analysis_id = ${analysisId}`
  const byIndex = new Map(snap.queries.map((q) => [q.index, q]))
  const answers: AnswerForMetrics[] = rows.map((r) => ({
    modelId: r.model_id,
    queryIndex: r.query_index,
    query: r.query,
    sample: r.sample,
    text: r.response,
    ok: r.ok,
    topic: byIndex.get(r.query_index)?.topic ?? null,
    audience: byIndex.get(r.query_index)?.audience ?? null,
    mentions: r.mentions,
    rankings: r.rankings,
    sentiment: r.sentiment,
  }))
  return aggregateAnalysis(answers, brandList(snap.brands), { language })
}

/**
 * Stores an aggregate: whole in analyses.results (the analysis API returns it) and cut into the parts the
 * results tabs read. Call inside the transaction that changes the analysis, so both always agree.
 */
export async function storeResults(tx: postgres.TransactionSql<any>, analysisId: number, results: AnalysisMetrics, rebuiltBy?: { userId: number; answers: number }) {
  // The results record the metric definitions they were computed with; a change of version is logged (evidence).
  const [before] = await tx<{ version: number | null; stored: boolean }[]>`
    select metrics_version as version, results is not null as stored from analyses where id = ${analysisId} for update`
  await tx`update analyses set results = ${tx.json(results as any)}, metrics_version = ${METRICS_VERSION}, updated_at = now() where id = ${analysisId}`
  if (before?.stored && (rebuiltBy || metricsVersionOf(before.version) !== METRICS_VERSION)) {
    await tx`insert into analysis_metric_rebuilds (analysis_id, user_id, from_version, to_version, answers, reason)
      values (${analysisId}, ${rebuiltBy?.userId ?? null}, ${metricsVersionOf(before.version)}, ${METRICS_VERSION}, ${rebuiltBy?.answers ?? 0}, ${rebuiltBy ? 'rebuild' : 'recompute'})`
  }
  await tx`delete from analysis_result_parts where analysis_id = ${analysisId}`
  const rows = storedParts(results).map((p) => ({ analysis_id: analysisId, key: p.key, value: tx.json(p.value as any) }))
  await tx`insert into analysis_result_parts ${tx(rows as any)}`
}

/** The named parts of an analysis's stored results (see app/domain/results/stored.ts). */
export async function readResultParts(sql: Db, analysisId: number, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await sql<{ key: string; value: unknown }[]>`select key, value from analysis_result_parts where analysis_id = ${analysisId} and key = any(${keys}::text[])`
  return new Map(rows.map((r) => [r.key, r.value]))
}

/** Re-parses every stored answer with the given brand definitions (e.g. new alternative names), in the project language: one UPDATE. */
export async function reparseAnswers(sql: Db, analysisId: number, brands: BrandDef[], language?: string) {
  const lang = language ?? (await projectLanguage(sql, analysisId))
  const rows = await sql<{ id: string; response: string }[]>`select id, response from api_responses where analysis_id = ${analysisId} and ok`
  if (rows.length === 0) return 0
  const parsed = rows.map((r) => ({ id: r.id, ...parseAnswer(r.response, brands, lang) }))
  await sql`
    update api_responses r set mentions = p.mentions, rankings = p.rankings, sentiment = p.sentiment
    from jsonb_to_recordset(${sql.json(parsed as any)}) as p(id bigint, mentions jsonb, rankings jsonb, sentiment jsonb)
    where r.id = p.id and r.analysis_id = ${analysisId}`
  return rows.length
}
