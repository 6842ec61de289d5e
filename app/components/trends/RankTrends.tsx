/** The two rank charts (overall and per query), which share one chart and one table layout. */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatDate, formatRank } from '~/components/results/format'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import { markerLines, useTrendMarkers } from '~/components/experiments/Markers'
import { BrandDayTable } from './BrandDayTable'
import { axisDate, fileDate, TrendPanel, type Shown, type TrendsData } from './TrendPanel'
import type { TrendModelOption } from './ModelSelect'
import { ModelCellText, modelBrandOf } from './ModelCells'
import { QueryModelTotals } from './QueryModelTotals'

const RANK_TICKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

function RankChart({ rows, shown }: { rows: Record<string, unknown>[]; shown: Shown }) {
  const markers = useTrendMarkers()
  return (
    <div className="rs-chart" role="figure" aria-label="Rank over time chart; the table below lists its data">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={axisDate} />
          <YAxis reversed domain={[1, 10]} ticks={RANK_TICKS} interval={0} allowDataOverflow padding={{ top: 12, bottom: 4 }} />
          <Tooltip labelFormatter={(d) => formatDate(String(d))} />
          <Legend />
          {markerLines(markers)}
          {shown.map((b) => (
            <Line key={b.name} dataKey={b.name} stroke={b.colour} isAnimationActive={false} connectNulls />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}

function rankTable(name: string, dates: string[], shown: Shown, rankOf: (brand: string, i: number) => number | null) {
  return <BrandDayTable name={name} dates={dates} shown={shown} cell={(brand, i) => ({ body: formatRank(rankOf(brand, i)) })} />
}

export function RankTrend({ data, shown, model }: { data: TrendsData; shown: Shown; model?: TrendModelOption | null }) {
  if (model) return <ModelRankTrend data={data} model={model} />
  const rows = data.days.map((d) => ({ date: d.date, ...Object.fromEntries(shown.map((b) => [b.name, d.brands[b.name]?.rank ?? null])) }))
  const spec = (): WorkbookSpec => ({
    fileName: `brand-rank-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Brand Rank Over Time', rows: [['Brand', ...data.days.map((d) => d.date)], ...shown.map((b) => [b.name, ...data.days.map((d) => d.brands[b.name]?.rank ?? 'N/A')])] }],
  })
  return (
    <TrendPanel title="Brand Rank Over Time" testId="rank-trend" exportSpec={spec} help="Combined rank per daily analysis: the mean of the models' average ranks. Lower is better (1 is named first).">
      <RankChart rows={rows} shown={shown} />
      {rankTable('rank-trend', data.days.map((d) => d.date), shown, (b, i) => data.days[i].brands[b]?.rank ?? null)}
    </TrendPanel>
  )
}

export function QueryTrend({ data, shown, onQuery }: { data: TrendsData; shown: Shown; onQuery: (q: string) => void }) {
  const rows = data.queryRanks.map((r) => ({ date: r.date, ...Object.fromEntries(shown.map((b) => [b.name, r.ranks[b.name] ?? null])) }))
  const spec = (): WorkbookSpec => ({
    fileName: `query-ranking-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Query Ranking Over Time', rows: [['Query', data.query ?? ''], ['Brand', ...data.queryRanks.map((r) => r.date)], ...shown.map((b) => [b.name, ...data.queryRanks.map((r) => r.ranks[b.name] ?? 'N/A')])] }],
  })
  return (
    <TrendPanel title="Query Ranking Over Time" testId="query-trend" exportSpec={spec} help="Combined rank of each brand for one query per daily analysis. Lower is better.">
      <div className="rs-filters">
        <label>
          Query
          <select value={data.query ?? ''} onChange={(e) => onQuery(e.target.value)} aria-label="Query">
            {data.queries.map((q) => (
              <option key={q.key} value={q.query} title={q.query}>
                {q.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RankChart rows={rows} shown={shown} />
      {rankTable('query-trend', data.queryRanks.map((r) => r.date), shown, (b, i) => data.queryRanks[i].ranks[b] ?? null)}
      <QueryModelTotals data={data} shown={shown} />
    </TrendPanel>
  )
}

/** One model's combined rank of the model brand per day; each cell says its n (and an engine's absent answers). */
function ModelRankTrend({ data, model }: { data: TrendsData; model: TrendModelOption }) {
  const brand = modelBrandOf(data)
  const shown = brand ? [brand] : []
  const rankOf = (d: TrendsData['days'][number]) => (brand ? (d.models[model.id]?.brands[brand.name]?.rank ?? null) : null)
  const rows = data.days.map((d) => ({ date: d.date, ...(brand ? { [brand.name]: rankOf(d) } : {}) }))
  const spec = (): WorkbookSpec => ({
    fileName: `brand-rank-trend-${model.filter}-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Brand Rank Over Time', rows: [['Model', model.name], ['Brand', ...data.days.map((d) => d.date)], ...shown.map((b) => [b.name, ...data.days.map((d) => rankOf(d) ?? 'N/A')]), ['Answers (n)', ...data.days.map((d) => d.models[model.id]?.answered ?? 0)], ...(model.isEngine ? [['Absent (not counted)', ...data.days.map((d) => d.models[model.id]?.absent ?? 0)]] : [])] }],
  })
  return (
    <TrendPanel title={`Brand Rank Over Time: ${model.name}`} testId="rank-trend" exportSpec={spec} help={`${model.name} on its own: the mean over the queries of the brand's average rank. Lower is better (1 is named first).`}>
      <RankChart rows={rows} shown={shown} />
      <BrandDayTable
        name="rank-trend"
        dates={data.days.map((d) => d.date)}
        shown={shown}
        cell={(_brand, i) => {
          const d = data.days[i]
          const m = d.models[model.id]
          return {
            body: (
              <>
                {formatRank(rankOf(d))}
                {m && (
                  <>
                    <div className="muted" style={{ fontSize: '.75rem' }}>n={m.answered}</div>
                    <ModelCellText cell={m} isEngine={model.isEngine} />
                  </>
                )}
              </>
            ),
          }
        }}
      />
    </TrendPanel>
  )
}
