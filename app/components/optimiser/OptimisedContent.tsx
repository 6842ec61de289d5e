import { useState } from 'react'
import type { OptimisationResult } from '~/domain/optimiser'
import { useCopy } from './use-copy'

/** The rewritten content, as a sandboxed preview or as its HTML, with Copy. */
export function OptimisedContent({ optimisation }: { optimisation: OptimisationResult }) {
  const copy = useCopy()
  const [contentTab, setContentTab] = useState<'preview' | 'html'>('preview')
  return (
    <div className="panel" data-testid="optimised-content">
      <h3>Optimised Content</h3>
      {optimisation.improvementSummary && <p>{optimisation.improvementSummary}</p>}
      <div className="opt-head-actions">
        <button className={`btn btn-small ${contentTab === 'preview' ? 'btn-primary' : ''}`} type="button" onClick={() => setContentTab('preview')}>Preview</button>
        <button className={`btn btn-small ${contentTab === 'html' ? 'btn-primary' : ''}`} type="button" onClick={() => setContentTab('html')}>HTML Code</button>
        <button className="btn btn-small" type="button" onClick={() => copy(optimisation.optimisedContent)}>Copy</button>
      </div>
      {contentTab === 'preview' ? (
        // Sanitised on the server; a sandboxed frame without scripts is a second wall.
        <iframe title="Optimised content preview" sandbox="" className="opt-preview" srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:system-ui;line-height:1.5">${optimisation.optimisedContent}</body>`} />
      ) : (
        <pre className="opt-code" data-testid="optimised-html" role="region" aria-label="Optimised HTML" tabIndex={0}>{optimisation.optimisedContent}</pre>
      )}
    </div>
  )
}
