import type { OptimiserProgress } from '~/domain/optimiser'

/** The nine phases of a running analysis (hidden once it completed), or how it failed or was cancelled. */
export function OptimiserProgressPanel({ progress }: { progress: OptimiserProgress | null }) {
  if (!progress || progress.status === 'completed') return null
  return (
    <div className="panel" data-testid="optimiser-progress">
      <h3 data-progress-status={progress.status}>{progress.status === 'error' ? 'Analysis failed' : progress.status === 'cancelled' ? 'Analysis cancelled' : 'Analyzing content...'}</h3>
      <div className="opt-bar"><div style={{ width: `${progress.progressPercent}%`, background: '#2563eb' }} /></div>
      <p>
        <strong data-testid="progress-percent">{progress.progressPercent}%</strong> · {progress.phase} · about {Math.ceil(progress.estimatedTimeRemaining)} s remaining
      </p>
      <ol className="opt-phases">
        {progress.phases.map((p) => (
          <li key={p.name} className={`opt-phase-${p.status}`}>{p.name}{p.status === 'error' ? ' (failed)' : p.status === 'completed' ? ' ✓' : p.status === 'running' ? ' …' : ''}</li>
        ))}
      </ol>
      {progress.error && <p className="field-error">{progress.error}</p>}
    </div>
  )
}
