/**
 * Did a content change move the own brand? Difference in differences of treated versus control queries, before
 * versus after the change, with a 95 % bootstrap interval. Pure, deterministic for a given seed.
 *
 * Method (README "Experiments"):
 * - The unit is one query on one day: its visibility (the share of the models answering it that rank the brand;
 *   for one model 0 or 100), the share of its answers that mention the brand and that cite a changed URL, and the
 *   brand's mean rank over the answers that rank it.
 * - Per query, each period (days before the change date; the change date and after) is the mean of its daily values;
 *   the query's difference is after minus before, so a query is compared only with itself (paired by query).
 * - Effect = mean difference of the treated queries minus mean difference of the control queries.
 * - Interval: percentile bootstrap (2.5 % and 97.5 %). Each replicate draws treated and control queries with
 *   replacement, and the before and after days with replacement; the drawn days are shared by every query, so a day
 *   that moved every query (a model update) stays common to both groups and cancels as it does in the estimate.
 */
import { mulberry32, percentile, type Random } from './random'

export const METRICS = ['visibility', 'mentionRate', 'averageRank', 'citationRate'] as const
export type Metric = (typeof METRICS)[number]

/** The answers of one model to one query on one day. */
export interface ExperimentCell {
  query: number
  date: string
  modelId: number
  answered: number
  /** Answers that rank the own brand (visibility). */
  ranked: number
  mentioned: number
  /** Answers citing one of the changed URLs. */
  cited: number
  /** Sum of the own brand's rank over the ranked answers. */
  rankSum: number
}

export interface Design {
  changeDate: string
  treated: readonly number[]
  control: readonly number[]
}

export interface Estimate {
  metric: Metric
  /** Percentage points for rates, rank places for the average rank (negative = better rank); 1 decimal. */
  effect: number | null
  low: number | null
  high: number | null
  n: { treatedQueries: number; controlQueries: number; daysBefore: number; daysAfter: number; answers: number }
}

export const BOOTSTRAP_REPLICATES = 1000
export const DEFAULT_SEED = 20260312

const round1 = (x: number) => Math.round(x * 10) / 10

/** A query's day over its models: the answer counts summed, and how many models answered and ranked the brand. */
export interface QueryDay extends Omit<ExperimentCell, 'modelId'> {
  models: number
  modelsRanking: number
}

/** The value of one metric for a query-day, or null when it has no basis (no answers; no ranked answer for a rank). */
export function cellValue(c: QueryDay, metric: Metric): number | null {
  if (c.answered <= 0) return null
  switch (metric) {
    case 'visibility': return (c.modelsRanking / c.models) * 100
    case 'mentionRate': return (c.mentioned / c.answered) * 100
    case 'citationRate': return (c.cited / c.answered) * 100
    case 'averageRank': return c.ranked > 0 ? c.rankSum / c.ranked : null
  }
}

/** Pools the models' cells of each query and day (of one model when modelId is given). */
export function queryDays(cells: readonly ExperimentCell[], modelId?: number): QueryDay[] {
  const out = new Map<string, QueryDay>()
  for (const c of cells) {
    if (c.answered <= 0 || (modelId !== undefined && c.modelId !== modelId)) continue
    const key = `${c.query}|${c.date}`
    let o = out.get(key)
    if (!o) out.set(key, (o = { query: c.query, date: c.date, answered: 0, ranked: 0, mentioned: 0, cited: 0, rankSum: 0, models: 0, modelsRanking: 0 }))
    o.answered += c.answered; o.ranked += c.ranked; o.mentioned += c.mentioned; o.cited += c.cited; o.rankSum += c.rankSum
    o.models++
    if (c.ranked > 0) o.modelsRanking++
  }
  return [...out.values()]
}

/** query -> day index -> value, with the sorted day lists of each period. */
interface Grid {
  before: string[]
  after: string[]
  values: Map<number, Map<string, number>>
}

function gridOf(cells: readonly QueryDay[], metric: Metric, changeDate: string): Grid {
  const values = new Map<number, Map<string, number>>()
  const days = new Set<string>()
  for (const c of cells) {
    const v = cellValue(c, metric)
    if (v === null) continue
    days.add(c.date)
    let q = values.get(c.query)
    if (!q) values.set(c.query, (q = new Map()))
    q.set(c.date, v)
  }
  const sorted = [...days].sort()
  return { before: sorted.filter((d) => d < changeDate), after: sorted.filter((d) => d >= changeDate), values }
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

/** A query's after-minus-before difference over the given (possibly repeated) days; null when a period has no value. */
function queryDifference(days: Map<string, number> | undefined, before: readonly string[], after: readonly string[]): number | null {
  if (!days) return null
  const pick = (ds: readonly string[]) => ds.map((d) => days.get(d)).filter((v): v is number => v !== undefined)
  const b = pick(before)
  const a = pick(after)
  return b.length && a.length ? mean(a) - mean(b) : null
}

function did(grid: Grid, treated: readonly number[], control: readonly number[], before: readonly string[], after: readonly string[]): number | null {
  const diffs = (qs: readonly number[]) => qs.map((q) => queryDifference(grid.values.get(q), before, after)).filter((d): d is number => d !== null)
  const t = diffs(treated)
  const c = diffs(control)
  return t.length && c.length ? mean(t) - mean(c) : null
}

const draw = <T>(xs: readonly T[], random: Random): T[] => xs.map(() => xs[Math.floor(random() * xs.length)])

/** The difference in differences of one metric with its bootstrap interval and n. */
export function estimate(cells: readonly QueryDay[], design: Design, metric: Metric, opts: { seed?: number; replicates?: number } = {}): Estimate {
  const grid = gridOf(cells, metric, design.changeDate)
  const has = (q: number) => queryDifference(grid.values.get(q), grid.before, grid.after) !== null
  const treated = design.treated.filter(has)
  const control = design.control.filter(has)
  const counted = new Set([...treated, ...control])
  const answers = cells.reduce((s, c) => s + (counted.has(c.query) ? c.answered : 0), 0)
  const n = { treatedQueries: treated.length, controlQueries: control.length, daysBefore: grid.before.length, daysAfter: grid.after.length, answers }
  const effect = did(grid, treated, control, grid.before, grid.after)
  if (effect === null) return { metric, effect: null, low: null, high: null, n }
  const random = mulberry32(opts.seed ?? DEFAULT_SEED)
  const replicates: number[] = []
  for (let i = 0; i < (opts.replicates ?? BOOTSTRAP_REPLICATES); i++) {
    const r = did(grid, draw(treated, random), draw(control, random), draw(grid.before, random), draw(grid.after, random))
    if (r !== null) replicates.push(r)
  }
  replicates.sort((a, b) => a - b)
  return { metric, effect: round1(effect), low: round1(percentile(replicates, 0.025)), high: round1(percentile(replicates, 0.975)), n }
}

/** Every metric, over all models or one. */
export function estimateAll(cells: readonly ExperimentCell[], design: Design, opts: { seed?: number; replicates?: number; modelId?: number } = {}): Estimate[] {
  const days = queryDays(cells, opts.modelId)
  return METRICS.map((m) => estimate(days, design, m, opts))
}

const fmt = (x: number) => x.toFixed(1)

/**
 * The plain verdict on visibility: "no detectable effect yet" while the interval holds 0 (or there is none);
 * otherwise "visibility up x points (interval a–b)", and "visibility down x points (interval a–b)" with the
 * size of the fall and its interval as positive points.
 */
export function verdict(e: Pick<Estimate, 'effect' | 'low' | 'high'>, label = 'visibility'): string {
  if (e.effect === null || e.low === null || e.high === null || (e.low <= 0 && e.high >= 0)) return 'no detectable effect yet'
  if (e.low > 0) return `${label} up ${fmt(e.effect)} points (interval ${fmt(e.low)}–${fmt(e.high)})`
  return `${label} down ${fmt(-e.effect)} points (interval ${fmt(-e.high)}–${fmt(-e.low)})`
}

/** Treated and control means per day (the chart): the mean over each group's queries of the day's value. */
export function dailySeries(cells: readonly ExperimentCell[], design: Pick<Design, 'treated' | 'control'>, metric: Metric = 'visibility') {
  // Every day on the 'before' side of a change date no day reaches: the chart wants them all.
  const grid = gridOf(queryDays(cells), metric, '9999-12-31')
  const group = (qs: readonly number[], d: string) => {
    const vs = qs.map((q) => grid.values.get(q)?.get(d)).filter((v): v is number => v !== undefined)
    return vs.length ? round1(mean(vs)) : null
  }
  return grid.before.map((date) => ({ date, treated: group(design.treated, date), control: group(design.control, date) }))
}
