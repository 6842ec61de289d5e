import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatDate } from '~/components/results/format'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import { markerLines, useTrendMarkers } from '~/components/experiments/Markers'
import { BrandDayTable } from './BrandDayTable'
import { axisDate, fileDate, rateTitle, TrendPanel, type Shown, type TrendsData } from './TrendPanel'

/** Mentions of each shown brand per daily analysis: chart, table and export. */
export function MentionsTrend({ data, shown }: { data: TrendsData; shown: Shown }) {
  const markers = useTrendMarkers()
  const rows = data.days.map((d) => ({ date: d.date, ...Object.fromEntries(shown.map((b) => [b.name, d.brands[b.name]?.mentions ?? 0])) }))
  const spec = (): WorkbookSpec => ({
    fileName: `brand-mentions-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Brand Mentions Trend', rows: [['Brand', ...data.days.map((d) => d.date), 'Total'], ...shown.map((b) => [b.name, ...data.days.map((d) => d.brands[b.name]?.mentions ?? 0), data.totals[b.name] ?? 0])] }],
  })
  return (
    <TrendPanel title="Brand Mentions Trend" testId="mentions-trend" exportSpec={spec} help="Mentions of each brand per daily analysis (all models), with the change against the previous analysis.">
      <div className="rs-chart" role="figure" aria-label="Brand mentions trend chart; the table below lists its data">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={axisDate} />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(d) => formatDate(String(d))} />
            <Legend />
            {markerLines(markers)}
            {shown.map((b) => (
              <Line key={b.name} dataKey={b.name} stroke={b.colour} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <BrandDayTable
        name="mentions-trend"
        dates={data.days.map((d) => d.date)}
        shown={shown}
        cell={(brand, i) => {
          const c = data.days[i].brands[brand]
          return {
            title: c ? `Mention share ${rateTitle(c.share)}` : undefined,
            body: (
              <>
                {c ? c.mentions : '–'}
                {c?.change !== null && c?.change !== undefined && (
                  <div style={{ fontSize: '.75rem', color: c.change > 0 ? '#15803d' : c.change < 0 ? '#dc2626' : undefined }}>
                    {c.change > 0 ? '+' : ''}
                    {c.change}%
                  </div>
                )}
              </>
            ),
          }
        }}
        total={(brand) => <strong>{data.totals[brand] ?? 0}</strong>}
      />
    </TrendPanel>
  )
}
