/**
 * Phase 2 "Analysis" of the home page: header, filters, sticky tab bar and the tab shown.
 * All view state (tab, filters, run, selected brand) lives in the URL search params, so a
 * reload restores it; data comes from loadResultsView (app/lib/results.server.ts).
 */
import { FilterSelect } from '~/components/filter-select'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useNavigation, useParams, useRevalidator } from '@remix-run/react'
import { useToast } from '~/components/toast'
import resultsStylesHref from './results.css'
import { formatDate, formatDuration } from './format'
import { Empty, useResultsHref } from './parts'
import { errorText, fetchJson } from '~/components/json'
import { ExportCreatedDialog, ExportHistoryDialog } from './ExportDialogs'
import { ReportMenu } from '~/components/report/ReportMenu'
import { OverviewTab } from './tabs/OverviewTab'
import { BrandRankTab, QueryRankTab, ShareOfModelTab } from './tabs/TableTabs'
import { MentionsTab, SentimentDetailTab, SentimentTab } from './tabs/MentionsSentimentTabs'
import { ApiDataTab } from './tabs/ApiDataTab'
import { ModelAdminTab } from './tabs/ModelAdminTab'
import { EnginesPanel } from './EnginesPanel'
import { GroupTab } from './tabs/GroupTab'
import { AccuracyTab } from './tabs/AccuracyTab'
import { RESULT_TABS, toProgressView, type ProgressView, type ResultsHeader, type ResultsViewData, type TabData } from '~/domain/results/types'
import { isActiveStatus } from '~/domain/analyses'
import { usePolling } from '~/components/use-polling'
import { usePropState } from '~/components/use-prop-state'
import { EvidenceBar, EvidenceProvider } from '~/components/evidence/Evidence'
import evidenceStylesHref from '~/components/evidence/evidence.css'
import { modelByFilter } from '~/domain/models'
import { startAnalysisConfirmed } from '~/components/start-analysis'
import { homeHref } from '~/domain/home-phases'

export type { ResultsViewData } from '~/domain/results/types'
export { resultsStylesHref }

/** Link to the results of a project with the view reset (overview, combined model, all topics), as on a project change. */
export function resultsUrl(projectId: number, analysisId?: number | null): string {
  return homeHref('results', { project: projectId, analysis: analysisId || null })
}

export function ResultsPhase({ data }: { data: ResultsViewData }) {
  return (
    <div className="rs" data-results>
      <link rel="stylesheet" href={resultsStylesHref} />
      <link rel="stylesheet" href={evidenceStylesHref} />
      {data.kind === 'no-project' ? (
        <div className="panel">
          <Empty title="No Project Selected">Please complete Phase 1 first to start analysis.</Empty>
        </div>
      ) : (
        <Results view={data} />
      )}
    </div>
  )
}

function Results({ view }: { view: Extract<ResultsViewData, { kind: 'results' }> }) {
  const { header, state, progress, data, engines } = view
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  // On a share link's page (/export/{exportId}) the link itself lets visitors read the answers behind a figure.
  const { exportId } = useParams()
  const loading = navigation.state === 'loading'
  return (
    <>
      <HeaderBar header={header} />
      {header.mode === 'export' && header.exportLink && (
        <div className="rs-export-banner">
          Shared, read-only results of the analysis of {formatDate(header.analysis?.date)}. Link active until {formatDate(header.exportLink.expiresAt)}.
        </div>
      )}
      {header.fallback && state === 'completed' && <FallbackNotice header={header} progress={progress} />}
      {state === 'completed' && (
        <EvidenceProvider
          analysisId={header.mode === 'app' || exportId ? (header.analysis?.id ?? null) : null}
          exportId={header.mode === 'export' ? (exportId ?? null) : null}
          defaults={{ modelId: header.filters.model === 'combined' ? null : (modelByFilter(header.filters.model)?.id ?? null), topic: header.filters.topic, audience: header.filters.audience }}
        >
          <Filters header={header} />
          <EvidenceBar header={header} onRebuilt={() => revalidator.revalidate()} />
          <TabBar header={header} />
          <div className={loading ? 'rs-loading' : undefined} aria-busy={loading || undefined}>
            {data ? <TabContent data={data} header={header} /> : <Empty title="No API response data available" />}
            {engines && <EnginesPanel engines={engines} />}
          </div>
        </EvidenceProvider>
      )}
      {state === 'running' && <RunningPanel header={header} progress={progress} />}
      {state === 'failed' && <FailedPanel header={header} />}
      {state === 'none' && <NoAnalysisPanel header={header} />}
    </>
  )
}

function TabContent({ data, header }: { data: TabData; header: ResultsHeader }) {
  switch (data.tab) {
    case 'overview':
      return <OverviewTab data={data} header={header} />
    case 'share-of-model':
      return <ShareOfModelTab data={data} header={header} />
    case 'brand-rank':
      return <BrandRankTab data={data} header={header} />
    case 'ranking-detail':
      return <QueryRankTab data={data} header={header} />
    case 'mentions':
      return <MentionsTab data={data} header={header} />
    case 'sentiment':
      return <SentimentTab data={data} header={header} />
    case 'sentiment-detail':
      return <SentimentDetailTab data={data} header={header} />
    case 'api-data':
      return <ApiDataTab data={data} header={header} />
    case 'model-admin':
      return <ModelAdminTab data={data} header={header} />
    case 'topics':
    case 'audiences':
      return <GroupTab data={data} header={header} />
    case 'accuracy':
      return <AccuracyTab data={data} header={header} />
  }
}

// ------------------------------------------------------------------ header

function HeaderBar({ header }: { header: ResultsHeader }) {
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

function FallbackNotice({ header, progress }: { header: ResultsHeader; progress: ProgressView | null }) {
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

// ------------------------------------------------------------------ filters and tabs

function Filters({ header }: { header: ResultsHeader }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const go = (changes: Record<string, string | null>) => navigate(href(changes), { preventScrollReset: true })
  const { options, filters } = header
  return (
    <div className="rs-filters" role="group" aria-label="Filters">
      {options.topics.length > 0 && (
        <FilterSelect label="Topic" name="topic" allLabel="All Topics" values={options.topics} value={filters.topic} onChange={(v) => go({ topic: v })} />
      )}
      {options.audiences.length > 0 && (
        <FilterSelect label="Audience" name="audience" allLabel="All Audiences" values={options.audiences} value={filters.audience} onChange={(v) => go({ audience: v })} />
      )}
      {header.mode === 'app' && header.runs.length > 0 && (
        <label>
          Analysis run
          <select name="analysis" value={String(header.analysis?.id ?? '')} onChange={(e) => go({ analysis: e.target.value })}>
            {header.runs.map((r, i) => {
              const sameDay = header.runs.filter((x) => x.date === r.date).length > 1
              return (
                <option key={r.id} value={r.id}>
                  {formatDate(r.date)}
                  {sameDay ? ` ${r.createdAt.slice(11, 16)}` : ''}
                  {i === 0 ? ' (latest)' : ''}
                </option>
              )
            })}
          </select>
        </label>
      )}
      <label>
        Model
        <select name="model" value={filters.model} onChange={(e) => go({ model: e.target.value === 'combined' ? null : e.target.value })}>
          {options.models.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

/**
 * Where the sticky tab bar ends, as --rs-tabbar-bottom on the results root: headings use it as
 * their scroll-margin-top (results.css), so one scrolled to is not hidden under the bar.
 */
function useTabBarBottom() {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const bar = ref.current
    const root = bar?.closest<HTMLElement>('.rs')
    if (!bar || !root) return
    const measure = () => {
      const top = parseFloat(getComputedStyle(bar).top) || 0
      root.style.setProperty('--rs-tabbar-bottom', `${Math.ceil(top + bar.getBoundingClientRect().height)}px`)
    }
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(bar)
    window.addEventListener('resize', measure)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [])
  return ref
}

function TabBar({ header }: { header: ResultsHeader }) {
  const href = useResultsHref()
  const ref = useTabBarBottom()
  return (
    <nav className="tabbar" aria-label="Results tabs" ref={ref}>
      {RESULT_TABS.filter((t) => header.tabs.includes(t.id)).map((t) => (
        <Link
          key={t.id}
          to={href({ tab: t.id === 'overview' ? null : t.id })}
          className={header.tab === t.id ? 'active' : undefined}
          aria-current={header.tab === t.id ? 'page' : undefined}
          preventScrollReset
          data-tab={t.id}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  )
}

// ------------------------------------------------------------------ state panels

/** A running analysis is polled every 500 ms. */
const PROGRESS_POLL_MS = 500

function useProgressPolling(header: ResultsHeader, initial: ProgressView | null) {
  const revalidator = useRevalidator()
  const [progress, setProgress] = usePropState(initial)
  const [ended, setEnded] = useState(false)
  const id = header.analysis?.id
  // Another analysis polls afresh (adjusted while rendering, not in an effect).
  const [endedFor, setEndedFor] = useState(id)
  if (endedFor !== id) {
    setEndedFor(id)
    setEnded(false)
  }
  usePolling(
    async () => {
      const r = await fetchJson<{ status: string; details: any }>(`/api/analyses/${id}/progress`)
      if (r.details) setProgress(toProgressView(r.details))
      if (!isActiveStatus(r.status)) {
        setEnded(true)
        revalidator.revalidate()
      }
    },
    PROGRESS_POLL_MS,
    Boolean(id) && header.mode === 'app' && !ended,
  )
  return progress
}

function RunningPanel({ header, progress: initial }: { header: ResultsHeader; progress: ProgressView | null }) {
  const progress = useProgressPolling(header, initial)
  return (
    <section className="panel rs-progress-panel" data-state="running">
      <h2>Analysis in Progress</h2>
      <p aria-live="polite">{progress?.message || 'Your analysis is running. Results appear here as soon as it completes.'}</p>
      <div className="progress" role="progressbar" aria-label="Analysis progress" aria-valuenow={progress?.percent ?? 0} aria-valuemin={0} aria-valuemax={100}>
        <div style={{ width: `${progress?.percent ?? 0}%` }} />
      </div>
      <div className="rs-progress-grid">
        <div>
          <span className="muted">Phase:</span> {progress?.phase ?? 'Starting'}
        </div>
        <div>
          <span className="muted">Current model:</span> {progress?.currentModel ?? '—'}
        </div>
        <div>
          <span className="muted">Progress:</span> {progress?.percent ?? 0}%
        </div>
        <div>
          <span className="muted">Queries:</span> {progress?.queriesCompleted ?? 0} / {progress?.queriesTotal ?? 0} queries completed
        </div>
        <div>
          <span className="muted">Estimated time remaining:</span> {formatDuration(progress?.estimatedSecondsRemaining)}
        </div>
      </div>
    </section>
  )
}

function useStartAnalysis(header: ResultsHeader) {
  const toast = useToast()
  const navigate = useNavigate()
  const href = useResultsHref()
  const [busy, setBusy] = useState(false)
  const start = async (path: 'analyze-today' | 'analyse-today') => {
    setBusy(true)
    try {
      const r = await startAnalysisConfirmed((url) => fetchJson<{ id?: number; analysisId?: number }>(url, { method: 'POST' }), header.project.id, path)
      if (!r) return
      const id = r.analysisId ?? r.id
      navigate(href({ analysis: id ? String(id) : null, tab: null }))
    } catch (err) {
      toast({ title: 'Analysis Failed', description: errorText(err, 'Failed to start ChatGPT 5 analysis'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return { busy, start }
}

function FailedPanel({ header }: { header: ResultsHeader }) {
  const { busy, start } = useStartAnalysis(header)
  // A run an operator cancelled (Temporal UI, Cancel) did not fail: the title says what happened.
  const cancelled = header.analysis?.status === 'cancelled'
  return (
    <section className="panel rs-progress-panel" data-state={cancelled ? 'cancelled' : 'failed'}>
      <h2>{cancelled ? 'Analysis Cancelled' : 'Analysis Failed'}</h2>
      <p>{header.analysis?.error || (cancelled ? 'The analysis was cancelled before it could finish.' : 'The analysis stopped before it could finish.')}</p>
      {header.mode === 'app' && header.project.isOwner && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => start('analyze-today')}>
          {busy ? 'Restarting...' : 'Restart Analysis'}
        </button>
      )}
    </section>
  )
}

function NoAnalysisPanel({ header }: { header: ResultsHeader }) {
  const { busy, start } = useStartAnalysis(header)
  return (
    <section className="panel" data-state="none">
      <Empty title="No analysis yet">Run an analysis to see how AI models talk about {header.project.brandName}.</Empty>
      {header.mode === 'app' && header.project.isOwner && (
        <div style={{ textAlign: 'center' }}>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => start('analyse-today')}>
            {busy ? 'Starting...' : 'Start Analysis'}
          </button>
        </div>
      )}
    </section>
  )
}
