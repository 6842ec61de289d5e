/**
 * The engines' figures of one analysis: presence per engine and query, and the API-versus-app comparison.
 * Read access as every results view; the stored per-answer parses, never the texts re-parsed.
 */
import { db } from './db.server'
import type { User } from './auth.server'
import { getAnalysis, type AnalysisRow } from './analyses.server'
import { getProject } from './projects.server'
import { forbidden } from './http.server'
import { ENGINES_TIER_MESSAGE, mayUseEngines, type EngineSettings } from '../domain/engines/tiers'
import { serpProviderChoice, type SerpProviderKey } from '../domain/providers'
import { ANSWERED } from './results-data.server'
import { brandList } from '../domain/analyses'
import { ENGINE_MODEL_IDS } from '../domain/models'
import { compareApiAndApp, presenceRates, type EngineAnswer, type EnginesView } from '../domain/engines'
import type { Db } from '../../db/client'

interface Row {
  model_id: number
  query_index: number
  query: string
  sample: number
  ok: boolean
  answered: boolean
  absent: boolean | null
  mentions: Record<string, number> | null
  rankings: Record<string, number> | null
  urls: string[] | null
}

async function engineAnswers(sql: Db, analysisId: number, modelIds: number[]): Promise<EngineAnswer[]> {
  const rows = await sql<Row[]>`
    select model_id, query_index, query, sample, ok, ${ANSWERED(sql)} as answered, (parsed_data->>'absent')::boolean as absent, mentions, rankings,
      (select coalesce(array_agg(distinct u), '{}') from (
        select c->>'url' as u from jsonb_array_elements(citations) c union select s->>'url' from jsonb_array_elements(sources) s) x where u is not null) as urls
    from api_responses where analysis_id = ${analysisId} and model_id = any(${modelIds}::int[])`
  return rows.map((r) => ({
    modelId: r.model_id, queryIndex: r.query_index, query: r.query, sample: r.sample, ok: r.ok, answered: r.answered, absent: r.absent === true,
    mentions: r.mentions ?? {}, rankings: r.rankings ?? {}, urls: r.urls ?? [],
  }))
}

/** The view of an analysis (null when it asked no engine). */
export async function enginesViewOf(sql: Db, analysisId: number): Promise<EnginesView | null> {
  const [analysis] = await sql<Pick<AnalysisRow, 'model_ids' | 'brands'>[]>`select model_ids, brands from analyses where id = ${analysisId}`
  const engines = ENGINE_MODEL_IDS.filter((id) => analysis?.model_ids.includes(id))
  if (!analysis || !engines.length) return null
  const answers = await engineAnswers(sql, analysisId, analysis.model_ids)
  const presence = presenceRates(answers, engines)
  const brands = brandList(analysis.brands).map((b) => ({ name: b.name, isOwn: b.isOwn === true }))
  return { analysisId, engines: presence.byModel, presence: presence.byQuery, comparisons: compareApiAndApp(answers, brands, analysis.model_ids) }
}

/** For the public API and MCP: an analysis without engines answers empty lists, not an error. */
export async function enginesForUser(user: User, analysisId: number): Promise<EnginesView> {
  await getAnalysis(user, analysisId)
  return (await enginesViewOf(db(), analysisId)) ?? { analysisId, engines: [], presence: [], comparisons: [] }
}

export interface ProjectEngines {
  projectId: number
  enabled: boolean
  /** The project's choice; null: the server's (SERP_PROVIDER, else the provider with credentials). */
  provider: SerpProviderKey | null
  /** Who will read the engines for this project. */
  effectiveProvider: SerpProviderKey
  allowed: boolean
}

/** The project's engine settings, for anyone who may read the project. */
export async function projectEngines(user: User, projectId: number): Promise<ProjectEngines> {
  await getProject(user, projectId)
  const [row] = await db()<{ engines: boolean; serp_provider: SerpProviderKey | null }[]>`select engines, serp_provider from projects where id = ${projectId}`
  return { projectId, enabled: row.engines, provider: row.serp_provider, effectiveProvider: row.serp_provider ?? serpProviderChoice(), allowed: mayUseEngines(user) }
}

/** The owner turns the engines on or off for the project's next analyses (Full tier and admins only). */
export async function setProjectEngines(user: User, projectId: number, settings: EngineSettings): Promise<ProjectEngines> {
  await getProject(user, projectId, 'write')
  if (settings.enabled && !mayUseEngines(user)) forbidden(ENGINES_TIER_MESSAGE)
  await db()`update projects set engines = ${settings.enabled}, serp_provider = ${settings.provider ?? null}, updated_at = now() where id = ${projectId}`
  return projectEngines(user, projectId)
}
