/** Trends: one compact point per completed analysis, built once from its stored answers. */
import { ALL_MODEL_IDS, CARD_MODEL_IDS } from '../models'
import { combinedRank } from '../metrics/colours'

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
