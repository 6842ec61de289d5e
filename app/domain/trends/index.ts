/**
 * Trends over daily analyses ('Trends & Historical Data'). Pure: the server builds one
 * compact TrendPoint per completed analysis from its stored answers (once, then reads the stored point),
 * and the page's series, tables, intervals and alerts are all computed here from those points.
 *
 * Decisions where the spec is silent:
 * - The brand totals count the six card models (a series stays comparable whether or not the engines ran); an answer
 *   counts when ok and not blank (as on the results screens). Every model the analyses hold, the engines included,
 *   also has its own series (`models`, per day and for the selected query), with its catalogue name and colour.
 * - Per-model rates count answers: mention rate x = answers naming the brand, n = the model's answers with text. An
 *   absent AI Overview (the engine showed none for the query) is a result counted in `absent` and presence, never in n.
 * - Mentions per brand and day = the results screens' total: per model and query the mean over the
 *   answered samples, summed.
 * - Rates and their intervals use raw counts over every sample (so value and band agree): mention
 *   share x = the brand's mention occurrences, n = all brands' occurrences; rank rate x = answers that
 *   rank the brand, n = answered answers. With one sample per query the share equals the results screens'.
 * - Rank rate on the Trends page = share of answered answers (all models, queries, samples) that rank
 *   the brand: the spec's "rank above 0" rule per answer, so it has an n and an interval. It is not the
 *   results screens' Visibility % (share of the six models), so it has a name of its own.
 * - Rank = the combined rank (mean of the models' average ranks, 1 decimal); per query the combined
 *   rank of that query. Lower is better; null when unranked.
 * - Daily percent change = (today - previous day) / previous day x 100, 1 decimal; none when the
 *   previous day had 0 mentions or there is no previous day.
 * - Topic trend: a brand's mentions of the day x (queries in the topic / all queries of that day).
 * - Several completed analyses on one date: the latest one counts.
 */
import { z } from 'zod'
import { ALL_MODEL_IDS, CARD_MODEL_IDS, modelById } from '../models'
import { combinedRank, round1 } from '../metrics/colours'
import { text } from '../validation'
import { wilson, type Interval } from '../metrics/intervals'

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

// ------------------------------------------------------------------ one point per analysis

export interface TrendAnswer {
  modelId: number
  queryIndex: number
  sample: number
  ok: boolean
  text?: string
  /** The engine showed no AI answer (an absent AI Overview): a result, in no rate's n. */
  absent?: boolean
  mentions: Record<string, number>
  rankings: Record<string, number>
}

/** One model's figures of a day, over its answers with text (an absent AI Overview is in `absent`, not in `answered`). */
export interface TrendModelPoint {
  answered: number
  absent: number
  /** Per brand: answers mentioning it, answers ranking it, its combined rank over the queries (null when unranked). */
  brands: Record<string, { mentioned: number; rankedAnswers: number; rank: number | null }>
}

/** One model's answers to one query on a day: answered, absent, and per brand the answers mentioning it (0 left out). */
export interface TrendQueryModelPoint {
  answered: number
  absent: number
  mentioned: Record<string, number>
}

export interface TrendBrandPoint {
  mentions: number
  rawMentions: number
  rankedAnswers: number
  rank: number | null
  /** Sum and sum of squares of the brand's rank over the `rankedAnswers` answers ranking it: the rank alert's mean and variance. */
  rankSum?: number
  rankSumSq?: number
}

export interface TrendPoint {
  analysisId: number
  date: string
  answered: number
  mentionsTotal: number
  rawMentionsTotal: number
  queries: { index: number; query: string; topic: string | null }[]
  brands: Record<string, TrendBrandPoint>
  ownBrand: string
  /**
   * Combined rank per query index, then per brand (ranked only). Kept apart from the brands so the page's read
   * can leave it out and fetch the one query it shows.
   */
  queryRanks: Record<string, Record<string, number>>
  /** Per model id: every model the analysis holds (the engines included), each on its own. */
  models?: Record<string, TrendModelPoint>
  /** Per query index, then per model id. Kept apart like queryRanks: the page reads the one query it shows. */
  queryModels?: Record<string, Record<string, TrendQueryModelPoint>>
}

const isRank = (r: unknown): r is number => typeof r === 'number' && r > 0

export function trendPointOf(input: {
  analysisId: number
  date: string
  queries: { index: number; query: string; topic?: string | null }[]
  brands: { name: string; isOwn: boolean }[]
  answers: TrendAnswer[]
  /**
   * The models of the brand totals: the six card models, so the all-models series stays comparable whether or not
   * the engines ran that day. Every model is in the per-model series.
   */
  models?: readonly number[]
  /** The models the analysis holds (its model_ids); each gets a per-model series even when none of its answers came back. */
  held?: readonly number[]
}): TrendPoint {
  const models: readonly number[] = input.models ?? CARD_MODEL_IDS
  const hasText = (a: TrendAnswer) => a.ok && !a.absent && (a.text === undefined || a.text.trim() !== '')
  const answered = input.answers.filter((a) => hasText(a) && models.includes(a.modelId))
  // model -> query -> the answered samples
  const cells = new Map<string, TrendAnswer[]>()
  for (const a of answered) {
    const key = `${a.modelId}:${a.queryIndex}`
    const list = cells.get(key)
    if (list) list.push(a)
    else cells.set(key, [a])
  }
  const brands: Record<string, TrendBrandPoint> = {}
  const queryRanks: Record<string, Record<string, number>> = {}
  let mentionsTotal = 0
  let rawMentionsTotal = 0
  for (const b of input.brands) {
    let mentions = 0
    let rawMentions = 0
    let rankedAnswers = 0
    let rankSum = 0
    let rankSumSq = 0
    const modelQueryRanks = new Map<number, number[]>()
    const queryModelRanks = new Map<number, number[]>()
    for (const samples of cells.values()) {
      const { modelId, queryIndex } = samples[0]
      let sum = 0
      const ranks: number[] = []
      for (const s of samples) {
        const m = Number(s.mentions?.[b.name] ?? 0) || 0
        sum += m
        rawMentions += m
        const r = s.rankings?.[b.name]
        if (isRank(r)) {
          rankedAnswers++
          rankSum += r
          rankSumSq += r * r
          ranks.push(r)
        }
      }
      mentions += sum / samples.length
      const qr = combinedRank(ranks)
      if (qr !== null) {
        modelQueryRanks.set(modelId, [...(modelQueryRanks.get(modelId) ?? []), qr])
        queryModelRanks.set(queryIndex, [...(queryModelRanks.get(queryIndex) ?? []), qr])
      }
    }
    const modelRanks = [...modelQueryRanks.values()].map((rs) => combinedRank(rs))
    for (const [q, rs] of queryModelRanks) (queryRanks[q] ??= {})[b.name] = combinedRank(rs)!
    brands[b.name] = { mentions, rawMentions, rankedAnswers, rank: combinedRank(modelRanks), rankSum, rankSumSq }
    mentionsTotal += mentions
    rawMentionsTotal += rawMentions
  }
  const { models: perModel, queryModels } = modelSeriesOf(input.answers, input.brands, input.held ?? [])
  return {
    analysisId: input.analysisId,
    date: input.date,
    answered: answered.length,
    mentionsTotal,
    rawMentionsTotal,
    queries: input.queries.map((q) => ({ index: q.index, query: q.query, topic: q.topic ?? null })),
    brands,
    ownBrand: input.brands.find((b) => b.isOwn)?.name ?? '',
    queryRanks,
    models: perModel,
    queryModels,
  }
}

/**
 * Per model (catalogue models only, every one the analysis holds or answered for): answers with text, absent answers,
 * and per brand the answers mentioning and ranking it. An absent answer (no AI Overview shown) is counted as absent
 * and enters no brand's denominator: it is not a "not mentioned".
 */
function modelSeriesOf(answers: TrendAnswer[], brands: { name: string }[], held: readonly number[]) {
  const ids = ALL_MODEL_IDS.filter((id) => held.includes(id) || answers.some((a) => a.modelId === id))
  const models: Record<string, TrendModelPoint> = {}
  const queryModels: Record<string, Record<string, TrendQueryModelPoint>> = {}
  for (const id of ids) {
    const mine = answers.filter((a) => a.modelId === id)
    const withText = mine.filter((a) => a.ok && !a.absent && (a.text === undefined || a.text.trim() !== ''))
    const absent = mine.filter((a) => a.ok && a.absent)
    const point: TrendModelPoint = { answered: withText.length, absent: absent.length, brands: {} }
    for (const b of brands) {
      const perQuery = new Map<number, number[]>()
      let mentioned = 0
      let rankedAnswers = 0
      for (const a of withText) {
        if ((Number(a.mentions?.[b.name] ?? 0) || 0) > 0) mentioned++
        const r = a.rankings?.[b.name]
        if (isRank(r)) {
          rankedAnswers++
          perQuery.set(a.queryIndex, [...(perQuery.get(a.queryIndex) ?? []), r])
        }
      }
      point.brands[b.name] = { mentioned, rankedAnswers, rank: combinedRank([...perQuery.values()].map((rs) => combinedRank(rs))) }
    }
    models[id] = point
    for (const q of new Set(mine.map((a) => a.queryIndex))) {
      const qa = withText.filter((a) => a.queryIndex === q)
      const mentioned: Record<string, number> = {}
      for (const b of brands) {
        const m = qa.filter((a) => (Number(a.mentions?.[b.name] ?? 0) || 0) > 0).length
        if (m > 0) mentioned[b.name] = m
      }
      ;(queryModels[q] ??= {})[id] = { answered: qa.length, absent: absent.filter((a) => a.queryIndex === q).length, mentioned }
    }
  }
  return { models, queryModels }
}

// ------------------------------------------------------------------ the page's view

export interface Rate {
  /** Percent, 1 decimal. */
  value: number
  x: number
  n: number
  interval: Interval | null
}

export interface TrendBrand {
  name: string
  isOwn: boolean
  totalMentions: number
  colour: string
}

export interface TrendCell {
  mentions: number
  change: number | null
  share: Rate
  /** Answers that rank the brand / answered answers. */
  rankRate: Rate
  /** @deprecated the same figure as rankRate under its old name, still sent by the API's /trends. */
  visibility: Rate
  rank: number | null
}

export interface TrendDay {
  date: string
  analysisId: number
  answered: number
  brands: Record<string, TrendCell>
  /** Per model id: that model's own series of the model brand (every model the day's analysis holds, the engines included). */
  models: Record<string, TrendModelCell>
}

/** A model with a series: its catalogue id, filter key, name and colour (the chart's legend reads them from here). */
export interface TrendModel {
  id: number
  filter: string
  name: string
  colour: string
  isEngine: boolean
}

export interface TrendModelBrandCell {
  /** Answers mentioning the brand / the model's answers with an answer (absent AI Overviews are in no n). */
  mentionRate: Rate
  /** Answers ranking the brand / the same n. */
  rankRate: Rate
  /** Combined rank over the queries (mean of the per-query average ranks); null when unranked. */
  rank: number | null
}

export interface TrendModelCell {
  /** Answers with text: the n of the brand rates. */
  answered: number
  /** Answers where the engine showed no AI answer (an absent AI Overview). */
  absent: number
  /** Engines: answers with an AI answer / answers that came back (answered + absent). Null for the developer APIs. */
  presence: Rate | null
  /** The model brand's cell only (one brand keeps a year of daily points small). */
  brands: Record<string, TrendModelBrandCell>
}

/** One model's rates on the selected query: answers mentioning each brand / answers with an answer (absent days left out). */
export interface TrendQueryModelCell {
  answered: number
  absent: number
  brands: Record<string, Rate>
}

export interface TrendsView {
  brands: TrendBrand[]
  defaultBrands: string[]
  days: TrendDay[]
  /** Per brand: total mentions over the days shown. */
  totals: Record<string, number>
  queries: { key: string; query: string; label: string }[]
  query: string | null
  /** Per day, per brand: the combined rank of the selected query (null when unranked or not asked that day). */
  queryRanks: { date: string; ranks: Record<string, number | null> }[]
  topics: string[]
  topicBrand: string | null
  /** Per day, per topic: the selected brand's scaled mentions, 1 decimal. */
  topicTrend: { date: string; values: Record<string, number> }[]
  alerts: TrendAlert[]
  /** Every catalogue model any day's analysis holds, in catalogue order. */
  models: TrendModel[]
  /** The brand of the per-model series (days[].models, queryModels): the one asked for, else the own brand. */
  modelBrand: string | null
  /** Per day, per model id: the model brand's mention rate on the selected query (a day where the model showed no answer is in no n). */
  queryModels: { date: string; models: Record<string, TrendQueryModelCell> }[]
  /** Per model id: the selected query's mention rates of every brand over all the days shown, and the absent answers left out of n. */
  queryModelTotals: Record<string, TrendQueryModelCell>
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

function rate(x: number, n: number): Rate {
  return { value: n > 0 ? round1((x / n) * 100) : 0, x, n, interval: wilson(x, n) }
}

/** The models of the days' per-model series, in catalogue order, with their catalogue name and colour. */
export function trendModels(points: TrendPoint[]): TrendModel[] {
  const held = new Set(points.flatMap((p) => Object.keys(p.models ?? {}).map(Number)))
  return ALL_MODEL_IDS.filter((id) => held.has(id)).map((id) => {
    const m = modelById(id)!
    return { id, filter: m.filter, name: m.name, colour: m.colour, isEngine: m.engine !== undefined }
  })
}

function modelCell(p: TrendModelPoint, brands: TrendBrand[], isEngine: boolean): TrendModelCell {
  const cells: Record<string, TrendModelBrandCell> = {}
  for (const b of brands) {
    const bp = p.brands[b.name]
    if (!bp) continue
    cells[b.name] = { mentionRate: rate(bp.mentioned, p.answered), rankRate: rate(bp.rankedAnswers, p.answered), rank: bp.rank }
  }
  return { answered: p.answered, absent: p.absent, presence: isEngine ? rate(p.answered, p.answered + p.absent) : null, brands: cells }
}

function queryModelCell(q: TrendQueryModelPoint, brands: TrendBrand[]): TrendQueryModelCell {
  return { answered: q.answered, absent: q.absent, brands: Object.fromEntries(brands.map((b) => [b.name, rate(q.mentioned[b.name] ?? 0, q.answered)])) }
}

/** Brands by total mentions over all days (own brand first on ties), with their trend colours. */
export function trendBrands(points: TrendPoint[]): TrendBrand[] {
  const totals = new Map<string, { total: number; isOwn: boolean; order: number }>()
  let order = 0
  for (const p of points) {
    for (const [name, b] of Object.entries(p.brands)) {
      const t = totals.get(name) ?? { total: 0, isOwn: false, order: order++ }
      t.total += b.mentions
      if (name === p.ownBrand) t.isOwn = true
      totals.set(name, t)
    }
  }
  const list = [...totals.entries()].sort((a, b) => b[1].total - a[1].total || Number(b[1].isOwn) - Number(a[1].isOwn) || a[1].order - b[1].order)
  let c = 0
  return list.map(([name, t]) => ({ name, isOwn: t.isOwn, totalMentions: round1(t.total), colour: t.isOwn ? OWN_TREND_COLOUR : TREND_PALETTE[c++ % TREND_PALETTE.length] }))
}

/** Topic names of a day with their query counts, in first-seen order. */
export function topicShares(queries: TrendPoint['queries']): { topic: string; queries: number; share: number }[] {
  const counts = new Map<string, number>()
  for (const q of queries) if (q.topic) counts.set(q.topic, (counts.get(q.topic) ?? 0) + 1)
  return [...counts.entries()].map(([topic, n]) => ({ topic, queries: n, share: queries.length ? n / queries.length : 0 }))
}

/** Brand mentions scaled by the topic's share of the day's queries, 1 decimal. */
export function topicScaledMentions(brandMentions: number, topicQueries: number, allQueries: number): number {
  return allQueries > 0 ? round1((brandMentions * topicQueries) / allQueries) : 0
}

/** Queries by text (a project's queries may change between days), the latest day's order first. */
export function trendQueries(points: TrendPoint[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (let i = points.length - 1; i >= 0; i--)
    for (const q of points[i].queries)
      if (!seen.has(q.query)) {
        seen.add(q.query)
        out.push(q.query)
      }
  return out
}

/** The query the Query Ranking chart shows: the one asked for if any day has it, else the first of trendQueries. */
export function chooseQuery(all: TrendPoint[], wanted?: string | null): string | null {
  const texts = trendQueries(latestPerDate(all))
  return wanted && texts.includes(wanted) ? wanted : (texts[0] ?? null)
}

/** The brand of the per-model series: the one asked for if a day has it, else the own brand (else the first brand). */
export function chooseModelBrand(all: TrendPoint[], wanted?: string | null): string | null {
  return pickBrand(trendBrands(latestPerDate(all)), wanted)
}

function pickBrand(brands: TrendBrand[], wanted?: string | null): string | null {
  const ownBrand = brands.find((b) => b.isOwn)?.name ?? brands[0]?.name ?? null
  return wanted && brands.some((b) => b.name === wanted) ? wanted : ownBrand
}

export function buildTrends(all: TrendPoint[], opts: { query?: string | null; topicBrand?: string | null; modelBrand?: string | null } = {}): TrendsView {
  const points = latestPerDate(all)
  const brands = trendBrands(points)
  const models = trendModels(points)
  const ownBrand = brands.find((b) => b.isOwn)?.name ?? brands[0]?.name ?? null
  const modelBrand = pickBrand(brands, opts.modelBrand)
  const modelBrands = brands.filter((b) => b.name === modelBrand)
  const days: TrendDay[] = []
  const totals: Record<string, number> = Object.fromEntries(brands.map((b) => [b.name, 0]))
  for (const [i, p] of points.entries()) {
    const prev = i > 0 ? points[i - 1] : null
    const cells: Record<string, TrendCell> = {}
    for (const b of brands) {
      const bp = p.brands[b.name]
      if (!bp) continue
      const mentions = round1(bp.mentions)
      const before = prev?.brands[b.name]
      const rankRate = rate(bp.rankedAnswers, p.answered)
      cells[b.name] = {
        mentions,
        change: before ? percentChange(round1(before.mentions), mentions) : null,
        share: rate(bp.rawMentions, p.rawMentionsTotal),
        rankRate,
        visibility: rankRate,
        rank: bp.rank,
      }
      totals[b.name] = round1(totals[b.name] + bp.mentions)
    }
    const modelCells: Record<string, TrendModelCell> = {}
    for (const m of models) {
      const mp = p.models?.[m.id]
      if (mp) modelCells[m.id] = modelCell(mp, modelBrands, m.isEngine)
    }
    days.push({ date: p.date, analysisId: p.analysisId, answered: p.answered, brands: cells, models: modelCells })
  }

  const queryTexts = trendQueries(points)
  const query = chooseQuery(points, opts.query)
  const queryRanks = points.map((p) => {
    const q = p.queries.find((x) => x.query === query)
    const stored = q ? p.queryRanks?.[q.index] : undefined
    const ranks: Record<string, number | null> = {}
    for (const b of brands) ranks[b.name] = stored && p.brands[b.name] ? (stored[b.name] ?? null) : null
    return { date: p.date, ranks }
  })

  // The selected query, per model: each day's counts, and their sums over the days (a day where the model showed
  // no answer for it adds to `absent` and to no brand's n).
  const sums = new Map<string, TrendQueryModelPoint>()
  const queryModels = points.map((p) => {
    const q = p.queries.find((x) => x.query === query)
    const stored = q ? p.queryModels?.[q.index] : undefined
    const cells: Record<string, TrendQueryModelCell> = {}
    for (const m of models) {
      const c = stored?.[m.id]
      if (!c) continue
      cells[m.id] = queryModelCell(c, modelBrands)
      const s = sums.get(String(m.id)) ?? { answered: 0, absent: 0, mentioned: {} }
      s.answered += c.answered
      s.absent += c.absent
      for (const [b, n] of Object.entries(c.mentioned)) s.mentioned[b] = (s.mentioned[b] ?? 0) + n
      sums.set(String(m.id), s)
    }
    return { date: p.date, models: cells }
  })
  const queryModelTotals = Object.fromEntries([...sums].map(([id, s]) => [id, queryModelCell(s, brands)]))

  const topics: string[] = []
  for (const p of points) for (const t of topicShares(p.queries)) if (!topics.includes(t.topic)) topics.push(t.topic)
  const topicBrand = opts.topicBrand && brands.some((b) => b.name === opts.topicBrand) ? opts.topicBrand : ownBrand
  const topicTrend = points.map((p) => {
    const values: Record<string, number> = {}
    const m = topicBrand ? (p.brands[topicBrand]?.mentions ?? 0) : 0
    for (const t of topicShares(p.queries)) values[t.topic] = topicScaledMentions(m, t.queries, p.queries.length)
    return { date: p.date, values }
  })

  return {
    brands,
    defaultBrands: brands.slice(0, DEFAULT_TREND_BRANDS).map((b) => b.name),
    days,
    totals,
    queries: queryTexts.map((q) => ({ key: q, query: q, label: truncateQueryLabel(q) })),
    query,
    queryRanks,
    topics,
    topicBrand,
    topicTrend,
    alerts: detectAlerts(points),
    models,
    modelBrand,
    queryModels,
    queryModelTotals,
  }
}

// ------------------------------------------------------------------ alerts

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

// ------------------------------------------------------------------ daily schedule

/** Trends is locked in Light Mode. */
export const LIGHT_MODE_LOCKED = 'Not available in Light Mode'

export interface ScheduledRun {
  workflowId: string
  outcome: 'started' | 'skipped'
  reason: string | null
  analysisId: number | null
  at: string
}

export interface DailyScheduleState {
  scheduleId: string
  exists: boolean
  paused: boolean
  note: string | null
  hour: number | null
  timeZone: string | null
  nextRunAt: string | null
  /** Runs Temporal skipped because the previous one was still going. */
  skippedOverlap: number
  running: boolean
  actionsTaken: number
  recentRuns: ScheduledRun[]
}

/** An IANA time zone the runtime knows (Europe/London, America/New_York, UTC). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz })
    return tz.length <= 64
  } catch {
    return false
  }
}

const HOUR_MESSAGE = 'Hour must be a whole number from 0 to 23'

/** POST /api/projects/{id}/daily-schedule body: {action: enable, hour, timeZone} or {action: pause|resume|delete|trigger}. */
export const scheduleChangeSchema = z
  .object({
    action: z.enum(['enable', 'pause', 'resume', 'delete', 'trigger'], { error: 'Action must be one of enable, pause, resume, delete, trigger' }),
    hour: z.coerce.number({ error: HOUR_MESSAGE }).int(HOUR_MESSAGE).min(0, HOUR_MESSAGE).max(23, HOUR_MESSAGE).optional(),
    timeZone: text('Time zone', 64).refine((tz) => tz === '' || isTimeZone(tz), 'Unknown time zone').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'enable') return
    if (v.hour === undefined) ctx.addIssue({ code: 'custom', path: ['hour'], message: HOUR_MESSAGE })
    if (!v.timeZone) ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'Time zone is required' })
  })
  .transform((v) => (v.action === 'enable' ? { action: 'enable' as const, hour: v.hour!, timeZone: v.timeZone! } : { action: v.action }))

export type ScheduleChange = z.infer<typeof scheduleChangeSchema>
