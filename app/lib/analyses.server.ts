import type postgres from 'postgres'
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { db } from './db.server'
import { limitsOf, type User } from './auth.server'
import { badRequest, conflict, forbidden, notFound } from './http.server'
import { getProject, type Project } from './projects.server'
import { temporal, taskQueue, workflowState } from './temporal.server'
import { loadProviderConfigs } from './models.server'
import { CARD_MODEL_IDS, LIGHT_MODE_MODEL_IDS, modelById, type ModelId } from '../domain/models'
import { STALE_AFTER_MS, STUCK_AFTER_MS } from '../domain/limits'
import { analysisWorkflowId, getProgressQuery, type AnalysisWorkflowInput, type ModelProgress, type ProgressDetails } from '../../workflows/shared'
import { computeResults, reparseAnswers, brandsOf, type AnalysisSnapshot } from '../../activities/results'

export type AnalysisStatus = 'pending' | 'in_progress' | 'processing' | 'completed' | 'failed' | 'cancelled'
export const ACTIVE_STATUSES: AnalysisStatus[] = ['pending', 'in_progress', 'processing']

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

interface RunRow {
  id: number
  analysis_id: number
  kind: 'analysis' | 'add-model' | 'refresh'
  model_ids: number[]
  workflow_id: string
  status: 'running' | 'completed' | 'failed' | 'cancelled'
  progress: ProgressDetails | null
  error: string | null
  created_at: Date
}

// ---------------------------------------------------------------- access

/** An analysis whose project the user may read (or, for 'write', owns); otherwise 404/403. */
export async function getAnalysis(user: User, id: number, need: 'read' | 'write' = 'read'): Promise<{ analysis: AnalysisRow; project: Project }> {
  const [analysis] = await db()<AnalysisRow[]>`select * from analyses where id = ${id}`
  if (!analysis) notFound('Analysis not found')
  const project = await getProject(user, analysis.project_id, need).catch((err) => {
    if (err instanceof Response && err.status === 404) notFound('Analysis not found')
    throw err
  })
  return { analysis: await reconcile(analysis), project }
}

// ---------------------------------------------------------------- starting

function emptyModelStatus(ids: number[], total: number): Record<string, ModelProgress> {
  return Object.fromEntries(
    ids.map((id) => [String(id), { name: modelById(id)?.name ?? String(id), status: 'waiting', completed: 0, total, failed: 0, startTime: null, completedTime: null, currentQuery: null, error: null }]),
  )
}

function initialProgress(ids: number[], queries: number, samples: number, phase = 'Starting'): ProgressDetails {
  const total = ids.length * queries * samples
  return {
    progressBars: { calls: { label: 'AI model calls', current: 0, total }, saving: { label: 'Answers saved', current: 0, total } },
    modelStatus: emptyModelStatus(ids, queries * samples),
    phase,
    message: 'Waiting for the analysis worker to pick up the run...',
    currentModel: null,
    progressPercent: 0,
    queriesCompleted: 0,
    queriesTotal: total,
    estimatedTimeRemaining: null,
    isComplete: false,
  }
}

function plan(modelIds: number[]): AnalysisWorkflowInput['models'] {
  const configs = loadProviderConfigs()
  return modelIds.map((id) => {
    const m = modelById(id)!
    return { modelId: id, name: m.name, concurrency: configs[m.provider]?.concurrency ?? 8 }
  })
}

async function startRun(analysis: AnalysisRow, kind: AnalysisWorkflowInput['kind'], modelIds: number[]) {
  const sql = db()
  const [run] = await sql<{ id: number }[]>`
    insert into model_runs (analysis_id, kind, model_ids, workflow_id, progress)
    values (${analysis.id}, ${kind}, ${modelIds}, ${'pending-' + analysis.id + '-' + Date.now() + '-' + Math.random()},
      ${sql.json(initialProgress(modelIds, analysis.queries.length, analysis.samples_per_query) as any)})
    returning id`
  // A restarted analysis gets a new workflow id; the first run keeps the plain `analysis-<id>`.
  const [{ earlier }] = await sql<{ earlier: number }[]>`select count(*)::int as earlier from model_runs where analysis_id = ${analysis.id} and kind = ${kind} and id <> ${run.id}`
  const workflowId = analysisWorkflowId(analysis.id, kind, kind === 'analysis' ? (earlier > 0 ? `-restart-${run.id}` : '') : `-${run.id}`)
  await sql`update model_runs set workflow_id = ${workflowId} where id = ${run.id}`
  if (kind === 'analysis') await sql`update analyses set workflow_id = ${workflowId} where id = ${analysis.id}`
  const input: AnalysisWorkflowInput = {
    analysisId: analysis.id,
    runId: run.id,
    kind,
    models: plan(modelIds),
    queries: analysis.queries.map((q) => ({ index: q.index, query: q.query })),
    samples: analysis.samples_per_query,
  }
  try {
    const client = await temporal()
    await client.workflow.start('analysisWorkflow', { taskQueue: taskQueue(), workflowId, args: [input] })
  } catch (err) {
    const message = err instanceof WorkflowExecutionAlreadyStartedError ? 'This analysis is already running' : 'The analysis service (Temporal) is not reachable. Try again in a minute.'
    await sql`update model_runs set status = 'failed', error = ${message}, completed_at = now() where id = ${run.id}`
    if (kind === 'analysis') await sql`update analyses set status = 'failed', error = ${message}, updated_at = now() where id = ${analysis.id}`
    if (err instanceof WorkflowExecutionAlreadyStartedError) conflict(message)
    throw new Response(JSON.stringify({ error: message, message }), { status: 503, headers: { 'content-type': 'application/json' } })
  }
  return { runId: run.id, workflowId }
}

function today() {
  return new Date().toISOString().slice(0, 10)
}

/** Whether the project may start an analysis today: one per project per day (failed or cancelled ones may be restarted). */
export async function canAnalyseToday(user: User, projectId: number) {
  const project = await getProject(user, projectId)
  const [row] = await db()<{ n: number }[]>`
    select count(*)::int as n from analyses where project_id = ${projectId} and date = ${today()} and status not in ('failed', 'cancelled')`
  const l = limitsOf(user)
  const reasons: string[] = []
  if (!user.isActive) reasons.push('Account paused - contact admin')
  if (!l.canRunAnalysis) reasons.push(`Analysis limit reached (${l.analysesRemaining ?? 0} remaining)`)
  if (row.n > 0) reasons.push('Daily limit reached for this project')
  if (project.accessType !== 'owner') reasons.push('Only the owner of this project can analyse it')
  return { canAnalyse: reasons.length === 0, reason: reasons[0] ?? null, analysesToday: row.n, analysesRemaining: l.analysesRemaining }
}

/** POST /api/projects/{id}/analyse-today (and analyze-today to restart a failed or cancelled run of today). */
export async function startAnalysis(user: User, projectId: number): Promise<AnalysisRow> {
  const project = await getProject(user, projectId, 'write')
  if (!user.isActive) forbidden('Account paused - contact admin')
  if (project.queries.length === 0) badRequest('Add at least one query before starting an analysis')
  if (project.competitors.length === 0) badRequest('Add at least one competitor before starting an analysis')
  const sql = db()
  const isLight = user.tier === 'light' || project.isLightMode
  const modelIds = [...(isLight ? LIGHT_MODE_MODEL_IDS : CARD_MODEL_IDS)]
  const queries = project.queriesWithAudience.slice(0, isLight ? 20 : 40).map((q, index) => ({ index, query: q.query, topic: q.topic ?? null, audience: q.audience ?? null, audienceContext: q.audienceContext ?? null }))
  const brands = { brand: { ...project.brandDetails, name: project.brandDomain }, competitors: project.competitorDetails }

  // Checks and insert under one per-user lock, so two clicks at once cannot pass the daily limit or the quota.
  const { analysis, restarted } = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(4242, ${user.id})`
    const [active] = await tx<{ n: number }[]>`
      select count(*)::int as n from analyses where project_id = ${projectId} and date = ${today()} and status not in ('failed', 'cancelled')`
    if (active.n > 0) forbidden('Daily limit reached for this project')
    // A failed or cancelled run of today is restarted in place: answers already stored are kept.
    const [restartable] = await tx<AnalysisRow[]>`
      select * from analyses where project_id = ${projectId} and date = ${today()} and status in ('failed', 'cancelled')
      order by created_at desc limit 1`
    if (restartable) {
      const [row] = await tx<AnalysisRow[]>`
        update analyses set status = 'pending', error = null, completed_at = null, last_progress_at = now(), updated_at = now(),
          progress = ${tx.json(initialProgress(restartable.model_ids, restartable.queries.length, restartable.samples_per_query) as any)}
        where id = ${restartable.id} returning *`
      return { analysis: row, restarted: true }
    }
    const [{ n: used }] = await tx<{ n: number }[]>`
      select count(*)::int as n from analyses a join projects p on p.id = a.project_id where p.user_id = ${user.id}`
    const remaining = user.isAdmin || user.maxAnalyses === null ? null : Math.max(0, user.maxAnalyses - used)
    if (remaining !== null && remaining <= 0) forbidden(`Analysis limit reached (${remaining} remaining)`)
    await tx`update users set total_analyses_run = total_analyses_run + 1 where id = ${user.id}`
    const [row] = await tx<AnalysisRow[]>`
      insert into analyses (project_id, user_id, status, date, is_light_mode, model_ids, samples_per_query, queries, brands, progress)
      values (${projectId}, ${user.id}, 'pending', ${today()}, ${isLight}, ${modelIds}, ${project.samplesPerQuery},
        ${tx.json(queries as any)}, ${tx.json(brands as any)}, ${tx.json(initialProgress(modelIds, queries.length, project.samplesPerQuery) as any)})
      returning *`
    return { analysis: row, restarted: false }
  })
  await startRun(analysis, 'analysis', restarted ? analysis.model_ids : modelIds)
  return analysis
}

/** An add-model (or refresh) run of one model on an existing analysis. */
export async function startAddModel(user: User, analysisId: number, modelId: number, kind: 'add-model' | 'refresh' = 'add-model') {
  const { analysis } = await getAnalysis(user, analysisId, 'write')
  const model = modelById(modelId)
  if (!model) badRequest(`Unknown model ${modelId}`)
  if (!user.isActive) forbidden('Account paused - contact admin')
  if (analysis.is_light_mode && !LIGHT_MODE_MODEL_IDS.includes(modelId as ModelId)) forbidden('Only ChatGPT 5 runs in Light Mode')
  if (ACTIVE_STATUSES.includes(analysis.status)) conflict('Wait for the analysis to finish before adding a model')
  const sql = db()
  const [running] = await sql<{ n: number }[]>`select count(*)::int as n from model_runs where analysis_id = ${analysisId} and status = 'running' and ${modelId} = any(model_ids)`
  if (running.n > 0) conflict(`${model.name} analysis is already running for this analysis`)
  if (kind === 'add-model') {
    const [existing] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${analysisId} and model_id = ${modelId} and ok`
    if (existing.n > 0) badRequest(`${model.name} analysis already exists for this analysis`)
    await sql`delete from api_responses where analysis_id = ${analysisId} and model_id = ${modelId}`
  } else {
    await sql`delete from api_responses where analysis_id = ${analysisId} and model_id = ${modelId}`
  }
  if (!analysis.model_ids.includes(modelId)) await sql`update analyses set model_ids = array_append(model_ids, ${modelId}) where id = ${analysisId}`
  const run = await startRun({ ...analysis, model_ids: [...new Set([...analysis.model_ids, modelId])] }, kind, [modelId])
  return { ...run, analysisId, modelId, model: model.name }
}

// ---------------------------------------------------------------- progress and reconciliation

const TEMPORAL_END_STATES: Record<string, { status: 'cancelled' | 'failed'; message: string }> = {
  CANCELLED: { status: 'cancelled', message: 'The analysis was cancelled.' },
  TERMINATED: { status: 'cancelled', message: 'The analysis was terminated by an operator in Temporal.' },
  FAILED: { status: 'failed', message: 'The analysis workflow failed in Temporal.' },
  TIMED_OUT: { status: 'failed', message: 'The analysis workflow timed out in Temporal.' },
  NOT_FOUND: { status: 'failed', message: 'The analysis workflow no longer exists in Temporal.' },
}

/** Model rows counted from the stored answers: the truth once a workflow has stopped without saying so. */
async function countedModelStatus(analysis: AnalysisRow, ids: number[], prior?: ProgressDetails | null): Promise<Record<string, ModelProgress>> {
  const counts = await db()<{ model_id: number; n: number; failed: number }[]>`
    select model_id, count(*)::int as n, count(*) filter (where not ok)::int as failed
    from api_responses where analysis_id = ${analysis.id} group by model_id`
  const total = analysis.queries.length * analysis.samples_per_query
  return Object.fromEntries(
    ids.map((id) => {
      const c = counts.find((x) => x.model_id === id)
      const before = prior?.modelStatus?.[String(id)]
      const done = c?.n ?? 0
      return [String(id), { ...(before ?? emptyModelStatus([id], total)[String(id)]), completed: done, failed: c?.failed ?? 0, total, currentQuery: null, status: done >= total && (c?.failed ?? 0) < total ? 'completed' : 'failed' } satisfies ModelProgress]
    }),
  )
}

/**
 * Brings the database in line with Temporal for runs that the database still thinks are running:
 * a workflow cancelled, terminated or reset from the Temporal UI shows here as it is there.
 */
async function reconcile(analysis: AnalysisRow): Promise<AnalysisRow> {
  const sql = db()
  const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${analysis.id} and status = 'running'`
  let changed = false
  for (const run of runs) {
    const state = await workflowState(run.workflow_id)
    if (state === 'RUNNING' || state === 'UNKNOWN' || state === 'COMPLETED' || state === 'CONTINUED_AS_NEW') continue
    const end = TEMPORAL_END_STATES[state]
    if (!end) continue
    const modelStatus = await countedModelStatus(analysis, run.model_ids, run.progress)
    const progress: ProgressDetails = { ...(run.progress ?? initialProgress(run.model_ids, analysis.queries.length, analysis.samples_per_query)), modelStatus, phase: end.status === 'cancelled' ? 'Cancelled' : 'Failed', message: end.message, currentModel: null, isComplete: false, estimatedTimeRemaining: null }
    const updated = await sql`update model_runs set status = ${end.status}, error = ${end.message}, progress = ${sql.json(progress as any)}, completed_at = now() where id = ${run.id} and status = 'running' returning id`
    if (updated.length && run.kind === 'analysis')
      await sql`update analyses set status = ${end.status}, error = ${end.message}, progress = ${sql.json(progress as any)}, updated_at = now() where id = ${analysis.id} and status in ('pending', 'in_progress', 'processing')`
    changed = true
  }
  if (!changed) return analysis
  const [fresh] = await sql<AnalysisRow[]>`select * from analyses where id = ${analysis.id}`
  return fresh
}

/** Live progress through the workflow query while a run is going; the stored snapshot once it has ended. */
export async function progressOf(analysis: AnalysisRow): Promise<ProgressDetails> {
  const sql = db()
  const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${analysis.id} order by created_at`
  let base: ProgressDetails = analysis.progress ?? initialProgress(analysis.model_ids, analysis.queries.length, analysis.samples_per_query)
  for (const run of runs.filter((r) => r.status === 'running')) {
    let live: ProgressDetails | null = null
    try {
      live = await (await temporal()).workflow.getHandle(run.workflow_id).query(getProgressQuery)
    } catch {
      live = run.progress
    }
    if (!live) continue
    if (run.kind === 'analysis') base = live
    else base = { ...base, modelStatus: { ...base.modelStatus, ...live.modelStatus }, phase: live.phase, message: live.message, currentModel: live.currentModel }
  }
  return base
}

// ---------------------------------------------------------------- listing and serialising

export function serializeAnalysis(a: AnalysisRow, progress: ProgressDetails | null, extra: Record<string, unknown> = {}) {
  return {
    id: a.id,
    projectId: a.project_id,
    status: a.status,
    date: a.date instanceof Date ? a.date.toISOString().slice(0, 10) : a.date,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
    completedAt: a.completed_at?.toISOString() ?? null,
    isLightMode: a.is_light_mode,
    modelIds: a.model_ids,
    samplesPerQuery: a.samples_per_query,
    queryCount: a.queries.length,
    error: a.error,
    progressDetails: progress,
    ...extra,
  }
}

export async function listAnalyses(user: User, opts: { activeOnly?: boolean; projectId?: number } = {}) {
  const sql = db()
  const rows = await sql<(AnalysisRow & { is_light_project: boolean; project_name: string; brand_domain: string; responses: number })[]>`
    select a.*, p.is_light_mode as is_light_project, p.name as project_name, p.brand_domain,
      (select count(*)::int from api_responses r where r.analysis_id = a.id) as responses
    from analyses a join projects p on p.id = a.project_id
    left join project_shares s on s.project_id = p.id and s.user_id = ${user.id}
    where (p.user_id = ${user.id} or s.user_id is not null or (${opts.projectId ?? null}::int is not null and (p.is_public or ${user.isAdmin})))
      ${opts.projectId ? sql`and a.project_id = ${opts.projectId}` : sql``}
      ${opts.activeOnly ? sql`and a.status in ('pending', 'in_progress', 'processing')` : sql``}
    order by a.created_at desc
    limit 200`
  const out = []
  for (const row of rows) {
    const a = opts.activeOnly || ACTIVE_STATUSES.includes(row.status) ? await reconcile(row) : row
    if (opts.activeOnly && !ACTIVE_STATUSES.includes(a.status)) continue
    const progress = ACTIVE_STATUSES.includes(a.status) ? await progressOf(a) : a.progress
    out.push(
      serializeAnalysis(a, progress, {
        apiResponses: row.responses,
        project: { id: a.project_id, name: row.project_name, brandDomain: row.brand_domain, isLightMode: row.is_light_project },
      }),
    )
  }
  return out
}

export interface ApiResponseRow {
  id: string
  model_id: number
  model_name: string | null
  query_index: number
  sample: number
  query: string
  response: string
  ok: boolean
  error: string | null
  citations: any[]
  sources: any[]
  search_queries: string[]
  mentions: Record<string, number>
  rankings: Record<string, number>
  sentiment: Record<string, any>
  parsed_data: Record<string, any>
  usage: any
  latency_ms: number | null
  cost_usd: string | null
  created_at: Date
}

export function serializeApiResponse(r: ApiResponseRow, opts: { raw?: unknown } = {}) {
  return {
    id: Number(r.id),
    model_id: r.model_id,
    model_name: r.model_name ?? modelById(r.model_id)?.name ?? String(r.model_id),
    query: r.query,
    query_index: r.query_index,
    sample: r.sample,
    response: r.response,
    ok: r.ok,
    error: r.error,
    timestamp: r.created_at.toISOString(),
    mentions: r.mentions,
    rankings: r.rankings,
    sentiment: r.sentiment,
    parsedData: { ...r.parsed_data, searchQueries: r.search_queries, usage: r.usage, latencyMs: r.latency_ms, costUsd: r.cost_usd === null ? null : Number(r.cost_usd) },
    hasSearch: r.citations.length > 0 || r.search_queries.length > 0,
    citations: r.citations,
    sources: r.sources,
    searchMetadata: { searchEnabled: r.model_id !== 10, modelVersion: r.parsed_data?.model ?? null, webSearchQueries: r.search_queries },
    ...(opts.raw !== undefined ? { raw: opts.raw } : {}),
  }
}

export async function apiResponsesOf(analysisId: number, opts: { modelId?: number; limit?: number } = {}) {
  const sql = db()
  return sql<ApiResponseRow[]>`
    select id, model_id, model_name, query_index, sample, query, response, ok, error, citations, sources, search_queries,
      mentions, rankings, sentiment, parsed_data, usage, latency_ms, cost_usd, created_at
    from api_responses where analysis_id = ${analysisId} ${opts.modelId ? sql`and model_id = ${opts.modelId}` : sql``}
    order by query_index, model_id, sample
    ${opts.limit ? sql`limit ${opts.limit}` : sql``}`
}

// ---------------------------------------------------------------- changing

/** Cancels every running workflow of the analysis through Temporal (the same as Cancel in the Temporal UI). */
export async function cancelAnalysis(user: User, id: number) {
  const { analysis } = await getAnalysis(user, id, 'write')
  const sql = db()
  const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${id} and status = 'running'`
  const client = await temporal()
  for (const run of runs) await client.workflow.getHandle(run.workflow_id).cancel().catch(() => {})
  // The workflow records its own end; wait briefly so the answer reflects it.
  for (let i = 0; i < 50; i++) {
    const fresh = (await getAnalysis(user, id)).analysis
    if (!ACTIVE_STATUSES.includes(fresh.status) || runs.length === 0) return fresh
    await new Promise((r) => setTimeout(r, 200))
  }
  return analysis
}

export async function deleteAnalysis(user: User, id: number) {
  await getAnalysis(user, id, 'write')
  const sql = db()
  const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${id} and status = 'running'`
  if (runs.length) {
    const client = await temporal()
    for (const run of runs) await client.workflow.getHandle(run.workflow_id).terminate('Analysis deleted by its owner').catch(() => {})
  }
  await sql`delete from analyses where id = ${id}`
}

async function recomputeResults(sql: postgres.Sql<any>, analysis: AnalysisRow) {
  const results = await computeResults(sql, analysis.id, { queries: analysis.queries, brands: analysis.brands })
  await sql`update analyses set results = ${sql.json(results as any)}, updated_at = now() where id = ${analysis.id}`
  return results
}

/** POST /api/analyses/{id}/manage {action: delete|refresh, modelId}. */
export async function manageModel(user: User, id: number, action: 'delete' | 'refresh', modelId: number) {
  const { analysis } = await getAnalysis(user, id, 'write')
  const model = modelById(modelId)
  if (!model) badRequest(`Unknown model ${modelId}`)
  const sql = db()
  if (action === 'delete') {
    const deleted = await sql`delete from api_responses where analysis_id = ${id} and model_id = ${modelId} returning id`
    await recomputeResults(sql, analysis)
    return { ok: true, action, modelId, model: model.name, deleted: deleted.length, message: `${model.name} analysis data has been removed` }
  }
  const today = new Date().toISOString().slice(0, 10)
  const analysisDate = analysis.date instanceof Date ? analysis.date.toISOString().slice(0, 10) : String(analysis.date)
  if (analysisDate !== today) badRequest("Only today's analysis can be refreshed")
  const run = await startAddModel(user, id, modelId, 'refresh')
  return { ok: true, action, ...run, message: 'Model analysis has been updated for today' }
}

/** POST /api/analyses/{id}/rebuild-mentions: re-parse with the project's current brands and alternative names. */
export async function rebuildMentions(user: User, id: number) {
  const { analysis, project } = await getAnalysis(user, id, 'write')
  const brands = { brand: { ...project.brandDetails, name: project.brandDomain }, competitors: project.competitorDetails }
  const sql = db()
  await sql`update analyses set brands = ${sql.json(brands as any)} where id = ${id}`
  const updated = await reparseAnswers(sql, id, brandsOf(brands))
  const results = await recomputeResults(sql, { ...analysis, brands })
  return { success: true, updatedResponses: updated, brands: Object.keys(results.brands ?? {}).length }
}

/** Analyses with no progress for 10 minutes whose workflow is gone are marked failed (stuck). */
export async function cleanupStuck(user: User) {
  const sql = db()
  const rows = await sql<AnalysisRow[]>`
    select a.* from analyses a join projects p on p.id = a.project_id
    where a.status in ('pending', 'in_progress', 'processing') and a.last_progress_at < now() - ${STUCK_AFTER_MS / 1000} * interval '1 second'
      and (p.user_id = ${user.id} or ${user.isAdmin})`
  let cleaned = 0
  for (const row of rows) {
    const fresh = await reconcile(row)
    if (!ACTIVE_STATUSES.includes(fresh.status)) {
      cleaned++
      continue
    }
    const state = row.workflow_id ? await workflowState(row.workflow_id) : 'NOT_FOUND'
    if (state === 'RUNNING') continue
    await sql`update analyses set status = 'failed', error = 'The analysis made no progress for 10 minutes and was stopped.', updated_at = now() where id = ${row.id}`
    await sql`update model_runs set status = 'failed', completed_at = now() where analysis_id = ${row.id} and status = 'running'`
    cleaned++
  }
  return { cleaned }
}

/** Admin: analyses still active after 24 hours are completed with the answers they have. */
export async function completeStale() {
  const sql = db()
  const rows = await sql<AnalysisRow[]>`
    select * from analyses where status in ('pending', 'in_progress', 'processing') and created_at < now() - ${STALE_AFTER_MS / 1000} * interval '1 second'`
  const client = await temporal().catch(() => null)
  for (const row of rows) {
    const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${row.id} and status = 'running'`
    for (const run of runs) await client?.workflow.getHandle(run.workflow_id).terminate('Completed as stale by an administrator').catch(() => {})
    await sql`update model_runs set status = 'completed', completed_at = now() where analysis_id = ${row.id} and status = 'running'`
    const modelStatus = await countedModelStatus(row, row.model_ids, row.progress)
    const progress = { ...(row.progress ?? initialProgress(row.model_ids, row.queries.length, row.samples_per_query)), modelStatus, phase: 'Completed', message: 'Completed by an administrator after 24 hours', isComplete: true, progressPercent: 100 }
    await recomputeResults(sql, row)
    await sql`update analyses set status = 'completed', progress = ${sql.json(progress as any)}, completed_at = now(), updated_at = now() where id = ${row.id}`
  }
  return { updatedAnalyses: rows.length, ids: rows.map((r) => r.id) }
}

