/** Dated markers on the Trends charts: a recorded change (experiments) or a model change the canaries flagged. */
import { createContext, useContext } from 'react'
import { ReferenceLine } from 'recharts'

export interface TrendMarker {
  date: string
  label: string
  kind: 'change' | 'model'
}

const COLOUR: Record<TrendMarker['kind'], string> = { change: '#2563eb', model: '#a16207' }

/** ReferenceLines for a chart whose x axis is the date (a function, not a component: recharts reads its children). */
export function markerLines(markers: readonly TrendMarker[]) {
  return markers.map((m) => (
    <ReferenceLine key={`${m.kind}-${m.date}-${m.label}`} x={m.date} stroke={COLOUR[m.kind]} strokeDasharray="4 3" ifOverflow="extendDomain" label={{ value: m.kind === 'change' ? '✎' : '⚙', position: 'top', fill: COLOUR[m.kind] }} />
  ))
}

/** The markers of the Trends page, provided once by TrendsPhase and read by each chart. */
export const TrendMarkers = createContext<readonly TrendMarker[]>([])
export const useTrendMarkers = () => useContext(TrendMarkers)
