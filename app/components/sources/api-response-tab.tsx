/** Source Insights → API Response: one query's stored answers with their citations, sources, searches and raw data. */
import { useNavigate } from '@remix-run/react'
import { Empty, useResultsHref } from '~/components/results/Parts'
import { formatDateTime } from '~/components/results/format'
import type { TabOf } from './source-parts'

export function ApiResponse({ d }: { d: TabOf<'api-response'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  if (!d.queries.length) return <Empty title="No API Response Data" />
  return (
    <div className="panel" data-tab-panel="api-response">
      <div className="rs-filters">
        <label>
          Query <span className="muted">({d.queries.length} queries available)</span>
          <select value={d.selected ?? ''} onChange={(e) => navigate(href({ q: e.target.value }), { preventScrollReset: true })}>
            {d.queries.map((q) => (
              <option key={q.index} value={q.index}>
                {q.query}
              </option>
            ))}
          </select>
        </label>
      </div>
      {d.items.length === 0 ? (
        <Empty title="No insights found for the selected query" />
      ) : (
        d.items.map((it) => (
          <section key={`${it.kind}-${it.modelId}`} className="src-card" data-api-item={it.modelId}>
            <div className="src-card-head">
              <strong>{it.modelName}</strong> <span className="badge badge-grey">{it.kind}</span> <span className="muted">{it.timestamp ? formatDateTime(it.timestamp) : 'No timestamp'}</span>
            </div>
            <details open>
              <summary>Response</summary>
              <p style={{ whiteSpace: 'pre-wrap' }}>{it.response}</p>
            </details>
            <details>
              <summary>Citations ({it.citations.length})</summary>
              <ol>
                {it.citations.map((c, i) => (
                  <li key={`${c.url}-${i}`}>
                    {c.title ?? c.domain} — <span className="muted">{c.url}</span>
                  </li>
                ))}
              </ol>
            </details>
            <details>
              <summary>Sources ({it.sources.length})</summary>
              <ol>
                {it.sources.map((s) => (
                  <li key={s.url}>
                    {s.title ?? s.domain} — <span className="muted">{s.url}</span>
                  </li>
                ))}
              </ol>
            </details>
            <details>
              <summary>Web search queries ({it.webSearchQueries.length})</summary>
              <ul>
                {it.webSearchQueries.map((q) => (
                  <li key={q}>{q}</li>
                ))}
              </ul>
            </details>
            <JsonBlock title="Search metadata" value={it.searchMetadata} />
            <JsonBlock title="Grounding metadata" value={it.groundingMetadata} />
            <JsonBlock title="Usage metadata" value={it.usage} />
            <JsonBlock title="Complete raw data" value={it.raw} />
          </section>
        ))
      )}
    </div>
  )
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <details>
      <summary>{title}</summary>
      <pre className="src-json" tabIndex={0} role="region" aria-label={title}>{value === null || value === undefined ? 'None' : JSON.stringify(value, null, 2)}</pre>
    </details>
  )
}
