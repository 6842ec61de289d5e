import { useMemo, useState } from 'react'
import { formatDateTime } from '~/components/results/format'
import { Help } from './TrendPanel'
import { useDailySchedule } from './use-daily-schedule'

/** The daily scheduled run: its status and recent runs, and for the owner the hour, pause, run now and delete. */
export function DailyRun({ projectId, isOwner }: { projectId: number; isOwner: boolean }) {
  const { state, busy, change, requestRun, waiting } = useDailySchedule(projectId)
  const [hour, setHour] = useState(9)
  const timeZone = useMemo(() => (typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC') || 'UTC', [])
  if (!state) return null
  return (
    <section className="panel" data-testid="daily-run">
      <div className="rs-panel-head">
        <h2>
          Daily Analysis <Help label="About the daily analysis" text="A daily run starts the same analysis as Add Analysis at the chosen hour, with the same limits: it is skipped (and says why) when the account is paused, out of analyses, already analysed today, or the previous run is still going." />
        </h2>
      </div>
      {state.exists ? (
        <p data-testid="daily-run-status">
          {state.paused ? 'Paused' : 'Active'}: every day at {String(state.hour ?? 0).padStart(2, '0')}:00 ({state.timeZone}).{' '}
          {state.nextRunAt && <>Next run {formatDateTime(state.nextRunAt)}. </>}
          {state.paused && state.note && <span className="muted">{state.note}</span>}
          {state.skippedOverlap > 0 && <span className="muted"> Skipped while the previous run was still going: {state.skippedOverlap}.</span>}
        </p>
      ) : (
        <p data-testid="daily-run-status">No daily analysis is scheduled.</p>
      )}
      {isOwner && (
        <div className="rs-actions">
          <label>
            Hour{' '}
            <select value={state.exists && state.hour !== null ? state.hour : hour} onChange={(e) => setHour(Number(e.target.value))} disabled={busy} aria-label="Hour of the daily analysis">
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {String(h).padStart(2, '0')}:00
                </option>
              ))}
            </select>
          </label>
          <span className="muted">{timeZone}</span>
          {!state.exists && (
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => change({ action: 'enable', hour, timeZone })}>
              Turn On Daily Analysis
            </button>
          )}
          {state.exists && (
            <>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => change({ action: 'enable', hour, timeZone })}>
                Save Hour
              </button>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => change({ action: state.paused ? 'resume' : 'pause' })}>
                {state.paused ? 'Resume' : 'Pause'}
              </button>
              <button
                type="button"
                className="btn btn-small"
                disabled={busy || waiting}
                onClick={requestRun}
              >
                {waiting ? 'Starting...' : 'Run Now'}
              </button>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => change({ action: 'delete' })}>
                Delete
              </button>
            </>
          )}
        </div>
      )}
      {waiting && (
        <p role="status" data-testid="run-now-pending">
          Run requested: the daily analysis is being started…
        </p>
      )}
      {state.recentRuns.length > 0 && (
        <ul data-testid="scheduled-runs" style={{ fontSize: '.85rem', paddingLeft: '1.1rem' }}>
          {state.recentRuns.map((r) => (
            <li key={r.workflowId}>
              {formatDateTime(r.at)}: {r.outcome === 'started' ? `started analysis ${r.analysisId ?? ''}` : `skipped – ${r.reason ?? ''}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
