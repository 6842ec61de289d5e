/** The optimiser run's progress from its phase states (what the workflow query answers). Pure. */
import { PHASES } from './constants'
import { estimatedSecondsRemaining } from './scores'
import type { OptimiserProgress, PhaseStatus } from './types'

export function progressOf(statuses: PhaseStatus[], error: string | null = null): OptimiserProgress {
  // A pillar that failed is finished too: the run goes on without it.
  const finished = (s: PhaseStatus | undefined) => s === 'completed' || s === 'error'
  const done = PHASES.filter((_, i) => finished(statuses[i])).length
  const firstOpen = PHASES.findIndex((_, i) => !finished(statuses[i]))
  const currentPhase = firstOpen < 0 ? PHASES.length - 1 : firstOpen
  const status = error ? 'error' : done === PHASES.length ? 'completed' : 'running'
  // Whole phases done, rounded down; 100 only when every phase is done.
  const progressPercent = Math.floor((done / PHASES.length) * 100)
  return {
    status,
    phases: PHASES.map((name, i) => ({ name, status: statuses[i] ?? 'pending' })),
    currentPhase,
    phase: PHASES[currentPhase],
    progressPercent,
    estimatedTimeRemaining: estimatedSecondsRemaining(progressPercent),
    error,
  }
}
