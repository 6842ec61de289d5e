import { RESULT_TABS, type OptimiserAnalysis } from '~/domain/optimiser'
import { Overview, PillarTab } from './OptimiserResultView'
import { SummaryTab } from './SummaryTab'
import type { Optimiser } from './use-optimiser'

/** The analysis results: the overview, then the summary tab or one of the seven pillar tabs. */
export function OptimiserResults({ o, result, onHelp }: { o: Optimiser; result: OptimiserAnalysis; onHelp: () => void }) {
  return (
    <div className="panel" data-testid="optimiser-results">
      <div className="opt-head">
        <h2>Analysis Results</h2>
        <button className="btn btn-small" type="button" onClick={onHelp}>How it works</button>
      </div>
      <Overview result={result} />
      <nav className="tabbar" aria-label="Optimiser tabs">
        {RESULT_TABS.map((t) => (
          <a key={t.key} href={`#${t.key}`} className={o.tab === t.key ? 'active' : ''} onClick={(e) => (e.preventDefault(), o.setTab(t.key))} data-testid={`tab-${t.key}-button`}>
            {t.label}
          </a>
        ))}
      </nav>
      {o.tab === 'summary' ? <SummaryTab o={o} result={result} /> : <PillarTab tab={o.tab} result={result} />}
    </div>
  )
}
