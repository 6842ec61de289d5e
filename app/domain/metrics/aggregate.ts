/**
 * Per-answer parsing and the analysis-level metrics behind the results screens
 * (Overview, Share of Model, Brand Rank, Query Rank, Mentions, Sentiment, Topics,
 * Audiences).
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
 * - Sentiment aggregates sentences over every answered sample (not sample-averaged):
 *   sentence counts, totalScore and mentions are summed; score = totalScore / mentions
 *   clamped to -1..+1; words are ranked by the number of answers using them (max 5);
 *   snippets keep the 5 strongest per polarity with their query, model and sample.
 *   Per-answer sentence counts are rebuilt from the stored percentages and mentions
 *   (exact for up to 50 mention sentences per answer).
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
import { type BrandDef, findAllBrandSpans, orderBrands } from './brands'
import { combinedRank, round1, visibilityPercent } from './colours'
import { rankSpread, type RankSpread } from './intervals'
import { stripNonCountable } from './mentions'
import { parseRankingsInStripped } from './rankings'
import { type SentimentLanguage, lexiconFor, sentimentLanguage, sentimentLanguageCached } from './lexicons'
import {
  type SentimentResult, type Snippet, brandSentimentIndexed, clamp, emptySentiment, labelFor, setPercentages,
  indexSentences, round2, SENTIMENT_WORD_CAP, SNIPPET_KEEP, unmeasuredSentiment,
} from './sentiment'

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

export interface ParsedAnswer {
  mentions: Record<string, number>
  rankings: Record<string, number>
  sentiment: Record<string, SentimentResult>
}

/**
 * Mentions (all brands, zeros included), rankings (ranked brands only) and routine-1
 * sentiment per brand, in the project language (English when absent; in a language
 * without a word list every brand's sentiment is unmeasuredSentiment()).
 */
export function parseAnswer(text: string, brands: BrandDef[], language?: string | null): ParsedAnswer {
  const stripped = stripNonCountable(text)
  const lower = stripped.toLowerCase()
  const spans = findAllBrandSpans(brands, stripped, lower)
  const shapes = recordShapes(brands)
  const mentions: Record<string, number> = { ...shapes.zero }
  const sentiment: Record<string, SentimentResult> = { ...shapes.unset }
  let anyMention = false
  for (let i = 0; i < brands.length; i++) {
    mentions[brands[i].name] = spans[i].length / 2
    if (spans[i].length > 0) anyMention = true
  }
  const rankings = anyMention ? parseRankingsInStripped(stripped, brands, spans) : {}
  const lang = sentimentLanguageCached(language)
  if (!lang.available) {
    for (const b of brands) sentiment[b.name] = unmeasuredSentiment()
    return { mentions, rankings, sentiment }
  }
  const lex = lexiconFor(lang.lexicon)
  const sentences = anyMention ? indexSentences(stripped, lex, lower) : null
  for (let i = 0; i < brands.length; i++) {
    sentiment[brands[i].name] = sentences && spans[i].length > 0 ? brandSentimentIndexed(sentences, brands[i], spans[i], lex) : NOT_NAMED
  }
  return { mentions, rankings, sentiment }
}

/**
 * The sentiment of a brand an answer does not name, one frozen object shared by every such answer and brand (half
 * of the brands of a typical answer): nothing reads it to change it, and a parsed analysis holds thousands fewer objects.
 */
const NOT_NAMED: SentimentResult = frozenWithFields(emptySentiment())

/** The object frozen, and the arrays and objects in its fields. */
function frozenWithFields<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) Object.freeze(v)
  return Object.freeze(o)
}

/**
 * Records keyed by the brand names, copied for each answer: a copy of an object that already holds every key is made
 * in one step and keeps V8's fast properties, where adding twenty names one by one turns an object into a hash
 * table (slower to build, read and serialise). Kept per brand list, and rebuilt when a brand's name changes.
 */
interface RecordShapes {
  names: string[]
  zero: Record<string, number>
  unset: Record<string, SentimentResult>
}

const shapeCache = new WeakMap<BrandDef[], RecordShapes>()

function recordShapes(brands: BrandDef[]): RecordShapes {
  const hit = shapeCache.get(brands)
  if (hit && hit.names.length === brands.length && hit.names.every((n, i) => n === brands[i].name)) return hit
  const names = brands.map((b) => b.name)
  const zero: Record<string, number> = {}
  const unset: Record<string, SentimentResult> = {}
  for (const n of names) {
    zero[n] = 0
    unset[n] = NOT_NAMED
  }
  // copied once more so that the templates themselves have fast properties (a copy of those is a plain memory copy)
  const shapes = { names, zero: { ...zero }, unset: { ...unset } }
  shapeCache.set(brands, shapes)
  return shapes
}

// ---------------------------------------------------------------------------
// Metric shapes

export interface SourcedSnippet extends Snippet {
  queryIndex: number
  query: string
  modelId: number
  sample: number
}


export interface AggregatedSentiment extends SentimentResult {
  positiveSnippets: SourcedSnippet[]
  negativeSnippets: SourcedSnippet[]
  /** Sentence counts behind the percentages. */
  counts: { positive: number; neutral: number; negative: number }
  /** Answers that mention the brand at least once in a sentence. */
  answers: number
}

export interface ModelAnswerCounts {
  modelId: number
  /** Answers received after filters. */
  total: number
  /** ok and non-blank. */
  answered: number
  failed: number
  /** ok but empty: an engine that showed no AI answer (an absent AI Overview); in no rate's denominator. */
  absent?: number
  /** Distinct queries with at least one answered sample. */
  queries: number
}

export interface BrandMentionMetrics {
  /** Sum over queries of the per-query mean across samples. */
  byModel: Record<number, number>
  /** Raw occurrences over all samples. */
  rawByModel: Record<number, number>
  /** Average of byModel over the models that answered. */
  combined: number
  /** Sum of byModel. */
  total: number
  rawTotal: number
}

export interface ShareMetrics {
  /** Percent 0..100 of all brands' mentions for the model (0 if n is 0). */
  byModel: Record<number, number>
  combined: number
  /** Denominators: all brands' mentions per model, and in total. */
  nByModel: Record<number, number>
  n: number
}

export interface RankMetrics {
  /** Average rank per model, 1 decimal, null when never ranked. */
  byModel: Record<number, number | null>
  combined: number | null
  /** Sample sizes: queries that ranked the brand / queries the model answered. */
  rankedQueriesByModel: Record<number, number>
  answeredQueriesByModel: Record<number, number>
  /**
   * Spread of the per-query ranks behind each model's average, and of all of them pooled behind the
   * combined rank (metric definitions version 2; absent in results computed with version 1).
   */
  spreadByModel?: Record<number, RankSpread | null>
  spread?: RankSpread | null
}

export interface BrandMetrics {
  name: string
  isOwn: boolean
  mentions: BrandMentionMetrics
  share: ShareMetrics
  rank: RankMetrics
  /** Rounded % of the six card models that ranked the brand at least once. */
  visibility: number
  sentiment: AggregatedSentiment
}

export interface QueryBrandMetrics {
  /** Mean across the model's answered samples. */
  mentionsByModel: Record<number, number>
  /** Sum over models. */
  mentionsTotal: number
  /** Average over the models that answered this query. */
  mentionsCombined: number
  /** Percent of all brands' mentionsTotal for this query. */
  share: number
  /** Mean of the samples' non-zero ranks, 1 decimal; null if unranked. */
  rankByModel: Record<number, number | null>
  combinedRank: number | null
  visibility: number
  /** Sample sizes for the rank: samples ranking the brand per model. */
  rankedSamplesByModel: Record<number, number>
  sentiment: AggregatedSentiment
}

export interface QueryMetrics {
  queryIndex: number
  query: string
  topic: string | null
  audience: string | null
  /** Answered samples per model (n for the per-query rates). */
  samplesByModel: Record<number, number>
  answeredModelIds: number[]
  /** Sum of the brands' mentionsTotal. */
  totalMentions: number
  brands: Record<string, QueryBrandMetrics>
}

export interface AnalysisMetrics {
  /** Model columns considered. */
  modelIds: number[]
  /** Models with at least one answered sample. */
  answeredModelIds: number[]
  /** Own brand first, then the given order. */
  brandNames: string[]
  brands: BrandMetrics[]
  byBrand: Record<string, BrandMetrics>
  totals: { mentionsByModel: Record<number, number>; mentionsCombined: number; mentionsTotal: number; rawMentionsTotal: number }
  answerCounts: Record<number, ModelAnswerCounts>
  queries: QueryMetrics[]
  /** The language sentiment was measured in, and whether it could be (see sentimentLanguage). */
  sentimentLanguage: SentimentLanguage
  /** Queries after queryFilter / before it (for the 'Filtered: n/m queries' badge). */
  queryCounts: { included: number; total: number }
  summary: {
    totalMentions: number
    brandsWithMentions: number
    brandsRanked: number
    /** Mean of the ranked brands' combined ranks, 1 decimal. */
    averageRank: number | null
  }
}

// ---------------------------------------------------------------------------
// Sentiment merging

export interface SnippetSource {
  queryIndex: number
  query: string
  modelId: number
  sample: number
}

/**
 * Keeps the SNIPPET_KEEP strongest snippets (stable: earlier wins ties), without duplicates. sourced: the snippet is
 * already a sourced one of an accumulator's (see merge), kept as it is rather than copied (nothing changes a snippet).
 */
function offerSnippet(top: SourcedSnippet[], s: Snippet, src: SnippetSource, polarity: 1 | -1, sourced?: SourcedSnippet): void {
  // polarity 1: higher scores first; -1: lower scores first
  const score = s.score * polarity
  if (top.length >= SNIPPET_KEEP && !(score > top[top.length - 1].score * polarity)) return
  for (let k = 0; k < top.length; k++) if (top[k].text === s.text) return
  // insert at its place, shifting the weaker ones down by hand (a splice allocates the array of removed items)
  let i = top.length
  if (i < SNIPPET_KEEP) top.push(top[i - 1])
  else i--
  while (i > 0 && score > top[i - 1].score * polarity) {
    top[i] = top[i - 1]
    i--
  }
  top[i] = sourced ?? { text: s.text, words: s.words, score: s.score, queryIndex: src.queryIndex, query: src.query, modelId: src.modelId, sample: src.sample }
}

function offerSourced(top: SourcedSnippet[], s: SourcedSnippet, polarity: 1 | -1): void {
  offerSnippet(top, s, s, polarity, s) // a sourced snippet carries its own source
}

/** The word counts with one more use of each word (the map made when the first word comes). */
function addUses(counts: Map<string, number> | undefined, words: readonly string[]): Map<string, number> | undefined {
  if (words.length === 0) return counts
  const out = counts ?? new Map<string, number>()
  for (const w of words) out.set(w, (out.get(w) ?? 0) + 1)
  return out
}

/** The word counts with another accumulator's added (forEach: no [word, count] pair is made per entry). */
function addCounts(counts: Map<string, number> | undefined, other: Map<string, number> | undefined): Map<string, number> | undefined {
  if (!other) return counts
  const out = counts ?? new Map<string, number>()
  other.forEach((n, w) => out.set(w, (out.get(w) ?? 0) + n))
  return out
}

/** Sums per-answer sentiment results; merge() combines accumulators in order. */
export class SentimentAccumulator {
  positive = 0
  neutral = 0
  negative = 0
  totalScore = 0
  answers = 0
  /** Answers using each word, made when the first word comes (most query cells of a brand have none). */
  positiveWords: Map<string, number> | undefined
  negativeWords: Map<string, number> | undefined
  readonly positiveSnippets: SourcedSnippet[] = []
  readonly negativeSnippets: SourcedSnippet[] = []

  add(r: SentimentResult | undefined, src: SnippetSource): void {
    if (!r || !r.mentions || r.available === false) return
    this.answers++
    const m = r.mentions
    const p = Math.round((r.positive * m) / 100)
    const g = Math.min(m - p, Math.round((r.negative * m) / 100))
    this.positive += p
    this.neutral += Math.max(0, m - p - g)
    this.negative += g
    this.totalScore += r.totalScore
    this.positiveWords = addUses(this.positiveWords, r.positiveWords)
    this.negativeWords = addUses(this.negativeWords, r.negativeWords)
    for (const s of r.positiveSnippets) offerSnippet(this.positiveSnippets, s, src, 1)
    for (const s of r.negativeSnippets) offerSnippet(this.negativeSnippets, s, src, -1)
  }

  merge(o: SentimentAccumulator): void {
    this.positive += o.positive
    this.neutral += o.neutral
    this.negative += o.negative
    this.totalScore += o.totalScore
    this.answers += o.answers
    this.positiveWords = addCounts(this.positiveWords, o.positiveWords)
    this.negativeWords = addCounts(this.negativeWords, o.negativeWords)
    for (const s of o.positiveSnippets) offerSourced(this.positiveSnippets, s, 1)
    for (const s of o.negativeSnippets) offerSourced(this.negativeSnippets, s, -1)
  }

  result(): AggregatedSentiment {
    const mentions = this.positive + this.neutral + this.negative
    const counts = { positive: this.positive, neutral: this.neutral, negative: this.negative }
    if (mentions === 0) {
      // emptySentiment() and the aggregate's fields, in the same key order (one literal is cheaper than a spread)
      return {
        score: 0, label: 'neutral', positive: 0, neutral: 0, negative: 0, positiveWords: [], negativeWords: [],
        confidence: 0, mentions: 0, totalScore: 0, positiveSnippets: [], negativeSnippets: [], counts, answers: 0,
      }
    }
    const score = round2(clamp(this.totalScore / mentions, -1, 1))
    const result: AggregatedSentiment = {
      score,
      label: labelFor(score),
      positive: 0,
      neutral: 0,
      negative: 0,
      positiveWords: this.positiveWords ? topWords(this.positiveWords) : [],
      negativeWords: this.negativeWords ? topWords(this.negativeWords) : [],
      confidence: round2(Math.min(mentions / 3, 1)),
      mentions,
      totalScore: this.totalScore,
      positiveSnippets: [...this.positiveSnippets],
      negativeSnippets: [...this.negativeSnippets],
      counts,
      answers: this.answers,
    }
    setPercentages(result, this.positive, this.neutral, this.negative)
    return result
  }
}

/** Aggregates per-answer results (in the given order) into one brand-level sentiment. */
export function mergeSentiment(parts: Array<{ result: SentimentResult } & SnippetSource>): AggregatedSentiment {
  const acc = new SentimentAccumulator()
  for (const p of parts) acc.add(p.result, { queryIndex: p.queryIndex, query: p.query, modelId: p.modelId, sample: p.sample })
  return acc.result()
}

/**
 * The SENTIMENT_WORD_CAP most used words, most used first, ties in order of first appearance (Map
 * iteration order): what a stable sort by count would give, without sorting every word.
 */
function topWords(counts: Map<string, number>): string[] {
  const words: string[] = []
  const uses: number[] = []
  // forEach rather than for...of: no [word, count] pair is made per entry
  counts.forEach((c, w) => {
    let i = words.length
    if (i === SENTIMENT_WORD_CAP) {
      if (!(c > uses[i - 1])) return
      i-- // the weakest word makes room
    }
    // shift the words used less than this one down by hand (a splice allocates the array of removed items)
    while (i > 0 && c > uses[i - 1]) {
      words[i] = words[i - 1]
      uses[i] = uses[i - 1]
      i--
    }
    words[i] = w
    uses[i] = c
  })
  return words
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
