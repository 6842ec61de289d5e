/** Trends: the page's series, tables and intervals, computed from the points. */
import { ALL_MODEL_IDS, modelById } from '../models'
import { round1 } from '../metrics/colours'
import { DEFAULT_TREND_BRANDS, latestPerDate, OWN_TREND_COLOUR, percentChange, rate, TREND_PALETTE, truncateQueryLabel, type Rate } from './common'
import { type TrendModelPoint, type TrendQueryModelPoint, type TrendPoint } from './points'
import { type TrendAlert, detectAlerts } from './alerts'

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
