/** Trends: alerts, when a run moves beyond the noise of the runs before it (z-tests). */
import { ALERT_Z, ALERT_BASELINE_RUNS, latestPerDate, rate, twoProportionZ, type Rate } from './common'
import { type TrendPoint } from './points'

export type AlertMetric = 'share' | 'visibility' | 'rank'

export interface TrendAlert {
  analysisId: number
  date: string
  brand: string
  metric: AlertMetric
  /** Whether the number rose or fell (for 'rank' a rise is a worse rank). */
  direction: 'up' | 'down'
  /**
   * The run's rate and the pooled previous runs' rate, percent 1 decimal, with their counts. For 'rank' the value
   * is the mean rank over the answers that rank the brand (2 decimals), x the sum of those ranks, n their number.
   */
  current: Rate
  baseline: Rate
  z: number
  baselineRuns: number
  message: string
}

const METRIC_LABEL: Record<AlertMetric, string> = { share: 'Mention share', visibility: 'Rank rate', rank: 'Average rank' }

/** Fewest ranked answers on each side for the rank test (its normal approximation needs a few). */
export const RANK_ALERT_MIN_N = 10

/**
 * Two-sample z statistic of two means from counts, sums and sums of squares (Welch's standard error, sample variances);
 * 0 when a side has fewer than 2 values or both variances are 0.
 */
export function meanDifferenceZ(a: { n: number; sum: number; sumSq: number }, b: { n: number; sum: number; sumSq: number }): number {
  if (a.n < 2 || b.n < 2) return 0
  const variance = (s: typeof a) => Math.max(0, (s.sumSq - (s.sum * s.sum) / s.n) / (s.n - 1))
  const se = Math.sqrt(variance(a) / a.n + variance(b) / b.n)
  if (!(se > 0)) return 0
  return (a.sum / a.n - b.sum / b.n) / se
}

function rankStats(p: TrendPoint): { n: number; sum: number; sumSq: number } | null {
  const b = p.brands[p.ownBrand]
  if (!b || b.rankSum === undefined || b.rankSumSq === undefined) return null
  return { n: b.rankedAnswers, sum: b.rankSum, sumSq: b.rankSumSq }
}

/** The rank alert: the run's mean own-brand rank against the pooled previous runs' (a two-sample z-test, |z| >= ALERT_Z). */
function rankAlert(run: TrendPoint, base: TrendPoint[]): TrendAlert | null {
  const c = rankStats(run)
  const parts = base.map(rankStats)
  if (!c || parts.some((x) => x === null)) return null
  const b = (parts as { n: number; sum: number; sumSq: number }[]).reduce((s, v) => ({ n: s.n + v.n, sum: s.sum + v.sum, sumSq: s.sumSq + v.sumSq }), { n: 0, sum: 0, sumSq: 0 })
  if (c.n < RANK_ALERT_MIN_N || b.n < RANK_ALERT_MIN_N) return null
  const z = meanDifferenceZ(c, b)
  if (Math.abs(z) < ALERT_Z) return null
  const mean = (s: { n: number; sum: number }) => Math.round((s.sum / s.n) * 100) / 100
  const current: Rate = { value: mean(c), x: c.sum, n: c.n, interval: null }
  const baseline: Rate = { value: mean(b), x: b.sum, n: b.n, interval: null }
  return {
    analysisId: run.analysisId,
    date: run.date,
    brand: run.ownBrand,
    metric: 'rank',
    direction: z > 0 ? 'up' : 'down',
    current,
    baseline,
    z: Math.round(z * 100) / 100,
    baselineRuns: base.length,
    message: `Average rank of ${run.ownBrand} ${z > 0 ? 'worsened' : 'improved'} to ${current.value} (n=${c.n} ranked answers) from ${baseline.value} (n=${b.n}) over the previous ${base.length} runs`,
  }
}

function counts(p: TrendPoint, metric: AlertMetric): { x: number; n: number } {
  const b = p.brands[p.ownBrand]
  if (!b) return { x: 0, n: 0 }
  return metric === 'share' ? { x: b.rawMentions, n: p.rawMentionsTotal } : { x: b.rankedAnswers, n: p.answered }
}

/**
 * Tests one run (the last point) against the pooled previous runs (up to 7): the own brand's mention share and
 * visibility, each with a two-proportion z-test at |z| >= ALERT_Z, and its average rank (over the answers that rank
 * it) with a two-sample z-test of means at the same threshold. Needs at least 3 earlier runs; the rank test needs
 * RANK_ALERT_MIN_N ranked answers on each side and points that carry rank sums (older stored points do not).
 */
export function alertsForRun(run: TrendPoint, previous: TrendPoint[]): TrendAlert[] {
  const base = previous.slice(-ALERT_BASELINE_RUNS)
  if (base.length < 3 || !run.ownBrand) return []
  const out: TrendAlert[] = []
  for (const metric of ['share', 'visibility'] as const) {
    const c = counts(run, metric)
    const b = base.map((p) => counts(p, metric)).reduce((s, v) => ({ x: s.x + v.x, n: s.n + v.n }), { x: 0, n: 0 })
    const z = twoProportionZ(c.x, c.n, b.x, b.n)
    if (Math.abs(z) < ALERT_Z) continue
    const current = rate(c.x, c.n)
    const baseline = rate(b.x, b.n)
    const direction = z > 0 ? 'up' : 'down'
    out.push({
      analysisId: run.analysisId,
      date: run.date,
      brand: run.ownBrand,
      metric,
      direction,
      current,
      baseline,
      z: Math.round(z * 100) / 100,
      baselineRuns: base.length,
      message: `${METRIC_LABEL[metric]} of ${run.ownBrand} ${direction === 'up' ? 'rose' : 'fell'} to ${current.value}% (n=${c.n}) from ${baseline.value}% (n=${b.n}) over the previous ${base.length} runs`,
    })
  }
  const rank = rankAlert(run, base)
  if (rank) out.push(rank)
  return out
}

/** Alerts of every run in date order, each against the runs before it. */
export function detectAlerts(points: TrendPoint[]): TrendAlert[] {
  const ordered = latestPerDate(points)
  return ordered.flatMap((p, i) => alertsForRun(p, ordered.slice(0, i)))
}
