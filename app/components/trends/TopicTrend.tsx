import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Empty } from '~/components/results/Parts'
import { ChartFigure } from '~/components/chart-figure'
import { formatDate } from '~/components/results/format'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import { markerLines, useTrendMarkers } from '~/components/experiments/Markers'
import { TREND_PALETTE } from '~/domain/trends'
import { axisDate, fileDate, TrendPanel, type TrendsData } from './TrendPanel'

/** One brand's mentions split by topic per daily analysis: chart, table and export. */
export function TopicTrend({ data, onBrand }: { data: TrendsData; onBrand: (b: string) => void }) {
  const markers = useTrendMarkers()
  const rows = data.topicTrend.map((t) => ({ date: t.date, ...t.values }))
  const spec = (): WorkbookSpec => ({
    fileName: `topic-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Topics Trend Analysis', rows: [['Brand', data.topicBrand ?? ''], ['Topic', ...data.topicTrend.map((t) => t.date)], ...data.topics.map((topic) => [topic, ...data.topicTrend.map((t) => t.values[topic] ?? 0)])] }],
  })
  return (
    <TrendPanel title="Topics Trend Analysis" testId="topic-trend" exportSpec={spec} help="The brand's mentions of the day scaled by each topic's share of that day's queries.">
      {data.topics.length === 0 ? (
        <Empty title="No topic associations found" />
      ) : (
        <>
          <div className="rs-filters">
            <label>
              Brand
              <select value={data.topicBrand ?? ''} onChange={(e) => onBrand(e.target.value)} aria-label="Topic trend brand">
                {data.brands.map((b) => (
                  <option key={b.name} value={b.name}>
                    {b.name}
                    {b.isOwn ? ' (Your Brand)' : ''}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ChartFigure title={`Topic trend of ${data.topicBrand ?? 'the brand'}`} columns={['Date', ...data.topics]} rows={data.topicTrend.map((t) => [formatDate(t.date), ...data.topics.map((k) => t.values[k] ?? 0)])}>
          <div className="rs-chart">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={rows}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="date" tickFormatter={axisDate} />
                <YAxis />
                <Tooltip labelFormatter={(d) => formatDate(String(d))} />
                <Legend />
                {markerLines(markers)}
                {data.topics.map((t, i) => (
                  <Line key={t} dataKey={t} stroke={TREND_PALETTE[i % TREND_PALETTE.length]} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          </ChartFigure>
        </>
      )}
    </TrendPanel>
  )
}
