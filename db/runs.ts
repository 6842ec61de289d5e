/**
 * Creating a run: the one function every way of starting an analysis calls — a click on Add Analysis, the REST API
 * and MCP (all through app/lib/analyses.server.ts startAnalysis), the daily schedule (activities/trends.ts) and the
 * restart of a failed or cancelled run of today. It checks admission (db/analysis-admission.ts), writes the analysis
 * row (or resets the one it restarts), the run row with its workflow id and initial progress, and answers the
 * workflow's input, its search attribute labels and its one-line summary.
 *
 * It lives in db/ because both callers may import db/ and neither may import the other: the app may not import
 * activities, and activities may not import app/lib. Starting the workflow stays with each caller, since a click
 * starts it through the Temporal client and the schedule as a child of its own workflow.
 */
import type postgres from 'postgres'
import { LIGHT_MODE_MODEL_IDS, modelById } from '../app/domain/models'
import { analysisModelIds } from '../app/domain/engines/tiers'
import { MAX_QUERIES_LIGHT } from '../app/domain/limits'
import { MAX_TOPIC_QUERIES } from '../app/domain/audiences'
import { loadProviderConfigs } from '../app/domain/providers'
import { sourceSearchAfterAnalysis } from '../app/domain/sources/types'
import type { AnalysisStatus } from '../app/domain/analyses'
import { analysisWorkflowId, initialProgress, type AnalysisWorkflowInput, type ProgressDetails } from '../workflows/shared'
import type { RunLabels } from '../workflows/search-attributes'
import type { AnalysisSnapshot } from './results'
import { lockUser } from './locks'
import { admitAnalysis, AnalysisRefused } from './analysis-admission'
import { costCapMessage, modelSpendOf, overCostCap } from './model-spend'
import { moveAnalysis } from './run-status'
import type { Db } from './client'

type Tx = postgres.TransactionSql<any>

export type RunKind = AnalysisWorkflowInput['kind']

export interface AnalysisRow {
  id: number
  project_id: number
  user_id: number
  status: AnalysisStatus
  date: Date
  is_light_mode: boolean
  model_ids: number[]
  samples_per_query: number
  queries: AnalysisSnapshot['queries']
  brands: AnalysisSnapshot['brands']
  workflow_id: string | null
  progress: ProgressDetails | null
  results: Record<string, any> | null
  error: string | null
  last_progress_at: Date
  completed_at: Date | null
  created_at: Date
  updated_at: Date
}

/** A run whose rows are written and whose workflow is still to start. */
export interface PlannedRun {
  runId: number
  workflowId: string
  input: AnalysisWorkflowInput
  labels: RunLabels
  summary: string
}

const named = (ids: number[]) => ids.map((id) => ({ modelId: id, name: modelById(id)?.name ?? String(id) }))

/** What a run shows until the worker picks it up. */
export function waitingProgress(ids: number[], queries: number, samples: number): ProgressDetails {
  return initialProgress(named(ids), queries, samples, { phase: 'Starting', message: 'Waiting for the analysis worker to pick up the run...' })
}

type InputSource = Pick<AnalysisRow, 'id' | 'queries' | 'samples_per_query' | 'is_light_mode'>

/** The analysis workflow's input for a run of these models on this analysis. */
export function runInput(analysis: InputSource, run: { id: number; kind: RunKind; model_ids: number[] }): AnalysisWorkflowInput {
  const configs = loadProviderConfigs()
  return {
    analysisId: analysis.id,
    runId: run.id,
    kind: run.kind,
    models: run.model_ids.map((id) => {
      const m = modelById(id)
      return { modelId: id, name: m?.name ?? String(id), concurrency: (m && configs[m.provider]?.concurrency) ?? 8 }
    }),
    queries: analysis.queries.map((q) => ({ index: q.index, query: q.query })),
    samples: analysis.samples_per_query,
    // Light Mode has no Source Insights: no search after it.
    sourceSearch: sourceSearchAfterAnalysis() && !analysis.is_light_mode,
  }
}

/** The input of a run already written (a retried scheduled start answers it again). */
export async function storedRunInput(tx: Db, runId: number): Promise<AnalysisWorkflowInput> {
  const [row] = await tx<(InputSource & { run_id: number; kind: RunKind; run_model_ids: number[] })[]>`
    select a.id, a.queries, a.samples_per_query, a.is_light_mode, m.id as run_id, m.kind, m.model_ids as run_model_ids
    from model_runs m join analyses a on a.id = m.analysis_id where m.id = ${runId}`
  return runInput(row, { id: row.run_id, kind: row.kind, model_ids: row.run_model_ids })
}

/**
 * Inserts the run row with its final workflow id and waiting progress, inside the caller's transaction (which holds
 * the user lock): the first analysis run keeps the plain `analysis-<id>`, a restart or an add-model run gets its run
 * id appended.
 */
export async function insertRun(tx: Tx, analysis: AnalysisRow, kind: RunKind, modelIds: number[], userEmail: string): Promise<PlannedRun> {
  const [{ id: runId, earlier }] = await tx<{ id: number; earlier: number }[]>`
    select nextval(pg_get_serial_sequence('model_runs', 'id'))::int as id,
      (select count(*)::int from model_runs where analysis_id = ${analysis.id} and kind = ${kind}) as earlier`
  const workflowId = analysisWorkflowId(analysis.id, kind, runId, earlier > 0)
  await tx`
    insert into model_runs (id, analysis_id, kind, model_ids, workflow_id, progress)
    values (${runId}, ${analysis.id}, ${kind}, ${modelIds}, ${workflowId},
      ${tx.json(waitingProgress(modelIds, analysis.queries.length, analysis.samples_per_query) as any)})`
  if (kind === 'analysis') await tx`update analyses set workflow_id = ${workflowId} where id = ${analysis.id}`
  const brand = analysis.brands.brand.name
  const what =
    kind === 'analysis'
      ? `Analysis ${analysis.id}${earlier > 0 ? ' (restart)' : ''}: ${modelIds.length} model${modelIds.length === 1 ? '' : 's'} × ${analysis.queries.length} queries`
      : `${kind === 'refresh' ? 'Refresh' : 'Add'} ${modelIds.map((id) => modelById(id)?.name ?? id).join(', ')} on analysis ${analysis.id}`
  return {
    runId,
    workflowId,
    input: runInput(analysis, { id: runId, kind, model_ids: modelIds }),
    labels: { projectId: analysis.project_id, userEmail, brand, runKind: kind },
    summary: `${what} · ${brand} · project ${analysis.project_id} · ${userEmail}`,
  }
}

interface ProjectToAnalyse {
  user_id: number
  email: string
  is_active: boolean
  is_admin: boolean
  tier: string
  max_analyses: number | null
  brand_domain: string
  brand_details: { alternativeNames?: string[]; domains?: string[] } | null
  is_light_mode: boolean
  samples_per_query: number
  engines: boolean
}

export interface CreateAnalysisRunOptions {
  /** The analysis day (UTC, `today()`). */
  day: string
  /** The owner's daily model spending cap (DAILY_COST_CAP_USD); over it the run is refused with 429. */
  dailyCostCapUsd: number
  /** A person asks (a click, the API, MCP), not the daily schedule: an admin is then asked to confirm a second run today. */
  byPerson?: boolean
  /** An admin confirmed a second run of the project today (ANALYSE_AGAIN_QUESTION). */
  again?: boolean
}

/**
 * Admits and writes an analysis run of a project for its owner, in the caller's transaction, under the owner's lock:
 * two starts at once (two clicks, a click and the schedule) cannot both pass the daily limit or the quota. A failed
 * or cancelled run of today is restarted in place (its answers kept, its progress reset). Throws AnalysisRefused.
 */
export async function createAnalysisRun(tx: Tx, projectId: number, opts: CreateAnalysisRunOptions): Promise<{ analysis: AnalysisRow; run: PlannedRun }> {
  const [p] = await tx<ProjectToAnalyse[]>`
    select p.user_id, u.email, u.is_active, u.is_admin, u.tier, u.max_analyses, p.brand_domain, p.brand_details, p.is_light_mode, p.samples_per_query, p.engines
    from projects p join users u on u.id = p.user_id where p.id = ${projectId}`
  if (!p) throw new AnalysisRefused('Project not found', 404)
  await lockUser(tx, p.user_id)
  const isLight = p.tier === 'light' || p.is_light_mode
  // Every stored query: a saved list holds at most 50 (a topic list; others 40), 20 in Light Mode.
  const queries = await tx<{ query: string; topic: string | null; audience: string | null; audience_context: string | null }[]>`
    select query, topic, audience, audience_context from project_queries where project_id = ${projectId} order by position
    limit ${isLight ? MAX_QUERIES_LIGHT : MAX_TOPIC_QUERIES}`
  const competitors = await tx<{ name: string; alternative_names: string[]; domains: string[] }[]>`
    select name, alternative_names, domains from project_competitors where project_id = ${projectId} order by position`
  const admitted = await admitAnalysis(tx, {
    userId: p.user_id, projectId, isActive: p.is_active, isAdmin: p.is_admin, maxAnalyses: p.max_analyses,
    queryCount: queries.length, competitorCount: competitors.length, day: opts.day, byPerson: opts.byPerson, again: opts.again,
  })
  const spend = await modelSpendOf(tx, { id: p.user_id, isAdmin: p.is_admin }, opts.dailyCostCapUsd)
  if (overCostCap(spend)) throw new AnalysisRefused(costCapMessage(spend.spentTodayUsd, spend.dailyCapUsd), 429, spend.resetsAt)

  if (admitted.restartable !== null) {
    const [row] = await tx<AnalysisRow[]>`select * from analyses where id = ${admitted.restartable}`
    const progress = waitingProgress(row.model_ids, row.queries.length, row.samples_per_query)
    await moveAnalysis(tx, row.id, 'pending', { progress, error: null, completed: false, progressed: true })
    const [reset] = await tx<AnalysisRow[]>`select * from analyses where id = ${row.id}`
    return { analysis: reset, run: await insertRun(tx, reset, 'analysis', reset.model_ids, p.email) }
  }
  const modelIds = isLight ? [...LIGHT_MODE_MODEL_IDS] : analysisModelIds({ tier: p.tier, isAdmin: p.is_admin, engines: p.engines })
  const snapshot = queries.map((q, index) => ({ index, query: q.query, topic: q.topic, audience: q.audience, audienceContext: q.audience_context }))
  const brands = {
    brand: { name: p.brand_domain, alternativeNames: p.brand_details?.alternativeNames ?? [], domains: p.brand_details?.domains ?? [] },
    competitors: competitors.map((c) => ({ name: c.name, alternativeNames: c.alternative_names, domains: c.domains })),
  }
  await tx`update users set total_analyses_run = total_analyses_run + 1 where id = ${p.user_id}`
  const [row] = await tx<AnalysisRow[]>`
    insert into analyses (project_id, user_id, status, date, is_light_mode, model_ids, samples_per_query, queries, brands, progress)
    values (${projectId}, ${p.user_id}, 'pending', ${opts.day}, ${isLight}, ${modelIds}, ${p.samples_per_query},
      ${tx.json(snapshot as any)}, ${tx.json(brands as any)}, ${tx.json(waitingProgress(modelIds, snapshot.length, p.samples_per_query) as any)})
    returning *`
  return { analysis: row, run: await insertRun(tx, row, 'analysis', modelIds, p.email) }
}
