/** The state panels' hooks: poll a running analysis's progress, and start (or restart) one. */
import { useState } from 'react'
import { useNavigate, useRevalidator } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { errorText, fetchJson } from '~/components/json'
import { usePolling } from '~/components/use-polling'
import { usePropState } from '~/components/use-prop-state'
import { startAnalysisConfirmed } from '~/components/start-analysis'
import { isActiveStatus } from '~/domain/analyses'
import { toProgressView, type ProgressView, type ResultsHeader } from '~/domain/results/types'
import { useResultsHref } from './Parts'

/** A running analysis is polled every 500 ms. */
const PROGRESS_POLL_MS = 500

export function useProgressPolling(header: ResultsHeader, initial: ProgressView | null) {
  const revalidator = useRevalidator()
  const [progress, setProgress] = usePropState(initial)
  const [ended, setEnded] = useState(false)
  const id = header.analysis?.id
  // Another analysis polls afresh (adjusted while rendering, not in an effect).
  const [endedFor, setEndedFor] = useState(id)
  if (endedFor !== id) {
    setEndedFor(id)
    setEnded(false)
  }
  usePolling(
    async () => {
      const r = await fetchJson<{ status: string; details: any }>(`/api/analyses/${id}/progress`)
      if (r.details) setProgress(toProgressView(r.details))
      if (!isActiveStatus(r.status)) {
        setEnded(true)
        revalidator.revalidate()
      }
    },
    PROGRESS_POLL_MS,
    Boolean(id) && header.mode === 'app' && !ended,
  )
  return progress
}

export function useStartAnalysis(header: ResultsHeader) {
  const toast = useToast()
  const navigate = useNavigate()
  const href = useResultsHref()
  const [busy, setBusy] = useState(false)
  const start = async (path: 'analyze-today' | 'analyse-today') => {
    setBusy(true)
    try {
      const r = await startAnalysisConfirmed((url) => fetchJson<{ id?: number; analysisId?: number }>(url, { method: 'POST' }), header.project.id, path)
      if (!r) return
      const id = r.analysisId ?? r.id
      navigate(href({ analysis: id ? String(id) : null, tab: null }))
    } catch (err) {
      toast({ title: 'Analysis Failed', description: errorText(err, 'Failed to start ChatGPT 5 analysis'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return { busy, start }
}
