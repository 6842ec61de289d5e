/** 'AI Model Management' cards with add-model runs and live progress, and the Analysis Management panel. */
import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { usePolling } from '~/components/use-polling'
import { formatDate, formatNumber } from '../format'
import { Empty } from '../Parts'
import { errorText, fetchJson } from '~/components/json'
import type { ModelAdminData, ModelCard, ResultsHeader } from '~/domain/results/types'

const POLL_MS = 1000
const POLL_LIMIT_MS = 10 * 60 * 1000

const RUN_LABELS: Record<number, string> = {
  3: 'Add Claude 4 Analysis',
  5: 'Add Perplexity Analysis',
  6: 'Run Gemini Analysis',
  8: 'Run ChatGPT 5 Analysis',
  9: 'Run Grok-4 Analysis',
  10: 'Run DeepSeek Analysis',
}

function failureTitle(card: ModelCard, message: string): string {
  if (card.id === 6 && /already exists/i.test(message)) return 'Gemini Analysis Already Complete'
  if (card.id === 6 && /google api key/i.test(message)) return 'Google API Key Required'
  if (card.id === 3) return 'Claude Analysis Failed'
  if (card.id === 5) return 'Perplexity Analysis Failed'
  return 'Analysis Failed'
}

interface ProgressRow {
  modelId: number
  status: string
  progress: number
  completed: number
  total: number
  currentQuery: string | null
}

function ModelCardView({ card, data, canRun }: { card: ModelCard; data: ModelAdminData; canRun: boolean }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [phase, setPhase] = useState<'idle' | 'starting' | 'running' | 'done'>(card.running ? 'running' : 'idle')
  const [row, setRow] = useState<ProgressRow | null>(null)
  // When the current run started polling; set by the effect below before the first poll reads it.
  const started = useRef(0)
  const hasData = card.answered > 0

  // A run the server reports (another tab, a reload of the loader data) shows its progress too (adjusted while rendering).
  if (card.running && phase === 'idle') setPhase('running')

  const seenActive = useRef(false)
  useEffect(() => {
    if (phase !== 'running') return
    started.current = Date.now()
    seenActive.current = false
  }, [phase])

  usePolling(
    async () => {
      try {
        const r = await fetchJson<{ progressDetails: ProgressRow[] }>(`/api/analyses/${data.analysisId}/progress`)
        const mine = r.progressDetails.find((p) => p.modelId === card.id) ?? null
        setRow(mine)
        if (mine && ['processing', 'running', 'waiting'].includes(mine.status)) seenActive.current = true
        const finished = mine && mine.total > 0 && mine.completed >= mine.total && mine.status !== 'processing'
        const failed = mine && mine.status === 'failed' && (seenActive.current || Date.now() - started.current > 10_000)
        if (finished || failed) {
          setPhase('done')
          if (failed && !finished) toast({ title: failureTitle(card, ''), description: `Failed to start ${card.name} analysis. Please try again.`, variant: 'destructive' })
          else toast({ title: `${card.name} Analysis Complete`, variant: 'success' })
          revalidator.revalidate()
          return
        }
      } catch {
        // Progress polling errors are only logged; the next tick retries.
      }
      if (Date.now() - started.current > POLL_LIMIT_MS) {
        // Idle, unless the server still reports the run: then it stays 'running' (above) and polls for another limit.
        started.current = Date.now()
        seenActive.current = false
        setPhase('idle')
        toast({ title: 'Analysis Status Unknown', description: 'The run is taking longer than expected. Please refresh the page.' })
      }
    },
    POLL_MS,
    phase === 'running',
  )

  const start = async () => {
    setPhase('starting')
    try {
      await fetchJson(`/api/analyses/add-${card.addKey}`, { method: 'POST', body: { analysisId: data.analysisId, projectId: data.projectId } })
      setPhase('running')
    } catch (err) {
      const message = errorText(err, '')
      toast({ title: failureTitle(card, message), description: message || `Failed to start ${card.name} analysis. Please try again.`, variant: 'destructive' })
      setPhase('idle')
    }
  }

  const status = card.fixed === 'unavailable' ? 'unavailable' : card.fixed === 'active' || hasData ? 'active' : 'available'
  const percent = row ? Math.max(0, Math.min(100, row.progress)) : 0
  return (
    <div className={`rs-model-card ${status === 'active' ? 'active' : ''}`} data-model-card={card.id}>
      <div className="rs-row">
        <strong>{card.name}</strong>
        {status === 'active' && <span className="badge badge-green">Active</span>}
        {status === 'available' && <span className="badge badge-blue">Available</span>}
        {status === 'unavailable' && <span className="badge badge-grey">Not Available</span>}
      </div>
      <div className="rs-row muted" style={{ fontSize: '.85rem' }}>
        <span>{status === 'active' ? 'Operational' : status === 'available' ? 'Ready' : 'Disabled'}</span>
        <span className="badge">{card.costLabel}</span>
      </div>
      {hasData && <div style={{ fontSize: '.85rem' }}>{formatNumber(card.answered)} answers in this analysis</div>}
      {card.fixed === 'active' && <div className="muted" style={{ fontSize: '.8rem' }}>Legacy results stay as recorded; new runs use OpenAI ChatGPT 5.</div>}
      {phase === 'running' || phase === 'starting' ? (
        <div>
          <div className="progress" role="progressbar" aria-label={`${card.name} progress`} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
            <div style={{ width: `${percent}%` }} />
          </div>
          <div className="muted" style={{ fontSize: '.8rem', marginTop: '.25rem' }}>
            {phase === 'starting' ? 'Starting...' : row ? `${row.completed}/${row.total} queries · ${percent}%` : 'Waiting for progress...'}
          </div>
          {row?.currentQuery && <div className="muted" style={{ fontSize: '.8rem', overflowWrap: 'anywhere' }}>{row.currentQuery}</div>}
        </div>
      ) : hasData || phase === 'done' ? (
        card.addKey && <div className="badge badge-green" style={{ alignSelf: 'flex-start' }}>Analysis Complete</div>
      ) : card.addKey && canRun ? (
        <button type="button" className="btn btn-primary btn-small" disabled={card.disabled} onClick={start} title={card.disabled ? 'Not available in Light Mode' : undefined}>
          {RUN_LABELS[card.id] ?? `Run ${card.name} Analysis`}
        </button>
      ) : null}
      {card.disabled && !card.fixed && <div className="muted" style={{ fontSize: '.8rem' }}>Not available in Light Mode</div>}
    </div>
  )
}

export function ModelAdminTab({ data, header }: { data: ModelAdminData; header: ResultsHeader }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState<string | null>(null)
  const canManage = header.project.isOwner

  const manage = async (analysisId: number, modelId: number, name: string, action: 'refresh' | 'delete') => {
    if (action === 'delete' && !window.confirm(`Delete the ${name} answers of this session? This cannot be undone.`)) return
    setBusy(`${analysisId}-${modelId}-${action}`)
    try {
      const r = await fetchJson<{ message?: string }>(`/api/analyses/${analysisId}/manage`, { method: 'POST', body: { action, modelId } })
      // Success toasts: 'Model Data Deleted' ('{model} analysis data has been removed'), 'Analysis Refreshed' ('Model analysis has been updated for today').
      toast(
        action === 'delete'
          ? { title: 'Model Data Deleted', description: r.message ?? `${name} analysis data has been removed`, variant: 'success' }
          : { title: 'Analysis Refreshed', description: r.message ?? 'Model analysis has been updated for today', variant: 'success' },
      )
      revalidator.revalidate()
    } catch (err) {
      toast(
        action === 'delete'
          ? { title: 'Delete Failed', description: errorText(err, 'Failed to delete model data'), variant: 'destructive' }
          : { title: 'Refresh Failed', description: errorText(err, 'Failed to refresh analysis'), variant: 'destructive' },
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <div data-tab-content="model-admin">
      <section className="panel">
        <div className="rs-panel-head">
          <h2>AI Model Management</h2>
          <span className="muted">Analysis Control Center</span>
        </div>
        <div className="rs-models">
          {data.cards.map((c) => (
            <ModelCardView key={c.id} card={c} data={data} canRun={canManage} />
          ))}
        </div>
      </section>
      <section className="panel">
        <div className="rs-panel-head">
          <h2>Analysis Management</h2>
        </div>
        {data.management.length === 0 ? (
          <Empty title="No Analysis Data">No model analysis data found for this project</Empty>
        ) : (
          data.management.map((g, index) => (
            <details key={g.modelId} className="rs-session" open={index === 0} data-management={g.modelId}>
              <summary style={{ cursor: 'pointer' }}>
                <strong>{g.name}</strong>{' '}
                <span className="badge">
                  {g.sessions.length} session{g.sessions.length === 1 ? '' : 's'}
                </span>{' '}
                <span className="muted" style={{ fontSize: '.85rem' }}>
                  latest {formatDate(g.sessions[0]?.date)}
                </span>
              </summary>
              <div className="rs-table-wrap" style={{ marginTop: '.5rem' }}>
                <table className="data rs-table">
                  <thead>
                    <tr>
                      <th>Date</th>
                      <th className="num">Total Queries</th>
                      <th className="num">Successful</th>
                      <th className="num">Failed</th>
                      <th className="num">Avg Length</th>
                      <th>Failed queries</th>
                      {canManage && <th>Actions</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {g.sessions.map((s) => (
                      <tr key={s.analysisId} data-session={`${g.modelId}-${s.analysisId}`}>
                        <td style={{ whiteSpace: 'nowrap' }}>
                          {formatDate(s.date)} {s.isToday && <span className="badge badge-blue">Today</span>}
                        </td>
                        <td className="num">{s.total}</td>
                        <td className="num" style={{ color: 'var(--green)', fontWeight: 600 }}>
                          {s.successful}
                        </td>
                        <td className="num" style={{ color: s.failed ? 'var(--red)' : undefined, fontWeight: 600 }}>
                          {s.failed}
                        </td>
                        <td className="num">{formatNumber(s.avgLength)}</td>
                        <td>
                          {s.failures.length > 0 || s.moreFailures > 0 ? (
                            <ul className="rs-failures" style={{ margin: 0 }}>
                              {s.failures.map((f, i) => (
                                <li key={i}>{f}</li>
                              ))}
                              {s.moreFailures > 0 && <li>... and {s.moreFailures} more</li>}
                            </ul>
                          ) : (
                            <span className="muted">None</span>
                          )}
                        </td>
                        {canManage && (
                          <td style={{ whiteSpace: 'nowrap' }}>
                            {s.isToday && (
                              <button type="button" className="btn btn-small" disabled={busy !== null} onClick={() => manage(s.analysisId, g.modelId, g.name, 'refresh')}>
                                {busy === `${s.analysisId}-${g.modelId}-refresh` ? 'Refreshing...' : 'Refresh'}
                              </button>
                            )}{' '}
                            <button type="button" className="btn btn-small btn-danger" disabled={busy !== null} onClick={() => manage(s.analysisId, g.modelId, g.name, 'delete')}>
                              {busy === `${s.analysisId}-${g.modelId}-delete` ? 'Deleting...' : 'Delete'}
                            </button>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ))
        )}
      </section>
    </div>
  )
}
