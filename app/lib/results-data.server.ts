/**
 * What every results tab reads: the analysis's snapshot (queries, brands, language), the tab's context,
 * and "answered" in SQL. Shared by the view assembly (results-view.server.ts) and Model Admin.
 */
import type { AnalysisSnapshot } from '../../db/results'
import type { AnswerForMetrics } from '../domain/metrics'
import type { ModelFilter, ResultsTab } from '../domain/results/types'
import type { Db } from '../../db/client'

/**
 * "Answered" (ok and not blank) without reading long texts: octet_length of a stored
 * (TOASTed) text comes from its header, so only short answers are trimmed and checked.
 */
export const ANSWERED = (sql: Db, alias = '') => {
  const col = sql.unsafe(`${alias}response`)
  const ok = sql.unsafe(`${alias}ok`)
  return sql`(${ok} and case when octet_length(${col}) > 256 then true else btrim(${col}) <> '' end)`
}

export interface Snapshot {
  queries: AnalysisSnapshot['queries']
  brands: AnalysisSnapshot['brands']
  model_ids: number[]
  is_light_mode: boolean
  /** Project content language: sentiment is measured in it. */
  language: string
}

export async function loadSnapshot(sql: Db, analysisId: number): Promise<Snapshot | null> {
  const [row] = await sql<Snapshot[]>`
    select a.queries, a.brands, a.model_ids, a.is_light_mode, p.language from analyses a join projects p on p.id = a.project_id where a.id = ${analysisId}`
  return row ?? null
}

export interface TabContext {
  tab: ResultsTab
  analysisId: number
  projectId: number
  snapshot: Snapshot
  model: ModelFilter
  topic: string | null
  audience: string | null
  brand: string | null
  polarity: string | null
  isLightMode: boolean
  /** API Data's own filters (other tabs ignore them). */
  apiData?: ApiDataFilters
}

export interface ApiDataFilters {
  q: string | null
  query: number | null
  mentions: string | null
  page: number
}

export function queryFilterOf(c: Pick<TabContext, 'topic' | 'audience'>) {
  return (a: Pick<AnswerForMetrics, 'topic' | 'audience'>) => (!c.topic || a.topic === c.topic) && (!c.audience || a.audience === c.audience)
}
