/**
 * The analysis-level metrics behind the results screens (Overview, Share of Model, Brand
 * Rank, Query Rank, Mentions, Sentiment, Topics, Audiences), from answers parsed by
 * parse-answer.ts. Their shapes are in metric-shapes.ts.
 *
 * Decisions where the spec is silent:
 * - An answer counts when ok is true and its text is not blank (Analysis Management:
 *   "Successful (non-empty response)"); other answers only appear in answerCounts.failed.
 * - Models: opts.modelIds (default the six card ids); answers of other models are ignored.
 * - Stored per-answer mentions/rankings/sentiment are used when present (a brand missing
 *   from a stored map counts 0 / unranked); missing parts are parsed from the text.
 * - Samples (1..5 answers per query and model): per-query mentions for a model are the
 *   mean over its answered samples; per-query rank is the mean of the samples' non-zero
 *   ranks, 1 decimal (null if no sample ranked the brand).
 * - Model mentions = sum over queries of those per-query means (with one sample per
 *   query, plain totals; raw sums over all samples are kept too). Combined mentions =
 *   average over the models that answered at least once; total = sum over models.
 * - Share of model % = brand mentions / all brands' mentions for that model; the
 *   combined share uses the totals (the same as the ratio of the averages). Shares are
 *   unrounded; n is the denominator.
 * - Average rank per model = mean over the queries that ranked the brand of the per-query
 *   ranks, 1 decimal. Combined rank = mean of the non-zero model ranks, 1 decimal (from
 *   the 1-decimal values shown in the table, so users can check it by hand).
 * - Brand visibility % = share of the six card models that ranked the brand in at least
 *   one query; per-query visibility = models that ranked it for that query.
 * - Sentiment aggregates sentences over every answered sample (sentiment-merge.ts).
 * - Sentiment is measured in the project language (opts.language, parseAnswer's language;
 *   English when absent). sentimentLanguage says whether it was measured at all: it is
 *   unavailable when the language has no word list, or when a stored answer's sentiment
 *   is marked unavailable or was scored with another language's list (answers stored
 *   before languages had their own lists: rebuilding the analysis re-parses them); the
 *   screens then say so instead of showing sentiment.
 * - Queries are listed by queryIndex; query text, topic and audience come from the
 *   first answer seen for that index. Brands are listed own brand first.
 */
import { isEngineModel, modelColumns } from '../models'
import { type BrandDef, orderBrands } from './brands'
import { combinedRank, round1, visibilityPercent } from './colours'
import { rankSpread, type RankSpread } from './intervals'
import { type SentimentLanguage, sentimentLanguage } from './lexicons'
import { type SentimentResult } from './sentiment'
import { parseAnswer, type ParsedAnswer } from './parse-answer'
import type { AnalysisMetrics, BrandMetrics, ModelAnswerCounts, QueryBrandMetrics, QueryMetrics } from './metric-shapes'
import { SentimentAccumulator } from './sentiment-merge'

export interface AnswerForMetrics {
  modelId: number
  queryIndex: number
  query: string
  sample: number
  text: string
  ok: boolean
  topic?: string | null
  audience?: string | null
  mentions?: Record<string, number>
  rankings?: Record<string, number>
  sentiment?: Record<string, SentimentResult>
}

// ---------------------------------------------------------------------------
// Aggregation

interface Sample {
  answer: AnswerForMetrics
  parsed: ParsedAnswer
  /** parsed.rankings[names[j]] at j (see rankingsByPosition). */
  ranks: Array<number | undefined>
}

/**
 * The rankings of an answer as an array aligned with the brand names (a name may repeat). A rankings
 * map holds only the ranked brands and its shape differs from answer to answer, so looking up every
 * brand in it by name is slow (megamorphic property loads); its own few keys are read instead. A
 * name that is not an own key reads as undefined, as an unranked brand does (a plain object inherits
 * no numbers).
 */
function rankingsByPosition(rankings: Record<string, number>, positions: Map<string, number[]>, count: number): Array<number | undefined> {
  const out = new Array<number | undefined>(count).fill(undefined)
  for (const key of Object.keys(rankings)) {
    const at = positions.get(key)
    if (at) for (const j of at) out[j] = rankings[key]
  }
  return out
}

function isAnswered(a: AnswerForMetrics): boolean {
  return a.ok === true && typeof a.text === 'string' && a.text.trim().length > 0
}

function parsedFor(a: AnswerForMetrics, brands: BrandDef[], language?: string | null): ParsedAnswer {
  if (a.mentions && a.rankings && a.sentiment) return { mentions: a.mentions, rankings: a.rankings, sentiment: a.sentiment }
  const p = parseAnswer(a.text, brands, language)
  return { mentions: a.mentions ?? p.mentions, rankings: a.rankings ?? p.rankings, sentiment: a.sentiment ?? p.sentiment }
}

/**
 * False when a stored result was not measured with the project language's word list:
 * marked unavailable, or parsed with another list (e.g. English words on a Japanese
 * answer, stored before languages had their own lists).
 */
function sameLexicon(sentiment: Record<string, SentimentResult>, lang: SentimentLanguage): boolean {
  const want = lang.lexicon === 'en' ? undefined : lang.lexicon
  for (const k in sentiment) {
    const r = sentiment[k]
    if (!r) continue
    if (r.available === false) return false
    if (r.mentions > 0 && r.language !== want) return false
  }
  return true
}

function validRank(r: number | undefined): r is number {
  return typeof r === 'number' && Number.isFinite(r) && r > 0
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length
}

export interface AggregateOptions {
  modelIds?: number[]
  queryFilter?: (a: AnswerForMetrics) => boolean
  /** Project language (setup code); English when absent. */
  language?: string | null
}

/** What one brand's metrics for one query are computed from (see queryBrandMetrics). */
interface QueryBrandCell {
  qi: number
  query: string
  /** The brand's position in the ordered names, and its name. */
  j: number
  name: string
  modelIds: number[]
  /** The query's samples per model, aligned with modelIds. */
  columns: Array<Sample[] | undefined>
  /** Models that answered the query. */
  answered: number
  /** modelId -> 0 and modelId -> null for every model, in modelIds order. */
  zeroByModel: Record<number, number>
  nullByModel: Record<number, null>
  /** The brand's running totals per model, added to here. */
  brandMentions: Record<number, number>
  brandRaw: Record<number, number>
  brandRanks: Record<number, number[]>
}

/**
 * One brand's metrics for one query (share is filled in by the caller once the query's total is
 * known); its sentiment is summed into qAcc. A function of its own so that the engine optimises
 * it early: it runs once per query and brand.
 */
function queryBrandMetrics(c: QueryBrandCell, qAcc: SentimentAccumulator): QueryBrandMetrics {
  const { j, name, modelIds, columns } = c
  // copies of records already holding every model (same keys in the same order as setting them one by
  // one below): cheaper than growing three empty objects per query and brand
  const mentionsByModel: Record<number, number> = { ...c.zeroByModel }
  const rankByModel: Record<number, number | null> = { ...c.nullByModel }
  const rankedSamplesByModel: Record<number, number> = { ...c.zeroByModel }
  let mentionsTotal = 0
  for (let mi = 0; mi < modelIds.length; mi++) {
    const m = modelIds[mi]
    const samples = columns[mi]
    if (!samples || samples.length === 0) continue // the copies already hold 0, null and 0
    let sum = 0
    let rankSum = 0
    let ranked = 0
    for (let k = 0; k < samples.length; k++) {
      const parsed = samples[k].parsed
      sum += parsed.mentions[name] ?? 0
      const r = samples[k].ranks[j]
      if (validRank(r)) {
        rankSum += r
        ranked++
      }
      const sent = parsed.sentiment[name]
      if (sent && sent.mentions > 0) {
        qAcc.add(sent, { queryIndex: c.qi, query: c.query, modelId: m, sample: samples[k].answer.sample })
      }
    }
    const avg = sum / samples.length
    mentionsByModel[m] = avg
    mentionsTotal += avg
    c.brandMentions[m] += avg
    c.brandRaw[m] += sum
    rankedSamplesByModel[m] = ranked
    const r = ranked > 0 ? round1(rankSum / ranked) : null
    rankByModel[m] = r
    if (r !== null) c.brandRanks[m].push(r)
  }
  return {
    mentionsByModel,
    mentionsTotal,
    mentionsCombined: c.answered > 0 ? mentionsTotal / c.answered : 0,
    share: 0,
    rankByModel,
    combinedRank: combinedRank(Object.values(rankByModel)),
    visibility: visibilityPercent(rankByModel),
    rankedSamplesByModel,
    sentiment: qAcc.result(),
  }
}

export function aggregateAnalysis(answers: AnswerForMetrics[], brands: BrandDef[], opts: AggregateOptions = {}): AnalysisMetrics {
  // By default the six card models, and the engines the answers hold.
  const modelIds = [...(opts.modelIds ?? modelColumns(answers.map((a) => a.modelId)))]
  const modelSet = new Set(modelIds)
  const ordered = orderBrands(brands)
  const names = ordered.map((b) => b.name)
  const namePositions = new Map<string, number[]>()
  names.forEach((n, j) => {
    const at = namePositions.get(n)
    if (at) at.push(j)
    else namePositions.set(n, [j])
  })

  const inModels = answers.filter((a) => modelSet.has(a.modelId))
  const allQueryIdx = new Set(inModels.map((a) => a.queryIndex))
  const filtered = opts.queryFilter ? inModels.filter(opts.queryFilter) : inModels

  const lang = sentimentLanguage(opts.language)
  let measured = lang.available
  const answerCounts: Record<number, ModelAnswerCounts> = {}
  for (const m of modelIds) answerCounts[m] = { modelId: m, total: 0, answered: 0, failed: 0, queries: 0 }

  // queryIndex -> modelId -> samples
  const byQuery = new Map<number, { first: AnswerForMetrics; models: Map<number, Sample[]> }>()
  for (const a of filtered) {
    const c = answerCounts[a.modelId]
    c.total++
    let q = byQuery.get(a.queryIndex)
    if (!q) byQuery.set(a.queryIndex, (q = { first: a, models: new Map() }))
    if (!isAnswered(a)) {
      // An engine's ok answer without text is its "nothing shown", not a failure.
      if (a.ok && isEngineModel(a.modelId)) c.absent = (c.absent ?? 0) + 1
      else c.failed++
      continue
    }
    c.answered++
    let list = q.models.get(a.modelId)
    if (!list) q.models.set(a.modelId, (list = []))
    const parsed = parsedFor(a, brands, opts.language)
    if (measured && !sameLexicon(parsed.sentiment, lang)) measured = false
    list.push({ answer: a, parsed, ranks: rankingsByPosition(parsed.rankings, namePositions, names.length) })
  }

  const answeredModelIds = modelIds.filter((m) => answerCounts[m].answered > 0)
  const queryIndexes = [...byQuery.keys()].sort((a, b) => a - b)

  // brand -> model -> accumulators
  const mentionsBy = new Map<string, Record<number, number>>()
  const rawBy = new Map<string, Record<number, number>>()
  const rankLists = new Map<string, Record<number, number[]>>()
  const sentimentAcc = new Map<string, SentimentAccumulator>()
  for (const n of names) {
    mentionsBy.set(n, Object.fromEntries(modelIds.map((m) => [m, 0])))
    rawBy.set(n, Object.fromEntries(modelIds.map((m) => [m, 0])))
    rankLists.set(n, Object.fromEntries(modelIds.map((m) => [m, [] as number[]])))
    sentimentAcc.set(n, new SentimentAccumulator())
  }

  const zeroByModel: Record<number, number> = {}
  const nullByModel: Record<number, null> = {}
  for (const m of modelIds) {
    zeroByModel[m] = 0
    nullByModel[m] = null
  }
  const queries: QueryMetrics[] = []
  for (const qi of queryIndexes) {
    const q = byQuery.get(qi)!
    const samplesByModel: Record<number, number> = {}
    const qAnswered: number[] = []
    // the samples of each model column, aligned with modelIds (looked up once per query, not per brand)
    const columns: Array<Sample[] | undefined> = []
    for (const m of modelIds) {
      const list = q.models.get(m)
      columns.push(list)
      const n = list?.length ?? 0
      samplesByModel[m] = n
      if (n > 0) {
        qAnswered.push(m)
        answerCounts[m].queries++
      }
    }
    const qBrands: Record<string, QueryBrandMetrics> = {}
    let qTotal = 0
    for (let j = 0; j < names.length; j++) {
      const name = names[j]
      const cell: QueryBrandCell = {
        qi, query: q.first.query, j, name, modelIds, columns, answered: qAnswered.length, zeroByModel, nullByModel,
        brandMentions: mentionsBy.get(name)!, brandRaw: rawBy.get(name)!, brandRanks: rankLists.get(name)!,
      }
      const qAcc = new SentimentAccumulator()
      const metrics = queryBrandMetrics(cell, qAcc)
      sentimentAcc.get(name)!.merge(qAcc)
      qTotal += metrics.mentionsTotal
      qBrands[name] = metrics
    }
    for (const name of names) qBrands[name].share = qTotal > 0 ? (qBrands[name].mentionsTotal / qTotal) * 100 : 0
    queries.push({
      queryIndex: qi,
      query: q.first.query,
      topic: q.first.topic ?? null,
      audience: q.first.audience ?? null,
      samplesByModel,
      answeredModelIds: qAnswered,
      totalMentions: qTotal,
      brands: qBrands,
    })
  }

  // Totals per model across brands
  const totalsByModel: Record<number, number> = {}
  for (const m of modelIds) totalsByModel[m] = names.reduce((s, n) => s + mentionsBy.get(n)![m], 0)
  const grandTotal = modelIds.reduce((s, m) => s + totalsByModel[m], 0)
  const answeredCount = answeredModelIds.length

  const brandMetrics: BrandMetrics[] = ordered.map((b) => {
    const byModel = mentionsBy.get(b.name)!
    const rawByModel = rawBy.get(b.name)!
    const total = modelIds.reduce((s, m) => s + byModel[m], 0)
    const rawTotal = modelIds.reduce((s, m) => s + rawByModel[m], 0)
    const shareByModel: Record<number, number> = {}
    for (const m of modelIds) shareByModel[m] = totalsByModel[m] > 0 ? (byModel[m] / totalsByModel[m]) * 100 : 0
    const rankByModel: Record<number, number | null> = {}
    const rankedQueriesByModel: Record<number, number> = {}
    const answeredQueriesByModel: Record<number, number> = {}
    const spreadByModel: Record<number, RankSpread | null> = {}
    const pooled: number[] = []
    for (const m of modelIds) {
      const list = rankLists.get(b.name)![m]
      rankByModel[m] = list.length > 0 ? round1(mean(list)) : null
      rankedQueriesByModel[m] = list.length
      answeredQueriesByModel[m] = answerCounts[m].queries
      spreadByModel[m] = rankSpread(list)
      pooled.push(...list)
    }
    return {
      name: b.name,
      isOwn: b.isOwn === true,
      mentions: { byModel, rawByModel, combined: answeredCount > 0 ? total / answeredCount : 0, total, rawTotal },
      share: { byModel: shareByModel, combined: grandTotal > 0 ? (total / grandTotal) * 100 : 0, nByModel: { ...totalsByModel }, n: grandTotal },
      rank: { byModel: rankByModel, combined: combinedRank(Object.values(rankByModel)), rankedQueriesByModel, answeredQueriesByModel, spreadByModel, spread: rankSpread(pooled) },
      visibility: visibilityPercent(rankByModel),
      sentiment: sentimentAcc.get(b.name)!.result(),
    }
  })

  const byBrand: Record<string, BrandMetrics> = {}
  for (const bm of brandMetrics) byBrand[bm.name] = bm
  const ranked = brandMetrics.map((b) => b.rank.combined).filter((r): r is number => r !== null)

  return {
    modelIds,
    answeredModelIds,
    brandNames: names,
    brands: brandMetrics,
    byBrand,
    totals: {
      mentionsByModel: totalsByModel,
      mentionsCombined: answeredCount > 0 ? grandTotal / answeredCount : 0,
      mentionsTotal: grandTotal,
      rawMentionsTotal: brandMetrics.reduce((s, b) => s + b.mentions.rawTotal, 0),
    },
    answerCounts,
    queries,
    sentimentLanguage: measured ? lang : { code: lang.code, name: lang.name, available: false },
    queryCounts: { included: queryIndexes.length, total: allQueryIdx.size },
    summary: {
      totalMentions: grandTotal,
      brandsWithMentions: brandMetrics.filter((b) => b.mentions.total > 0).length,
      brandsRanked: ranked.length,
      averageRank: combinedRank(ranked),
    },
  }
}

// ---------------------------------------------------------------------------
// Topic / audience groups

export interface GroupMetrics {
  group: string
  metrics: AnalysisMetrics
}

/**
 * Metrics per topic or audience (answers without one are left out), groups sorted by
 * name. Use with buildScatter: share = byBrand[name].share.combined, rank =
 * byBrand[name].rank.combined (null -> plotted as not found, 99 clamped to 10).
 */
export function aggregateByGroup(
  answers: AnswerForMetrics[],
  brands: BrandDef[],
  key: 'topic' | 'audience',
  opts: { modelIds?: number[]; language?: string | null } = {},
): GroupMetrics[] {
  const groups = new Map<string, AnswerForMetrics[]>()
  for (const a of answers) {
    const g = a[key]?.trim()
    if (!g) continue
    let list = groups.get(g)
    if (!list) groups.set(g, (list = []))
    list.push(a)
  }
  return [...groups.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((group) => ({ group, metrics: aggregateAnalysis(groups.get(group)!, brands, { modelIds: opts.modelIds, language: opts.language }) }))
}
