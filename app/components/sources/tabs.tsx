/**
 * The eight Source Insights tabs (§2). Each renders the figures app/domain/sources computed;
 * spreadsheet and CSV files are built here from the same data (xlsx loaded on demand).
 */
import { Fragment, useEffect, useRef, useState } from 'react'
import { useNavigate } from '@remix-run/react'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useToast } from '~/components/toast'
import { usePropState } from '~/components/use-prop-state'
import { ChartFigure } from '~/components/chart-figure'
import { DataTable, downloadCsv, downloadWorkbook, Empty, ExportButton, Tile, useResultsHref } from '~/components/results/parts'
import { errorText, fetchJson } from '~/components/json'
import { formatDateTime } from '~/components/results/format'
import type { Cell } from '~/components/results/export-sheets'
import { SOURCE_LIMITS, type ModelExportRow, type SourceTabData, type SourcesViewData } from '~/domain/sources/types'
import type { SourceType } from '~/domain/sources/classify'
import { modelById } from '~/domain/models'
import { requestSetupScroll } from '~/components/setup/AudiencesSetup'

export const modelLabel = (id: number) => modelById(id)?.name ?? `Model ${id}`

// Marks reach 3:1 on white; a badge's text takes the darker shade of its hue (4.5:1 on the tint).
const TYPE_COLOUR: Record<SourceType, string> = { Owned: '#dc2626', Competitor: '#b45309', Earned: '#2563eb' }
const TYPE_TEXT: Record<SourceType, string> = { Owned: '#991b1b', Competitor: '#92400e', Earned: '#1e40af' }
const MODEL_COLOURS = ['#2563eb', '#16a34a', '#b45309', '#9333ea', '#0891b2', '#dc2626']
const modelColour = (i: number) => MODEL_COLOURS[i % MODEL_COLOURS.length]
const pct = (n: number) => `${n}%`

function TypeBadge({ type }: { type: SourceType }) {
  return (
    <span className="badge" style={{ background: `${TYPE_COLOUR[type]}1a`, color: TYPE_TEXT[type], borderColor: `${TYPE_COLOUR[type]}55` }} data-type={type}>
      {type}
    </span>
  )
}

function fileBase(data: SourcesViewData, what: string) {
  const date = data.analyses.find((a) => a.id === data.analysisId)?.date ?? ''
  return `${data.project.name}-${what}-${date}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')
}

export function SourceTabContent({ data }: { data: SourcesViewData }) {
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

type TabOf<T extends SourceTabData['tab']> = Extract<SourceTabData, { tab: T }>

// ------------------------------------------------------------------ Site Priorities

function SitePriorities({ data, d }: { data: SourcesViewData; d: TabOf<'site-priorities'> }) {
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
  // §9: +50 when the list is scrolled past 90 %.
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
    ['Rank', 'Source', 'Domain', 'Type', 'URLs', 'Total Citations', ...models.map((m) => `${modelLabel(m)} citations`), ...models.map((m) => `${modelLabel(m)} coverage %`), 'Combined coverage %'],
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
                {modelLabel(m)}
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
                      {modelLabel(m)}
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
                <td>{r.modelId ? modelLabel(r.modelId) : 'All models'}</td>
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

// ------------------------------------------------------------------ Source Analytics

function SourceAnalytics({ d }: { d: TabOf<'source-analytics'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const { view } = d
  const toggle = (t: SourceType) => {
    const next = d.types.includes(t) ? d.types.filter((x) => x !== t) : [...d.types, t]
    navigate(href({ types: next.length === 3 || next.length === 0 ? null : next.join(',') }), { preventScrollReset: true })
  }
  return (
    <div className="panel" data-tab-panel="source-analytics">
      <div className="rs-filters" role="group" aria-label="Source types">
        {(['Owned', 'Competitor', 'Earned'] as SourceType[]).map((t) => (
          <label key={t} style={{ flexDirection: 'row', alignItems: 'center' }}>
            <input type="checkbox" checked={d.types.includes(t)} onChange={() => toggle(t)} /> {t}
          </label>
        ))}
      </div>
      {view.totals.citations === 0 ? (
        <Empty title="No source data available for analytics" />
      ) : (
        <>
          <div className="rs-tiles">
            {view.byType.map((t) => (
              <div key={t.type} className="rs-tile" data-type-tile={t.type}>
                <div className="rs-tile-label">{t.type}</div>
                <div className="rs-tile-value">{pct(t.percent)}</div>
                <div className="muted">
                  {t.citations} citations · {t.sites} unique sites
                </div>
              </div>
            ))}
          </div>
          <h3>Distribution by domain</h3>
          {view.topDomains.length ? (
            <ChartFigure title="Distribution by domain" columns={['Domain', 'Citations']} rows={view.topDomains.map((r) => [r.domain, r.citations])}>
            <div style={{ height: 300 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={view.topDomains} layout="vertical" margin={{ left: 8, right: 24 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="domain" width={160} />
                  <Tooltip />
                  <Bar dataKey="citations" fill="#2563eb" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            </ChartFigure>
          ) : (
            <Empty title="No data available" />
          )}
          <h3>By model</h3>
          {view.byModel.length ? (
            <ChartFigure title="Citations by model" columns={['Model', ...d.types]} rows={view.byModel.map((r) => [modelLabel(r.modelId), ...d.types.map((t) => (r as Record<string, unknown>)[t] as number)])}>
            <div style={{ height: 260 }} data-by-model>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={view.byModel.map((r) => ({ ...r, model: modelLabel(r.modelId) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="model" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {d.types.map((t) => (
                    <Bar key={t} dataKey={t} stackId="a" fill={TYPE_COLOUR[t]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            </ChartFigure>
          ) : (
            <Empty title="No model data available" />
          )}
        </>
      )}
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

// ------------------------------------------------------------------ Topics & Audiences

function TopicsAudiences({ data, d }: { data: SourcesViewData; d: TabOf<'topics-audiences'> }) {
  const navigate = useNavigate()
  const groups = [
    { title: 'Topics', list: d.view.topics },
    { title: 'Audiences', list: d.view.audiences },
  ].filter((g) => g.list.length)
  if (!groups.length)
    return (
      <Empty title="No topics or audiences data available">
        Topics and audiences come from topic-based query generation.{' '}
        {data.project.isOwner && !data.project.isLightMode && (
          <button
            className="btn btn-small"
            data-testid="setup-topics"
            onClick={() => {
              // §2: a session flag sends the user to the setup tab, which scrolls to its setup section.
              requestSetupScroll()
              navigate(`/?phase=1&tab=setup-beta&project=${data.project.id}`)
            }}
          >
            Set up Topics &amp; Audiences
          </button>
        )}
      </Empty>
    )
  return (
    <div className="panel" data-tab-panel="topics-audiences">
      {groups.map((g) => (
        <section key={g.title}>
          <h3>{g.title}</h3>
          {g.list.map((grp) => (
            <div key={grp.name} className="src-stack-row" data-group={grp.name}>
              <div className="src-stack-label">
                {grp.name} <span className="muted">({grp.total})</span>
              </div>
              <div className="src-stack" role="img" aria-label={`${grp.name}: top domains`}>
                {grp.domains.map((dm, i) => (
                  <span key={dm.domain} style={{ width: `${dm.percent}%`, background: modelColour(i) }} title={`${dm.domain}: ${dm.percent}% (${dm.count})`} data-domain={dm.domain} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </div>
  )
}

// ------------------------------------------------------------------ Keyword Insights

function KeywordInsights({ d }: { d: TabOf<'keyword-insights'> }) {
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

// ------------------------------------------------------------------ Citations

function Citations({ data, d }: { data: SourcesViewData; d: TabOf<'content-priorities'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const queries = data.options.queries.filter((q) => d.view.some((v) => v.queryIndex === q.index) || d.selected === q.index)
  const exportRows = (): Cell[][] => [
    ['Query', 'Total Citations', 'Unique Citations', 'Models', 'Top Citations'],
    ...d.view.map((q) => [q.query, q.cards.reduce((n, c) => n + c.models.length, 0), q.uniqueCitations, [...new Set(q.cards.flatMap((c) => c.models))].map(modelLabel).join(', '), q.cards.slice(0, 5).map((c) => c.url).join(' ')]),
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
                          {modelLabel(m)}
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
                  <span className="badge badge-grey">{modelLabel(r.modelId)}</span>
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

// ------------------------------------------------------------------ API Response

function ApiResponse({ d }: { d: TabOf<'api-response'> }) {
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

// ------------------------------------------------------------------ Site/Model Comparison

function Comparison({ data, d }: { data: SourcesViewData; d: TabOf<'site-model-comparison'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const [filter, setFilter] = usePropState(d.filter)
  const { rows, models } = d.view
  const csv = (): Cell[][] => [['Domain', 'Type', ...models.map(modelLabel), 'Total'], ...rows.map((r) => [r.domain, r.type, ...models.map((m) => r.byModel[m] ?? 0), r.total])]
  return (
    <div className="panel" data-tab-panel="site-model-comparison">
      <form
        className="rs-filters"
        onSubmit={(e) => {
          e.preventDefault()
          navigate(href({ domain: filter.trim() || null }), { preventScrollReset: true })
        }}
      >
        <label>
          Domain
          <input name="domain" placeholder="Filter by domain..." value={filter} maxLength={200} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <label>
          Show
          <select value={d.limit} onChange={(e) => navigate(href({ top: e.target.value === '10' ? null : e.target.value }), { preventScrollReset: true })}>
            {[10, 25, 50, 100].map((n) => (
              <option key={n} value={n}>
                Top {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-small">
          Apply
        </button>
        <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${fileBase(data, 'site-model-comparison')}.csv`, csv())}>
          Export CSV
        </button>
      </form>
      {rows.length === 0 ? (
        <Empty title="No site data available for comparison" />
      ) : (
        <>
          {/* The table below is this chart's data. */}
          <figure className="chart-figure" aria-label="Citations per site by model">
          <div style={{ height: Math.max(240, rows.length * 28) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows.map((r) => ({ domain: r.domain, ...Object.fromEntries(models.map((m) => [modelLabel(m), r.byModel[m] ?? 0])) }))} layout="vertical" margin={{ left: 8, right: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="domain" width={160} />
                <Tooltip />
                <Legend />
                {models.map((m, i) => (
                  <Bar key={m} dataKey={modelLabel(m)} stackId="a" fill={modelColour(i)} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          </figure>
          <DataTable name="site-model-comparison">
            <thead>
              <tr>
                <th>Domain</th>
                {models.map((m) => (
                  <th key={m} className="num">
                    {modelLabel(m)}
                  </th>
                ))}
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.domain} data-compare={r.domain}>
                  <td>{r.domain}</td>
                  {models.map((m) => (
                    <td key={m} className="num">
                      {r.byModel[m] ?? 0}
                    </td>
                  ))}
                  <td className="num" data-total>
                    {r.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <div className="muted">
            Showing {rows.length} of {d.view.matching} domains
          </div>
        </>
      )}
    </div>
  )
}

// ------------------------------------------------------------------ Model Export

export function exportSheetRows(rows: ModelExportRow[], mode: 'full' | 'minimal', combined: boolean): Cell[][] {
  const head = [...(combined ? ['Model'] : []), 'Prompt', 'Response', ...(mode === 'full' ? ['Source URLs'] : [])]
  return [head, ...rows.map((r) => [...(combined ? [r.modelName] : []), r.prompt, r.response, ...(mode === 'full' ? [r.urls.join('\n')] : [])])]
}

function ModelExport({ data, d }: { data: SourcesViewData; d: TabOf<'model-export'> }) {
  const toast = useToast()
  const [mode, setMode] = useState<'full' | 'minimal'>('full')
  const [busy, setBusy] = useState(false)
  const combined = data.filters.model === null
  const title = combined ? 'All Models' : modelLabel(data.filters.model!)
  const exportAll = async (format: 'xlsx' | 'csv') => {
    setBusy(true)
    try {
      const sp = new URLSearchParams()
      const f = data.filters
      if (f.model !== null) sp.set('model', String(f.model))
      if (f.set !== 'enhanced') sp.set('set', f.set)
      if (f.topic) sp.set('topic', f.topic)
      if (f.audience) sp.set('audience', f.audience)
      if (f.queries.length) sp.set('queries', f.queries.join(','))
      const all = await fetchJson<{ rows: ModelExportRow[] }>(`/api/analyses/${data.analysisId}/source-export?${sp}`)
      const rows = exportSheetRows(all.rows, mode, combined)
      const name = fileBase(data, `model-export-${combined ? 'all-models' : title}-${mode}`)
      if (format === 'csv') downloadCsv(`${name}.csv`, rows)
      else await downloadWorkbook({ fileName: `${name}.xlsx`, sheets: [{ name: 'Model Export', rows }] })
    } catch (err) {
      toast({ title: 'Export Failed', description: errorText(err, 'Export failed'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  if (!d.rows.length) return <Empty title="No data available for the selected model filter" />
  return (
    <div className="panel" data-tab-panel="model-export">
      <h3>Model Export — {title}</h3>
      <div className="rs-filters">
        <label>
          Format
          <select value={mode} onChange={(e) => setMode(e.target.value === 'minimal' ? 'minimal' : 'full')}>
            <option value="full">Full (Model + Prompt + Response + URLs)</option>
            <option value="minimal">Minimal (Model + Prompt + Response Only)</option>
          </select>
        </label>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => exportAll('xlsx')}>
          Export Excel
        </button>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => exportAll('csv')}>
          Export CSV
        </button>
      </div>
      {d.total > SOURCE_LIMITS.exportTable && <div className="rs-notice">Showing first 20 entries. Use export to get all data.</div>}
      <DataTable name="model-export">
        <thead>
          <tr>
            <th>#</th>
            {combined && <th>Model</th>}
            <th>Prompt</th>
            <th>Response</th>
            <th>Source URLs</th>
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r, i) => (
            <ExportRow key={`${r.modelId}-${i}`} n={i + 1} row={r} combined={combined} />
          ))}
        </tbody>
      </DataTable>
    </div>
  )
}

function ExportRow({ n, row, combined }: { n: number; row: ModelExportRow; combined: boolean }) {
  const [more, setMore] = useState(false)
  const [urls, setUrls] = useState(false)
  const long = row.response.length > SOURCE_LIMITS.responseExpandAbove
  const shown = urls ? row.urls : row.urls.slice(0, SOURCE_LIMITS.urlsPerRow)
  return (
    <tr data-export-row={n}>
      <td>{n}</td>
      {combined && <td>{row.modelName}</td>}
      <td className="query">{row.prompt}</td>
      <td className="query">
        <div className={long && !more ? 'src-clamp' : undefined}>{row.response}</div>
        {long && (
          <button type="button" className="btn-link" onClick={() => setMore((m) => !m)}>
            {more ? 'Show less' : 'Show more'}
          </button>
        )}
      </td>
      <td className="query">
        {row.urls.length === 0 ? (
          <span className="muted">No sources</span>
        ) : (
          <>
            {shown.map((u) => (
              <div key={u}>
                <a href={u} target="_blank" rel="noopener noreferrer nofollow">
                  {u}
                </a>
              </div>
            ))}
            {row.urls.length > SOURCE_LIMITS.urlsPerRow && (
              <button type="button" className="btn-link" onClick={() => setUrls((x) => !x)}>
                {urls ? 'Show less' : `Show ${row.urls.length - SOURCE_LIMITS.urlsPerRow} more`}
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  )
}
