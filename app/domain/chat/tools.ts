/**
 * The chat model's tools: each reads one results screen of the analysis. The app runs a tool
 * by loading that screen's data through the results loaders themselves (app/lib/results.server.ts,
 * app/lib/sources.server.ts), so the figures the model gets are the figures the tabs show; the functions
 * here only pick what the question needs and name it plainly. Pure: no I/O.
 */
import type { BrandRankData, MentionsData, OverviewData, QueryRankData, SentimentData, ShareData } from '../results/types'
import { ALL_MODEL_IDS, modelName, type ModelInfo } from '../models'
import type { EnginesView } from '../engines'
import { NOT_CONFIGURED_MESSAGE, sourceLine } from '../volume'
import type { ChatToolSpec, DataContextItem } from './index'
import { CRAWLERS_CHAT_TOOL } from '../crawlers/chat'

/** The model names the tools take, and the results filter each stands for. */
export const CHAT_MODEL_CHOICES = {
  all: 'combined',
  chatgpt: 'gpt41',
  claude: 'claude',
  gemini: 'gemini',
  perplexity: 'perplexity',
  grok: 'grok3',
  deepseek: 'deepseek',
} as const
export type ChatModelChoice = keyof typeof CHAT_MODEL_CHOICES

export type ChatToolName =
  | 'brand_metrics' | 'query_ranks' | 'mentions_by_query' | 'sentiment' | 'sources' | 'overview'
  | 'engine_comparison' | 'ai_overview_presence' | 'search_volume'
  | 'ai_crawlers'

export const TOOL_TITLES: Record<ChatToolName, string> = {
  brand_metrics: 'Brand Rank and Share of Model',
  query_ranks: 'Query Rank',
  mentions_by_query: 'Mentions',
  sentiment: 'Sentiment',
  sources: 'Source Insights',
  overview: 'Overview',
  engine_comparison: 'API versus app',
  ai_overview_presence: 'AI Overview presence',
  search_volume: 'AI search volume',
  ai_crawlers: 'AI Crawlers',
}

/** The tools offered for one analysis: brand arguments are limited to the analysis's brands. */
export function chatTools(brands: string[]): ChatToolSpec[] {
  const model = {
    type: 'string',
    enum: Object.keys(CHAT_MODEL_CHOICES),
    description: 'The AI model: claude (Claude Sonnet 4), chatgpt (ChatGPT 5), gemini, perplexity, grok (Grok-4), deepseek, or all for all models combined. Default all.',
  }
  const brand = { type: 'string', enum: brands, description: "A brand of the analysis; omit for the project's own brand." }
  return [
    {
      name: 'brand_metrics',
      description:
        'Visibility and rank position of every brand on one AI model (claude, chatgpt, gemini, perplexity, grok, deepseek) or all models combined, ' +
        'with the share of model (share of mentions) per brand. Figures of the Brand Rank and Share of Model tabs.',
      inputSchema: { type: 'object', properties: { model }, additionalProperties: false },
    },
    {
      name: 'query_ranks',
      description:
        'Rank of one brand for each search query, per AI model and combined, and which queries rank it best or worst or not at all. Figures of the Query Rank tab.',
      inputSchema: { type: 'object', properties: { brand }, additionalProperties: false },
    },
    {
      name: 'mentions_by_query',
      description: 'How often each brand is mentioned in the answers to every query, with total mentions and percentages per brand. Figures of the Mentions tab.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    },
    {
      name: 'sentiment',
      description: 'Sentiment towards each brand: positive, neutral and negative percentages of the sentences naming it, the sentiment score from -1 to +1 and the words behind it. Figures of the Sentiment tab.',
      inputSchema: { type: 'object', properties: { brand: { ...brand, description: 'A brand of the analysis; omit for every brand.' } }, additionalProperties: false },
    },
    {
      name: 'sources',
      description: 'Web sources and domains the AI models cite, with citation counts and share, and whether each is owned, competitor or earned media. Figures of Source Insights.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    },
    {
      name: 'overview',
      description: 'Overall summary of the analysis: total mentions, average rank, the own brand position, and mentions, share and rank of every brand. Figures of the Overview tab.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    },
    {
      name: 'engine_comparison',
      description:
        'API versus app: the ChatGPT API (ChatGPT 5) against the ChatGPT app people use, and the Gemini API against Google AI Mode, over the queries both answered. ' +
        'Per brand the share of answers naming it and its average rank on each side, the overlap of the cited web domains (Jaccard, with n), and the queries where the two disagree most.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    },
    {
      name: 'ai_overview_presence',
      description:
        'How often Google showed an AI Overview (and how often each other engine showed an AI answer) for the queries: shown x of n with a 95 % interval, per engine and per query, ' +
        'and the queries with no AI Overview. An absent AI Overview is a result, not a missing mention.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    },
    {
      name: 'search_volume',
      description:
        'How often people ask each query in AI tools: the estimated monthly AI search volume per query (rounded, with provider and month), ' +
        'the demand-weighted visibility of a brand beside the unweighted one, and the share of queries without an estimate. Figures of the Query Rank tab.',
      inputSchema: { type: 'object', properties: { brand }, additionalProperties: false },
    },
    CRAWLERS_CHAT_TOOL,
  ]
}

export function isChatTool(name: string): name is ChatToolName {
  return name in TOOL_TITLES
}

export function modelChoiceOf(input: Record<string, unknown>): ChatModelChoice {
  const m = typeof input.model === 'string' ? input.model.toLowerCase().trim() : 'all'
  return m in CHAT_MODEL_CHOICES ? (m as ChatModelChoice) : 'all'
}

export function brandOf(input: Record<string, unknown>, brands: string[]): string | null {
  if (typeof input.brand !== 'string') return null
  const wanted = input.brand.trim().toLowerCase()
  return brands.find((b) => b.toLowerCase() === wanted) ?? null
}

export function dataContextOf(name: ChatToolName, input: Record<string, unknown>): DataContextItem {
  return { tool: name, title: TOOL_TITLES[name], input }
}

const pct = (n: number | null | undefined) => (n === null || n === undefined ? null : `${n}%`)
const byModelNames = (byModel: Record<number, number | null>, modelIds: number[]) =>
  Object.fromEntries(modelIds.filter((id) => byModel[id] !== null && byModel[id] !== undefined).map((id) => [modelName(id), byModel[id]]))

/**
 * brand_metrics: the Brand Rank tab under the model filter (rank = that model's rank, 1 decimal; visibility
 * as the tab shows it) and the Share of Model tab's column of that model (or its combined column).
 */
export function brandMetricsResult(model: ModelInfo | null, rank: BrandRankData, share: ShareData) {
  const shareOf = new Map(share.rows.map((r) => [r.name, model ? r.byModel[model.id] : r.combined]))
  return {
    screen: 'Brand Rank and Share of Model tabs',
    model: model ? model.name : 'All models combined',
    note: 'rank: average position in ranked answers (1 is best, null = never ranked); visibility: % of the six AI models that rank the brand; shareOfModel: % of all brand mentions.',
    brands: rank.rows.map((r) => ({
      brand: r.name,
      ownBrand: r.isOwn,
      rank: r.combined,
      visibility: pct(r.visibility),
      shareOfModel: pct(shareOf.get(r.name) ?? null),
      ...(model ? {} : { rankByModel: byModelNames(r.byModel, rank.modelIds) }),
    })),
  }
}

/** brand_metrics for a model without answers in the analysis. */
export function modelMissingResult(model: ModelInfo, answered: string[]) {
  return { error: `${model.name} has no answers in this analysis.`, modelsWithAnswers: answered }
}

export function queryRanksResult(data: QueryRankData) {
  const ranked = data.rows.filter((r) => r.combined !== null)
  return {
    screen: 'Query Rank tab',
    brand: data.brand,
    note: 'rank per query: average position (1 is best); null = not ranked for that query.',
    queriesRanked: `${ranked.length} of ${data.rows.length}`,
    queries: data.rows.map((r) => ({ query: r.query, rank: r.combined, visibility: pct(r.visibility), rankByModel: byModelNames(r.byModel, data.modelIds) })),
  }
}

export function mentionsResult(data: MentionsData) {
  return {
    screen: 'Mentions tab',
    totalMentions: data.grandTotal,
    brands: data.brands.map((b, i) => ({ brand: b.name, ownBrand: b.isOwn, mentions: b.total, percentOfMentions: pct(data.percents[i]) })),
    queries: data.rows.map((r) => ({
      query: r.query,
      total: r.total,
      mentions: Object.fromEntries(data.brands.map((b, i) => [b.name, r.counts[i]]).filter(([, n]) => Number(n) > 0)),
    })),
  }
}

export function sentimentResult(data: SentimentData, brand: string | null) {
  const rows = brand ? data.rows.filter((r) => r.name === brand) : data.rows
  return {
    screen: 'Sentiment tab',
    ...(data.sentimentUnavailable ? { note: `Sentiment is not measured for ${data.sentimentUnavailable}.` } : {}),
    brands: rows.map((r) => ({
      brand: r.name,
      ownBrand: r.isOwn,
      score: r.score,
      label: r.label,
      positive: pct(r.positive),
      neutral: pct(r.neutral),
      negative: pct(r.negative),
      sentences: r.mentions,
      positiveWords: r.positiveWords.join(', '),
      negativeWords: r.negativeWords.join(', '),
    })),
  }
}

export function overviewResult(data: OverviewData) {
  return {
    screen: 'Overview tab',
    totalMentions: data.summary.totalMentions,
    averageRank: data.summary.averageRank,
    brandsRanked: data.summary.brandsRanked,
    ownBrandPosition: data.ownRankPosition,
    brands: data.brands.map((b) => ({ brand: b.name, ownBrand: b.isOwn, mentions: b.mentions, shareOfModel: pct(b.share), rank: b.rank })),
  }
}

export interface SourceRow {
  domain: string
  type: string
  citations: number
  share: number
}

export function sourcesResult(rows: SourceRow[] | null, ownedRate: { cited: number; n: number; rate: number } | null) {
  if (!rows) return { screen: 'Source Insights', note: 'No source insights for this analysis yet: run the source search on Source Insights (phase 4) first.' }
  return {
    screen: 'Source Insights (Site Priorities)',
    ...(ownedRate ? { ownSitesCited: `${ownedRate.cited} of ${ownedRate.n} answers` } : {}),
    sources: rows.slice(0, 10).map((r) => ({ domain: r.domain, type: r.type, citations: r.citations, shareOfCitations: pct(r.share) })),
  }
}

const rateText = (r: { x: number; n: number; ci: { low: number; high: number } | null }) => ({
  x: r.x,
  n: r.n,
  rate: r.n > 0 ? `${Math.round((r.x / r.n) * 1000) / 10}%` : null,
  interval95: r.ci ? `${r.ci.low}–${r.ci.high}%` : null,
})

const NO_ENGINES = 'This analysis did not read the engines (Google AI Overview, AI Mode, Bing Copilot, the ChatGPT app): they are turned on per project in Analysis Settings → Engines (Full tier).'

/** engine_comparison: the API-versus-app view of the analysis (the Overview tab's comparison and /engines). */
export function engineComparisonResult(view: EnginesView) {
  if (!view.comparisons.length)
    return {
      screen: 'Overview tab (API versus app)',
      note: view.engines.length
        ? 'No pair to compare: the comparison needs ChatGPT 5 with the ChatGPT app, or Gemini with Google AI Mode, in the same analysis.'
        : NO_ENGINES,
    }
  return {
    screen: 'Overview tab (API versus app)',
    note: 'Over the queries both sides answered. mentionRate: answers naming the brand of those answers; averageRank: mean list position (1 is best, null = never ranked); citedDomains.jaccard: domains both cited / domains either cited (n).',
    comparisons: view.comparisons.map((c) => ({
      pair: c.label,
      api: c.apiModel,
      app: c.appModel,
      queriesCompared: c.queries,
      brands: c.brands.map((b) => ({
        brand: b.brand,
        ownBrand: b.isOwn,
        api: { mentionRate: rateText(b.api.mentionRate), averageRank: b.api.averageRank },
        app: { mentionRate: rateText(b.app.mentionRate), averageRank: b.app.averageRank },
      })),
      citedDomains: c.domains,
      mostDisagreeing: c.disagreements.map((d) => ({ query: d.query, disagreement: d.disagreement, onlyApi: d.onlyApi, onlyApp: d.onlyApp })),
    })),
  }
}

/** ai_overview_presence: how often each engine showed an AI answer, per engine and per query. */
export function aiOverviewPresenceResult(view: EnginesView) {
  if (!view.engines.length) return { screen: 'Overview tab (engines)', note: NO_ENGINES }
  return {
    screen: 'Overview tab (engines)',
    note: 'shown: answers with an AI answer of the answers that came back (an absent AI Overview counts in n; a failed call does not). An absent AI Overview is a result and is not counted as the brand not being mentioned.',
    engines: view.engines.map((e) => ({ engine: e.model, shown: rateText(e.shown) })),
    queries: view.presence.map((q) => ({ engine: q.model, query: q.query, shown: rateText(q.shown) })),
    queriesWithoutAnswer: view.presence.filter((q) => q.shown.n > 0 && q.shown.x === 0).map((q) => ({ engine: q.model, query: q.query })),
  }
}

/** search_volume: the Query Rank tab's volume column and its demand-weighted visibility. */
export function searchVolumeResult(data: QueryRankData) {
  const v = data.volume
  if (!v || v.status === 'not_configured') return { screen: 'Query Rank tab', volume: NOT_CONFIGURED_MESSAGE, note: 'No AI search volume provider is configured: there are no estimates (not zero).' }
  if (v.status === 'pending') return { screen: 'Query Rank tab', volume: v.message, source: sourceLine(v.source) }
  return {
    screen: 'Query Rank tab',
    brand: data.brand,
    source: sourceLine(v.source),
    provider: v.source.simulated ? `${v.source.provider} (simulated)` : v.source.provider,
    month: v.source.month,
    note: 'Estimated monthly AI searches, rounded: estimates, never exact counts. "no estimate": the provider has none for that query.',
    perQuery: data.rows.map((r) => ({ query: r.query, volume: r.volume?.label ?? 'no estimate', visibility: pct(r.visibility) })),
    ...(v.weighted
      ? {
          demandWeightedVisibility: pct(v.weighted.weighted),
          unweightedVisibility: pct(v.weighted.unweighted),
          queries: v.weighted.queries,
          queriesWithoutEstimate: v.weighted.withoutEstimate,
          shareWithoutEstimate: `${v.weighted.withoutEstimateShare}%`,
          weightingNote: v.weighted.note,
        }
      : {}),
  }
}

/** The models that answered, by name: the six cards, then the engines (for the system prompt and error results). */
export function answeredModelNames(ids: number[]): string[] {
  return ALL_MODEL_IDS.filter((id) => ids.includes(id)).map(modelName)
}

export function chatSystemPrompt(p: { brand: string; market: string; competitors: string[]; analysisDate: string; models: string[]; queryCount: number }): string {
  return [
    `You are the analysis assistant of an AI brand-visibility product. The user's brand is ${p.brand} (market: ${p.market}).`,
    `The analysis of ${p.analysisDate} asked ${p.models.join(', ') || 'the AI models'} ${p.queryCount} search-style queries and measured how the brand and its competitors (${p.competitors.join(', ') || 'none'}) appear in the answers.`,
    'Answer only from what your tools return: call the tool that holds the figures the question needs, and quote its numbers exactly as given (they are the numbers the results screens show). Never invent figures.',
    "If a tool reports no data, say so and point to the screen where the user can get it. Answer in markdown: short paragraphs, bullet lists or small tables. Say which screen the figures come from.",
  ].join('\n')
}
