/**
 * "Run Now" on a daily schedule (issue 28 §4): Temporal starts the run a moment after the click, so the click alone
 * changes nothing on screen. Until the run's outcome is recorded the panel says the run was requested and polls every
 * second; then a toast says whether it started (and which analysis) or was skipped (and why).
 */
import { useEffect, useState } from 'react'
import { useToast } from '~/components/toast'
import type { DailyScheduleState } from '~/domain/trends'

export function useRunNow(state: DailyScheduleState | null) {
  const toast = useToast()
  // undefined: nothing requested; else the newest recorded run before the click (null: none yet)
  const [before, setBefore] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    if (before === undefined || !state) return
    const newest = state.recentRuns[0]
    if (!newest || newest.workflowId === before) return
    setBefore(undefined)
    if (newest.outcome === 'started') toast({ title: 'Daily Analysis Started', description: `Analysis ${newest.analysisId ?? ''} is running.`, variant: 'success' })
    else toast({ title: 'Daily Analysis Skipped', description: newest.reason ?? 'The run was skipped.', variant: 'destructive' })
  }, [state, before, toast])
  return { waiting: before !== undefined, requested: () => setBefore(state?.recentRuns[0]?.workflowId ?? null), cancel: () => setBefore(undefined) }
}
