/** Source Insights → Citations: per query, the cited pages as cards, or the legacy view per model response. */
import { useNavigate } from '@remix-run/react'
import { downloadCsv, Empty, useResultsHref } from '~/components/results/Parts'
import type { Cell } from '~/components/results/export-sheets'
import type { SourcesViewData } from '~/domain/sources/types'
import { fileBase, modelName, TypeBadge, type TabOf } from './source-parts'

export function Citations({ data, d }: { data: SourcesViewData; d: TabOf<'content-priorities'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const queries = data.options.queries.filter((q) => d.view.some((v) => v.queryIndex === q.index) || d.selected === q.index)
  const exportRows = (): Cell[][] => [
    ['Query', 'Total Citations', 'Unique Citations', 'Models', 'Top Citations'],
    ...d.view.map((q) => [q.query, q.cards.reduce((n, c) => n + c.models.length, 0), q.uniqueCitations, [...new Set(q.cards.flatMap((c) => c.models))].map(modelName).join(', '), q.cards.slice(0, 5).map((c) => c.url).join(' ')]),
  ]
  return (
    <div className="panel" data-tab-panel="content-priorities">
      <div className="rs-filters">
        <label>
          Query
          <select value={d.selected ?? ''} onChange={(e) => navigate(href({ q: e.target.value || null }), { preventScrollReset: true })}>
            <option value="">All queries</option>
            {(queries.length ? queries : data.options.queries).map((q) => (
              <option key={q.index} value={q.index}>
                {q.query}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Citations view" data-citations-layout={d.layout} style={{ display: 'flex', gap: '.25rem' }}>
          {(
            [
              ['cards', 'Cards'],
              ['legacy', 'Legacy view'],
            ] as const
          ).map(([layout, label]) => (
            <button
              key={layout}
              type="button"
              className={`btn btn-small${d.layout === layout ? ' btn-primary' : ''}`}
              aria-pressed={d.layout === layout}
              data-layout={layout}
              onClick={() => navigate(href({ layout: layout === 'cards' ? null : layout }), { preventScrollReset: true })}
            >
              {label}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${fileBase(data, 'citations')}.csv`, exportRows())}>
          Export CSV
        </button>
      </div>
      {d.view.length === 0 ? (
        <Empty title="No Citations Data" />
      ) : d.layout === 'legacy' && d.legacy ? (
        <LegacyCitations legacy={d.legacy} />
      ) : (
        d.view.map((q) => (
          <section key={q.queryIndex} className="src-query" data-citations-query={q.queryIndex}>
            <h3>{q.query}</h3>
            <div className="muted" data-citation-counts>
              {q.uniqueCitations} unique citations · {q.responses} model responses · {q.domains} domains
            </div>
            {q.cards.length === 0 ? (
              <Empty title="No citations found for this query" />
            ) : (
              <div className="src-cards">
                {q.cards.map((c) => (
                  <article key={c.url} className="src-card" data-citation={c.url}>
                    <div className="src-card-head">
                      <strong>{c.domain}</strong> <TypeBadge type={c.type} />{' '}
                      <a href={c.url} target="_blank" rel="noopener noreferrer nofollow">
                        Visit
                      </a>
                    </div>
                    {c.title && <div className="muted">{c.title}</div>}
                    <p>{c.text}</p>
                    <div>
                      {c.models.map((m) => (
                        <span key={m} className="badge badge-grey" style={{ marginRight: '.25rem' }}>
                          {modelName(m)}
                        </span>
                      ))}
                    </div>
                  </article>
                ))}
              </div>
            )}
          </section>
        ))
      )}
    </div>
  )
}

/** The legacy card view: per model response, its citations numbered [n], a 'Sources:' list and 'N sources cited'. */
function LegacyCitations({ legacy }: { legacy: NonNullable<TabOf<'content-priorities'>['legacy']> }) {
  return (
    <>
      {legacy.map((q) => (
        <section key={q.queryIndex} className="src-query" data-legacy-query={q.queryIndex}>
          <h3>{q.query}</h3>
          <div className="src-cards">
            {q.responses.map((r, ri) => (
              <article key={`${r.modelId}-${r.kind}-${ri}`} className="src-card" data-legacy-response={r.modelId} data-kind={r.kind}>
                <div className="src-card-head">
                  <span className="badge badge-grey">{modelName(r.modelId)}</span>
                </div>
                {r.citations.length === 0 ? (
                  <p className="muted">No citations found for this query</p>
                ) : (
                  <>
                    <ol className="src-legacy-citations" style={{ listStyle: 'none', paddingLeft: 0 }}>
                      {r.citations.map((c) => (
                        <li key={c.url} data-legacy-citation={c.n}>
                          [{c.n}] {c.label}{' '}
                          <a href={c.url} target="_blank" rel="noopener noreferrer nofollow">
                            {c.url}
                          </a>
                        </li>
                      ))}
                    </ol>
                    <div data-legacy-sources>
                      <strong>Sources:</strong>
                      <ul>
                        {r.citations.map((c) => (
                          <li key={c.url}>
                            <a href={c.url} target="_blank" rel="noopener noreferrer nofollow">
                              {c.url}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  </>
                )}
                <div className="muted" data-legacy-count>
                  {r.citations.length === 1 ? '1 source cited' : `${r.citations.length} sources cited`}
                </div>
              </article>
            ))}
          </div>
        </section>
      ))}
    </>
  )
}
