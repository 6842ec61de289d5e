import { Link } from '@remix-run/react'
import type { Optimiser } from './use-optimiser'

/** The target prompt and the content (URL or pasted text/HTML) to analyse, with Analyze and the analyses left. */
export function OptimiserForm({ o, projectId, isActive, savedCount, onOpenSaves }: { o: Optimiser; projectId: number | null; isActive: boolean; savedCount: number; onOpenSaves: () => void }) {
  const { form } = o
  return (
    <div className="panel">
      <div className="opt-head">
        <h1>Content Optimiser</h1>
        <div className="opt-head-actions">
          {projectId && (
            <button className="btn" type="button" onClick={onOpenSaves} data-testid="saved-button">
              Saved ({savedCount})
            </button>
          )}
          <Link className="btn" to="/export-history">View Previous Exports</Link>
        </div>
      </div>
      <div className="field">
        <label htmlFor="opt-prompt">Target Prompt/Query</label>
        <input id="opt-prompt" value={form.prompt} maxLength={500} onChange={(e) => form.setPrompt(e.target.value)} placeholder="e.g. best running shoes for beginners" />
      </div>
      <div className="field">
        <label>Content Source</label>
        <div className="opt-toggle" role="group">
          <button type="button" className={`btn btn-small ${form.mode === 'url' ? 'btn-primary' : ''}`} onClick={() => form.setMode('url')}>URL</button>
          <button type="button" className={`btn btn-small ${form.mode === 'text' ? 'btn-primary' : ''}`} onClick={() => form.setMode('text')}>Text/HTML</button>
        </div>
      </div>
      {form.mode === 'url' ? (
        <div className="field">
          <label htmlFor="opt-url">URL</label>
          <input id="opt-url" type="url" value={form.url} onChange={(e) => form.setUrl(e.target.value)} placeholder="https://www.example.com/page" />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="opt-content">Content (text or HTML)</label>
          <textarea id="opt-content" rows={10} value={form.content} onChange={(e) => form.setContent(e.target.value)} />
        </div>
      )}
      <button className="btn btn-primary" type="button" onClick={o.analyse} disabled={o.running || o.outOfQuota || !isActive} data-testid="analyse-button">
        {o.running ? 'Analyzing...' : 'Analyze Content'}
      </button>
      {o.remaining !== null && <span className="muted"> {o.remaining} analyses remaining</span>}
    </div>
  )
}
