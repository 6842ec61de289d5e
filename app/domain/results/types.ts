/**
 * Shapes of the phase-2 results view: what loadResultsView (app/lib/results.server.ts)
 * returns and ResultsPhase renders. Pure types and constants, safe in the browser.
 * Each tab carries only its own data; numbers are rounded here once so the screen and
 * the spreadsheet exports show the same values.
 */
import type { AnalysisStatus } from '../analyses'
import type { AccuracyView } from '../factcheck/accuracy'
import type { RankSpread, RateCi } from '../metrics/intervals'
import type { GroupVolume, QueryVolume, VolumeColumn } from '../volume'
import type { EnginesView } from '../engines'

export type { RankSpread, RateCi } from '../metrics/intervals'

export const RESULT_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'share-of-model', label: 'Share of Model' },
  { id: 'topics', label: 'Topics' },
  { id: 'audiences', label: 'Audiences' },
  { id: 'brand-rank', label: 'Brand Rank' },
  { id: 'ranking-detail', label: 'Query Rank' },
  { id: 'mentions', label: 'Mentions' },
  { id: 'sentiment', label: 'Sentiment' },
  { id: 'sentiment-detail', label: 'Sentiment Detail' },
  { id: 'api-data', label: 'API Data' },
  { id: 'accuracy', label: 'Accuracy' },
  { id: 'model-admin', label: 'Model Admin' },
] as const

export type ResultsTab = (typeof RESULT_TABS)[number]['id']

export const MODEL_FILTERS = ['combined', 'claude', 'perplexity', 'gemini', 'gpt41', 'grok3', 'deepseek', 'aio', 'aimode', 'copilot', 'chatgptapp'] as const
export type ModelFilter = (typeof MODEL_FILTERS)[number]

export type Polarity = 'all' | 'positive' | 'negative'

export type { AnalysisStatus } from '../analyses'

export interface BrandRef {
  name: string
  isOwn: boolean
}

/** Per model id (3, 5, 6, 8, 9, 10); null where the model has no value. */
export type ByModel<T> = Record<number, T>

export interface RunOption {
  id: number
  /** yyyy-mm-dd */
  date: string
  createdAt: string
}

export interface ProgressView {
  phase: string
  message: string
  currentModel: string | null
  percent: number
  queriesCompleted: number
  queriesTotal: number
  /** Seconds, or null while unknown. */
  estimatedSecondsRemaining: number | null
}

/** The running-analysis panel's figures from the workflow's progressDetails (server render and polling alike). */
export function toProgressView(d: {
  phase: string
  message: string
  currentModel: string | null
  progressPercent?: number | null
  queriesCompleted: number
  queriesTotal: number
  estimatedTimeRemaining: number | null
}): ProgressView {
  return {
    phase: d.phase,
    message: d.message,
    currentModel: d.currentModel,
    percent: Math.max(0, Math.min(100, Math.round(d.progressPercent ?? 0))),
    queriesCompleted: d.queriesCompleted,
    queriesTotal: d.queriesTotal,
    estimatedSecondsRemaining: d.estimatedTimeRemaining,
  }
}

export interface ResultsHeader {
  /** 'export': the public read-only page /export/{id}. */
  mode: 'app' | 'export'
  project: {
    id: number
    name: string
    brandName: string
    marketDescription: string
    isLightMode: boolean
    hasTopics: boolean
    hasAudiences: boolean
    /** The signed-in user owns the project (may export, restart, manage models). */
    isOwner: boolean
  }
  /** The analysis shown (null when the project has none). */
  analysis: {
    id: number
    status: AnalysisStatus
    date: string
    createdAt: string
    error: string | null
  } | null
  /** Set when the requested analysis could not be shown and the latest completed one is shown instead. */
  fallback: { id: number | null; status: AnalysisStatus | 'missing'; date: string | null } | null
  /** Completed runs of the project, newest first (app mode only). */
  runs: RunOption[]
  /** Export summary for the header (owner in app mode only). */
  exports: { count: number; lastExportId: string | null } | null
  /** In export mode: when the link was created and when it stops working. */
  exportLink: { createdAt: string; expiresAt: string } | null
  filters: { model: ModelFilter; topic: string | null; audience: string | null }
  /** How the shown analysis was made (app/domain/evidence): samples per query, metric definitions, rebuilds. */
  evidence?: AnalysisEvidence | null
  options: {
    models: { value: ModelFilter; label: string }[]
    topics: string[]
    audiences: string[]
  }
  /** Visible tabs (Topics/Audiences only when the project has them; no Model Admin on export pages). */
  tabs: ResultsTab[]
  tab: ResultsTab
}

/** Metric definitions and collection of the shown analysis. */
export interface AnalysisEvidence {
  samplesPerQuery: number
  /** The version of the metric definitions the stored results were computed with. */
  metricsVersion: number
  /** The version this build of the product computes with. */
  currentMetricsVersion: number
  /** Explicit rebuilds, newest first. */
  /** Every change of version, newest first: 'rebuild' was asked for explicitly, 'recompute' came with other changes. */
  rebuilds: { fromVersion: number; toVersion: number; at: string; reason: 'rebuild' | 'recompute' }[]
}

// ------------------------------------------------------------------ tab data

export interface OverviewBrand extends BrandRef {
  mentions: number
  /** % of all brands' mentions, 1 decimal. */
  share: number
  rank: number | null
  sentiment: { positive: number; neutral: number; negative: number; mentions: number }
}

export interface OverviewData {
  tab: 'overview'
  /** Own brand first, then by mentions (most first). */
  brands: OverviewBrand[]
  summary: { totalMentions: number; brandsWithMentions: number; averageRank: number | null; brandsRanked: number }
  /** Own brand's position among ranked brands (1 = best), null when not ranked. */
  ownRankPosition: number | null
  hasAnswers: boolean
  /** Language name when sentiment could not be measured in the project language (no word list). */
  sentimentUnavailable?: string | null
  /** Per brand name: n and 95 % interval of the share and of the positive share, spread of the rank. */
  evidence?: Record<string, { share: RateCi; positive: RateCi; rank: RankSpread | null }>
}

export interface ShareRow extends BrandRef {
  /** % share per model, 1 decimal; null when the model has no answers. */
  byModel: ByModel<number | null>
  combined: number
  /** The share's mentions x of all mentions n per model, with its 95 % interval (null without answers). */
  ciByModel?: ByModel<RateCi | null>
  ci?: RateCi
}

export interface ShareData {
  tab: 'share-of-model'
  modelIds: number[]
  /** Ranked by combined share (highest first). */
  rows: ShareRow[]
  hasData: boolean
}

export interface RankRow extends BrandRef {
  byModel: ByModel<number | null>
  combined: number | null
  visibility: number
  /** Spread of the per-query ranks behind each average (absent for results of metric definitions version 1). */
  spreadByModel?: ByModel<RankSpread | null>
  spread?: RankSpread | null
  /** Models that ranked the brand (x) of the six (n), with its 95 % interval. */
  visibilityCi?: RateCi
}

export interface BrandRankData {
  tab: 'brand-rank'
  modelIds: number[]
  /** Own brand first, then by combined rank (best first; unranked last). */
  rows: RankRow[]
  queryCounts: { included: number; total: number }
  filtered: boolean
  hasAnswers: boolean
}

export interface QueryRankRow {
  queryIndex: number
  query: string
  topic: string | null
  byModel: ByModel<number | null>
  combined: number | null
  visibility: number
  /** Spread of the model ranks behind the combined average. */
  spread?: RankSpread | null
  visibilityCi?: RateCi
  /** Estimated monthly AI search volume, rounded; absent unless the volume column is ready. */
  volume?: QueryVolume
}

export interface QueryRankData {
  tab: 'ranking-detail'
  modelIds: number[]
  brands: BrandRef[]
  brand: string | null
  rows: QueryRankRow[]
  /** Queries in the analysis (before filters). */
  queryCount: number
  hasAnswers: boolean
  /** The AI search volume column: not configured, pending, or ready with its source and the demand-weighted visibility. */
  volume?: VolumeColumn
}

export interface MentionsData {
  tab: 'mentions'
  /** Own brand first, competitors by total mentions (most first). */
  brands: (BrandRef & { total: number })[]
  rows: { queryIndex: number; query: string; counts: number[]; total: number }[]
  /** % of all mentions per brand (TOTAL MENTIONS row), 1 decimal. */
  percents: number[]
  /** n and 95 % interval of each percent (aligned with brands). */
  percentsCi?: RateCi[]
  grandTotal: number
  hasAnswers: boolean
}

export interface SentimentRow extends BrandRef {
  positive: number
  neutral: number
  negative: number
  /** -1..+1 */
  score: number
  label: 'positive' | 'neutral' | 'negative'
  /** Sentences naming the brand. */
  mentions: number
  /** Sum of those sentences' scores (+1 per positive, -1 per negative word); score = totalScore / mentions, within -1..+1. */
  totalScore?: number
  positiveWords: string[]
  negativeWords: string[]
  /** Positive sentences x of the sentences naming the brand n, with its 95 % interval. */
  positiveCi?: RateCi
}

export interface SentimentData {
  tab: 'sentiment'
  rows: SentimentRow[]
  hasAnswers: boolean
  /** Language name when sentiment could not be measured in the project language (no word list). */
  sentimentUnavailable?: string | null
}

export interface Statement {
  text: string
  words: string[]
  score: number
  polarity: 'positive' | 'negative'
  modelId: number
}

export interface SentimentDetailData {
  tab: 'sentiment-detail'
  brands: BrandRef[]
  brand: string | null
  polarity: Polarity
  cards: { queryIndex: number; query: string; statements: Statement[] }[]
  hasAnswers: boolean
  /** Language name when sentiment could not be measured in the project language (no word list). */
  sentimentUnavailable?: string | null
}

export interface ApiResponseView {
  id: number
  query: string
  modelId: number
  modelName: string
  text: string
  ok: boolean
  error: string | null
  /** The vendor had not finished the answer (Claude's turn still paused): the text is partial. */
  incomplete: boolean
  /** The engine showed no AI answer for the query (an absent AI Overview): a result, not an error. */
  absent?: boolean
  mentions: { brand: string; count: number }[]
  rankings: { brand: string; rank: number }[]
  citations: { url: string | null; title: string }[]
  sources: { url: string | null; title: string }[]
  length: number
  timestamp: string
  /** How the answer was collected (model, API, web search, sample, date): app/domain/evidence collectionLine. */
  collectedLine?: string
}

export interface ApiDataData {
  tab: 'api-data'
  /** Answers matching the filters (all pages). */
  total: number
  page: number
  pages: number
  pageSize: number
  /** The filters applied: text in the answer, one query (index), a brand the answer mentions. */
  filters: { q: string | null; query: number | null; mentions: string | null }
  options: { queries: { index: number; text: string }[]; brands: string[] }
  responses: ApiResponseView[]
}

export interface ModelCard {
  id: number
  name: string
  costLabel: string
  addKey: string | null
  /** Answered (non-empty) responses of this model in the analysis. */
  answered: number
  running: boolean
  /** Light mode projects may only run ChatGPT 5. */
  disabled: boolean
  /** Fixed legacy cards: 'active' (legacy ChatGPT) or 'unavailable' (o3). */
  fixed?: 'active' | 'unavailable'
}

export interface ManagementSession {
  analysisId: number
  date: string
  isToday: boolean
  total: number
  successful: number
  failed: number
  avgLength: number
  /** First failed queries (already cut to 80 characters). */
  failures: string[]
  moreFailures: number
}

export interface ModelAdminData {
  tab: 'model-admin'
  analysisId: number
  projectId: number
  cards: ModelCard[]
  management: { modelId: number; name: string; sessions: ManagementSession[] }[]
}

export interface GroupData {
  tab: 'topics' | 'audiences'
  brands: BrandRef[]
  brand: string | null
  /** Per group: each brand's combined share % and combined rank, both aligned with brands. */
  groups: { group: string; shares: number[]; ranks: (number | null)[]; shareCis?: RateCi[] }[]
  hasAnswers: boolean
  /** Topics: the AI search volume column and each topic's summed demand (aligned with groups when ready). */
  volume?: VolumeColumn
  groupVolumes?: GroupVolume[]
}

/** The Accuracy tab (fact-check): its own view, app/domain/factcheck/accuracy.ts. */
export type AccuracyData = AccuracyView & { tab: 'accuracy' }

export type TabData =
  | AccuracyData
  | OverviewData
  | ShareData
  | BrandRankData
  | QueryRankData
  | MentionsData
  | SentimentData
  | SentimentDetailData
  | ApiDataData
  | ModelAdminData
  | GroupData

export type ResultsState = 'completed' | 'running' | 'failed' | 'none'

export type ResultsViewData =
  | { kind: 'no-project' }
  | {
      kind: 'results'
      header: ResultsHeader
      state: ResultsState
      /** Live progress when state is 'running' (or when the fallback analysis is running). */
      progress: ProgressView | null
      data: TabData | null
      /** The engines' presence and API-versus-app comparison, on the Overview of an analysis that asked them. */
      engines?: EnginesView | null
    }
