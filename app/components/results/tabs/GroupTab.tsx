/** Topics and Audiences: scatter of the selected brand per group (rank axis 1 to at most 10, share axis in steps up to 100 %: buildScatter) and the share breakdown. */
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, useXAxisScale, useYAxisScale } from 'recharts'
import { buildScatter, truncateLabel, type ScatterPoint } from '~/domain/metrics/colours'
import { placeLabels } from '~/domain/metrics/labels'
import { brandColours, COMPETITOR_PALETTE, formatRank, OWN_BRAND_COLOUR, SCATTER_COLOURS } from '../format'
import { groupWorkbook } from '../export-sheets'
import { Empty, ExportButton, MetricHelp } from '../Parts'
import type { GroupData, ResultsHeader } from '~/domain/results/types'
import { BrandSelect } from './TableTabs'
import { AudiencesAsker } from '../AudiencesAsker'
import { GroupEvidence } from '~/components/evidence/Evidence'
import { ChartFigure } from '~/components/chart-figure'
import { TopicVolumes } from '../Volume'

const BREAKDOWN_BRANDS = 7

function PointTooltip({ active, payload }: { active?: boolean; payload?: { payload: ScatterPoint }[] }) {
  const p = active ? payload?.[0]?.payload : undefined
  if (!p) return null
  return (
    <div className="rs-tooltip-box">
      <strong>{p.fullLabel}</strong>
      <div>Rank: {p.actualRank === null ? 'Not found' : formatRank(p.actualRank)}</div>
      <div>Share: {p.actualShare.toFixed(1)}%</div>
    </div>
  )
}

/** The dots' labels, placed so that none covers another or another dot; a child of the chart, in its pixels. */
function ScatterLabels({ points }: { points: ScatterPoint[] }) {
  const x = useXAxisScale()
  const y = useYAxisScale()
  if (!x || !y) return null
  const at = points.map((p) => ({ x: x(p.share) ?? 0, y: y(p.rank) ?? 0, text: p.label }))
  const placed = placeLabels(at)
  return (
    <g className="rs-scatter-labels" data-testid="scatter-labels">
      {placed.map((l, i) => (
        <text key={points[i].fullLabel} x={l.x} y={l.y} textAnchor={l.anchor} fontSize={11} fill="#374151">
          {points[i].label}
        </text>
      ))}
    </g>
  )
}

export function GroupTab({ data, header }: { data: GroupData; header: ResultsHeader }) {
  const kind = data.tab === 'topics' ? 'Topic' : 'Audience'
  const idx = data.brand ? data.brands.findIndex((b) => b.name === data.brand) : -1
  const chart = buildScatter(idx < 0 ? [] : data.groups.map((g) => ({ label: g.group, share: g.shares[idx], rank: g.ranks[idx] })))

  // Breakdown: own brand, the competitors with the largest overall share, and the rest as 'Others'.
  const totals = data.brands.map((_, i) => data.groups.reduce((s, g) => s + (g.shares[i] ?? 0), 0))
  const ownIdx = data.brands.findIndex((b) => b.isOwn)
  const top = data.brands
    .map((b, i) => ({ ...b, i }))
    .filter((b) => !b.isOwn)
    .sort((a, b) => totals[b.i] - totals[a.i])
    .slice(0, BREAKDOWN_BRANDS - 1)
  const shown = [...(ownIdx >= 0 ? [{ ...data.brands[ownIdx], i: ownIdx }] : []), ...top]
  const colours = brandColours(shown)
  const rows = data.groups.map((g) => {
    const row: Record<string, string | number> = { group: truncateLabel(g.group), fullGroup: g.group }
    let rest = 100
    shown.forEach((b) => {
      row[`b${b.i}`] = g.shares[b.i]
      rest -= g.shares[b.i]
    })
    row.others = Math.max(0, Math.round(rest * 10) / 10)
    return row
  })

  return (
    <div data-tab-content={data.tab}>
      <section className="panel">
        <div className="rs-panel-head">
          <h2>
            {kind} Performance <MetricHelp metric="queryPerformance" />
          </h2>
          <div className="rs-actions">
            <BrandSelect brands={data.brands} value={data.brand} />
            {data.groups.length > 0 && <ExportButton build={() => groupWorkbook(data, header.analysis?.date ?? 'analysis')} />}
          </div>
        </div>
        {!data.hasAnswers ? (
          <Empty title={data.tab === 'audiences' ? 'Run an analysis to see audience performance data' : `Run an analysis to see topic performance data`} />
        ) : data.groups.length === 0 ? (
          <Empty title={data.tab === 'topics' ? 'No topic associations found' : 'No audience associations found'}>
            {data.tab === 'topics' ? 'Give queries a topic in the project setup to compare brands by topic.' : 'Generate queries for audiences in the project setup to compare brands by audience.'}
          </Empty>
        ) : (
          <>
            <p className="muted" style={{ marginTop: 0 }}>
              Each dot is a {kind.toLowerCase()}: further right means a larger share of mentions for {data.brand ?? 'the brand'}, higher means a better rank (1 at the top; not ranked is shown at 10).
            </p>
            {data.tab === 'topics' && <TopicVolumes column={data.volume} groups={data.groupVolumes} />}
            <ChartFigure
              title={`${kind} performance of ${data.brand ?? 'the brand'}`}
              columns={[kind, 'Share of mentions', 'Average rank']}
              rows={chart.points.map((p) => [p.fullLabel, `${p.actualShare.toFixed(1)}%`, p.actualRank === null ? 'Not found' : formatRank(p.actualRank)])}
            >
            <div className="rs-scatter-wrap">
              <div className="rs-chart rs-chart-tall">
                <ResponsiveContainer width="100%" height="100%">
                  <ScatterChart margin={{ top: 20, right: 30, bottom: 30, left: 10 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis
                      type="number"
                      dataKey="share"
                      name="Share"
                      domain={[0, chart.shareAxisMax + 5]}
                      ticks={chart.shareTicks}
                      tickFormatter={(v: number) => `${v}%`}
                      label={{ value: 'Market share (% of mentions)', position: 'insideBottom', offset: -18 }}
                    />
                    <YAxis
                      type="number"
                      dataKey="rank"
                      name="Rank"
                      reversed
                      domain={[1, chart.rankAxisMax]}
                      ticks={chart.rankTicks}
                      allowDecimals={false}
                      label={{ value: 'Average rank', angle: -90, position: 'insideLeft' }}
                    />
                    <Tooltip content={<PointTooltip />} cursor={{ strokeDasharray: '3 3' }} />
                    <Scatter data={chart.points} isAnimationActive={false}>
                      {chart.points.map((p) => (
                        <Cell key={p.fullLabel} fill={SCATTER_COLOURS[p.colour]} />
                      ))}
                    </Scatter>
                    <ScatterLabels points={chart.points} />
                  </ScatterChart>
                </ResponsiveContainer>
              </div>
              <span className="rs-corner leaders">Leaders</span>
              <span className="rs-corner laggards">Laggards</span>
            </div>
            </ChartFigure>
            <GroupEvidence data={data} />
          </>
        )}
      </section>
      {data.hasAnswers && data.groups.length > 0 && (
        <section className="panel">
          <div className="rs-panel-head">
            <h2>
              {kind} Brand Share Breakdown <MetricHelp metric="mentionsShare" />
            </h2>
          </div>
          <ChartFigure
            title={`${kind} brand share breakdown`}
            columns={[kind, ...shown.map((b) => b.name), 'Others']}
            rows={rows.map((r) => [String(r.fullGroup), ...shown.map((b) => `${r[`b${b.i}`]}%`), `${r.others}%`])}
          >
          <div className="rs-chart" style={{ height: Math.max(220, 44 * rows.length + 80) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 24 }}>
                <XAxis type="number" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
                <YAxis type="category" dataKey="group" width={120} interval={0} tick={{ fontSize: 12 }} />
                <Tooltip formatter={(v: any, n: any) => [`${v}%`, n]} labelFormatter={(_l: any, p: any) => p?.[0]?.payload?.fullGroup ?? ''} />
                <Legend formatter={(v: any) => truncateLabel(String(v))} />
                {shown.map((b, k) => (
                  <Bar key={b.i} dataKey={`b${b.i}`} name={b.name} stackId="g" fill={colours[k]} isAnimationActive={false} />
                ))}
                <Bar dataKey="others" name="Others" stackId="g" fill="#6b7280" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          </ChartFigure>
          <p className="muted" style={{ fontSize: '.8rem' }}>
            Your brand is shown in <span style={{ color: OWN_BRAND_COLOUR, fontWeight: 700 }}>red</span>; the {Math.min(top.length, COMPETITOR_PALETTE.length)} competitors with the most mentions follow, the rest are grouped as Others.
          </p>
        </section>
      )}
      {data.tab === 'audiences' && <AudiencesAsker header={header} />}
    </div>
  )
}
