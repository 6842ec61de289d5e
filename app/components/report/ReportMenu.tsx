/**
 * 'Download report': the PDF, the PowerPoint deck and the .xlsx workbook of the analysis
 * shown, with the filters shown, and the report as a web page. Plain links, so they work before hydration and
 * without client code. In the app, the owner may also ask a model to rewrite the summary's style: the item says
 * when the setting is off and where to turn it on, and the menu follows the rewrite until its verdict.
 */
import { useState } from 'react'
import type { ResultsHeader } from '~/domain/results/types'
import { callJson, errorText, fetchJson } from '~/components/json'
import { usePolling } from '~/components/use-polling'

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

/** GET /api/analyses/{id}/report-rewrite: whether the setting is on, and the latest rewrite's verdict. */
interface RewriteState {
  enabled: boolean
  rewriteId: number | null
  status: 'pending' | 'accepted' | 'rejected' | 'failed' | null
  unknownFigures: number[]
  error: string | null
  simulated: boolean
}

/** A rewrite asked for here: being asked, refused (the server's message), or started (its id, until judged). */
type Asked = { phase: 'asking' } | { phase: 'refused'; message: string } | { phase: 'started'; rewriteId: number; simulated: boolean }

/** The verdict of the rewrite asked for, once the state read is about that rewrite and no longer pending. */
function verdictOf(asked: Asked | null, state: RewriteState | null): RewriteState | null {
  return asked?.phase === 'started' && state?.rewriteId === asked.rewriteId && state.status !== 'pending' ? state : null
}

function rewriteMessage(asked: Asked | null, state: RewriteState | null): { phase: string; text: string } | null {
  if (!asked) return null
  if (asked.phase === 'asking') return { phase: 'asking', text: 'Asking a model to rewrite the summary…' }
  if (asked.phase === 'refused') return { phase: 'refused', text: asked.message }
  const simulated = asked.simulated ? ' (simulated: demo mode)' : ''
  const verdict = verdictOf(asked, state)
  switch (verdict?.status) {
    case 'accepted':
      return { phase: 'accepted', text: `A model rewrote the summary${simulated}; every figure in it is one of the computed facts. The report without filters shows it: open “Report as web page”.` }
    case 'rejected':
      return { phase: 'rejected', text: `The model’s rewrite was not used: it contained figures that are not among the computed facts (${verdict.unknownFigures.join(', ')}). The report keeps the computed summary.` }
    case 'failed':
      return { phase: 'failed', text: `The rewrite could not be made: ${verdict.error ?? 'try again later'}` }
    default:
      return { phase: 'pending', text: `A model is rewriting the summary${simulated}…` }
  }
}

export function ReportMenu({ header, exportId }: { header: ResultsHeader; exportId?: string | null }) {
  const [open, setOpen] = useState(false)
  const analysisId = header.analysis?.id ?? null
  // Both belong to the analysis shown: another analysis starts with neither.
  const [read, setRead] = useState<{ analysisId: number | null; state: RewriteState } | null>(null)
  const [askedFor, setAskedFor] = useState<{ analysisId: number | null; asked: Asked } | null>(null)
  const state = read?.analysisId === analysisId ? read.state : null
  const asked = askedFor?.analysisId === analysisId ? askedFor.asked : null
  const setAsked = (a: Asked) => setAskedFor({ analysisId, asked: a })
  const canRewrite = header.mode === 'app' && analysisId !== null
  const rewriteUrl = `/api/analyses/${analysisId}/report-rewrite`
  const readState = async () => {
    const s = await fetchJson<RewriteState>(rewriteUrl)
    setRead({ analysisId, state: s })
  }
  function toggle() {
    // Whether the setting is on, read when the menu opens, so the item can say it is off.
    if (!open && canRewrite && state === null) readState().catch(() => {})
    setOpen((o) => !o)
  }
  // The rewrite asked for here is read again until its text has been judged.
  usePolling(readState, 2000, canRewrite && asked?.phase === 'started' && verdictOf(asked, state) === null)
  /** A model rewrites the summary's style (budgeted model work; the setting must be on). */
  async function askRewrite() {
    setOpen(false)
    setAsked({ phase: 'asking' })
    try {
      const r = await callJson<{ rewriteId: number; simulated: boolean }>(rewriteUrl, { method: 'POST', body: {} })
      if (r.ok) setAsked({ phase: 'started', rewriteId: r.data.rewriteId, simulated: r.data.simulated })
      else {
        setAsked({ phase: 'refused', message: r.detail })
        await readState().catch(() => {})
      }
    } catch (err) {
      setAsked({ phase: 'refused', message: errorText(err, 'The rewrite could not be asked for') })
    }
  }
  const message = rewriteMessage(asked, state)
  const pdf = reportHref(header, 'pdf', exportId)
  const xlsx = reportHref(header, 'xlsx', exportId)
  const pptx = reportHref(header, 'pptx', exportId)
  const page = reportHref(header, 'html', exportId)
  if (!pdf || !xlsx || !pptx || !page) return null
  return (
    <div className="report-menu" style={{ position: 'relative', display: 'inline-block' }} data-report-menu>
      <button type="button" className="btn btn-small" aria-haspopup="true" aria-expanded={open} onClick={toggle}>
        Download report
      </button>
      {message ? (
        <p role="status" className="muted" style={{ margin: '.25rem 0 0', maxWidth: 320 }} data-report-rewrite-status={message.phase}>
          {message.text}
        </p>
      ) : null}
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
          {canRewrite ? (
            <>
              <a role="menuitem" className="btn btn-small" href={`/report-schedule?project=${header.project.id}`} data-report="schedule">
                Report e-mails…
              </a>
              <a role="menuitem" className="btn btn-small" href={`/branding?project=${header.project.id}`} data-report="branding">
                Report branding…
              </a>
              <button
                type="button"
                role="menuitem"
                className="btn btn-small"
                disabled={state?.enabled === false}
                aria-describedby={state?.enabled === false ? 'report-rewrite-off' : undefined}
                onClick={() => void askRewrite()}
                data-report="rewrite"
              >
                Rewrite the summary’s style with a model
              </button>
              {state?.enabled === false ? (
                <p id="report-rewrite-off" className="muted" style={{ margin: 0, maxWidth: 260, fontSize: '.85em' }} data-report-rewrite-off>
                  Off for this project: turn it on in <a href={`/branding?project=${header.project.id}`}>Report branding</a>.
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      )}
    </div>
  )
}
