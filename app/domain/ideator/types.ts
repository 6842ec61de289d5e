/** The Content Ideator's shapes ("Content idea", "Generated content"). Pure. */

/** Content idea; `gap` says which gap of the analysis the idea closes (grounding). Scores 0..1. */
export interface ContentIdea {
  id: string
  title: string
  description: string
  keyElements: string[]
  gapId: string
  gap: string
  score: number
  openaiScore: number | null
  geminiScore: number | null
}

/** Generated content (markdown). Scores 0..1. */
export interface GeneratedContent {
  ideaId: string
  ideaTitle: string
  content: string
  score: number
  openaiScore: number | null
  geminiScore: number | null
}

/** One answer of the analysis to the query, as the prompt carries it. */
export interface GroundingAnswer {
  model: string
  brandRank: number | null
  brandMentions: number
  excerpt: string
}

/** A competitor a model ranked above the brand, and the answer's own words about it. */
export interface CompetitorAbove {
  name: string
  model: string
  rank: number
  brandRank: number | null
  why: string
}

export interface GroundingSource {
  domain: string
  type: 'Owned' | 'Competitor' | 'Earned'
  citations: number
  title: string | null
}

/** A gap the ideas may close: a competitor ahead, a model that leaves the brand out, a source that is cited. */
export interface Gap {
  id: string
  kind: 'competitor-ahead' | 'not-mentioned' | 'source' | 'lead' | 'unmeasured'
  text: string
}

/** What the analysis says about the query; every idea is built on it. */
export interface Grounding {
  /** 'query': the analysed query's own answers; 'project': a custom query, grounded on the whole analysis. */
  scope: 'query' | 'project' | 'none'
  analysisId: number | null
  analysisDate: string | null
  brand: string
  answers: GroundingAnswer[]
  competitorsAbove: CompetitorAbove[]
  sources: GroundingSource[]
  gaps: Gap[]
}

/** One saved generation (a `content_ideas` row) as the screen lists it. */
export interface SavedIdeas {
  id: number
  query: string
  isCustomQuery: boolean
  userBrief: string
  contentType: string
  language: string
  audience: string | null
  grounding: Grounding | null
  ideas: ContentIdea[]
  contents: GeneratedContent[]
  createdAt: string
}

/** Citation explorer: one citation with its relevant excerpts. */
export interface ExplorerCitation {
  url: string
  domain: string
  title: string | null
  excerpts: string[]
  models: string[]
}

export interface ExplorerQuery {
  query: string
  citations: ExplorerCitation[]
}

export interface CitationExplorerData {
  analysisId: number | null
  analysisDate: string | null
  /** Whether the analysis has enhanced insights (Source Insights' Run Enhanced Source Analysis). */
  hasInsights: boolean
  isLightMode: boolean
  queries: ExplorerQuery[]
}

export interface IdeatorViewData {
  projectId: number
  projectName: string
  /** The project's setup language: the ideator writes in it by default. */
  language: string
  brand: string
  brandDomain: string
  canGenerate: boolean
  isActive: boolean
  /** Generations left in the rolling day; null = unlimited. */
  ideasLeft: number | null
  queries: string[]
  audiences: { id: string; name: string; description: string }[]
  saved: SavedIdeas[]
  tab: string
  explorer: CitationExplorerData | null
}
