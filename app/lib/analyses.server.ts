import type postgres from 'postgres'
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { db } from './db.server'
import { limitsOf, type User } from './auth.server'
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from './http.server'
import { getProject, projectAllows, type Project } from './projects.server'
import { forgetWorkflow, READ_TTL_MS, readWorkflow, startAnalysisWorkflow, temporal, workflowState } from './temporal.server'
import { sharedReads } from './shared-reads'
import { LIGHT_MODE_MODEL_IDS, modelById, type ModelId } from '../domain/models'
import { ANALYSE_AGAIN_QUESTION, STALE_AFTER_MS, STUCK_AFTER_MS } from '../domain/limits'
import type { ModelProgress, ProgressDetails } from '../../workflows/shared'
import { computeResults, reparseAnswers, storeResults } from '../../db/results'
import { ACTIVE_STATUSES, brandList, isActiveStatus, isoDay, today } from '../domain/analyses'
import { lockUser } from '../../db/locks'
import { admitAnalysis, AnalysisRefused } from '../../db/analysis-admission'
import { createAnalysisRun, insertRun, waitingProgress, type AnalysisRow, type PlannedRun } from '../../db/runs'
import { moveAnalysis, moveRuns } from '../../db/run-status'
import { env } from './env.server'
import { recordAdminAction } from './admin.server'

export { ACTIVE_STATUSES, isActiveStatus, type AnalysisStatus } from '../domain/analyses'
export type { AnalysisRow } from '../../db/runs'

/** The active statuses as an SQL list: `status in ${ACTIVE}`. */
const ACTIVE = [...ACTIVE_STATUSES]

type Tx = postgres.TransactionSql<any>

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

/** Answers a refusal of db/runs.ts or db/analysis-admission.ts with its HTTP status. */
function refuse(err: AnalysisRefused): never {
  if (err.status === 400) badRequest(err.message)
  if (err.status === 404) notFound(err.message)
  if (err.status === 409) conflict(err.message)
  if (err.status === 429) tooManyRequests(err.message, (Date.parse(err.resetsAt ?? '') - Date.now()) / 1000 || 60)
  forbidden(err.message)
}

/** Starts the run's workflow once its rows are committed; if Temporal refuses, the run (and a first analysis run) is marked failed. */
async function launchRun(run: PlannedRun) {
  const { analysisId, kind } = run.input
  try {
    await startAnalysisWorkflow(run.input, run)
  } catch (err) {
    const message = err instanceof WorkflowExecutionAlreadyStartedError ? 'This analysis is already running' : 'The analysis service (Temporal) is not reachable. Try again in a minute.'
    await db().begin(async (tx) => {
      await moveRuns(tx, { runId: run.runId }, 'failed', { error: message })
      if (kind === 'analysis') await moveAnalysis(tx, analysisId, 'failed', { error: message })
    })
    if (err instanceof WorkflowExecutionAlreadyStartedError) conflict(message)
    throw new Response(JSON.stringify({ error: message, message }), { status: 503, headers: { 'content-type': 'application/json' } })
  }
  return { runId: run.runId, workflowId: run.workflowId }
}

/**
 * GET /api/projects/{id}/can-analyse-today: whether Add Analysis would be admitted now. The decision is
 * `admitAnalysis` (db/analysis-admission.ts), the rule a click and the daily scheduled run apply (paused account, no
 * queries or competitors, one per project per day, a run still going, quota), asked with the same inputs as
 * startAnalysis in a read-only transaction, so the button and the click never disagree.
 */
export async function canAnalyseToday(user: User, projectId: number) {
  // (An admin's second run of the day is admitted after a confirmation: canAnalyse with the question to ask.)
  const project = await getProject(user, projectId)
  const day = today()
  const { refusal, confirm, analysesToday } = await db().begin('read only', async (tx): Promise<{ refusal: string | null; confirm?: string; analysesToday: number }> => {
    const [row] = await tx<{ n: number }[]>`
      select count(*)::int as n from analyses where project_id = ${projectId} and date = ${day} and status not in ('failed', 'cancelled')`
    try {
      await admitAnalysis(tx, {
        userId: user.id, projectId, isActive: user.isActive, isAdmin: user.isAdmin, maxAnalyses: user.maxAnalyses,
        queryCount: project.queries.length, competitorCount: project.competitors.length, day, byPerson: true,
      })
      return { refusal: null, analysesToday: row.n }
    } catch (err) {
      if (!(err instanceof AnalysisRefused)) throw err
      if (err.message === ANALYSE_AGAIN_QUESTION) return { refusal: null, confirm: err.message, analysesToday: row.n }
      return { refusal: err.message, analysesToday: row.n }
    }
  })
  const reasons = [...(project.accessType !== 'owner' ? ['Only the owner of this project can analyse it'] : []), ...(refusal ? [refusal] : [])]
  return { canAnalyse: reasons.length === 0, reason: reasons[0] ?? null, confirm: confirm ?? null, analysesToday, analysesRemaining: limitsOf(user).analysesRemaining }
}

/**
 * POST /api/projects/{id}/analyse-today (and analyze-today to restart a failed or cancelled run of today), the REST
 * API and MCP: the run is created by db/runs.ts createAnalysisRun, the function the daily schedule calls too, in one
 * transaction; the workflow starts once it is committed.
 */
export async function startAnalysis(user: User, projectId: number, opts: { again?: boolean } = {}): Promise<AnalysisRow> {
  await getProject(user, projectId, 'write')
  const { analysis, run } = await db()
    .begin((tx) => createAnalysisRun(tx, projectId, { day: today(), dailyCostCapUsd: env().DAILY_COST_CAP_USD, byPerson: true, again: opts.again }))
    .catch((err: unknown) => {
      if (err instanceof AnalysisRefused) refuse(err)
      throw err
    })
  await launchRun(run)
  return { ...analysis, workflow_id: run.workflowId }
}

/**
 * An add-model (or refresh) run of one model on an existing analysis. The checks and writes are one transaction
 * under the per-user lock that starting an analysis takes, so two clicks start one run.
 */
export async function startAddModel(user: User, analysisId: number, modelId: number, kind: 'add-model' | 'refresh' = 'add-model') {
  const { analysis } = await getAnalysis(user, analysisId, 'write')
  const model = modelById(modelId)
  if (!model) badRequest(`Unknown model ${modelId}`)
  if (!user.isActive) forbidden('Account paused - contact admin')
  if (analysis.is_light_mode && !LIGHT_MODE_MODEL_IDS.includes(modelId as ModelId)) forbidden('Only ChatGPT 5 runs in Light Mode')
  const run = await db().begin(async (tx) => {
    await lockUser(tx, user.id)
    const [fresh] = await tx<AnalysisRow[]>`select * from analyses where id = ${analysisId}`
    if (!fresh) notFound('Analysis not found')
    if (isActiveStatus(fresh.status)) conflict('Wait for the analysis to finish before adding a model')
    const [running] = await tx<{ n: number }[]>`select count(*)::int as n from model_runs where analysis_id = ${analysisId} and status = 'running' and ${modelId} = any(model_ids)`
    if (running.n > 0) conflict(`${model.name} analysis is already running for this analysis`)
    if (kind === 'add-model') {
      const [existing] = await tx<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${analysisId} and model_id = ${modelId} and ok`
      if (existing.n > 0) badRequest(`${model.name} analysis already exists for this analysis`)
    }
    await tx`delete from api_responses where analysis_id = ${analysisId} and model_id = ${modelId}`
    const [row] = await tx<AnalysisRow[]>`
      update analyses set model_ids = case when ${modelId} = any(model_ids) then model_ids else array_append(model_ids, ${modelId}) end
      where id = ${analysisId} returning *`
    return insertRun(tx, row, kind, [modelId], user.email)
  })
  return { ...(await launchRun(run)), analysisId, modelId, model: model.name }
}

// ---------------------------------------------------------------- progress and reconciliation

/** How long a recorded run may have no workflow in Temporal before it counts as gone (NOT_FOUND). */
const NOT_STARTED_GRACE_MS = 60_000

const TEMPORAL_END_STATES: Record<string, { status: 'cancelled' | 'failed'; message: string }> = {
  CANCELLED: { status: 'cancelled', message: 'The analysis was cancelled.' },
  TERMINATED: { status: 'cancelled', message: 'The analysis was terminated by an operator in Temporal.' },
  FAILED: { status: 'failed', message: 'The analysis workflow failed in Temporal.' },
  TIMED_OUT: { status: 'failed', message: 'The analysis workflow timed out in Temporal.' },
  NOT_FOUND: { status: 'failed', message: 'The analysis workflow no longer exists in Temporal.' },
}

/** Model rows counted from the stored answers: the truth once a workflow has stopped without saying so. */
async function countedModelStatus(analysis: AnalysisRow, ids: number[], prior?: ProgressDetails | null, sql: postgres.Sql<any> | Tx = db()): Promise<Record<string, ModelProgress>> {
  const counts = await sql<{ model_id: number; n: number; failed: number }[]>`
    select model_id, count(*)::int as n, count(*) filter (where not ok)::int as failed
    from api_responses where analysis_id = ${analysis.id} group by model_id`
  const total = analysis.queries.length * analysis.samples_per_query
  return Object.fromEntries(
    ids.map((id) => {
      const c = counts.find((x) => x.model_id === id)
      const before = prior?.modelStatus?.[String(id)]
      const done = c?.n ?? 0
      return [String(id), { ...(before ?? waitingProgress([id], analysis.queries.length, analysis.samples_per_query).modelStatus[String(id)]), completed: done, failed: c?.failed ?? 0, total, currentQuery: null, status: done >= total && (c?.failed ?? 0) < total ? 'completed' : 'failed' } satisfies ModelProgress]
    }),
  )
}

/**
 * Brings the database in line with Temporal for runs that the database still thinks are running:
 * a workflow cancelled, terminated or reset from the Temporal UI shows here as it is there.
 * Reads are shared (readWorkflow): the progress answer of the same request reuses them.
 */
async function reconcile(analysis: AnalysisRow, running?: RunRow[]): Promise<AnalysisRow> {
  const sql = db()
  const runs = running ?? (await sql<RunRow[]>`select * from model_runs where analysis_id = ${analysis.id} and status = 'running'`)
  const reads = await Promise.all(runs.map((run) => readWorkflow(run.workflow_id)))
  let changed = false
  for (const [i, run] of runs.entries()) {
    const end = TEMPORAL_END_STATES[reads[i].state]
    if (!end) continue
    // A run whose workflow is not started yet (a daily run's analysis is recorded, then started as a child a moment
    // later) is not 'gone' until it has had time to start.
    if (reads[i].state === 'NOT_FOUND' && Date.now() - run.created_at.getTime() < NOT_STARTED_GRACE_MS) continue
    await sql.begin(async (tx) => {
      const modelStatus = await countedModelStatus(analysis, run.model_ids, run.progress, tx)
      const progress: ProgressDetails = { ...(run.progress ?? waitingProgress(run.model_ids, analysis.queries.length, analysis.samples_per_query)), modelStatus, phase: end.status === 'cancelled' ? 'Cancelled' : 'Failed', message: end.message, currentModel: null, isComplete: false, estimatedTimeRemaining: null }
      const moved = await moveRuns(tx, { runId: run.id }, end.status, { error: end.message, progress })
      if (moved.length && run.kind === 'analysis') await moveAnalysis(tx, analysis.id, end.status, { error: end.message, progress })
    })
    changed = true
  }
  if (!changed) return analysis
  const [fresh] = await sql<AnalysisRow[]>`select * from analyses where id = ${analysis.id}`
  return fresh
}

/** Answers stored so far by a run, per model: `done` counts good answers and the failures this run stored. */
type StoredCounts = Record<string, { done: number; failed: number }>

const storedCounts = sharedReads(
  async (key: string): Promise<StoredCounts> => {
    const [analysisId, runId] = key.split(':').map(Number)
    const rows = await db()<{ model_id: number; done: number; failed: number }[]>`
      select r.model_id, count(*) filter (where r.ok or r.created_at >= m.created_at)::int as done,
        count(*) filter (where not r.ok and r.created_at >= m.created_at)::int as failed
      from api_responses r join model_runs m on m.id = ${runId}
      where r.analysis_id = ${analysisId} and r.model_id = any(m.model_ids) group by r.model_id`
    return Object.fromEntries(rows.map((r) => [String(r.model_id), { done: r.done, failed: r.failed }]))
  },
  { ttlMs: READ_TTL_MS },
)

/**
 * The workflow counts a batch of answers when the batch returns; the rows are stored one by one as they arrive.
 * Counting the stored rows keeps the progress exact between batches (never below what the workflow knows).
 */
function withStoredCounts(live: ProgressDetails, counts: StoredCounts): ProgressDetails {
  const modelStatus = Object.fromEntries(
    Object.entries(live.modelStatus).map(([id, m]) => {
      const c = counts[id]
      if (!c || m.status !== 'processing') return [id, m]
      return [id, { ...m, completed: Math.min(m.total, Math.max(m.completed, c.done)), failed: Math.max(m.failed, c.failed) }]
    }),
  )
  const done = Object.values(modelStatus).reduce((n, m) => n + m.completed, 0)
  const total = live.queriesTotal
  return {
    ...live,
    modelStatus,
    progressBars: {
      calls: { ...live.progressBars.calls, current: Math.max(live.progressBars.calls.current, done) },
      saving: { ...live.progressBars.saving, current: Math.max(live.progressBars.saving.current, done) },
    },
    queriesCompleted: Math.max(live.queriesCompleted, done),
    progressPercent: live.isComplete ? 100 : total === 0 ? 0 : Math.max(live.progressPercent, Math.min(99, Math.round((done / total) * 100))),
  }
}

/** Live progress through the (shared) workflow read while a run is going; the stored snapshot once it has ended. */
export async function progressOf(analysis: AnalysisRow, allRuns?: RunRow[]): Promise<ProgressDetails> {
  const runs = allRuns ?? (await db()<RunRow[]>`select * from model_runs where analysis_id = ${analysis.id} order by created_at`)
  const running = runs.filter((r) => r.status === 'running')
  const reads = await Promise.all(
    running.map(async (run) => {
      const read = await readWorkflow(run.workflow_id)
      return read.progress ? withStoredCounts(read.progress, await storedCounts.get(`${analysis.id}:${run.id}`)) : run.progress
    }),
  )
  let base: ProgressDetails = analysis.progress ?? waitingProgress(analysis.model_ids, analysis.queries.length, analysis.samples_per_query)
  for (const [i, run] of running.entries()) {
    const live = reads[i]
    if (!live) continue
    if (run.kind === 'analysis') base = live
    else base = { ...base, modelStatus: { ...base.modelStatus, ...live.modelStatus }, phase: live.phase, message: live.message, currentModel: live.currentModel }
  }
  return base
}

// ---------------------------------------------------------------- listing and serialising

/** The analysis the progress page follows: the one asked for, else the newest active one, else the newest (of the given projects). */
export async function analysisToFollow(projectIds: number[], wanted: number | null): Promise<{ id: number; project_id: number } | null> {
  if (projectIds.length === 0) return null
  const sql = db()
  const [row] = await sql<{ id: number; project_id: number }[]>`
    select id, project_id from analyses where project_id in ${sql(projectIds)} ${wanted ? sql`and id = ${wanted}` : sql``}
    order by (status in ${sql(ACTIVE)}) desc, created_at desc limit 1`
  return row ?? null
}

export function serializeAnalysis(a: AnalysisRow, progress: ProgressDetails | null, extra: Record<string, unknown> = {}) {
  return {
    id: a.id,
    projectId: a.project_id,
    status: a.status,
    date: isoDay(a.date),
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
  // One project the user may read (else 404), or every project whose analyses are in the user's own list (§6).
  const scope = opts.projectId ? (await getProject(user, opts.projectId, 'read'), sql`a.project_id = ${opts.projectId}`) : projectAllows(sql, user, 'list')
  const rows = await sql<(AnalysisRow & { is_light_project: boolean; project_name: string; brand_domain: string; responses: number })[]>`
    select a.*, p.is_light_mode as is_light_project, p.name as project_name, p.brand_domain,
      (select count(*)::int from api_responses r where r.analysis_id = a.id) as responses
    from analyses a join projects p on p.id = a.project_id
    where ${scope}
      ${opts.activeOnly ? sql`and a.status in ${sql(ACTIVE)}` : sql``}
    order by a.created_at desc
    limit 200`
  // The runs of every active analysis in one query, then their Temporal reads all at once (shared, see readWorkflow).
  const active = rows.filter((r) => isActiveStatus(r.status))
  const runs = active.length ? await sql<RunRow[]>`select * from model_runs where analysis_id in ${sql(active.map((r) => r.id))} order by created_at` : []
  const runsOf = (id: number) => runs.filter((r) => r.analysis_id === id)
  const live = new Map(
    await Promise.all(
      active.map(async (row) => {
        const a = await reconcile(row, runsOf(row.id).filter((r) => r.status === 'running'))
        const progress = isActiveStatus(a.status) ? await progressOf(a, a === row ? runsOf(row.id) : undefined) : a.progress
        return [row.id, { a, progress }] as const
      }),
    ),
  )
  const out = []
  for (const row of rows) {
    const { a, progress } = live.get(row.id) ?? { a: row, progress: row.progress }
    if (opts.activeOnly && !isActiveStatus(a.status)) continue
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
  for (const run of runs) {
    await client.workflow.getHandle(run.workflow_id).cancel().catch(() => {})
    forgetWorkflow(run.workflow_id)
  }
  // The workflow records its own end; wait briefly so the answer reflects it.
  for (let i = 0; i < 50; i++) {
    const fresh = (await getAnalysis(user, id)).analysis
    if (!isActiveStatus(fresh.status) || runs.length === 0) return fresh
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
    for (const run of runs) {
      await client.workflow.getHandle(run.workflow_id).terminate('Analysis deleted by its owner').catch(() => {})
      forgetWorkflow(run.workflow_id)
    }
  }
  await sql`delete from analyses where id = ${id}`
}

async function recomputeResults(tx: Tx, analysis: AnalysisRow) {
  const results = await computeResults(tx, analysis.id, { queries: analysis.queries, brands: analysis.brands })
  await storeResults(tx, analysis.id, results)
  return results
}

/** POST /api/analyses/{id}/manage {action: delete|refresh, modelId}. */
export async function manageModel(user: User, id: number, action: 'delete' | 'refresh', modelId: number) {
  const { analysis } = await getAnalysis(user, id, 'write')
  const model = modelById(modelId)
  if (!model) badRequest(`Unknown model ${modelId}`)
  if (action === 'delete') {
    // Under the per-user lock, like starting a run: the answers and the results change together.
    const deleted = await db().begin(async (tx) => {
      await lockUser(tx, user.id)
      const rows = await tx`delete from api_responses where analysis_id = ${id} and model_id = ${modelId} returning id`
      await recomputeResults(tx, analysis)
      return rows.length
    })
    return { ok: true, action, modelId, model: model.name, deleted, message: `${model.name} analysis data has been removed` }
  }
  if (isoDay(analysis.date) !== today()) badRequest("Only today's analysis can be refreshed")
  const run = await startAddModel(user, id, modelId, 'refresh')
  return { ok: true, action, ...run, message: 'Model analysis has been updated for today' }
}

/** POST /api/analyses/{id}/rebuild-mentions: re-parse with the project's current brands and alternative names, in one transaction. */
export async function rebuildMentions(user: User, id: number) {
  const { analysis, project } = await getAnalysis(user, id, 'write')
  const brands = { brand: { ...project.brandDetails, name: project.brandDomain }, competitors: project.competitorDetails }
  const { updated, results } = await db().begin(async (tx) => {
    // The row lock orders two rebuilds of one analysis: each re-parses and aggregates with the brands it wrote.
    await tx`select id from analyses where id = ${id} for update`
    await tx`update analyses set brands = ${tx.json(brands as any)} where id = ${id}`
    const updated = await reparseAnswers(tx, id, brandList(brands), project.language)
    return { updated, results: await recomputeResults(tx, { ...analysis, brands }) }
  })
  return { success: true, updatedResponses: updated, brands: results.brands.length }
}

/** Analyses with no progress for 10 minutes whose workflow is gone are marked failed (stuck). */
export async function cleanupStuck(user: User) {
  const sql = db()
  const rows = await sql<AnalysisRow[]>`
    select a.* from analyses a join projects p on p.id = a.project_id
    where a.status in ${sql(ACTIVE)} and a.last_progress_at < now() - ${STUCK_AFTER_MS / 1000} * interval '1 second'
      and (p.user_id = ${user.id} or ${user.isAdmin})`
  const ids: number[] = []
  for (const row of rows) {
    const fresh = await reconcile(row)
    if (!isActiveStatus(fresh.status)) {
      ids.push(row.id)
      continue
    }
    const state = row.workflow_id ? await workflowState(row.workflow_id) : 'NOT_FOUND'
    if (state === 'RUNNING') continue
    await sql.begin(async (tx) => {
      await moveAnalysis(tx, row.id, 'failed', { error: 'The analysis made no progress for 10 minutes and was stopped.' })
      await moveRuns(tx, { analysisId: row.id }, 'failed')
    })
    ids.push(row.id)
  }
  // Clear Stuck on the admin dashboard acts on every user's analyses: an admin action, audited (as Fix Stale is).
  if (user.isAdmin) await recordAdminAction(user, 'analyses.cleanup-stuck', { cleaned: ids.length, ids })
  return { cleaned: ids.length }
}

/**
 * Admin: analyses still active after 24 hours are completed with the answers they have. Each is completed in one
 * transaction that holds its row, so two simultaneous requests complete it once; its workflows are terminated after
 * (their late writes are no-ops once the run row is no longer 'running').
 */
export async function completeStale() {
  const sql = db()
  const candidates = await sql<{ id: number }[]>`
    select id from analyses where status in ${sql(ACTIVE)} and created_at < now() - ${STALE_AFTER_MS / 1000} * interval '1 second'
    order by id`
  const ids: number[] = []
  const stopped: string[] = []
  for (const { id } of candidates) {
    const workflowIds = await sql.begin(async (tx) => {
      const [row] = await tx<AnalysisRow[]>`select * from analyses where id = ${id} and status in ${tx(ACTIVE)} for update`
      if (!row) return null
      const runs = await moveRuns(tx, { analysisId: id }, 'completed')
      const modelStatus = await countedModelStatus(row, row.model_ids, row.progress, tx)
      const progress = { ...(row.progress ?? waitingProgress(row.model_ids, row.queries.length, row.samples_per_query)), modelStatus, phase: 'Completed', message: 'Completed by an administrator after 24 hours', isComplete: true, progressPercent: 100 }
      await recomputeResults(tx, row)
      await moveAnalysis(tx, id, 'completed', { progress, completed: true })
      return runs.map((r) => r.workflow_id)
    })
    if (!workflowIds) continue
    ids.push(id)
    stopped.push(...workflowIds)
  }
  if (stopped.length) {
    const client = await temporal().catch(() => null)
    for (const workflowId of stopped) {
      await client?.workflow.getHandle(workflowId).terminate('Completed as stale by an administrator').catch(() => {})
      forgetWorkflow(workflowId)
    }
  }
  return { updatedAnalyses: ids.length, ids }
}
