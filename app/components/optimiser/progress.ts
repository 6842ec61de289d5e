/** How the progress panel's state moves while one analysis runs: shown at once, failed or cancelled, completed. */
import { PHASES, type OptimiserProgress } from '~/domain/optimiser'

/** Shown the moment Analyze is clicked, before the workflow reports: the first phase running, about 20 s left. */
export function startingProgress(): OptimiserProgress {
  return { status: 'running', phases: PHASES.map((name, i) => ({ name, status: i === 0 ? 'running' : 'pending' })), currentPhase: 0, phase: PHASES[0], progressPercent: 0, estimatedTimeRemaining: 20, error: null }
}

/** A polled state replaces the shown one only while the run is still shown as running (a late poll cannot undo the end). */
export function polledProgress(old: OptimiserProgress | null, polled: OptimiserProgress): OptimiserProgress | null {
  return old?.status === 'running' ? polled : old
}

/** The run ended without a result: a failure marks the current phase failed; a cancellation marks none. */
export function endedProgress(old: OptimiserProgress | null, cancelled: boolean, message: string): OptimiserProgress | null {
  return old && { ...old, status: cancelled ? 'cancelled' : 'error', error: message, phases: old.phases.map((ph, i) => (i === old.currentPhase && !cancelled ? { ...ph, status: 'error' } : ph)) }
}

/** The result arrived: every phase completed except those that had failed. */
export function completedProgress(old: OptimiserProgress | null): OptimiserProgress | null {
  return old && { ...old, status: 'completed', progressPercent: 100, estimatedTimeRemaining: 0, phases: PHASES.map((name, i) => ({ name, status: old.phases[i]?.status === 'error' ? 'error' : 'completed' })) }
}
