/**
 * Keeping analyses honest: results recomputed from the stored answers, and the admin's clean-ups of runs that
 * stopped moving (stuck: no progress for 10 minutes and no workflow; stale: still active after 24 hours).
 */
import type postgres from 'postgres'
import { db } from './db.server'
import type { User } from './auth.server'
import { forgetWorkflow, temporal, workflowState } from './temporal.server'
import { STALE_AFTER_MS, STUCK_AFTER_MS } from '../domain/limits'
import { computeResults, storeResults } from '../../db/results'
import { ACTIVE_STATUSES, isActiveStatus } from '../domain/analyses'
import { waitingProgress, type AnalysisRow } from '../../db/runs'
import { moveAnalysis, moveRuns } from '../../db/run-status'
import { recordAdminAction } from './admin.server'
import { countedModelStatus, reconcile } from './analyses-progress.server'

const ACTIVE = [...ACTIVE_STATUSES]

type Tx = postgres.TransactionSql<any>

export async function recomputeResults(tx: Tx, analysis: AnalysisRow) {
  const results = await computeResults(tx, analysis.id, { queries: analysis.queries, brands: analysis.brands })
  await storeResults(tx, analysis.id, results)
  return results
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
