import { ANALYSIS_DURATION_NOTE } from '~/domain/trends'
import { useBackgroundAnalysis } from './use-background-analysis'

/** Add Analysis (owner only) and the progress of the project's running analysis. */
export function BackgroundAnalysis({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const { can, active, starting, start } = useBackgroundAnalysis(projectId, onDone)
  const p = active?.progressDetails
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={!can?.canAnalyse || starting || !!active} title={can?.reason ?? undefined} onClick={start} data-testid="add-analysis">
        {starting ? 'Starting...' : 'Add Analysis'}
      </button>
      {can && !can.canAnalyse && can.reason && <span className="muted" style={{ fontSize: '.85rem' }}>{can.reason}</span>}
      {active && (
        <div className="panel" data-testid="background-analysis" style={{ width: '100%', marginTop: '.75rem' }}>
          <h3 style={{ marginTop: 0 }}>Background Analysis in Progress</h3>
          <div className="muted" aria-live="polite">{p?.phase ?? 'Starting'} – {p?.message ?? ''}</div>
          <div className="rs-dist" style={{ margin: '.5rem 0' }} role="progressbar" aria-label="Background analysis progress" aria-valuenow={p?.progressPercent ?? 0} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${p?.progressPercent ?? 0}%`, background: '#2563eb' }} />
          </div>
          <div style={{ fontSize: '.85rem' }}>{p?.progressPercent ?? 0}%</div>
          <ul style={{ margin: '.5rem 0', paddingLeft: '1.1rem', fontSize: '.85rem' }}>
            {Object.entries(p?.modelStatus ?? {}).map(([id, m]) => (
              <li key={id}>
                {m.name}: {m.status} ({m.completed}/{m.total})
              </li>
            ))}
          </ul>
          <div className="muted" style={{ fontSize: '.85rem' }}>{ANALYSIS_DURATION_NOTE}</div>
        </div>
      )}
    </>
  )
}
