/** The analyses saved to the project (none without one): the list, read on arrival and after each save, and delete. */
import { useCallback, useEffect, useState } from 'react'
import { callJson } from '~/components/json'
import { useToast } from '~/components/toast'
import type { SavedContentAnalysis } from '~/domain/optimiser'
import { OPTIMISER_BASE } from './optimiser-api'

export function useOptimiserSaves(projectId: number | null) {
  const toast = useToast()
  const [saves, setSaves] = useState<SavedContentAnalysis[]>([])
  const reload = useCallback(async () => {
    if (!projectId) return
    // The list arrives in a callback, so the effect below only starts the request.
    await callJson<{ saves: SavedContentAnalysis[] }>(`${OPTIMISER_BASE}/project/${projectId}/saves`)
      .then((r) => {
        if (r.ok) setSaves(r.data.saves)
        else console.warn('Could not load saved analyses', r.status)
      })
      .catch((e) => console.warn('Could not load saved analyses', e))
  }, [projectId])
  useEffect(() => {
    void reload()
  }, [reload])

  const remove = async (id: number) => {
    try {
      const r = await callJson(`${OPTIMISER_BASE}/saves/${id}`, { method: 'DELETE' })
      if (!r.ok) throw new Error(String(r.status))
      toast({ title: 'Deleted', variant: 'success' })
      await reload()
    } catch {
      toast({ title: 'Error', description: 'Failed to delete saved analysis.', variant: 'destructive' })
    }
  }
  return { saves, reload, remove }
}
