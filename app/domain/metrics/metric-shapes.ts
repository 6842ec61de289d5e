/** The shapes of an analysis's metrics, as aggregate.ts builds them and the results screens and stored views read them. */
import { type RankSpread } from './intervals'
import { type SentimentLanguage } from './lexicons'
import { type SentimentResult, type Snippet } from './sentiment'

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
