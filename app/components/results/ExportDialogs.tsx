/** The export-created dialog (share link, copy, view) and the 'Project Exports' history. */
import { useEffect, useRef, useState } from 'react'
import { useToast } from '~/components/toast'
import { useDialogFocus, useEscapeCloses } from '~/components/use-dialog-focus'
import { formatDate, formatDateTime } from './format'
import { Empty } from './Parts'
import { errorText, fetchJson } from '~/components/json'

function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useDialogFocus(ref, ref)
  useEscapeCloses(onClose)
  return (
    <div className="rs-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="rs-dialog" role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} ref={ref}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  )
}

export function ExportCreatedDialog({ exportId, onClose }: { exportId: string; onClose: () => void }) {
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  const link = `${typeof window === 'undefined' ? '' : window.location.origin}/export/${exportId}`
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(t)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      toast({ title: 'Copied!', description: 'Link copied to clipboard' })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' })
    }
  }
  return (
    <Dialog title="Export created" onClose={onClose}>
      <p>Anyone with this link can view a read-only copy of this analysis&apos;s results, without signing in.</p>
      <div className="rs-link-box">
        <input readOnly value={link} aria-label="Share link" onFocus={(e) => e.target.select()} data-export-link />
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="muted">Link active for 30 days</p>
      <div className="rs-actions" style={{ justifyContent: 'flex-end' }}>
        <a className="btn" href={`/export/${exportId}`} target="_blank" rel="noopener noreferrer">
          View
        </a>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  )
}

interface ExportItem {
  id: string
  createdAt: string
  analysisDate: string
  expiresAt: string
  expired: boolean
  hasAiSummary: boolean
}

/** The exports table of a project or an analysis (`url`: its exports call); also the /export-history pages. */
export function ExportsList({ url }: { url: string }) {
  const [items, setItems] = useState<ExportItem[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  // A project's list can end a link now: its pages and reports answer 410 from then on.
  const projectId = /^\/api\/projects\/(\d+)\/exports$/.exec(url)?.[1] ?? null
  const revoke = (id: string) =>
    fetchJson<{ expiresAt: string }>(`/api/projects/${projectId}/exports/${encodeURIComponent(id)}/revoke`, { method: 'POST' })
      .then((r) => setItems((list) => list?.map((e) => (e.id === id ? { ...e, expired: true, expiresAt: r.expiresAt } : e)) ?? null))
      .catch((err) => setError(errorText(err, 'Could not revoke the link')))
  useEffect(() => {
    fetchJson<{ exports: ExportItem[] }>(url)
      .then((r) => setItems(r.exports))
      .catch((err) => setError(errorText(err, 'Could not load the exports')))
  }, [url])
  return (
    <>
      {error ? (
        <div className="error-box">{error}</div>
      ) : !items ? (
        <p className="muted">Loading...</p>
      ) : items.length === 0 ? (
        <Empty title="No Exports Yet">Use Export to create a share link of an analysis.</Empty>
      ) : (
        <div className="rs-table-wrap">
          <table className="data" data-table="exports">
            <thead>
              <tr>
                <th>Export Date</th>
                <th>Analysis Date</th>
                <th>AI Insights</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt)}</td>
                  <td>{formatDate(e.analysisDate)}</td>
                  <td>{e.hasAiSummary ? <span className="badge badge-green">Generated</span> : <span className="badge badge-grey">Not Generated</span>}</td>
                  <td>
                    {e.expired ? (
                      <span className="muted">Expired {formatDate(e.expiresAt)}</span>
                    ) : (
                      <>
                        <a href={`/export/${e.id}`} target="_blank" rel="noopener noreferrer">
                          View Export
                        </a>
                        {projectId ? (
                          <button type="button" className="btn btn-small" style={{ marginInlineStart: '.5rem' }} onClick={() => void revoke(e.id)} data-revoke-export={e.id}>
                            Revoke link
                          </button>
                        ) : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export function ExportHistoryDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  return (
    <Dialog title="Project Exports" onClose={onClose}>
      <ExportsList url={`/api/projects/${projectId}/exports`} />
      <div className="rs-actions" style={{ justifyContent: 'flex-end', marginTop: '.8rem' }}>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
