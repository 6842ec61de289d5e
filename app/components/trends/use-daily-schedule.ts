/**
 * The project's daily scheduled run: polled every 30 s (every second while a Run Now is awaited), changed by the
 * owner's buttons. An answer older than one already shown is dropped (answerOrder).
 */
import { useRef, useState } from 'react'
import { errorText, fetchJson, type JsonInit } from '~/components/json'
import { useToast } from '~/components/toast'
import { usePolling } from '~/components/use-polling'
import type { DailyScheduleState } from '~/domain/trends'
import { answerOrder } from './answer-order'
import { useRunNow } from './run-now'

export function useDailySchedule(projectId: number) {
  const toast = useToast()
  const [state, setState] = useState<DailyScheduleState | null>(null)
  const [busy, setBusy] = useState(false)
  const runNow = useRunNow(state)
  const order = useRef(answerOrder())
  const read = async (init?: JsonInit) => {
    const n = order.current.send()
    const next = await fetchJson<DailyScheduleState>(`/api/projects/${projectId}/daily-schedule`, init)
    if (!order.current.land(n)) return
    setState(next)
    runNow.seen(next)
  }
  usePolling(() => read(), runNow.waiting ? 1000 : 30_000)
  const change = async (body: Record<string, unknown>): Promise<boolean> => {
    setBusy(true)
    try {
      await read({ method: 'POST', body })
      return true
    } catch (err) {
      toast({ title: 'Update Failed', description: errorText(err, 'Failed to update the daily run'), variant: 'destructive' })
      return false
    } finally {
      setBusy(false)
    }
  }
  const requestRun = () => {
    runNow.requested()
    void change({ action: 'trigger' }).then((ok) => ok || runNow.cancel())
  }
  return { state, busy, change, requestRun, waiting: runNow.waiting }
}
