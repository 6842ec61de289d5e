/** The optimiser's three dialogs: how it works, the share link just created, and the project's saved analyses. */
import { Link } from '@remix-run/react'
import { DEFAULT_OPTIMISER_LANGUAGE, type SavedContentAnalysis } from '~/domain/optimiser'
import { useCopy } from './use-copy'

export function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <div className="dialog-backdrop" role="dialog" aria-label="How Content Optimiser Works">
      <div className="panel dialog">
        <h2>How Content Optimiser Works</h2>
        <p>The page is split into about 100-word chunks and scored on seven pillars that decide whether AI answers cite it: relevance to your prompt (embeddings from two providers plus a model score), synthesis, citation worthiness, breadth & depth, multi-modal support, personalisation across intents, and crawlability (including facts the product checks itself: robots.txt for AI crawlers, meta robots, canonical, structured data, server-rendered text, headings).</p>
        <p>Each pillar scores 0-10 (shown ×10); the overall score is the mean of the seven. Select recommendations and optimise to get a rewritten version.</p>
        <button className="btn" type="button" onClick={onClose}>Close</button>
      </div>
    </div>
  )
}

export function ShareDialog({ shareUrl, onClose }: { shareUrl: string; onClose: () => void }) {
  const copy = useCopy()
  return (
    <div className="dialog-backdrop" role="dialog" aria-label="Export Created Successfully">
      <div className="panel dialog" data-testid="export-dialog">
        <h2>Export Created Successfully</h2>
        <input readOnly value={shareUrl} className="opt-share" aria-label="Share link of this optimisation" data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
        <div className="opt-head-actions">
          <button className="btn" type="button" onClick={() => copy(shareUrl)}>Copy</button>
          <a className="btn" href={shareUrl} target="_blank" rel="noreferrer">View Public Page</a>
          <Link className="btn" to="/export-history">View All Exports</Link>
          <button className="btn" type="button" onClick={onClose}>Close</button>
        </div>
      </div>
    </div>
  )
}

export function SavesDialog({ saves, onLoad, onDelete, onClose }: { saves: SavedContentAnalysis[]; onLoad: (s: SavedContentAnalysis) => void; onDelete: (id: number) => void; onClose: () => void }) {
  return (
    <div className="dialog-backdrop" role="dialog" aria-label="Saved Content Analyses">
      <div className="panel dialog" data-testid="saves-dialog">
        <h2>Saved Content Analyses</h2>
        {saves.length === 0 ? (
          <div className="empty"><p>No saved analyses yet</p><p>Analyses will be automatically saved when you complete them</p></div>
        ) : (
          <ul className="opt-saves">
            {saves.map((s) => {
              const d = new Date(s.createdAt)
              return (
                <li key={s.id}>
                  <strong>{s.metadata.originalQuery || 'Content Analysis'}</strong>{' '}
                  <span className="muted">{d.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' })} {d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}</span>{' '}
                  <span className="badge">{s.metadata.language || DEFAULT_OPTIMISER_LANGUAGE}</span> {s.optimizedContent && <span className="badge badge-green">Optimized</span>}
                  {s.metadata.customRequirements && <p className="muted">{s.metadata.customRequirements}</p>}
                  <button className="btn btn-small" type="button" onClick={() => onLoad(s)}>Load Analysis</button>{' '}
                  <button className="btn btn-small btn-danger" type="button" aria-label="Delete saved analysis" onClick={() => onDelete(s.id)}>Delete</button>
                </li>
              )
            })}
          </ul>
        )}
        <button className="btn" type="button" onClick={onClose}>Close</button>
      </div>
    </div>
  )
}
