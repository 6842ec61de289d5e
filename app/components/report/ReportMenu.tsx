/**
 * 'Download report': the PDF, the PowerPoint deck and the .xlsx workbook of the analysis
 * shown, with the filters shown, and the report as a web page. Plain links, so they work before hydration and
 * without client code.
 */
import { useState } from 'react'
import type { ResultsHeader } from '~/domain/results/types'
import { callJson, errorText } from '~/components/json'

/** Where the report of the analysis shown is downloaded: the app's API, or the share link's own address. */
export function reportHref(header: ResultsHeader, format: 'pdf' | 'xlsx' | 'pptx' | 'html', exportId?: string | null): string | null {
  if (!header.analysis || header.analysis.status !== 'completed') return null
  const qs = new URLSearchParams({ format })
  if (header.filters.model !== 'combined') qs.set('model', header.filters.model)
  if (header.filters.topic) qs.set('topic', header.filters.topic)
  if (header.filters.audience) qs.set('audience', header.filters.audience)
  if (header.mode === 'export') return exportId ? `/export/${encodeURIComponent(exportId)}/report?${qs}` : null
  return `/api/analyses/${header.analysis.id}/report?${qs}`
}

export function ReportMenu({ header, exportId }: { header: ResultsHeader; exportId?: string | null }) {
  const [open, setOpen] = useState(false)
  const [rewrite, setRewrite] = useState<string | null>(null)
  /** A model rewrites the summary's style (budgeted model work; the setting must be on). */
  async function askRewrite() {
    if (!header.analysis) return
    setRewrite('Asking a model to rewrite the summary…')
    try {
      const r = await callJson<{ simulated?: boolean }>(`/api/analyses/${header.analysis.id}/report-rewrite`, { method: 'POST', body: {} })
      setRewrite(r.ok ? `A model is rewriting the summary${r.data.simulated ? ' (simulated: demo mode)' : ''}; the next report download shows it.` : r.detail)
    } catch (err) {
      setRewrite(errorText(err, 'The rewrite could not be asked for'))
    }
  }
  const pdf = reportHref(header, 'pdf', exportId)
  const xlsx = reportHref(header, 'xlsx', exportId)
  const pptx = reportHref(header, 'pptx', exportId)
  const page = reportHref(header, 'html', exportId)
  if (!pdf || !xlsx || !pptx || !page) return null
  return (
    <div className="report-menu" style={{ position: 'relative', display: 'inline-block' }} data-report-menu>
      <button type="button" className="btn btn-small" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Download report
      </button>
      {rewrite ? <p role="status" className="muted" style={{ margin: '.25rem 0 0', maxWidth: 320 }} data-report-rewrite-status>{rewrite}</p> : null}
      {open && (
        <div
          role="menu"
          className="panel"
          style={{ position: 'absolute', right: 0, top: '100%', zIndex: 30, margin: '.25rem 0 0', padding: '.35rem', display: 'grid', gap: '.25rem', minWidth: 190 }}
        >
          <a role="menuitem" className="btn btn-small" href={pdf} download onClick={() => setOpen(false)} data-report="pdf">
            PDF report
          </a>
          <a role="menuitem" className="btn btn-small" href={xlsx} download onClick={() => setOpen(false)} data-report="xlsx">
            Excel workbook (.xlsx)
          </a>
          <a role="menuitem" className="btn btn-small" href={pptx} download onClick={() => setOpen(false)} data-report="pptx">
            PowerPoint deck (.pptx)
          </a>
          <a role="menuitem" className="btn btn-small" href={page} target="_blank" rel="noopener" onClick={() => setOpen(false)} data-report="html">
            Report as web page
          </a>
          {header.mode === 'app' ? (
            <>
              <a role="menuitem" className="btn btn-small" href={`/report-schedule?project=${header.project.id}`} data-report="schedule">
                Report e-mails…
              </a>
              <a role="menuitem" className="btn btn-small" href={`/branding?project=${header.project.id}`} data-report="branding">
                Report branding…
              </a>
              <button type="button" role="menuitem" className="btn btn-small" onClick={() => void askRewrite()} data-report="rewrite">
                Rewrite the summary’s style with a model
              </button>
            </>
          ) : null}
        </div>
      )}
    </div>
  )
}
