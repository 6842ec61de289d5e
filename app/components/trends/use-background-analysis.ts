/**
 * Whether the project may be analysed today (polled every 30 s) and its running analysis (polled every 2 s while one
 * runs, else every 30 s); `onDone` runs when the running one disappears from the list.
 */
import { useState } from 'react'
import { errorText, fetchJson } from '~/components/json'
import { startAnalysisConfirmed } from '~/components/start-analysis'
import { useToast } from '~/components/toast'
import { usePolling } from '~/components/use-polling'

export interface ActiveAnalysis {
  id: number
  projectId: number
  kind?: string
  status: string
  progressDetails: { progressPercent: number; phase: string; message: string; modelStatus: Record<string, { name: string; status: string; completed: number; total: number }> } | null
}

export function useBackgroundAnalysis(projectId: number, onDone: () => void) {
  const toast = useToast()
  const [can, setCan] = useState<{ canAnalyse: boolean; reason: string | null } | null>(null)
  const [active, setActive] = useState<ActiveAnalysis | null>(null)
  const [starting, setStarting] = useState(false)
  usePolling(async () => setCan(await fetchJson(`/api/projects/${projectId}/can-analyse-today`)), 30_000)
  usePolling(
    async () => {
      const list = await fetchJson<ActiveAnalysis[]>('/api/analyses?activeOnly=true')
      // Running source searches are listed too (kind 'source-search'): only analyses count here.
      const mine = list.find((a) => a.projectId === projectId && a.kind !== 'source-search') ?? null
      if (active && !mine) onDone()
      setActive(mine)
    },
    active ? 2_000 : 30_000,
  )
  const start = async () => {
    setStarting(true)
    try {
      const a = await startAnalysisConfirmed((url) => fetchJson<ActiveAnalysis>(url, { method: 'POST' }), projectId)
      if (!a) return
      setActive({ ...a, projectId })
      setCan({ canAnalyse: false, reason: 'Daily limit reached for this project' })
      toast({ title: 'Analysis Started' })
    } catch (err) {
      toast({ title: 'Analysis Failed', description: errorText(err, 'Failed to start ChatGPT 5 analysis'), variant: 'destructive' })
    } finally {
      setStarting(false)
    }
  }
  return { can, active, starting, start }
}
