/**
 * Shapes of the phase-4 Source Insights view: what loadSourcesView returns and the screen
 * renders. Pure types, constants and small helpers, safe in the browser.
 */
import type { SourceType } from './classify'
import type { CitationShareView, CitationsView, ComparisonView, KeywordInsightsView, LegacyCitationsView, OwnedCitationRateView, SitePrioritiesView, SourceAnalyticsView, TopicsAudiencesView } from './views'

export const SOURCE_TABS = [
  { id: 'site-priorities', label: 'Site Priorities' },
  { id: 'source-analytics', label: 'Source Analytics' },
  { id: 'topics-audiences', label: 'Topics & Audiences' },
  { id: 'keyword-insights', label: 'Keyword Insights' },
  { id: 'content-priorities', label: 'Citations' },
  { id: 'api-response', label: 'API Response' },
  { id: 'site-model-comparison', label: 'Site/Model Comparison' },
  { id: 'model-export', label: 'Model Export' },
] as const

export type SourceTab = (typeof SOURCE_TABS)[number]['id']

export const SOURCE_TAB_IDS = SOURCE_TABS.map((t) => t.id) as readonly string[]

/** Which insights the tabs read: the enhanced search (default), the analysis answers (basic), or both. */
export type InsightSet = 'enhanced' | 'basic' | 'all'

/** Source-list limits. */
export const SOURCE_LIMITS = {
  sitesInitial: 100,
  sitesLoadMore: 100,
  sitesOnScroll: 50,
  scrollThreshold: 0.9,
  exportTable: 20,
  urlsPerRow: 3,
  responseExpandAbove: 200,
} as const

/** Gemini expands queries (Keyword Insights). */
export const EXPANSION_MODEL_ID = 6

/** The search phase is polled every 2 s. */
export const SEARCH_POLL_MS = 2000

/** The models with a web search tool (DeepSeek has none). */
export const SEARCH_MODEL_IDS: readonly number[] = [3, 5, 6, 8, 9]

/**
 * Whether a completed full analysis starts its source search (Source Insights): on unless
 * SOURCE_SEARCH_AFTER_ANALYSIS=false (the test stack turns it off; its tests start searches themselves).
 */
export const sourceSearchAfterAnalysis = (env: Record<string, string | undefined> = process.env) => env.SOURCE_SEARCH_AFTER_ANALYSIS !== 'false'

/** Dual-model insights are Gemini + OpenAI (dualSearchInsights). */
export const DUAL_MODEL_IDS: readonly number[] = [6, 8]

export type SearchStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled'

/** Analysis-date selector: the insight kinds an analysis has. */
export function insightKindsLabel(basic: number, enhancedModels: number[]): 'All insights' | 'Basic + Enhanced' | 'Enhanced only' | 'Basic only' | 'Dual model only' | 'No insights' {
  const dual = DUAL_MODEL_IDS.every((m) => enhancedModels.includes(m))
  const dualOnly = dual && enhancedModels.length === DUAL_MODEL_IDS.length
  if (basic > 0 && enhancedModels.length > 0) return dual && !dualOnly ? 'All insights' : 'Basic + Enhanced'
  if (enhancedModels.length > 0) return dualOnly ? 'Dual model only' : 'Enhanced only'
  if (basic > 0) return 'Basic only'
  return 'No insights'
}

/** A source-search phase is a pending or running search whose progress text names Search or Enhanced. */
export function isSearchPhase(status: SearchStatus | null | undefined, phase: string | null | undefined): boolean {
  return (status === 'pending' || status === 'in_progress') && /Search|Enhanced/.test(phase ?? '')
}

export interface SearchProgressView {
  status: SearchStatus
  phase: string
  message: string
  percent: number
  completed: number
  total: number
  error: string | null
  /** Per model: name, status, completed / total, error. */
  models: { modelId: number; name: string; status: string; completed: number; total: number; error: string | null }[]
  /** What Temporal says when it differs from the stored status (e.g. terminated by an operator). */
  note: string | null
}

export interface SourcesAnalysisOption {
  id: number
  date: string
  createdAt: string
  kinds: ReturnType<typeof insightKindsLabel>
}

export interface ApiResponseItem {
  modelId: number
  modelName: string
  kind: 'basic' | 'enhanced'
  timestamp: string | null
  response: string
  citations: { url: string; title?: string; snippet?: string; domain: string }[]
  sources: { url: string; title?: string; domain: string }[]
  webSearchQueries: string[]
  // Any JSON the vendor sent: optional, as JSON leaves an undefined value out on its way to the screen.
  searchMetadata?: unknown
  groundingMetadata?: unknown
  usage?: unknown
  raw?: unknown
}

export interface ModelExportRow {
  modelId: number
  modelName: string
  prompt: string
  response: string
  urls: string[]
}

export type SourceTabData =
  | {
      tab: 'site-priorities'
      view: SitePrioritiesView
      /** The top 20 domains' share of all citations and position-weighted share, overall and per model. */
      citationShare: CitationShareView['rows']
      /** The models with citations: the columns of the per-model share. */
      citationShareModels: number[]
      gaps: { domain: string; citations: number; withCompetitor: number; queries: number }[]
      /** Answers citing an own site: overall, per model and per query, each with n and a 95 % interval. */
      ownedRate: OwnedCitationRateView
    }
  | { tab: 'source-analytics'; view: SourceAnalyticsView; types: SourceType[] }
  | { tab: 'topics-audiences'; view: TopicsAudiencesView }
  | { tab: 'keyword-insights'; view: KeywordInsightsView }
  | { tab: 'content-priorities'; view: CitationsView; selected: number | null; layout: 'cards' | 'legacy'; legacy: LegacyCitationsView | null }
  | { tab: 'api-response'; queries: { index: number; query: string }[]; selected: number | null; items: ApiResponseItem[] }
  | { tab: 'site-model-comparison'; view: ComparisonView; filter: string; limit: number }
  | { tab: 'model-export'; rows: ModelExportRow[]; total: number }

export interface SourcesViewData {
  kind: 'view'
  project: { id: number; name: string; brandName: string; isLightMode: boolean; isOwner: boolean }
  analyses: SourcesAnalysisOption[]
  analysisId: number | null
  analysisStatus: string | null
  search: SearchProgressView | null
  counts: { basic: number; enhanced: number }
  enhancedModels: number[]
  tab: SourceTab
  filters: { model: number | null; set: InsightSet; topic: string | null; audience: string | null; queries: number[] }
  options: { models: number[]; topics: string[]; audiences: string[]; queries: { index: number; query: string; topic: string | null; audience: string | null }[] }
  /** True when the chosen set has no insight: every tab shows 'Enhanced Source Analysis Required'. */
  required: boolean
  canRun: boolean
  data: SourceTabData | null
}
