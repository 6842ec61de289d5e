import { useState } from 'react'
import { formatDateTime, formatNumber } from '../format'
import { Empty, MetricHelp } from '../parts'
import type { ApiDataData, ApiResponseView, ResultsHeader } from '../types'

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
      </div>
      <h3 style={{ fontSize: '1rem', margin: '0 0 .4rem', overflowWrap: 'anywhere' }}>{r.query}</h3>
      {r.text ? (
        <div className="rs-response-text">{text}</div>
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

export function ApiDataTab({ data, header }: { data: ApiDataData; header: ResultsHeader }) {
  const modelFiltered = header.filters.model !== 'combined'
  return (
    <section className="panel" data-tab-content="api-data">
      <div className="rs-panel-head">
        <h2>API Responses</h2>
        {data.total > 0 && (
          <span className="muted">
            Showing {data.responses.length} of {data.total} responses
          </span>
        )}
      </div>
      {data.responses.length === 0 ? (
        <Empty title={modelFiltered ? 'No responses found for the selected model' : 'No API responses found for this analysis.'} />
      ) : (
        data.responses.map((r) => <ResponseCard key={r.id} r={r} />)
      )}
    </section>
  )
}
