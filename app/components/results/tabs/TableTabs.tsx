/** Share of Model heatmap, Brand Rank and Query Rank tables. */
import { useNavigate } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { HEATMAP_THRESHOLDS } from '~/domain/metrics/colours'
import { brandColours, formatPercent, heatmapStyle, HEATMAP_COLOURS, modelColumn, RANK_COLOURS, visibilityStyle } from '../format'
import { VolumeCell, VolumeHead, WeightedVisibility } from '../Volume'
import { brandRankWorkbook, queryRankFileBase, queryRankRows, queryRankWorkbook, shareWorkbook, toTsv } from '../export-sheets'
import { BrandRow, DataTable, downloadCsv, Empty, ExportButton, MetricHelp, RankCell, useResultsHref } from '../Parts'
import type { BrandRankData, BrandRef, ByModel, QueryRankData, RankSpread, ResultsHeader, ShareData } from '~/domain/results/types'
import { Ci, Ev, Spread } from '~/components/evidence/Evidence'

export function BrandSelect({ brands, value, label = 'Brand', param = 'brand' }: { brands: BrandRef[]; value: string | null; label?: string; param?: string }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  return (
    <label className="rs-inline-select" style={{ display: 'inline-flex', gap: '.4rem', alignItems: 'center', fontSize: '.9rem' }}>
      <span className="muted">{label}</span>
      <select
        value={value ?? ''}
        data-brand-select
        onChange={(e) => navigate(href({ [param]: e.target.value || null }), { preventScrollReset: true, replace: true })}
        style={{ padding: '.35rem .5rem', borderRadius: 6, border: '1px solid var(--border)', font: 'inherit', maxWidth: 260 }}
      >
        {!value && <option value="">Select a brand…</option>}
        {brands.map((b) => (
          <option key={b.name} value={b.name}>
            {b.isOwn ? `${b.name} (Your Brand)` : b.name}
          </option>
        ))}
      </select>
    </label>
  )
}

export function ShareOfModelTab({ data, header }: { data: ShareData; header: ResultsHeader }) {
  const colours = brandColours(data.rows)
  return (
    <section className="panel" data-tab-content="share-of-model">
      <div className="rs-panel-head">
        <h2>
          Share of Model <MetricHelp metric="dominance" />
        </h2>
        {data.hasData && <ExportButton build={() => shareWorkbook(data, header.analysis?.date ?? 'analysis')} />}
      </div>
      <p className="muted" style={{ marginTop: 0 }}>
        Each cell is the brand&apos;s share of all tracked brands&apos; mentions in that model&apos;s answers; Combined uses every model shown. Rows are ranked by combined share.
      </p>
      {!data.hasData ? (
        <Empty title="No data available for heatmap" />
      ) : (
        <>
          <DataTable name="share-of-model">
            <thead>
              <tr>
                <th>Brand</th>
                <ModelColumnHeads modelIds={data.modelIds} />
                <th className="num">Combined</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r, i) => (
                <BrandRow key={r.name} brand={r} colour={colours[i]}>
                  {data.modelIds.map((id) => (
                    <td key={id} className="num">
                      {r.byModel[id] === null || r.byModel[id] === undefined ? (
                        <span className="rs-cell" style={heatmapStyle(null)}>
                          —
                        </span>
                      ) : (
                        <>
                          <Ev cell={{ metric: 'share', brand: r.name, modelId: id }}>
                            <span className="rs-cell" style={heatmapStyle(r.byModel[id]!)}>
                              {formatPercent(r.byModel[id]!)}
                            </span>
                          </Ev>
                          <Ci rate={r.ciByModel?.[id]} />
                        </>
                      )}
                    </td>
                  ))}
                  <td className="num">
                    <Ev cell={{ metric: 'share', brand: r.name }}>
                      <span className="rs-cell" style={heatmapStyle(r.combined)} data-combined>
                        {formatPercent(r.combined)}
                      </span>
                    </Ev>
                    <Ci rate={r.ci} />
                  </td>
                </BrandRow>
              ))}
            </tbody>
          </DataTable>
          <div className="rs-legend" role="group" aria-label="Colour scale">
            <span>
              <i style={{ background: HEATMAP_COLOURS[0] }} />0%
            </span>
            <span>
              <i style={{ background: HEATMAP_COLOURS[1] }} />
              under 5%
            </span>
            {HEATMAP_THRESHOLDS.map((t, i) => (
              <span key={t}>
                <i style={{ background: HEATMAP_COLOURS[i + 2] }} />
                {t}%+
              </span>
            ))}
            <span>— model has no answers</span>
          </div>
        </>
      )}
    </section>
  )
}

export function BrandRankTab({ data, header }: { data: BrandRankData; header: ResultsHeader }) {
  const colours = brandColours(data.rows)
  const date = header.analysis?.date ?? 'analysis'
  return (
    <section className="panel" data-tab-content="brand-rank">
      <div className="rs-panel-head">
        <h2>
          Brand Rank Analysis <MetricHelp metric="averageRank" />
        </h2>
        <div className="rs-actions">
          {data.filtered && (
            <span className="badge badge-yellow" data-filtered-badge>
              Filtered: {data.queryCounts.included}/{data.queryCounts.total} queries
            </span>
          )}
          {data.rows.length > 0 && data.hasAnswers && <ExportButton build={() => brandRankWorkbook(data, date)} />}
        </div>
      </div>
      {data.rows.length === 0 ? (
        <Empty title="No brands configured" />
      ) : !data.hasAnswers ? (
        <Empty title="No API response data available" />
      ) : (
        <RankTable name="brand-rank" first="Brand" combined="Combined" modelIds={data.modelIds}>
          {data.rows.map((r, i) => (
            <BrandRow key={r.name} brand={r} colour={colours[i]}>
              <ModelRankCells modelIds={data.modelIds} byModel={r.byModel} brand={r.name} spreadByModel={r.spreadByModel} />
              <td className="num" data-combined>
                <Ev cell={{ metric: 'rank', brand: r.name }}>
                  <RankCell rank={r.combined} />
                </Ev>
                {r.spreadByModel && <Spread spread={r.spread ?? null} />}
              </td>
              <td className="num">
                <Ev cell={{ metric: 'visibility', brand: r.name }}>
                  <span className="rs-cell" style={visibilityStyle(r.visibility)} data-visibility>
                    {r.visibility}%
                  </span>
                </Ev>
                <Ci rate={r.visibilityCi} />
              </td>
            </BrandRow>
          ))}
        </RankTable>
      )}
    </section>
  )
}

/** One column head per model shown. */
function ModelColumnHeads({ modelIds }: { modelIds: number[] }) {
  return modelIds.map((id) => (
    <th key={id} className="num">
      {modelColumn(id)}
    </th>
  ))
}

/** One rank cell per model shown, each opening the answers of that model (and query) for the brand. */
function ModelRankCells(p: { modelIds: number[]; byModel: ByModel<number | null>; brand: string | null; queryIndex?: number; spreadByModel?: ByModel<RankSpread | null> }) {
  return p.modelIds.map((id) => (
    <td key={id} className="num">
      {p.brand ? (
        <Ev cell={{ metric: 'rank', brand: p.brand, modelId: id, ...(p.queryIndex !== undefined ? { queryIndex: p.queryIndex } : {}) }}>
          <RankCell rank={p.byModel[id]} />
        </Ev>
      ) : (
        <RankCell rank={p.byModel[id]} />
      )}
      {p.spreadByModel && p.byModel[id] !== null && p.byModel[id] !== undefined && <Spread spread={p.spreadByModel[id] ?? null} />}
    </td>
  ))
}

/** Brand Rank and Query Rank: first column, per-model ranks, combined rank, visibility, then the rank colour legend. */
function RankTable({ name, first, combined, modelIds, children, extraHead }: { name: string; first: string; combined: string; modelIds: number[]; children: React.ReactNode; extraHead?: React.ReactNode }) {
  return (
    <>
      <DataTable name={name} className="rs-rank">
        <thead>
          <tr>
            <th>{first}</th>
            <ModelColumnHeads modelIds={modelIds} />
            <th className="num">
              {`${combined} `}
              <MetricHelp metric="averageRank" />
            </th>
            <th className="num">
              Visibility % <MetricHelp metric="visibilityScore" />
            </th>
            {extraHead}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </DataTable>
      <RankLegend />
    </>
  )
}

function RankLegend() {
  return (
    <div className="rs-legend">
      <span>
        <i style={{ background: RANK_COLOURS.green.bg }} />
        Rank 1-3
      </span>
      <span>
        <i style={{ background: RANK_COLOURS.yellow.bg }} />
        Rank 4-6
      </span>
      <span>
        <i style={{ background: RANK_COLOURS.red.bg }} />
        Rank 7+
      </span>
      <span>
        <i style={{ background: RANK_COLOURS.grey.bg }} />
        N/A: not ranked
      </span>
    </div>
  )
}

export function QueryRankTab({ data, header }: { data: QueryRankData; header: ResultsHeader }) {
  const toast = useToast()
  const date = header.analysis?.date ?? 'analysis'
  const base = queryRankFileBase(header.project.name, data.brand, date)
  const ready = data.brand && data.rows.length > 0 && data.hasAnswers
  return (
    <section className="panel" data-tab-content="ranking-detail">
      <div className="rs-panel-head">
        <h2>
          Query Rank <MetricHelp metric="queryPerformance" />
        </h2>
        <div className="rs-actions">
          <BrandSelect brands={data.brands} value={data.brand} />
          {ready && (
            <>
              <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${base}.csv`, queryRankRows(data))}>
                Export CSV
              </button>
              <ExportButton build={() => queryRankWorkbook(data, header.project.name, date)} />
              <button
                type="button"
                className="btn btn-small"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(toTsv(queryRankRows(data)))
                    toast({ title: 'Copied to clipboard', description: `${data.rows.length} queries for ${data.brand}` })
                  } catch {
                    toast({ title: 'Copy failed', description: 'The browser did not allow access to the clipboard.', variant: 'destructive' })
                  }
                }}
              >
                Copy
              </button>
            </>
          )}
        </div>
      </div>
      {data.queryCount === 0 ? (
        <Empty title="No queries found for this project" />
      ) : !data.brand ? (
        <Empty title="Please select a brand from the dropdown" />
      ) : !data.hasAnswers || data.rows.length === 0 ? (
        <Empty title="No API response data available" />
      ) : (
        <>
          <WeightedVisibility column={data.volume} brand={data.brand} />
          <RankTable name="query-rank" first="Query" combined="Combined Avg" modelIds={data.modelIds} extraHead={<VolumeHead column={data.volume} />}>
          {data.rows.map((r, i) => (
            <tr key={r.queryIndex}>
              <td className="query">
                {r.query}
                {r.topic && (
                  <>
                    {' '}
                    <span className="badge">{r.topic}</span>
                  </>
                )}
              </td>
              <ModelRankCells modelIds={data.modelIds} byModel={r.byModel} brand={data.brand} queryIndex={r.queryIndex} />
              <td className="num">
                <Ev cell={{ metric: 'rank', brand: data.brand!, queryIndex: r.queryIndex }}>
                  <RankCell rank={r.combined} />
                </Ev>
                {r.combined !== null && <Spread spread={r.spread ?? null} />}
              </td>
              <td className="num">
                <Ev cell={{ metric: 'visibility', brand: data.brand!, queryIndex: r.queryIndex }}>
                  <span className="rs-cell" style={visibilityStyle(r.visibility)}>
                    {r.visibility}%
                  </span>
                </Ev>
                <Ci rate={r.visibilityCi} />
              </td>
              <VolumeCell column={data.volume} volume={r.volume} first={i === 0} rows={data.rows.length} />
            </tr>
          ))}
          </RankTable>
        </>
      )}
    </section>
  )
}
