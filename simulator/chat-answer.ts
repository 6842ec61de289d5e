/**
 * The simulated Claude's answer to a question once its tools have returned: a few sentences with the
 * figures the question asks for, in the question's language, and a table only when asked for one or when
 * the comparison is short (at most SHORT rows). Figures are quoted as the tools give them.
 */
import type { Intent, Reading } from './chat-intent'
import { joinList, pairs, PHRASES, type Phrases } from './chat-phrases'
import { engineComparisonAnswer, presenceAnswer, volumeAnswer } from './chat-engines'
import { crawlersAnswer } from './chat-crawlers'

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const rows = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isRecord) : [])
const str = (v: unknown) => (v === null || v === undefined ? '–' : String(v))
const num = (v: unknown) => (typeof v === 'number' ? v : null)

/** A comparison of at most this many rows is short enough to show as a table without being asked. */
export const SHORT = 5

/** Tool results by tool name (parsed JSON). */
export type Results = Map<string, unknown>

function table(p: Phrases, cols: (keyof Phrases['head'] | { title: string })[], data: unknown[][]): string {
  const cell = (v: unknown) => str(v).replace(/\|/g, '\\|').replace(/\n/g, ' ')
  const titles = cols.map((c) => (typeof c === 'string' ? p.head[c] : c.title))
  return [`| ${titles.join(' | ')} |`, `| ${titles.map(() => '---').join(' | ')} |`, ...data.slice(0, 20).map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n')
}

const own = (list: Json[]) => list.find((r) => r.ownBrand === true) ?? list[0]
const byName = (list: Json[], name: string | null) => (name ? list.find((r) => r.brand === name) : undefined) ?? own(list)

/** The answer text, or null when the results do not fit the intent (the caller then writes them out plainly). */
export function answerFrom(reading: Reading, results: Results): string | null {
  const p = PHRASES[reading.lang]
  for (const value of results.values()) if (isRecord(value) && typeof value.error === 'string' && !('modelsWithAnswers' in value)) return value.error
  const crawlers = results.get('ai_crawlers')
  const parts = reading.intent.kind === 'crawlers' ? (isRecord(crawlers) ? crawlersAnswer(reading.lang, crawlers, reading.table) : null) : (engineParts(reading, results) ?? write(reading.intent, results, p, reading.table))
  return parts ? parts.filter(Boolean).join(reading.lang === 'ja' ? '' : ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim() : null
}

const block = (t: string) => `\n\n${t}\n\n`

/** The engines' and the volume intents (./chat-engines.ts); null for every other intent. */
function engineParts(reading: Reading, results: Results): string[] | null {
  const { intent, lang, table: asked } = reading
  const data = results.get(intent.kind === 'engine-comparison' ? 'engine_comparison' : intent.kind === 'ai-overview-presence' ? 'ai_overview_presence' : 'search_volume')
  if (intent.kind === 'engine-comparison') return isRecord(data) ? engineComparisonAnswer(lang, data, intent.brand, asked) : null
  if (intent.kind === 'ai-overview-presence') return isRecord(data) ? presenceAnswer(lang, data, asked) : null
  if (intent.kind === 'search-volume') return isRecord(data) ? volumeAnswer(lang, data, asked) : null
  return null
}

function write(intent: Intent, results: Results, p: Phrases, asked: boolean): string[] | null {
  const metrics = results.get('brand_metrics')
  const ranks = results.get('query_ranks')
  const mentions = results.get('mentions_by_query')
  const sentiment = results.get('sentiment')
  const sources = results.get('sources')
  const overview = results.get('overview')
  switch (intent.kind) {
    case 'model-metrics': {
      if (!isRecord(metrics)) return null
      if (Array.isArray(metrics.modelsWithAnswers)) return [p.modelMissing(String(metrics.error).replace(/ has no answers.*$/, ''), joinList(p, metrics.modelsWithAnswers.map(String)))]
      const list = rows(metrics.brands)
      const b = byName(list, intent.brand)
      const ranked = list.filter((r) => num(r.rank) !== null).sort((x, y) => num(x.rank)! - num(y.rank)!)
      const out = [p.modelMetrics(str(b.brand), str(metrics.model), num(b.rank), str(b.visibility), b.shareOfModel ? str(b.shareOfModel) : null)]
      if (ranked[0] && ranked[0].brand !== b.brand) out.push(p.bestThere(str(ranked[0].brand), str(ranked[0].rank)))
      if (asked) out.push(block(table(p, ['brand', 'rank', 'visibility', 'share'], list.map((r) => [r.brand, r.rank, r.visibility, r.shareOfModel]))))
      return out
    }
    case 'per-model':
    case 'model-extreme': {
      if (!isRecord(metrics)) return null
      const list = rows(metrics.brands)
      const b = byName(list, intent.brand)
      const byModel = Object.entries(isRecord(b.rankByModel) ? b.rankByModel : {}).filter(([, r]) => typeof r === 'number') as [string, number][]
      const models = [...new Set(list.flatMap((r) => Object.keys(isRecord(r.rankByModel) ? r.rankByModel : {})))]
      const unranked = models.filter((m) => !byModel.some(([x]) => x === m))
      if (!byModel.length) return [p.neverRanked(str(b.brand))]
      if (intent.kind === 'per-model') {
        const out = [p.perModel(str(b.brand), joinList(p, byModel.map(([m, r]) => p.rankOn(r, m))), str(b.rank), str(b.visibility))]
        if (unranked.length) out.push(p.notRankedOn(str(b.brand), joinList(p, unranked)))
        return out
      }
      // Worst: a model with answers that does not rank the brand at all is worse than any rank.
      if (intent.worst && unranked.length) return [p.notRankedOn(str(b.brand), joinList(p, unranked)), p.perModel(str(b.brand), joinList(p, byModel.map(([m, r]) => p.rankOn(r, m))), str(b.rank), str(b.visibility))]
      const sorted = [...byModel].sort((x, y) => (intent.worst ? y[1] - x[1] : x[1] - y[1]))
      if (sorted.every(([, r]) => r === sorted[0][1]) && sorted.length > 1) return [p.modelTie(str(b.brand), sorted[0][1], joinList(p, sorted.map(([m]) => m)))]
      const out = [p.modelExtreme(str(b.brand), intent.worst, sorted[0][0], sorted[0][1])]
      if (sorted.length > 1) out.push(p.perModel(str(b.brand), joinList(p, sorted.slice(1).map(([m, r]) => p.rankOn(r, m))), str(b.rank), str(b.visibility)))
      return out
    }
    case 'share':
    case 'above':
    case 'ranks': {
      if (!isRecord(metrics)) return null
      const list = rows(metrics.brands)
      const o = own(list)
      if (intent.kind === 'share') {
        const byShare = [o, ...list.filter((r) => r !== o).sort((x, y) => parseFloat(str(y.shareOfModel)) - parseFloat(str(x.shareOfModel)))]
        const out = [p.share(str(o.brand), str(o.shareOfModel), pairs(p, byShare.slice(1).map((r) => [str(r.brand), str(r.shareOfModel)])))]
        if (asked || list.length <= SHORT) out.push(block(table(p, ['brand', 'share', 'rank'], byShare.map((r) => [r.brand, r.shareOfModel, r.rank]))))
        return out
      }
      if (intent.kind === 'above') {
        const mine = num(o.rank)
        const above = list.filter((r) => r !== o && num(r.rank) !== null && (mine === null || num(r.rank)! < mine)).sort((x, y) => num(x.rank)! - num(y.rank)!)
        return [above.length ? p.above(str(o.brand), str(o.rank), pairs(p, above.map((r) => [str(r.brand), str(r.rank)]))) : p.noneAbove(str(o.brand), str(o.rank))]
      }
      const b = byName(list, intent.brand)
      const best = list.filter((r) => num(r.rank) !== null).sort((x, y) => num(x.rank)! - num(y.rank)!)[0]
      const out = [num(b.rank) === null ? p.neverRanked(str(b.brand)) : p.ranks(str(b.brand), str(b.rank), str(b.visibility))]
      if (best && best.brand !== b.brand) out.push(p.bestBrand(str(best.brand), str(best.rank)))
      if (asked) out.push(block(table(p, ['brand', 'rank', 'visibility', 'share'], list.map((r) => [r.brand, r.rank, r.visibility, r.shareOfModel]))))
      return out
    }
    case 'query-ranks':
    case 'content-first':
      return isRecord(ranks) ? queryAnswer(intent.kind === 'content-first' ? 'content' : intent.want, ranks, p, asked) : null
    case 'mentions-top':
    case 'mentions-own-queries':
    case 'mentions-by-query':
      return isRecord(mentions) ? mentionsAnswer(intent, mentions, p, asked) : null
    case 'sentiment':
      return isRecord(sentiment) ? sentimentAnswer(intent, sentiment, p, asked) : null
    case 'sources':
      return isRecord(sources) ? sourcesAnswer(intent, sources, p, asked) : null
    case 'crawlers':
      return null
    case 'overview': {
      if (!isRecord(overview)) return null
      const list = rows(overview.brands)
      const o = own(list)
      const out = [p.overview(str(o.brand), Number(o.mentions), Number(overview.totalMentions), str(o.shareOfModel), str(o.rank), Number(overview.ownBrandPosition), Number(overview.brandsRanked), str(overview.averageRank))]
      if (asked || list.length <= SHORT) out.push(block(table(p, ['brand', 'mentions', 'share', 'rank'], list.map((r) => [r.brand, r.mentions, r.shareOfModel, r.rank]))))
      return out
    }
    case 'strengths': {
      if (!isRecord(overview) || !isRecord(sentiment)) return null
      const list = rows(overview.brands)
      const o = own(list)
      const tone = byName(rows(sentiment.brands), str(o.brand))
      const shares = [...list].sort((x, y) => parseFloat(str(y.shareOfModel)) - parseFloat(str(x.shareOfModel)))
      const ahead = list.filter((r) => r !== o && num(r.rank) !== null && num(o.rank) !== null && num(r.rank)! < num(o.rank)!)
      const strong = [p.strongShare(str(o.shareOfModel), shares.indexOf(o) + 1)]
      const weak: string[] = []
      if (ahead.length) weak.push(p.ahead(pairs(p, ahead.map((r) => [str(r.brand), str(r.rank)]))))
      const score = num(tone?.score)
      if (score !== null && score > 0) strong.push(p.positiveTone(score))
      const negative = typeof tone?.negativeWords === 'string' ? tone.negativeWords : ''
      if (score !== null && score <= 0) weak.push(p.negativeTone(score, negative))
      else if (negative) weak.push(p.negativeTone(null, negative))
      return [p.overview(str(o.brand), Number(o.mentions), Number(overview.totalMentions), str(o.shareOfModel), str(o.rank), Number(overview.ownBrandPosition), Number(overview.brandsRanked), str(overview.averageRank)), p.strengths(joinList(p, strong)), weak.length ? p.weaknesses(joinList(p, weak)) : '']
    }
    case 'engine-comparison':
    case 'ai-overview-presence':
    case 'search-volume':
      return null
    case 'improve': {
      if (!isRecord(ranks) || !isRecord(metrics)) return null
      const o = own(rows(metrics.brands))
      const byModel = Object.entries(isRecord(o.rankByModel) ? o.rankByModel : {}) as [string, number][]
      const models = [...new Set(rows(metrics.brands).flatMap((r) => Object.keys(isRecord(r.rankByModel) ? r.rankByModel : {})))]
      const missing = models.find((m) => !byModel.some(([x]) => x === m))
      const worst = [...byModel].sort((x, y) => y[1] - x[1])[0]
      const out: string[] = []
      if (missing) out.push(p.weakModel(str(o.brand), missing, null))
      else if (worst) out.push(p.weakModel(str(o.brand), worst[0], worst[1]))
      return [...out, ...queryAnswer('improve', ranks, p, asked)]
    }
  }
}

/** Query Rank answers: best or worst queries, unranked ones, and where to improve or write content first. */
function queryAnswer(want: 'best' | 'worst' | 'unranked' | 'content' | 'improve', data: Json, p: Phrases, asked: boolean): string[] {
  const b = str(data.brand)
  const list = rows(data.queries)
  const ranked = list.filter((r) => num(r.rank) !== null)
  const unranked = list.filter((r) => num(r.rank) === null)
  const quote = (rs: Json[]) => joinList(p, rs.map((r) => p.quote(str(r.query))))
  const extreme = (worst: boolean) => {
    if (!ranked.length) return []
    const target = worst ? Math.max(...ranked.map((r) => num(r.rank)!)) : Math.min(...ranked.map((r) => num(r.rank)!))
    return ranked.filter((r) => r.rank === target)
  }
  const out: string[] = []
  if (want === 'best' || want === 'worst') {
    const hit = extreme(want === 'worst')
    out.push(hit.length ? p.queryBest(b, want === 'worst', quote(hit), str(hit[0].rank)) : p.neverRanked(b), p.queriesRanked(str(data.queriesRanked)))
    if (want === 'worst' && unranked.length) out.push(p.queryUnranked(b, quote(unranked), unranked.length))
  } else if (want === 'unranked') {
    out.push(unranked.length ? p.queryUnranked(b, quote(unranked), unranked.length) : p.queryAllRanked(b, str(data.queriesRanked)))
  } else {
    // Content and improvement go first where the brand is missing, else where it ranks lowest.
    const first = unranked.length ? unranked : extreme(true)
    if (unranked.length) out.push(p.queryUnranked(b, quote(unranked), unranked.length))
    else if (first.length) out.push(p.queryBest(b, true, quote(first), str(first[0].rank)))
    if (first.length) out.push(want === 'content' ? p.contentFirst(quote(first)) : p.startWith(quote(first)))
  }
  if (asked) out.push(block(table(p, ['query', 'rank', 'visibility'], list.map((r) => [r.query, r.rank, r.visibility]))))
  return out
}

function mentionsAnswer(intent: Extract<Intent, { kind: `mentions-${string}` }>, data: Json, p: Phrases, asked: boolean): string[] {
  const brands = rows(data.brands)
  const o = own(brands)
  const queries = rows(data.queries)
  const total = Number(data.totalMentions)
  if (intent.kind === 'mentions-top') {
    const pool = [...(intent.competitorsOnly ? brands.filter((r) => r !== o) : brands)].sort((x, y) => Number(y.mentions) - Number(x.mentions))
    const top = pool[0]
    if (!top) return []
    const out = [p.mentionsTop(str(top.brand), Number(top.mentions), str(top.percentOfMentions), total, intent.competitorsOnly)]
    if (top !== o) out.push(p.ownMentions(str(o.brand), Number(o.mentions), str(o.percentOfMentions)))
    if (asked || brands.length <= SHORT) out.push(block(table(p, ['brand', 'mentions', 'share'], brands.map((r) => [r.brand, r.mentions, r.percentOfMentions]))))
    return out
  }
  const count = (q: Json, b: string) => Number(isRecord(q.mentions) ? (q.mentions[b] ?? 0) : 0)
  if (intent.kind === 'mentions-own-queries') {
    const best = [...queries].sort((x, y) => count(y, str(o.brand)) - count(x, str(o.brand)))[0]
    const max = best ? count(best, str(o.brand)) : 0
    const tied = queries.filter((q) => count(q, str(o.brand)) === max)
    return best ? [p.mentionsOwnQuery(str(o.brand), joinList(p, tied.map((q) => p.quote(str(q.query)))), max, Number(tied[0].total))] : []
  }
  const lines = queries.map((q) => {
    const [topBrand, n] = Object.entries(isRecord(q.mentions) ? q.mentions : {}).sort((x, y) => Number(y[1]) - Number(x[1]))[0] ?? ['–', 0]
    return `- ${p.mentionsByQuery(p.quote(str(q.query)), Number(q.total), topBrand, Number(n))}`
  })
  const out = [block(lines.join('\n'))]
  if (asked || queries.length <= SHORT) out.push(block(table(p, ['query', 'total', ...brands.map((b) => ({ title: str(b.brand) }))], queries.map((q) => [q.query, q.total, ...brands.map((b) => count(q, str(b.brand)))]))))
  return out
}

function sentimentAnswer(intent: Extract<Intent, { kind: 'sentiment' }>, data: Json, p: Phrases, asked: boolean): string[] {
  const list = rows(data.brands)
  if (typeof data.note === 'string' && !list.some((r) => num(r.score) !== null)) return [p.sentimentUnavailable(data.note)]
  const b = byName(list, intent.brand)
  if (!b) return []
  const line = (r: Json) => p.sentiment(str(r.brand), str(r.label), Number(r.score), str(r.positive), str(r.neutral), str(r.negative), Number(r.sentences))
  const out = [line(b)]
  if (intent.words || !intent.compare) out.push(p.words(str(b.positiveWords ?? ''), str(b.negativeWords ?? '')))
  if (intent.compare && (asked || list.length <= SHORT)) out.push(block(table(p, ['brand', 'score', 'label', 'positive', 'neutral', 'negative'], list.map((r) => [r.brand, r.score, r.label, r.positive, r.neutral, r.negative]))))
  else if (intent.compare) out.push(...list.filter((r) => r !== b).map(line))
  return out
}

function sourcesAnswer(intent: Extract<Intent, { kind: 'sources' }>, data: Json, p: Phrases, asked: boolean): string[] {
  const list = rows(data.sources)
  if (!list.length) return [p.noSources]
  const item = (r: Json): [string, string] => [str(r.domain), `${str(r.citations)}, ${str(r.shareOfCitations)}`]
  const out: string[] = []
  if (intent.want === 'top') out.push(p.sourcesTop(pairs(p, list.slice(0, 3).map(item))))
  if (intent.domain) {
    const d = intent.domain.replace(/^www\./, '')
    const hit = list.find((r) => str(r.domain) === d)
    out.push(hit ? p.domainCount(d, Number(hit.citations), str(hit.shareOfCitations)) : p.domainAbsent(d))
  }
  if (intent.want === 'own') {
    if (typeof data.ownSitesCited === 'string') out.push(p.ownCited(data.ownSitesCited))
    const owned = list.filter((r) => r.type === 'Owned')
    out.push(owned.length ? p.sourcesOfType('Owned', pairs(p, owned.map(item))) : p.noneOfType('Owned'))
  }
  if (intent.want === 'competitor' || intent.want === 'earned') {
    const type = intent.want === 'competitor' ? 'Competitor' : 'Earned'
    const hit = list.filter((r) => r.type === type)
    out.push(hit.length ? p.sourcesOfType(type, pairs(p, hit.map(item))) : p.noneOfType(type))
  }
  if (asked) out.push(block(table(p, ['domain', 'type', 'citations', 'citationShare'], list.map((r) => [r.domain, r.type, r.citations, r.shareOfCitations]))))
  return out
}
