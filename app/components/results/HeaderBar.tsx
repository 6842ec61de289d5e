/** The results header: brand, market and run, the export actions with their dialogs, and the notice when another analysis is shown. */
import { useState } from 'react'
import { useToast } from '~/components/toast'
import { errorText, fetchJson } from '~/components/json'
import { ReportMenu } from '~/components/report/ReportMenu'
import type { ProgressView, ResultsHeader } from '~/domain/results/types'
import { formatDate } from './format'
import { ExportCreatedDialog, ExportHistoryDialog } from './ExportDialogs'

export function HeaderBar({ header }: { header: ResultsHeader }) {
  const toast = useToast()
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<string | null>(null)
  const [history, setHistory] = useState(false)
  const loadedCount = header.exports?.count ?? 0
  const loadedLast = header.exports?.lastExportId ?? null
  const [exportsCount, setExportsCount] = useState(loadedCount)
  const [lastExport, setLastExport] = useState(loadedLast)
  // New loader figures replace the local ones (adjusted while rendering, not in an effect).
  const [loadedExports, setLoadedExports] = useState({ count: loadedCount, last: loadedLast })
  if (loadedExports.count !== loadedCount || loadedExports.last !== loadedLast) {
    setLoadedExports({ count: loadedCount, last: loadedLast })
    setExportsCount(loadedCount)
    setLastExport(loadedLast)
  }
  const p = header.project
  const canExport = header.mode === 'app' && p.isOwner && header.analysis?.status === 'completed'

  const createExport = async () => {
    setCreating(true)
    try {
      const r = await fetchJson<{ exportId?: string }>(`/api/projects/${p.id}/export`, { method: 'POST', body: { analysisId: header.analysis!.id } })
      if (!r.exportId) {
        toast({ title: 'Export Error', description: 'Export was created but no ID was returned. Please check the export history.', variant: 'destructive' })
        return
      }
      setCreated(r.exportId)
      setLastExport(r.exportId)
      setExportsCount((n) => n + 1)
    } catch (err) {
      toast({ title: 'Export Failed', description: errorText(err, 'Export failed'), variant: 'destructive' })
    } finally {
      setCreating(false)
    }
  }

  return (
    <div className="rs-header">
      <div>
        <div className="rs-title">
          <h1 data-brand-name>{p.brandName}</h1>
          {p.isLightMode && <span className="badge badge-yellow">Light Mode</span>}
        </div>
        <div className="rs-market">{p.marketDescription}</div>
        {header.analysis && (
          <div className="muted" style={{ fontSize: '.85rem', marginTop: '.2rem' }}>
            {p.name} · analysis of {formatDate(header.analysis.date)}
          </div>
        )}
      </div>
      {header.mode === 'app' && (
        <div className="rs-actions">
          {lastExport && (
            <a href={`/export/${lastExport}`} target="_blank" rel="noopener noreferrer" className="btn btn-small" data-last-export>
              View last export
            </a>
          )}
          {header.exports && (
            <button type="button" className="btn btn-small" onClick={() => setHistory(true)}>
              Export history <span className="rs-count">{exportsCount}</span>
            </button>
          )}
          <ReportMenu header={header} />
          {canExport && (
            // aria-disabled, not disabled: a disabled button drops keyboard focus, and the dialog gives focus back to this button.
            <button type="button" className="btn btn-primary btn-small" aria-disabled={creating || undefined} onClick={() => !creating && createExport()}>
              {creating ? 'Exporting...' : 'Export'}
            </button>
          )}
        </div>
      )}
      {created && <ExportCreatedDialog exportId={created} onClose={() => setCreated(null)} />}
      {history && <ExportHistoryDialog projectId={p.id} onClose={() => setHistory(false)} />}
    </div>
  )
}

export function FallbackNotice({ header, progress }: { header: ResultsHeader; progress: ProgressView | null }) {
  const f = header.fallback!
  const what =
    f.status === 'missing'
      ? 'The analysis you asked for was not found'
      : f.status === 'failed' || f.status === 'cancelled'
        ? `The analysis of ${formatDate(f.date)} ${f.status === 'failed' ? 'failed' : 'was cancelled'}`
        : `The analysis of ${formatDate(f.date)} is still running${progress ? ` (${progress.percent}%)` : ''}`
  return (
    <div className="rs-notice" role="status">
      {what}; showing the latest completed analysis of {formatDate(header.analysis?.date)}.
    </div>
  )
}
