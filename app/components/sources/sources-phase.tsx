/**
 * Phase 4 "Source Insights" of the home page: header controls, the source-search panel
 * (run, progress polled every 2 s, cancel, delete), the eight tabs. View state lives in the URL
 * (tab, analysis, model, set, topic, audience, queries), data comes from loadSourcesView.
 * Everything user- or model-supplied renders as React text.
 */
import { FilterSelect } from '~/components/filter-select'
import { useState } from 'react'
import { Link, useNavigate, useNavigation, useRevalidator, useSearchParams } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { usePolling } from '~/components/use-polling'
import { usePropState } from '~/components/use-prop-state'
import { Empty, useResultsHref } from '~/components/results/Parts'
import { errorText, fetchJson } from '~/components/json'
import { formatDate } from '~/components/results/format'
import { SEARCH_POLL_MS, SOURCE_TABS, type SearchProgressView, type SourcesViewData } from '~/domain/sources/types'
import { modelName } from './source-parts'
import { SitePriorities } from './site-priorities-tab'
import { SourceAnalytics } from './source-analytics-tab'
import { TopicsAudiences } from './topics-audiences-tab'
import { KeywordInsights } from './keyword-insights-tab'
import { Citations } from './content-priorities-tab'
import { ApiResponse } from './api-response-tab'
import { Comparison } from './site-model-comparison-tab'
import { ModelExport } from './model-export-tab'
import { CRAWLERS_TAB, CrawlersTab } from './crawlers-tab'
import sourcesStylesHref from './sources.css'
import { phaseNumber } from '~/domain/home-phases'

export function SourcesPhase({ data }: { data: SourcesViewData }) {
  const navigation = useNavigation()
  const loading = navigation.state === 'loading'
  const crawlers = useSearchParams()[0].get('tab') === CRAWLERS_TAB
  return (
    <div className="rs" data-sources>
      <link rel="stylesheet" href={sourcesStylesHref} />
      <div className="rs-header">
        <div>
          <h1 className="rs-title">Source Insights</h1>
          <div className="rs-market">
            {data.project.brandName} · {data.project.name}
          </div>
        </div>
      </div>
      {data.project.isLightMode ? (
        <div className="panel">
          <Empty title="Not available in Light Mode">Source Insights need a full-mode analysis (all six models with web search).</Empty>
        </div>
      ) : data.analysisId === null ? (
        <div className="panel">
          <Empty title="No completed analysis">Run an analysis in Phase 2 first; its source search starts when it completes.</Empty>
        </div>
      ) : (
        <>
          <SearchPanel data={data} />
          <HeaderControls data={data} />
          <TabBar data={data} />
          <div className={loading ? 'rs-loading' : undefined} aria-busy={loading || undefined}>
            {crawlers ? <CrawlersTab projectId={data.project.id} canWrite={data.project.isOwner} /> : data.required || !data.data ? <RequiredPanel data={data} /> : <SourceTabContent data={data} />}
          </div>
        </>
      )}
    </div>
  )
}

/** The selected tab, each in a file of its own. */
function SourceTabContent({ data }: { data: SourcesViewData }) {
  const d = data.data!
  switch (d.tab) {
    case 'site-priorities':
      return <SitePriorities data={data} d={d} />
    case 'source-analytics':
      return <SourceAnalytics d={d} />
    case 'topics-audiences':
      return <TopicsAudiences data={data} d={d} />
    case 'keyword-insights':
      return <KeywordInsights d={d} />
    case 'content-priorities':
      return <Citations data={data} d={d} />
    case 'api-response':
      return <ApiResponse d={d} />
    case 'site-model-comparison':
      return <Comparison data={data} d={d} />
    case 'model-export':
      return <ModelExport data={data} d={d} />
  }
}

// ------------------------------------------------------------------ search panel

function SearchPanel({ data }: { data: SourcesViewData }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [search, setSearch] = usePropState<SearchProgressView | null>(data.search)
  const [busy, setBusy] = useState(false)
  const running = search?.status === 'pending' || search?.status === 'in_progress'
  usePolling(
    async () => {
      const s = await fetchJson<{ progress: SearchProgressView | null }>(`/api/analyses/${data.analysisId}/source-search`)
      setSearch(s.progress)
      if (s.progress && s.progress.status !== 'pending' && s.progress.status !== 'in_progress') revalidator.revalidate()
    },
    SEARCH_POLL_MS,
    running,
  )
  const post = async (path: string, title: string, fallback: string) => {
    setBusy(true)
    try {
      await fetchJson(`/api/analyses/${data.analysisId}/${path}`, { method: 'POST', body: {} })
      revalidator.revalidate()
      return true
    } catch (err) {
      toast({ title, description: errorText(err, fallback), variant: 'destructive' })
      return false
    } finally {
      setBusy(false)
    }
  }
  const hasInsights = data.counts.basic + data.counts.enhanced > 0
  return (
    <section className="panel" data-search-panel aria-label="Search Insights Management">
      <div className="rs-header" style={{ marginBottom: 0 }}>
        <div>
          <strong>Search Insights</strong>{' '}
          <span className="muted" data-insight-counts>
            {data.counts.basic} basic · {data.counts.enhanced} enhanced
          </span>
          {search && (
            <div data-search-status={search.status} style={{ marginTop: '.3rem' }}>
              <span className={`badge ${search.status === 'completed' ? 'badge-green' : search.status === 'failed' ? 'badge-red' : search.status === 'cancelled' ? 'badge-grey' : 'badge-blue'}`}>{search.status}</span>{' '}
              {search.phase}
              {running && ` — ${search.percent}% (${search.completed} / ${search.total} searches)`}
              {search.note && <div className="muted">{search.note}</div>}
              {search.error && search.status !== 'completed' && <div className="muted">{search.error}</div>}
            </div>
          )}
        </div>
        <div className="rs-actions" style={{ display: 'flex', gap: '.4rem', flexWrap: 'wrap' }}>
          {data.canRun && (
            <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => post('source-search', 'Analysis Failed', 'Failed to start the source search')}>
              Run Enhanced Source Analysis
            </button>
          )}
          {running && data.project.isOwner && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => {
                if (window.confirm('Cancel the running search analysis? Insights already stored are kept.')) void post('cancel-search', 'Cancellation Failed', 'Failed to cancel search analysis')
              }}
            >
              Cancel Search Analysis
            </button>
          )}
          {hasInsights && data.project.isOwner && (
            <button
              type="button"
              className="btn btn-danger btn-small"
              disabled={busy}
              onClick={async () => {
                if (!window.confirm('Are you sure you want to delete all search insights data? This cannot be undone.')) return
                if (await post('delete-search-insights', 'Deletion Failed', 'Failed to delete search insights')) toast({ title: 'Deleted', description: 'Search insights deleted' })
              }}
            >
              Delete All Search Insights
            </button>
          )}
        </div>
      </div>
      {running && search && search.models.length > 0 && (
        <ul className="muted" style={{ margin: '.5rem 0 0', paddingLeft: '1.2rem', fontSize: '.85rem' }} data-search-models>
          {search.models.map((m) => (
            <li key={m.modelId}>
              {m.name}: {m.status} {m.completed}/{m.total}
              {m.error ? ` — ${m.error}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

// ------------------------------------------------------------------ header controls

function HeaderControls({ data }: { data: SourcesViewData }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const go = (changes: Record<string, string | null>) => navigate(href(changes), { preventScrollReset: true })
  const { options, filters } = data
  const [open, setOpen] = useState(false)
  const selected = new Set(filters.queries)
  const setQueries = (next: Set<number>) => go({ queries: next.size ? [...next].sort((a, b) => a - b).join(',') : null })
  const filtered = filters.model !== null || filters.topic !== null || filters.audience !== null || filters.queries.length > 0
  const visibleQueries = options.queries.filter((q) => (!filters.topic || q.topic === filters.topic) && (!filters.audience || q.audience === filters.audience))
  return (
    <>
      <div className="rs-filters" role="group" aria-label="Source filters">
        {options.models.length > 1 && (
          <label>
            Model
            <select name="model" value={filters.model ?? ''} onChange={(e) => go({ model: e.target.value || null })}>
              <option value="">All Models</option>
              {options.models.map((m) => (
                <option key={m} value={m}>
                  {modelName(m)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Analysis date
          <select name="analysis" value={String(data.analysisId ?? '')} onChange={(e) => go({ analysis: e.target.value, queries: null })}>
            {data.analyses.map((a) => (
              <option key={a.id} value={a.id}>
                {formatDate(a.date)} {a.createdAt.slice(11, 16)} — {a.kinds}
              </option>
            ))}
          </select>
        </label>
        <label>
          Insights
          <select name="set" value={filters.set} onChange={(e) => go({ set: e.target.value === 'enhanced' ? null : e.target.value })}>
            <option value="enhanced">Enhanced search</option>
            <option value="basic">Basic (analysis answers)</option>
            <option value="all">Basic + Enhanced</option>
          </select>
        </label>
        {options.topics.length > 0 && (
          <FilterSelect label="Topic" name="topic" allLabel="All Topics" values={options.topics} value={filters.topic} onChange={(v) => go({ topic: v, queries: null })} />
        )}
        {options.audiences.length > 0 && (
          <FilterSelect label="Audience" name="audience" allLabel="All Audiences" values={options.audiences} value={filters.audience} onChange={(v) => go({ audience: v, queries: null })} />
        )}
        <div className="src-multi">
          <span className="src-multi-label">Queries</span>
          <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-query-select>
            {selected.size === 0 ? 'All Queries' : `${selected.size} selected`}
          </button>
          {open && (
            <div className="src-multi-menu" role="listbox" aria-multiselectable>
              <button type="button" className="btn-link" onClick={() => setQueries(new Set())}>
                Clear All
              </button>
              {visibleQueries.map((q) => (
                <label key={q.index} className="src-multi-item">
                  <input
                    type="checkbox"
                    checked={selected.has(q.index)}
                    onChange={(e) => {
                      const next = new Set(selected)
                      if (e.target.checked) next.add(q.index)
                      else next.delete(q.index)
                      setQueries(next)
                    }}
                  />
                  <span>{q.query}</span>
                </label>
              ))}
            </div>
          )}
        </div>
      </div>
      {filtered && (
        <div className="rs-notice" role="status" data-filter-banner>
          Showing filtered results
          {filters.model !== null && ` · ${modelName(filters.model)}`}
          {filters.topic && ` · topic ${filters.topic}`}
          {filters.audience && ` · audience ${filters.audience}`}
          {filters.queries.length > 0 && ` · ${filters.queries.length} of ${options.queries.length} queries`}{' '}
          <button type="button" className="btn-link" onClick={() => go({ model: null, topic: null, audience: null, queries: null })}>
            Clear filters
          </button>
        </div>
      )}
    </>
  )
}

function TabBar({ data }: { data: SourcesViewData }) {
  const href = useResultsHref()
  const crawlers = useSearchParams()[0].get('tab') === CRAWLERS_TAB
  return (
    <nav className="tabbar" aria-label="Source Insights tabs">
      {SOURCE_TABS.map((t) => (
        <Link
          key={t.id}
          // Changing tab resets the visible site count (it lives in the tab's state).
          to={href({ tab: t.id, q: null, domain: null, top: null, types: null })}
          className={data.tab === t.id && !crawlers ? 'active' : undefined}
          aria-current={data.tab === t.id && !crawlers ? 'page' : undefined}
          preventScrollReset
          data-tab={t.id}
        >
          {t.label}
        </Link>
      ))}
      <Link to={href({ tab: CRAWLERS_TAB, q: null, domain: null, top: null, types: null })} className={crawlers ? 'active' : undefined} aria-current={crawlers ? 'page' : undefined} preventScrollReset data-tab={CRAWLERS_TAB}>
        AI Crawlers
      </Link>
    </nav>
  )
}

function RequiredPanel({ data }: { data: SourcesViewData }) {
  const href = useResultsHref()
  const basicAvailable = data.filters.set === 'enhanced' && data.counts.basic > 0
  return (
    <div className="panel" data-required>
      <Empty title="Enhanced Source Analysis Required">
        <p>
          {data.tab === 'keyword-insights' ? 'No Enhanced Source Data. ' : ''}
          The source search of this analysis has not stored insights yet. Run it from the Search Insights panel above.
        </p>
        <a className="btn btn-small" href={href({ phase: String(phaseNumber('results')), tab: null, q: null })}>
          Go to Phase 2: Source Insights
        </a>{' '}
        {basicAvailable && (
          <Link className="btn btn-small" to={href({ set: 'basic' })}>
            View basic insights ({data.counts.basic} answers)
          </Link>
        )}
      </Empty>
    </div>
  )
}
