/** Source Insights → Keyword Insights: the web searches Gemini expanded each query into, and their keywords. */
import { Empty, Tile } from '~/components/results/Parts'
import type { TabOf } from './source-parts'

export function KeywordInsights({ d }: { d: TabOf<'keyword-insights'> }) {
  const { queries, totals } = d.view
  if (!queries.length) return <Empty title="No Gemini Search Queries Found">Gemini did not expand any of the selected queries into web searches.</Empty>
  return (
    <div className="panel" data-tab-panel="keyword-insights">
      <div className="rs-tiles">
        <Tile label="Original Queries" value={String(totals.originalQueries)} />
        <Tile label="Expanded Search Queries" value={String(totals.expandedQueries)} />
        <Tile label="Avg. Expansions per Query" value={totals.avgExpansions.toFixed(1)} />
      </div>
      {queries.map((q) => (
        <section key={q.queryIndex} className="src-card" data-original-query={q.queryIndex}>
          <strong>{q.query}</strong>
          <ul>
            {q.expansions.map((e) => (
              <li key={e.text}>
                {e.text} <span className="badge badge-grey">{e.count}</span>
              </li>
            ))}
          </ul>
          {q.keywords.length > 0 && (
            <div className="muted">
              Keywords:{' '}
              {q.keywords.map((k) => (
                <span key={k.term} className="badge badge-blue" style={{ marginRight: '.25rem' }}>
                  {k.term} ({k.count})
                </span>
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  )
}
