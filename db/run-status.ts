/**
 * Every status change of an analysis or a model run is written here, guarded by the moves of
 * app/domain/run-status.ts: a write whose row is not in a status the target may be reached from changes nothing
 * (and answers undefined), so a late write of a workflow never reopens what was closed.
 */
import type { AnalysisStatus } from '../app/domain/analyses'
import { analysisMovesInto, runMovesInto, type RunStatus } from '../app/domain/run-status'
import type { ProgressDetails } from '../workflows/shared'
import type { Db } from './client'

export interface AnalysisMove {
  progress?: ProgressDetails
  /** The error shown with the analysis; null clears it; left out, it stays. */
  error?: string | null
  /** true: completed now; false: cleared (a restart); left out, it stays. */
  completed?: boolean
  /** The step made progress (the stuck clean-up measures from last_progress_at). */
  progressed?: boolean
}

/** Moves an analysis to `to` if its rules allow it from where it is; answers the id when it moved. */
export async function moveAnalysis(sql: Db, analysisId: number, to: AnalysisStatus, m: AnalysisMove = {}): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`
    update analyses set status = ${to}, updated_at = now()
      ${m.progress ? sql`, progress = ${sql.json(m.progress as any)}` : sql``}
      ${m.error !== undefined ? sql`, error = ${m.error}` : sql``}
      ${m.completed === true ? sql`, completed_at = now()` : m.completed === false ? sql`, completed_at = null` : sql``}
      ${m.progressed ? sql`, last_progress_at = now()` : sql``}
    where id = ${analysisId} and status in ${sql(analysisMovesInto(to))}
    returning id`
  return row?.id
}

export interface RunMove {
  progress?: ProgressDetails
  error?: string | null
}

export interface MovedRun {
  id: number
  kind: 'analysis' | 'add-model' | 'refresh'
  workflow_id: string
}

/**
 * Moves one run (`{ runId }`) or every run of an analysis that may move (`{ analysisId }`) to `to`; an ended run
 * gets its completion time. Answers the runs that moved.
 */
export async function moveRuns(sql: Db, which: { runId: number } | { analysisId: number }, to: RunStatus, m: RunMove = {}): Promise<MovedRun[]> {
  return sql<MovedRun[]>`
    update model_runs set status = ${to}, completed_at = ${to === 'running' ? null : sql`now()`}
      ${m.progress ? sql`, progress = ${sql.json(m.progress as any)}` : sql``}
      ${m.error !== undefined ? sql`, error = ${m.error}` : sql``}
    where ${'runId' in which ? sql`id = ${which.runId}` : sql`analysis_id = ${which.analysisId}`} and status in ${sql(runMovesInto(to))}
    returning id, kind, workflow_id`
}
