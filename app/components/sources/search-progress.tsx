import { Link } from '@remix-run/react'
import { useState } from 'react'
import { usePolling } from '../use-polling'
import { callJson } from '../json'
import { homeHref } from '~/domain/home-phases'
import { SEARCH_POLL_MS, type SearchProgressView } from '~/domain/sources/types'

const BADGE: Record<string, string> = { completed: 'badge-green', failed: 'badge-red', cancelled: 'badge-grey', processing: 'badge-blue', waiting: 'badge-grey' }

/**
 * The source-search phase of an analysis on /analysis-progress (polled every 2 s while pending or in progress):
 * phase, percent, searches per model, and the way to the Source Insights tabs once it ends.
 */
export function SearchProgress({ analysisId, projectId }: { analysisId: number; projectId: number | null }) {
  const [search, setSearch] = useState<SearchProgressView | null | undefined>(undefined)
  const running = search === undefined || search?.status === 'pending' || search?.status === 'in_progress'
  usePolling(
    async () => {
      const res = await callJson<{ progress: SearchProgressView | null }>(`/api/analyses/${analysisId}/source-search`)
      if (res.ok) setSearch(res.data.progress)
    },
    SEARCH_POLL_MS,
    running,
  )
  if (!search) return null
  return (
    <div className="panel" data-testid="search-progress" data-search-status={search.status}>
      <h2>Source Search</h2>
      <p>
        <span className={`badge ${BADGE[search.status] ?? 'badge-blue'}`}>{search.status}</span> <strong data-testid="search-phase">{search.phase}</strong>
        {search.message && <span className="muted"> — {search.message}</span>}
      </p>
      {running && (
        <>
          <div className="progress" aria-label="Source search progress" role="progressbar" aria-valuenow={search.percent} aria-valuemin={0} aria-valuemax={100}>
            <div style={{ width: `${search.percent}%` }} />
          </div>
          <p aria-live="polite">
            <strong data-testid="search-percent">{search.percent}%</strong> · {search.completed} / {search.total} searches
          </p>
        </>
      )}
      {search.note && <p className="muted">{search.note}</p>}
      {search.error && search.status !== 'completed' && <p className="field-error">{search.error}</p>}
      {search.models.map((m) => (
        <div key={m.modelId} className="list-row">
          <strong style={{ minWidth: 140 }}>{m.name}</strong>
          <span className={`badge ${BADGE[m.status] ?? 'badge-grey'}`}>{m.status}</span>
          <span>
            {m.completed}/{m.total}
          </span>
          {m.error && <span className="field-error">{m.error}</span>}
        </div>
      ))}
      {!running && projectId && (
        <Link className="btn" to={homeHref('sources', { project: projectId, analysis: analysisId, tab: 'site-priorities' })}>
          View Source Insights
        </Link>
      )}
    </div>
  )
}
