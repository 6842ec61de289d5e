/**
 * "Run Now" on a daily schedule: Temporal starts the run a moment after the click, so the click alone
 * changes nothing on screen. Until the run's outcome is recorded the panel says the run was requested and polls every
 * second; each schedule state read is shown to `seen`, which, once a new run is recorded, says in a toast whether it
 * started (and which analysis) or was skipped (and why).
 */
import { useRef, useState } from 'react'
import { useToast } from '~/components/toast'
import type { DailyScheduleState } from '~/domain/trends'

export function useRunNow(state: DailyScheduleState | null) {
  const toast = useToast()
  // undefined: nothing requested; else the newest recorded run before the click (null: none yet)
  const before = useRef<string | null | undefined>(undefined)
  const [waiting, setWaiting] = useState(false)
  const stop = () => {
    before.current = undefined
    setWaiting(false)
  }
  return {
    waiting,
    requested: () => {
      before.current = state?.recentRuns[0]?.workflowId ?? null
      setWaiting(true)
    },
    cancel: stop,
    seen: (next: DailyScheduleState) => {
      const newest = next.recentRuns[0]
      if (before.current === undefined || !newest || newest.workflowId === before.current) return
      stop()
      if (newest.outcome === 'started') toast({ title: 'Daily Analysis Started', description: `Analysis ${newest.analysisId ?? ''} is running.`, variant: 'success' })
      else toast({ title: 'Daily Analysis Skipped', description: newest.reason ?? 'The run was skipped.', variant: 'destructive' })
    },
  }
}
