/**
 * Trends → "Model changes": the dates the canaries say a model changed (also marked on every Trends
 * chart), what the canaries cost, and the owner's switch. Data from /api/projects/{id}/canaries.
 */
import { useCallback, useEffect, useState } from 'react'
import { errorText, fetchJson } from '~/components/json'
import { formatDate } from '~/components/results/format'
import type { TrendMarker } from '~/components/experiments/Markers'

interface CanaryData {
  enabled: boolean
  canEdit: boolean
  queries: string[]
  samples: number
  cost: { totalUsd: number; last30DaysUsd: number; answers: number; simulated: boolean }
  modelChanges: { date: string; model: string; message: string; reasons: string[] }[]
}

const METHOD =
  'On each scheduled run every model is also asked a few questions that name no brand. Their answers are reduced to a fingerprint (length, list shape and items, cited sites, the model version the vendor returns). ' +
  'A model is flagged as changed when a fingerprint moves more than 4 standard deviations from its previous 14 days, or when the returned version changes.'

export function CanariesPanel({ projectId, onMarkers }: { projectId: number; onMarkers: (m: TrendMarker[]) => void }) {
  const [data, setData] = useState<CanaryData | null>(null)
  const [error, setError] = useState<string | null>(null)
  const show = useCallback(
    (d: CanaryData) => {
      setData(d)
      onMarkers(d.modelChanges.map((m) => ({ date: m.date, label: m.message, kind: 'model' as const })))
    },
    [onMarkers],
  )
  useEffect(() => {
    fetchJson<CanaryData>(`/api/projects/${projectId}/canaries`).then(show, (e) => setError(errorText(e, 'Failed to load the canaries')))
  }, [projectId, show])
  const toggle = (enabled: boolean) =>
    fetchJson<CanaryData>(`/api/projects/${projectId}/canaries`, { method: 'POST', body: { enabled } }).then(show, (e) => setError(errorText(e, 'Failed to change the canaries')))
  if (!data) return error ? <div className="rs-notice" role="alert">{error}</div> : null
  const usd = (x: number) => `$${x.toFixed(4)}`
  return (
    <section className="panel" data-testid="canaries">
      <h2 style={{ marginTop: 0 }}>Model changes</h2>
      <p className="muted">{METHOD}</p>
      {data.modelChanges.length === 0 ? (
        <p>No model change detected.</p>
      ) : (
        <ul>
          {[...data.modelChanges].reverse().map((m) => (
            <li key={`${m.date}-${m.model}`}>
              {formatDate(m.date)}: {m.message} ({m.reasons.join(', ')})
            </li>
          ))}
        </ul>
      )}
      <p className="muted" data-testid="canary-cost">
        {data.queries.length} canary questions × {data.samples} samples per model and run. Cost so far {usd(data.cost.totalUsd)} ({usd(data.cost.last30DaysUsd)} in the last 30 days, {data.cost.answers} answers)
        {data.cost.simulated && ', simulated: what it would cost with real keys'}.
      </p>
      {data.canEdit && (
        <label>
          <input type="checkbox" checked={data.enabled} onChange={(e) => void toggle(e.target.checked)} /> Ask the canaries on scheduled runs
        </label>
      )}
      {error && <div className="rs-notice" role="alert">{error}</div>}
    </section>
  )
}
