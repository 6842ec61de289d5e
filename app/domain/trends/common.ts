/** Trends: the palette, labels, alert thresholds and the small shared helpers. */
import { round1 } from '../metrics/colours'
import { wilson, type Interval } from '../metrics/intervals'
import type { TrendPoint } from './points'

// The one Wilson implementation lives in the metrics module (results, sources and trends share it).
export { wilson, Z95, type Interval } from '../metrics/intervals'

/** The 8-colour trend palette (the own brand keeps red). */
export const TREND_PALETTE = ['#2563eb', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#a16207', '#db2777', '#4b5563'] as const
export const OWN_TREND_COLOUR = '#d92d20'
/** Trend query labels cut at 50 characters. */
export const TREND_QUERY_LABEL_MAX = 50
/** The brand selector starts with the top 10 brands by total mentions. */
export const DEFAULT_TREND_BRANDS = 10
/** The note under the background-analysis panel. */
export const ANALYSIS_DURATION_NOTE = 'Analysis typically takes 2-5 minutes'
/**
 * Alerts: two-sided z-tests with |z| >= 3.29 (p < 0.001): two-proportion for mention share and visibility, two-sample
 * means for the average rank. One run makes three tests; a month of daily runs about 90, so a 95 % threshold would
 * raise about four or five false alerts a month on stable data; at 0.1 % the chance of any false alert in a month is about 9 %.
 */
export const ALERT_Z = 3.29
/** Alerts compare the run against the pooled previous 7 runs. */
export const ALERT_BASELINE_RUNS = 7

export function truncateQueryLabel(query: string, max = TREND_QUERY_LABEL_MAX): string {
  const chars = [...(query ?? '')]
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('')
}


export function percentChange(previous: number | null | undefined, current: number): number | null {
  if (previous === null || previous === undefined || previous === 0) return null
  return round1(((current - previous) / previous) * 100)
}

/** Two-proportion z statistic (pooled); 0 when either side has no trials or the pooled rate is 0 or 1. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): number {
  if (n1 <= 0 || n2 <= 0) return 0
  const p = (x1 + x2) / (n1 + n2)
  if (p <= 0 || p >= 1) return 0
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
  return (x1 / n1 - x2 / n2) / se
}

export interface Rate {
  /** Percent, 1 decimal. */
  value: number
  x: number
  n: number
  interval: Interval | null
}

/** A rate in percent (1 decimal) with its counts and Wilson interval. */
export function rate(x: number, n: number): Rate {
  return { value: n > 0 ? round1((x / n) * 100) : 0, x, n, interval: wilson(x, n) }
}

/** The latest analysis of each date, oldest date first. */
export function latestPerDate(points: TrendPoint[]): TrendPoint[] {
  const byDate = new Map<string, TrendPoint>()
  for (const p of points) {
    const had = byDate.get(p.date)
    if (!had || had.analysisId < p.analysisId) byDate.set(p.date, p)
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
