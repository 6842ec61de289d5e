import type postgres from 'postgres'
import { aggregateAnalysis, parseAnswer, type AnswerForMetrics, type BrandDef } from '../app/domain/metrics'

export interface AnalysisSnapshot {
  queries: { index: number; query: string; topic?: string | null; audience?: string | null; audienceContext?: string | null }[]
  brands: { brand: BrandDef; competitors: BrandDef[] }
}

export const brandsOf = (s: AnalysisSnapshot['brands']): BrandDef[] => [{ ...s.brand, isOwn: true }, ...s.competitors.map((c) => ({ ...c, isOwn: false }))]

/** Aggregates every stored answer of an analysis into the numbers the results screens show. */
export async function computeResults(sql: postgres.Sql<any> | postgres.TransactionSql<any>, analysisId: number, snap: AnalysisSnapshot) {
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
  return aggregateAnalysis(answers, brandsOf(snap.brands)) as unknown as Record<string, any>
}

/** Re-parses every stored answer with the given brand definitions (e.g. new alternative names). */
export async function reparseAnswers(sql: postgres.Sql<any>, analysisId: number, brands: BrandDef[]) {
  const rows = await sql<{ id: string; response: string }[]>`select id, response from api_responses where analysis_id = ${analysisId} and ok`
  for (const r of rows) {
    const p = parseAnswer(r.response, brands)
    await sql`update api_responses set mentions = ${sql.json(p.mentions as any)}, rankings = ${sql.json(p.rankings as any)}, sentiment = ${sql.json(p.sentiment as any)} where id = ${r.id}`
  }
  return rows.length
}
