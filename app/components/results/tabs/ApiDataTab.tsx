import { useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { formatDateTime, formatNumber } from '../format'
import { Empty, MetricHelp, useResultsHref } from '../Parts'
import type { ApiDataData, ApiResponseView, ResultsHeader } from '~/domain/results/types'
import { modelById } from '~/domain/models'

const PREVIEW_CHARS = 200

function Links({ title, items }: { title: string; items: ApiResponseView['citations'] }) {
  if (items.length === 0) return null
  return (
    <div style={{ marginTop: '.4rem' }}>
      <strong style={{ fontSize: '.85rem' }}>{title}</strong>
      <ol className="rs-links">
        {items.map((l, i) => (
          <li key={i}>
            {l.url ? (
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow">
                {l.title || l.url}
              </a>
            ) : (
              <span>{l.title}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}

/** "no AI Overview": what an absent engine answer reads as. */
function absentLabel(modelId: number): string {
  return modelById(modelId)?.engine === 'google_ai_overview' ? 'no AI Overview' : 'no AI answer shown'
}

function ResponseCard({ r }: { r: ApiResponseView }) {
  const [open, setOpen] = useState(false)
  const long = r.text.length > PREVIEW_CHARS
  const text = open || !long ? r.text : `${r.text.slice(0, PREVIEW_CHARS)}…`
  return (
    <article className="rs-response" data-response={r.id}>
      <div className="rs-response-meta">
        <span className="badge badge-blue">{r.modelName}</span>
        <span>{formatDateTime(r.timestamp)}</span>
        <span>{formatNumber(r.length)} characters</span>
        {!r.ok && <span className="badge badge-red">Failed{r.error ? `: ${r.error}` : ''}</span>}
        {r.absent && (
          <span className="badge badge-grey" data-absent title="The engine showed no AI answer for this query in this market: a result, counted in no mention or visibility rate.">
            {absentLabel(r.modelId)}
          </span>
        )}
        {r.incomplete && (
          <span className="badge badge-yellow" title="The model had not finished this answer (its web search was still paused); what it wrote so far is shown.">
            Incomplete
          </span>
        )}
      </div>
      <h3 style={{ fontSize: '1rem', margin: '0 0 .4rem', overflowWrap: 'anywhere' }}>{r.query}</h3>
      {r.collectedLine && (
        <div className="muted" data-collected style={{ fontSize: '.78rem', margin: '-.2rem 0 .4rem' }}>
          {r.collectedLine}
        </div>
      )}
      {r.text ? (
        <div className="rs-response-text" role="region" aria-label="Answer text" tabIndex={0}>{text}</div>
      ) : r.absent ? (
        <div className="muted">{absentLabel(r.modelId)} for this query in this market.</div>
      ) : (
        <div className="muted">Empty response</div>
      )}
      {long && (
        <button type="button" className="btn-link" onClick={() => setOpen(!open)} style={{ marginTop: '.3rem' }}>
          {open ? 'Show less' : 'Show full response'}
        </button>
      )}
      <div className="grid-2" style={{ marginTop: '.5rem', fontSize: '.88rem' }}>
        <div>
          <strong>Brand mentions</strong> <MetricHelp metric="totalMentions" />
          <div>{r.mentions.length ? r.mentions.map((m) => `${m.brand} (${m.count})`).join(', ') : <span className="muted">None</span>}</div>
        </div>
        <div>
          <strong>Rankings</strong> <MetricHelp metric="rank" />
          <div>{r.rankings.length ? r.rankings.map((m) => `#${m.rank} ${m.brand}`).join(', ') : <span className="muted">None</span>}</div>
        </div>
      </div>
      <Links title="Search citations" items={r.citations} />
      <Links title="Sources" items={r.sources} />
    </article>
  )
}

/** Search in the answer text, one query, a brand the answer mentions; each change starts again at page 1. */
function ApiDataFilters({ data }: { data: ApiDataData }) {
  const href = useResultsHref()
  const navigate = useNavigate()
  const [q, setQ] = useState(data.filters.q ?? '')
  const go = (changes: Record<string, string | null>) => navigate(href({ ...changes, page: null }), { preventScrollReset: true, replace: true })
  return (
    <form
      className="rs-api-filters"
      role="search"
      data-api-filters
      onSubmit={(e) => {
        e.preventDefault()
        go({ q: q.trim() || null })
      }}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem', alignItems: 'center', margin: '.25rem 0 .75rem' }}
    >
      <input type="search" name="q" aria-label="Search in the answers" placeholder="Search in the answers" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} style={{ minWidth: '14rem' }} />
      <button type="submit" className="btn btn-secondary">Search</button>
      <select aria-label="Query" value={data.filters.query ?? ''} onChange={(e) => go({ query: e.target.value || null })} style={{ maxWidth: '22rem' }}>
        <option value="">All queries</option>
        {data.options.queries.map((o) => (
          <option key={o.index} value={o.index}>
            {o.text}
          </option>
        ))}
      </select>
      <select aria-label="Brand mentioned" value={data.filters.mentions ?? ''} onChange={(e) => go({ mentions: e.target.value || null })}>
        <option value="">Any brand</option>
        {data.options.brands.map((b) => (
          <option key={b} value={b}>
            Mentions {b}
          </option>
        ))}
      </select>
      {(data.filters.q || data.filters.query !== null || data.filters.mentions) && (
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            setQ('')
            go({ q: null, query: null, mentions: null })
          }}
        >
          Clear filters
        </button>
      )}
    </form>
  )
}

function Pager({ data }: { data: ApiDataData }) {
  const href = useResultsHref()
  const navigate = useNavigate()
  if (data.pages <= 1) return null
  const to = (page: number) => navigate(href({ page: page === 1 ? null : String(page) }), { replace: true })
  return (
    <nav className="rs-pager" aria-label="API Data pages" data-api-pager style={{ display: 'flex', gap: '.5rem', alignItems: 'center', marginTop: '.75rem' }}>
      <button type="button" className="btn btn-secondary" disabled={data.page <= 1} onClick={() => to(data.page - 1)}>
        Previous
      </button>
      <span>
        Page {data.page} of {data.pages}
      </span>
      <button type="button" className="btn btn-secondary" disabled={data.page >= data.pages} onClick={() => to(data.page + 1)}>
        Next
      </button>
    </nav>
  )
}

export function ApiDataTab({ data, header }: { data: ApiDataData; header: ResultsHeader }) {
  const modelFiltered = header.filters.model !== 'combined'
  const filtered = Boolean(data.filters.q || data.filters.query !== null || data.filters.mentions)
  const first = (data.page - 1) * data.pageSize + 1
  return (
    <section className="panel" data-tab-content="api-data">
      <div className="rs-panel-head">
        <h2>API Responses</h2>
        {data.total > 0 && (
          <span className="muted" data-api-count>
            Showing {data.page === 1 ? data.responses.length : `${first}–${first + data.responses.length - 1}`} of {data.total} responses
          </span>
        )}
      </div>
      <ApiDataFilters data={data} />
      {data.responses.length === 0 ? (
        <Empty title={filtered ? 'No responses match these filters' : modelFiltered ? 'No responses found for the selected model' : 'No API responses found for this analysis.'} />
      ) : (
        data.responses.map((r) => <ResponseCard key={r.id} r={r} />)
      )}
      <Pager data={data} />
    </section>
  )
}
