/** Source Insights → Site Priorities: the cited sites ranked (more on scroll), citation share, outreach gaps, owned citation rate. */
import { Fragment, useEffect, useRef, useState } from 'react'
import { DataTable, downloadCsv, Empty, ExportButton, Tile } from '~/components/results/Parts'
import type { Cell } from '~/components/results/export-sheets'
import { SOURCE_LIMITS, type SourcesViewData } from '~/domain/sources/types'
import { fileBase, modelName, pct, TypeBadge, type TabOf } from './source-parts'

export function SitePriorities({ data, d }: { data: SourcesViewData; d: TabOf<'site-priorities'> }) {
  const { sites, models, totals } = d.view
  const [visible, setVisible] = useState<number>(SOURCE_LIMITS.sitesInitial)
  const [open, setOpen] = useState<string | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  // New sites start from the first page again (adjusted while rendering, not in an effect).
  const [shownSites, setShownSites] = useState(sites)
  if (shownSites !== sites) {
    setShownSites(sites)
    setVisible(SOURCE_LIMITS.sitesInitial)
  }
  // +50 when the list is scrolled past 90 %.
  useEffect(() => {
    const onScroll = () => {
      const el = document.documentElement
      if ((window.scrollY + window.innerHeight) / el.scrollHeight >= SOURCE_LIMITS.scrollThreshold) setVisible((v) => (v < sites.length && v >= SOURCE_LIMITS.sitesInitial ? Math.min(sites.length, v + SOURCE_LIMITS.sitesOnScroll) : v))
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [sites.length])
  if (!sites.length) return <Empty title="No site data available from source insights" />
  const rows = (): Cell[][] => [
    ['Rank', 'Source', 'Domain', 'Type', 'URLs', 'Total Citations', ...models.map((m) => `${modelName(m)} citations`), ...models.map((m) => `${modelName(m)} coverage %`), 'Combined coverage %'],
    ...sites.map((s) => [s.rank, s.siteName, s.domain, s.type, s.urlCount, s.totalMentions, ...models.map((m) => s.mentionsByModel[m] ?? 0), ...models.map((m) => s.coverage[m]?.percent ?? 0), s.combinedCoverage.percent]),
  ]
  return (
    <div className="panel" data-tab-panel="site-priorities">
      <div className="rs-tiles">
        <Tile label="Domains" value={String(totals.domains)} />
        <Tile label="Citations" value={String(totals.citations)} />
        <Tile label="Owned citation rate" value={`${d.ownedRate.overall.rate}%`} />
        <Tile label="Answers" value={String(d.ownedRate.overall.n)} />
      </div>
      <div style={{ display: 'flex', gap: '.4rem', marginBottom: '.5rem' }}>
        <ExportButton label="Export Excel" build={() => ({ fileName: `${fileBase(data, 'site-priorities')}.xlsx`, sheets: [{ name: 'Site Priorities', rows: rows() }] })} />
        <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${fileBase(data, 'site-priorities')}.csv`, rows())}>
          Export CSV
        </button>
      </div>
      <DataTable name="site-priorities">
        <thead>
          <tr>
            <th>#</th>
            <th>Source</th>
            <th className="num">URLs</th>
            <th>Type</th>
            <th className="num">Citations</th>
            {models.map((m) => (
              <th key={m} className="num">
                {modelName(m)}
              </th>
            ))}
            <th className="num">Combined coverage</th>
          </tr>
        </thead>
        <tbody>
          {sites.slice(0, visible).map((s) => (
            <Fragment key={s.domain}>
              <tr data-site={s.domain} onClick={() => setOpen(open === s.domain ? null : s.domain)} style={{ cursor: 'pointer' }}>
                <td>{s.rank}</td>
                <td>
                  {/* The row opens on click; the button makes it open from the keyboard too. */}
                  <button type="button" className="btn-link" aria-expanded={open === s.domain} onClick={(e) => (e.stopPropagation(), setOpen(open === s.domain ? null : s.domain))}>
                    <strong>{s.siteName}</strong>
                  </button>{' '}
                  <span className="muted">{s.domain}</span>
                </td>
                <td className="num">{s.urlCount}</td>
                <td>
                  <TypeBadge type={s.type} />
                </td>
                <td className="num" data-total>
                  {s.totalMentions}
                </td>
                {models.map((m) => (
                  <td key={m} className="num" data-model={m}>
                    {s.mentionsByModel[m] ?? 0}
                    <div className="muted" style={{ fontSize: '.75rem' }}>
                      {s.coverage[m]?.cited ?? 0}/{s.coverage[m]?.total ?? 0} ({s.coverage[m]?.percent ?? 0}%)
                    </div>
                  </td>
                ))}
                <td className="num">
                  {s.combinedCoverage.cited}/{s.combinedCoverage.total} ({s.combinedCoverage.percent}%)
                </td>
              </tr>
              {open === s.domain && (
                <tr data-site-detail={s.domain}>
                  <td colSpan={6 + models.length}>
                    <div className="src-detail">
                      <div>
                        <strong>URLs</strong>
                        <ul>
                          {s.urls.map((u) => (
                            <li key={u}>
                              <a href={u} target="_blank" rel="noopener noreferrer nofollow">
                                {u}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </div>
                      <div>
                        <strong>Queries</strong>
                        <ul>
                          {s.queries.map((q) => (
                            <li key={q}>{q}</li>
                          ))}
                        </ul>
                      </div>
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </DataTable>
      <div ref={sentinel} style={{ marginTop: '.6rem' }}>
        {visible < sites.length ? (
          <button type="button" className="btn btn-small" onClick={() => setVisible((v) => Math.min(sites.length, v + SOURCE_LIMITS.sitesLoadMore))}>
            Load More Sites
          </button>
        ) : (
          sites.length > SOURCE_LIMITS.sitesInitial && <span className="muted">Showing all {sites.length} sites</span>
        )}
      </div>
      <ShareAndGaps data={data} d={d} />
    </div>
  )
}

function ShareAndGaps({ data, d }: { data: SourcesViewData; d: TabOf<'site-priorities'> }) {
  return (
    <div className="src-grid">
      <section>
        <h3>Citation share</h3>
        <p className="muted">Share of all citations, and weighted by position (a site cited first in an answer counts most).</p>
        <DataTable name="citation-share">
          <thead>
            <tr>
              <th>Domain</th>
              <th className="num">Citations</th>
              <th className="num">Share</th>
              <th className="num">Position-weighted</th>
            </tr>
          </thead>
          <tbody>
            {d.citationShare.map((r) => (
              <tr key={r.domain} data-share={r.domain}>
                <td>
                  {r.domain} <TypeBadge type={r.type} />
                </td>
                <td className="num">{r.citations}</td>
                <td className="num">{pct(r.share)}</td>
                <td className="num">{pct(r.weightedShare)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        {d.citationShareModels.length > 0 && (
          <>
            <h3>Citation share by model</h3>
            <p className="muted">Each model&apos;s citations only: share, and position-weighted share below it.</p>
            <DataTable name="citation-share-by-model">
              <thead>
                <tr>
                  <th>Domain</th>
                  {d.citationShareModels.map((m) => (
                    <th key={m} className="num">
                      {modelName(m)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.citationShare.map((r) => (
                  <tr key={r.domain} data-share-by-model={r.domain}>
                    <td>{r.domain}</td>
                    {d.citationShareModels.map((m) => (
                      <td key={m} className="num" data-model={m}>
                        {pct(r.byModel[m]?.share ?? 0)}
                        <div className="muted" style={{ fontSize: '.75rem' }} data-weighted>
                          {pct(r.byModel[m]?.weightedShare ?? 0)} weighted
                        </div>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </>
        )}
      </section>
      <section>
        <h3>Outreach gaps</h3>
        <p className="muted">Earned sites the models cite together with competitors&apos; sites but never with yours.</p>
        {d.gaps.length ? (
          <>
            <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${fileBase(data, 'gap-list')}.csv`, [['Domain', 'Citations', 'Answers citing a competitor too', 'Queries'], ...d.gaps.map((g) => [g.domain, g.citations, g.withCompetitor, g.queries])])}>
              Export gap list
            </button>
            <DataTable name="gap-list">
              <thead>
                <tr>
                  <th>Domain</th>
                  <th className="num">Citations</th>
                  <th className="num">With a competitor</th>
                  <th className="num">Queries</th>
                </tr>
              </thead>
              <tbody>
                {d.gaps.map((g) => (
                  <tr key={g.domain} data-gap={g.domain}>
                    <td>{g.domain}</td>
                    <td className="num">{g.citations}</td>
                    <td className="num">{g.withCompetitor}</td>
                    <td className="num">{g.queries}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </>
        ) : (
          <Empty title="No gaps found" />
        )}
        <h3>Owned citation rate</h3>
        <DataTable name="owned-rate">
          <thead>
            <tr>
              <th>Model</th>
              <th className="num">Answers citing you</th>
              <th className="num">Rate</th>
              <th className="num">95 % interval</th>
            </tr>
          </thead>
          <tbody>
            {[{ modelId: 0, ...d.ownedRate.overall }, ...d.ownedRate.byModel].map((r) => (
              <tr key={r.modelId} data-owned-rate={r.modelId || 'all'}>
                <td>{r.modelId ? modelName(r.modelId) : 'All models'}</td>
                <OwnedRateCells r={r} />
              </tr>
            ))}
          </tbody>
        </DataTable>
        <h3>Owned citation rate per query</h3>
        <p className="muted">Answers to each query that cite one of your sites. With few answers per query the 95 % interval is wide: read it before the rate.</p>
        <DataTable name="owned-rate-by-query">
          <thead>
            <tr>
              <th>Query</th>
              <th className="num">Answers citing you</th>
              <th className="num">Rate</th>
              <th className="num">95 % interval</th>
            </tr>
          </thead>
          <tbody>
            {d.ownedRate.byQuery.map((r) => (
              <tr key={r.queryIndex} data-owned-rate-query={r.queryIndex}>
                <td>{r.query}</td>
                <OwnedRateCells r={r} />
              </tr>
            ))}
          </tbody>
        </DataTable>
      </section>
    </div>
  )
}

/** An owned-citation rate's cells: answers citing the brand of n, the rate, its 95 % interval. */
function OwnedRateCells({ r }: { r: { cited: number; n: number; rate: number; ci: { low: number; high: number } } }) {
  return (
    <>
      <td className="num">
        {r.cited} / {r.n}
      </td>
      <td className="num">{pct(r.rate)}</td>
      <td className="num">
        {r.ci.low}–{r.ci.high}%
      </td>
    </>
  )
}
