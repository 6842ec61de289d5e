/**
 * Pure builders from the metrics module's AnalysisMetrics to the per-tab view data.
 * No I/O: the loader feeds them stored or re-aggregated metrics, the unit tests feed
 * them aggregateAnalysis output of a hand-built set.
 *
 * Decisions where the spec is silent:
 * - Mention counts in tables are the sum over the models shown (with one sample per
 *   query these are plain occurrence counts), the same total as the Total Mentions tile;
 *   shares do not depend on sum versus average.
 * - Counts and shares are rounded to 1 decimal here, once, so tables, charts and
 *   spreadsheet exports show identical numbers.
 * - Brand Rank lists the own brand first, then competitors by combined rank (best first,
 *   unranked last); Share of Model rows are ranked by combined share, own brand included.
 */
import type { AnalysisMetrics, BrandMetrics } from '~/domain/metrics/metric-shapes'
import type { GroupMetrics } from '~/domain/metrics/aggregate'
import { round1 } from '~/domain/metrics/colours'
import { rankSpread, rateCi, type RateCi } from '~/domain/metrics/intervals'
import { CARD_MODEL_IDS, modelColumns } from '~/domain/models'
import type {
  BrandRankData, BrandRef, GroupData, MentionsData, OverviewData, Polarity, QueryRankData, SentimentData,
  SentimentDetailData, ShareData, Statement,
} from './types'

/** Visibility % is the share of the six card models. */
const MODEL_COLUMNS: number[] = [...CARD_MODEL_IDS]

/** The columns a table shows: the six, then the engines the metrics hold. */
const columnsOf = (m: AnalysisMetrics): number[] => modelColumns(m.modelIds ?? [])

function answered(m: AnalysisMetrics): Set<number> {
  return new Set((m.answeredModelIds ?? []).map(Number))
}

function refs(m: AnalysisMetrics): BrandRef[] {
  return m.brands.map((b) => ({ name: b.name, isOwn: b.isOwn }))
}

function ownFirst<T extends { isOwn: boolean }>(rows: T[], compare: (a: T, b: T) => number): T[] {
  return [...rows.filter((r) => r.isOwn), ...rows.filter((r) => !r.isOwn).sort(compare)]
}

/** The language name when the analysis's sentiment was not measured, else null. */
function sentimentUnavailable(m: AnalysisMetrics): string | null {
  return m.sentimentLanguage?.available === false ? m.sentimentLanguage.name : null
}

const byRank = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity)

// Evidence: every rate with its n and 95 % Wilson interval. Shares count raw mention
// occurrences over every sample (x: the brand's, n: all tracked brands'), so with one sample per query
// x / n is exactly the share shown; visibility counts the six card models; positive share counts sentences.

/** The brand's mentions of all brands' mentions, for one model or (no model) every model shown. */
function shareCi(m: AnalysisMetrics, b: BrandMetrics, modelId?: number): RateCi {
  if (modelId === undefined) return rateCi(b.mentions.rawTotal ?? 0, m.totals.rawMentionsTotal ?? 0)
  const n = m.brands.reduce((sum, x) => sum + (x.mentions.rawByModel?.[modelId] ?? 0), 0)
  return rateCi(b.mentions.rawByModel?.[modelId] ?? 0, n)
}

/** Models of the six that ranked the brand (visibility). */
function visibilityCi(rankByModel: Record<number, number | null | undefined>): RateCi {
  const ranked = MODEL_COLUMNS.filter((id) => typeof rankByModel[id] === 'number' && rankByModel[id]! > 0).length
  return rateCi(ranked, MODEL_COLUMNS.length)
}

/** Positive sentences of the sentences naming the brand. */
function positiveCi(b: BrandMetrics): RateCi {
  const c = b.sentiment.counts
  return c ? rateCi(c.positive, c.positive + c.neutral + c.negative) : rateCi(0, 0)
}

/** The brand to show in a brand selector: the requested one when it exists, else the own brand. */
export function pickBrand(m: AnalysisMetrics, requested: string | null | undefined): string | null {
  if (requested && m.brands.some((b) => b.name === requested)) return requested
  return m.brands.find((b) => b.isOwn)?.name ?? m.brands[0]?.name ?? null
}

export function overviewView(m: AnalysisMetrics): OverviewData {
  const brands = ownFirst(
    m.brands.map((b) => ({
      name: b.name,
      isOwn: b.isOwn,
      mentions: round1(b.mentions.total),
      share: round1(b.share.combined),
      rank: b.rank.combined,
      sentiment: { positive: b.sentiment.positive, neutral: b.sentiment.neutral, negative: b.sentiment.negative, mentions: b.sentiment.mentions },
    })),
    (a, b) => b.mentions - a.mentions,
  )
  const own = brands.find((b) => b.isOwn)
  const ownRankPosition = own && own.rank !== null ? brands.filter((b) => b.rank !== null && b.rank < own.rank!).length + 1 : null
  return {
    tab: 'overview',
    brands,
    summary: {
      totalMentions: round1(m.summary.totalMentions),
      brandsWithMentions: m.summary.brandsWithMentions,
      averageRank: m.summary.averageRank,
      brandsRanked: m.summary.brandsRanked,
    },
    ownRankPosition,
    hasAnswers: answered(m).size > 0,
    sentimentUnavailable: sentimentUnavailable(m),
    evidence: Object.fromEntries(m.brands.map((b) => [b.name, { share: shareCi(m, b), positive: positiveCi(b), rank: b.rank.spread ?? null }])),
  }
}

export function shareView(m: AnalysisMetrics): ShareData {
  const ok = answered(m)
  const rows = m.brands
    .map((b) => ({
      name: b.name,
      isOwn: b.isOwn,
      byModel: Object.fromEntries(columnsOf(m).map((id) => [id, ok.has(id) ? round1(b.share.byModel[id] ?? 0) : null])),
      combined: round1(b.share.combined),
      ciByModel: Object.fromEntries(columnsOf(m).map((id) => [id, ok.has(id) ? shareCi(m, b, id) : null])),
      ci: shareCi(m, b),
    }))
    .sort((a, b) => b.combined - a.combined)
  return { tab: 'share-of-model', modelIds: columnsOf(m), rows, hasData: m.totals.mentionsTotal > 0 }
}

export function brandRankView(m: AnalysisMetrics, filtered: boolean): BrandRankData {
  const rows = ownFirst(
    m.brands.map((b) => ({
      name: b.name,
      isOwn: b.isOwn,
      byModel: Object.fromEntries(columnsOf(m).map((id) => [id, b.rank.byModel[id] ?? null])),
      combined: b.rank.combined,
      visibility: b.visibility,
      ...(b.rank.spreadByModel ? { spreadByModel: Object.fromEntries(columnsOf(m).map((id) => [id, b.rank.spreadByModel?.[id] ?? null])), spread: b.rank.spread ?? null } : {}),
      visibilityCi: visibilityCi(b.rank.byModel),
    })),
    (a, b) => byRank(a.combined, b.combined),
  )
  return { tab: 'brand-rank', modelIds: columnsOf(m), rows, queryCounts: m.queryCounts, filtered, hasAnswers: answered(m).size > 0 }
}

export function queryRankView(m: AnalysisMetrics, requestedBrand: string | null, queryCount: number): QueryRankData {
  const brand = pickBrand(m, requestedBrand)
  const rows = brand
    ? m.queries.map((q) => {
        const qb = q.brands[brand]
        return {
          queryIndex: q.queryIndex,
          query: q.query,
          topic: q.topic,
          byModel: Object.fromEntries(columnsOf(m).map((id) => [id, qb?.rankByModel[id] ?? null])),
          combined: qb?.combinedRank ?? null,
          visibility: qb?.visibility ?? 0,
          spread: rankSpread(columnsOf(m).map((id) => qb?.rankByModel[id] ?? 0)),
          visibilityCi: visibilityCi(qb?.rankByModel ?? {}),
        }
      })
    : []
  return { tab: 'ranking-detail', modelIds: columnsOf(m), brands: refs(m), brand, rows, queryCount, hasAnswers: answered(m).size > 0 }
}

export function mentionsView(m: AnalysisMetrics): MentionsData {
  const brands = ownFirst(
    m.brands.map((b) => ({ name: b.name, isOwn: b.isOwn, total: round1(b.mentions.total) })),
    (a, b) => b.total - a.total,
  )
  const grandTotal = round1(m.totals.mentionsTotal)
  const exact = new Map(m.brands.map((b) => [b.name, b.mentions.total]))
  return {
    tab: 'mentions',
    brands,
    rows: m.queries.map((q) => ({
      queryIndex: q.queryIndex,
      query: q.query,
      counts: brands.map((b) => round1(q.brands[b.name]?.mentionsTotal ?? 0)),
      total: round1(q.totalMentions),
    })),
    percents: brands.map((b) => (m.totals.mentionsTotal > 0 ? round1(((exact.get(b.name) ?? 0) / m.totals.mentionsTotal) * 100) : 0)),
    percentsCi: brands.map((b) => shareCi(m, m.byBrand[b.name])),
    grandTotal,
    hasAnswers: answered(m).size > 0,
  }
}

function sentimentRow(b: BrandMetrics) {
  const s = b.sentiment
  return {
    name: b.name,
    isOwn: b.isOwn,
    positive: s.positive,
    neutral: s.neutral,
    negative: s.negative,
    score: s.score,
    label: s.label,
    mentions: s.mentions,
    totalScore: s.totalScore,
    positiveWords: s.positiveWords,
    negativeWords: s.negativeWords,
    positiveCi: positiveCi(b),
  }
}

export function sentimentView(m: AnalysisMetrics): SentimentData {
  const rows = ownFirst(m.brands.map(sentimentRow), (a, b) => b.mentions - a.mentions)
  return { tab: 'sentiment', rows, hasAnswers: answered(m).size > 0, sentimentUnavailable: sentimentUnavailable(m) }
}

export function sentimentDetailView(m: AnalysisMetrics, requestedBrand: string | null, polarity: Polarity): SentimentDetailData {
  const brand = pickBrand(m, requestedBrand)
  const cards: SentimentDetailData['cards'] = []
  if (brand) {
    for (const q of m.queries) {
      const s = q.brands[brand]?.sentiment
      if (!s) continue
      const statements: Statement[] = []
      if (polarity !== 'negative')
        for (const x of s.positiveSnippets ?? []) statements.push({ text: x.text, words: x.words, score: x.score, polarity: 'positive', modelId: x.modelId })
      if (polarity !== 'positive')
        for (const x of s.negativeSnippets ?? []) statements.push({ text: x.text, words: x.words, score: x.score, polarity: 'negative', modelId: x.modelId })
      if (statements.length) cards.push({ queryIndex: q.queryIndex, query: q.query, statements })
    }
  }
  return { tab: 'sentiment-detail', brands: refs(m), brand, polarity, cards, hasAnswers: answered(m).size > 0, sentimentUnavailable: sentimentUnavailable(m) }
}

export function groupView(tab: 'topics' | 'audiences', m: AnalysisMetrics, groups: GroupMetrics[], requestedBrand: string | null): GroupData {
  const brands = refs(m)
  return {
    tab,
    brands,
    brand: pickBrand(m, requestedBrand),
    groups: groups.map((g) => ({
      group: g.group,
      shares: brands.map((b) => round1(g.metrics.byBrand[b.name]?.share.combined ?? 0)),
      ranks: brands.map((b) => g.metrics.byBrand[b.name]?.rank.combined ?? null),
      shareCis: brands.map((b) => (g.metrics.byBrand[b.name] ? shareCi(g.metrics, g.metrics.byBrand[b.name]) : rateCi(0, 0))),
    })),
    hasAnswers: answered(m).size > 0,
  }
}
