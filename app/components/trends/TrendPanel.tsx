/** What every trend panel shares: the data type, the help button, the panel frame with its export, and formatting. */
import { useId } from 'react'
import { CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { markerLines, type TrendMarker } from '~/components/experiments/Markers'
import { ExportButton } from '~/components/results/Parts'
import { formatDate } from '~/components/results/format'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import type { Rate, TrendsView } from '~/domain/trends'

export type TrendsData = TrendsView & { unreadAlerts: number; project: { id: number; name: string; brandDomain: string; accessType: string } }
export type Shown = TrendsData['brands']

export const BAND_HELP =
  'The shaded band is the 95 % interval: with n answers (or mentions) behind a rate, the true rate lies inside the band 95 times out of 100 (Wilson interval). A wide band means few answers; a move that stays inside the bands can be chance.'

export function Help({ text, label }: { text: string; label: string }) {
  const id = useId()
  return (
    <span className="rs-help">
      <button type="button" aria-label={label} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id}>
        {text}
      </span>
    </span>
  )
}

export const rateTitle = (r: Rate) => (r.interval ? `${r.value}% (95% interval ${r.interval.low}–${r.interval.high}%, n=${r.n})` : `${r.value}% (n=${r.n})`)
export const fileDate = (days: { date: string }[]) => days[days.length - 1]?.date ?? 'trends'

export function TrendPanel({ title, help, exportSpec, children, testId }: { title: string; help?: string; exportSpec: () => WorkbookSpec; children: React.ReactNode; testId: string }) {
  return (
    <section className="panel" data-testid={testId}>
      <div className="rs-panel-head">
        <h2>
          {title} {help && <Help text={help} label={`About ${title}`} />}
        </h2>
        <ExportButton build={exportSpec} />
      </div>
      {children}
    </section>
  )
}

export const axisDate = (d: string) => formatDate(d)

/**
 * The frame of a percent trend chart: grid, date axis, 0–100 % axis, tooltip, legend and the content-change and
 * model-update markers. An array of elements, because a recharts chart reads its axes among its direct children.
 */
export function percentAxes(markers: readonly TrendMarker[]) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    <XAxis key="x" dataKey="date" tickFormatter={axisDate} />,
    <YAxis key="y" domain={[0, 100]} unit="%" />,
    <Tooltip key="tooltip" labelFormatter={(d) => formatDate(String(d))} />,
    <Legend key="legend" />,
    ...markerLines(markers),
  ]
}
