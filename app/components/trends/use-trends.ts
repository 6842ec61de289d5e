/**
 * The project's trend data (GET /api/projects/{id}/trends) for the chosen query, topic brand and model brand (the brand
 * of the per-model series), read again when one changes, and the brand selection of the charts (cleared for another project). Not read in Light Mode.
 */
import { useCallback, useEffect, useState } from 'react'
import { errorText, fetchJson } from '~/components/json'
import type { TrendsData } from './TrendPanel'

export function useTrends(projectId: number, isLightMode: boolean) {
  const [data, setData] = useState<TrendsData | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState<string | null>(null)
  const [topicBrand, setTopicBrand] = useState<string | null>(null)
  const [modelBrand, setModelBrand] = useState<string | null>(null)
  const [selected, setSelected] = useState<string[] | null>(null)

  // Another project, query, topic brand or model brand clears the error and (below) refetches; another project also clears
  // the brand selection. Adjusted while rendering, not in an effect.
  const [requested, setRequested] = useState({ projectId, query, topicBrand, modelBrand, isLightMode })
  if (requested.projectId !== projectId || requested.query !== query || requested.topicBrand !== topicBrand || requested.modelBrand !== modelBrand || requested.isLightMode !== isLightMode) {
    setRequested({ projectId, query, topicBrand, modelBrand, isLightMode })
    setError(null)
    if (requested.projectId !== projectId) {
      setSelected(null)
      setModelBrand(null)
    }
  }

  const fetchTrends = useCallback(() => {
    const qs = new URLSearchParams()
    if (query) qs.set('query', query)
    if (topicBrand) qs.set('topicBrand', topicBrand)
    if (modelBrand) qs.set('modelBrand', modelBrand)
    return fetchJson<TrendsData>(`/api/projects/${projectId}/trends?${qs}`).then(
      (d) => setData(d),
      (err) => setError(errorText(err, 'Failed to load trends')),
    )
  }, [projectId, query, topicBrand, modelBrand])
  useEffect(() => {
    if (!isLightMode) void fetchTrends()
  }, [fetchTrends, isLightMode])
  const reload = () => {
    setError(null)
    void fetchTrends()
  }
  return { data, error, reload, setQuery, setTopicBrand, setModelBrand, selected, setSelected }
}
