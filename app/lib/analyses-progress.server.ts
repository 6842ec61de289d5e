/**
 * What an analysis is now: its row brought in line with Temporal (a run cancelled, terminated or gone there shows so
 * here), its live progress while a run is going (the shared workflow read plus the answers stored so far) and the
 * stored snapshot once it has ended; and reading an analysis with its access check.
 */
import { db } from './db.server'
import type { User } from './auth.server'
import { notFound } from './http.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import { READ_TTL_MS, readWorkflow } from './temporal.server'
import { coalescedReads } from './coalesced-reads'
import type { ModelProgress, ProgressDetails } from '../../workflows/shared'
import { waitingProgress, type AnalysisRow } from '../../db/runs'
import { moveAnalysis, moveRuns } from '../../db/run-status'
import type { Db } from '../../db/client'

export interface RunRow {
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
export async function countedModelStatus(analysis: AnalysisRow, ids: number[], prior?: ProgressDetails | null, sql: Db = db()): Promise<Record<string, ModelProgress>> {
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
export async function reconcile(analysis: AnalysisRow, running?: RunRow[]): Promise<AnalysisRow> {
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

const storedCounts = coalescedReads(
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

