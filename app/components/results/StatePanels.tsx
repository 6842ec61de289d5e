/** What the results screen shows instead of tabs while an analysis runs, after it failed or was cancelled, and before the first one. */
import type { ProgressView, ResultsHeader } from '~/domain/results/types'
import { formatDuration } from './format'
import { Empty } from './Parts'
import { useProgressPolling, useStartAnalysis } from './use-analysis-run'

export function RunningPanel({ header, progress: initial }: { header: ResultsHeader; progress: ProgressView | null }) {
  const progress = useProgressPolling(header, initial)
  return (
    <section className="panel rs-progress-panel" data-state="running">
      <h2>Analysis in Progress</h2>
      <p aria-live="polite">{progress?.message || 'Your analysis is running. Results appear here as soon as it completes.'}</p>
      <div className="progress" role="progressbar" aria-label="Analysis progress" aria-valuenow={progress?.percent ?? 0} aria-valuemin={0} aria-valuemax={100}>
        <div style={{ width: `${progress?.percent ?? 0}%` }} />
      </div>
      <div className="rs-progress-grid">
        <div>
          <span className="muted">Phase:</span> {progress?.phase ?? 'Starting'}
        </div>
        <div>
          <span className="muted">Current model:</span> {progress?.currentModel ?? '—'}
        </div>
        <div>
          <span className="muted">Progress:</span> {progress?.percent ?? 0}%
        </div>
        <div>
          <span className="muted">Queries:</span> {progress?.queriesCompleted ?? 0} / {progress?.queriesTotal ?? 0} queries completed
        </div>
        <div>
          <span className="muted">Estimated time remaining:</span> {formatDuration(progress?.estimatedSecondsRemaining)}
        </div>
      </div>
    </section>
  )
}

export function FailedPanel({ header }: { header: ResultsHeader }) {
  const { busy, start } = useStartAnalysis(header)
  // A run an operator cancelled (Temporal UI, Cancel) did not fail: the title says what happened.
  const cancelled = header.analysis?.status === 'cancelled'
  return (
    <section className="panel rs-progress-panel" data-state={cancelled ? 'cancelled' : 'failed'}>
      <h2>{cancelled ? 'Analysis Cancelled' : 'Analysis Failed'}</h2>
      <p>{header.analysis?.error || (cancelled ? 'The analysis was cancelled before it could finish.' : 'The analysis stopped before it could finish.')}</p>
      {header.mode === 'app' && header.project.isOwner && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => start('analyze-today')}>
          {busy ? 'Restarting...' : 'Restart Analysis'}
        </button>
      )}
    </section>
  )
}

export function NoAnalysisPanel({ header }: { header: ResultsHeader }) {
  const { busy, start } = useStartAnalysis(header)
  return (
    <section className="panel" data-state="none">
      <Empty title="No analysis yet">Run an analysis to see how AI models talk about {header.project.brandName}.</Empty>
      {header.mode === 'app' && header.project.isOwner && (
        <div style={{ textAlign: 'center' }}>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => start('analyse-today')}>
            {busy ? 'Starting...' : 'Start Analysis'}
          </button>
        </div>
      )}
    </section>
  )
}
