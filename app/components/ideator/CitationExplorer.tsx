import { Link } from '@remix-run/react'
import { useState } from 'react'
import { NO_EXPLORER_CITATIONS, shownExcerpts } from '~/domain/ideator/citations'
import type { CitationExplorerData } from '~/domain/ideator/types'
import { homeHref } from '~/domain/home-phases'

/** The Citation Explorer: for each query, the top citations the search models gave and the text they cited. */
export function CitationExplorer({ data, projectId }: { data: CitationExplorerData | null; projectId: number }) {
  const [open, setOpen] = useState<Set<string>>(new Set())
  if (!data || data.analysisId === null)
    return (
      <div className="panel empty" data-testid="explorer-empty">
        <h2>No Analysis Data</h2>
        <p className="muted">Run an analysis of this project first; its enhanced source insights feed the Citation Explorer.</p>
      </div>
    )
  if (data.isLightMode)
    return (
      <div className="panel empty" data-testid="explorer-empty">
        <h2>Not available in Light Mode</h2>
        <p className="muted">The Citation Explorer reads Source Insights, which Light Mode analyses do not have.</p>
      </div>
    )
  if (!data.hasInsights)
    return (
      <div className="panel empty" data-testid="explorer-empty">
        <h2>No enhanced source insights yet</h2>
        <p className="muted">
          Open Source Insights and click <strong>Run Enhanced Source Analysis</strong>: each query is asked again of the search models, and the citations they give, with the text they cite,
          appear here.
        </p>
        <Link className="btn btn-primary" to={homeHref('sources', { project: projectId, analysis: data.analysisId, tab: 'site-priorities' })}>
          Open Source Insights
        </Link>
      </div>
    )
  return (
    <div data-testid="citation-explorer">
      <p className="muted">
        Analysis of {data.analysisDate} · top 5 citations per query with the text the models cited · {data.queries.length} queries
      </p>
      {data.queries.map((q) => (
        <section key={q.query} className="panel" data-testid="explorer-query">
          <h3 style={{ marginTop: 0 }} data-testid="explorer-query-title">
            {q.query}
          </h3>
          {q.citations.length === 0 ? (
            <p className="muted">{NO_EXPLORER_CITATIONS}</p>
          ) : (
            <ol style={{ paddingLeft: '1.2rem', margin: 0 }}>
              {q.citations.map((c) => {
                const key = `${q.query}\n${c.url}`
                const all = open.has(key)
                const { shown, more } = shownExcerpts(c.excerpts)
                return (
                  <li key={c.url} data-testid="explorer-citation" style={{ marginBottom: '.7rem' }}>
                    <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
                      <strong>{c.domain}</strong>
                      {c.title && <span className="muted">{c.title}</span>}
                      <a href={c.url} target="_blank" rel="noopener noreferrer nofollow">
                        Visit
                      </a>
                      {c.models.map((m) => (
                        <span key={m} className="badge badge-blue">
                          {m}
                        </span>
                      ))}
                    </div>
                    <ul style={{ margin: '.3rem 0 0', paddingLeft: '1rem' }}>
                      {(all ? c.excerpts : shown).map((e, n) => (
                        <li key={n} data-testid="explorer-excerpt" style={{ fontSize: '.9rem' }}>
                          “{e}”
                        </li>
                      ))}
                    </ul>
                    {more > 0 && (
                      <button className="btn-link" style={{ fontSize: '.85rem' }} onClick={() => setOpen((s) => new Set(s).add(key))} hidden={all}>
                        +{more} more excerpts
                      </button>
                    )}
                  </li>
                )
              })}
            </ol>
          )}
        </section>
      ))}
    </div>
  )
}
