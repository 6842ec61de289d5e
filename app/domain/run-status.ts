/**
 * The moves an analysis and a model run may make, as data: db/run-status.ts writes every status change through
 * these tables (its `where status in (…)` is `movesInto(to)`), so a late write of a workflow cannot reopen a run
 * that an operator, the stale/stuck clean-up or a reconciliation with Temporal has already closed.
 *
 * An analysis: pending → in_progress → processing → completed | failed, cancelled from any active status, and a
 * failed or cancelled run of today restarted in place (→ pending). Completed is final. A model run: running until
 * it ends, once.
 */
import { ANALYSIS_STATUSES, type AnalysisStatus } from './analyses'

export const RUN_STATUSES = ['running', 'completed', 'failed', 'cancelled'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

const ENDS = ['completed', 'failed', 'cancelled'] as const

/** From each analysis status, where it may go (an active status may repeat: a retried write of the same step). */
export const ANALYSIS_MOVES: Record<AnalysisStatus, readonly AnalysisStatus[]> = {
  pending: ['pending', 'in_progress', 'processing', ...ENDS],
  in_progress: ['in_progress', 'processing', ...ENDS],
  processing: ['processing', ...ENDS],
  completed: [],
  failed: ['pending'],
  cancelled: ['pending'],
}

/** From each model run status, where it may go: a running run may write its progress again or end. */
export const RUN_MOVES: Record<RunStatus, readonly RunStatus[]> = {
  running: ['running', ...ENDS],
  completed: [],
  failed: [],
  cancelled: [],
}

export const canMoveAnalysis = (from: AnalysisStatus, to: AnalysisStatus) => ANALYSIS_MOVES[from].includes(to)
export const canMoveRun = (from: RunStatus, to: RunStatus) => RUN_MOVES[from].includes(to)

/** The analysis statuses from which `to` may be reached: the guard of the write. */
export const analysisMovesInto = (to: AnalysisStatus): AnalysisStatus[] => ANALYSIS_STATUSES.filter((from) => canMoveAnalysis(from, to))

/** The run statuses from which `to` may be reached. */
export const runMovesInto = (to: RunStatus): RunStatus[] => RUN_STATUSES.filter((from) => canMoveRun(from, to))

/** A run's status as its analysis's status is written by the workflow: an active analysis step is a running run. */
export const runStatusOf = (status: AnalysisStatus): RunStatus => (status === 'pending' || status === 'in_progress' || status === 'processing' ? 'running' : status)
