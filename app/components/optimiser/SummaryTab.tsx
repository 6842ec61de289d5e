import { OPTIMISER_LANGUAGES, type OptimiserAnalysis } from '~/domain/optimiser'
import { CriticalActions } from './OptimiserResultView'
import { OptimisedContent } from './OptimisedContent'
import type { Optimiser } from './use-optimiser'

/** The summary tab: counts by priority, critical actions, the recommendations to apply, the rewrite, export and share. */
export function SummaryTab({ o, result }: { o: Optimiser; result: OptimiserAnalysis }) {
  const { selection, rewrite, exports } = o
  const recs = result.summarizedRecommendations
  return (
    <div data-testid="tab-summary">
      <div className="opt-cards">
        {(['high', 'medium', 'low'] as const).map((p) => (
          <div key={p} className="panel"><h4>{p[0].toUpperCase() + p.slice(1)} priority</h4><strong data-testid={`count-${p}`}>{recs.filter((r) => r.priority === p).length}</strong></div>
        ))}
      </div>
      <CriticalActions result={result} />
      <h3>Recommendations</h3>
      <div className="opt-head-actions">
        <button className="btn btn-small" type="button" onClick={selection.all}>Select All</button>
        <button className="btn btn-small" type="button" onClick={selection.none}>Clear All</button>
      </div>
      <ul className="opt-recs" data-testid="recommendations">
        {recs.map((r, i) => (
          <li key={i}>
            <label>
              <input type="checkbox" checked={selection.selected.has(i)} onChange={() => selection.toggle(i)} />
              <span className={`badge ${r.priority === 'high' ? 'badge-red' : r.priority === 'medium' ? 'badge-yellow' : 'badge-grey'}`}>{r.priority}</span> <strong>{r.category}</strong>: {r.recommendation} <span className="muted">({r.impact})</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="grid-2">
        <div className="field">
          <label htmlFor="opt-language">Language</label>
          <select id="opt-language" value={rewrite.language} onChange={(e) => rewrite.setLanguage(e.target.value)}>
            {OPTIMISER_LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="opt-req">Additional Requirements (optional)</label>
          <textarea id="opt-req" rows={3} value={rewrite.requirements} onChange={(e) => rewrite.setRequirements(e.target.value)} />
        </div>
      </div>
      <button className="btn btn-primary" type="button" onClick={rewrite.optimise} disabled={rewrite.optimising} data-testid="optimise-button">
        {rewrite.optimising ? 'Optimizing...' : `Optimize Content (${selection.selected.size} recommendations)`}
      </button>
      <div className="panel">
        <h3>Export & Share</h3>
        <button className="btn" type="button" onClick={exports.exportPublic} disabled={exports.exporting} data-testid="share-button">Create Shareable Link</button>{' '}
        <button className="btn" type="button" onClick={exports.exportPdf} disabled={exports.exporting} data-testid="pdf-button">Download PDF</button>
      </div>
      {rewrite.optimisation && <OptimisedContent optimisation={rewrite.optimisation} />}
    </div>
  )
}
