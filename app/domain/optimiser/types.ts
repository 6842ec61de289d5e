/** The optimiser's result shapes ("Content optimiser analysis result", "Optimisation result", "Saved content analysis"). */
import type { Pillar } from './constants'
import type { ReplyOf } from './schemas'
import type { ContentCounts } from './chunks'

export interface CrawlFact {
  id: 'robots-ai-crawlers' | 'meta-robots' | 'canonical' | 'structured-data' | 'server-text' | 'heading-structure'
  label: string
  status: 'pass' | 'fail' | 'n/a'
  evidence: string
}

export interface ExtractedPage {
  source: 'text' | 'url'
  url: string | null
  title: string | null
  /** The page as light markdown (see chunks.ts). */
  fullContent: string
  counts: ContentCounts
  facts: CrawlFact[]
}

export interface AnalysedChunk {
  id: string
  type: 'section' | 'paragraph'
  title: string | null
  text: string
  wordCount: number
  /** 0-1: mean cosine similarity to the prompt over the embedding providers that answered. */
  embeddingScore: number
  /** 0-10 from the model. */
  geminiScore: number
  recommendations: string[]
  citationAnalysis: ReplyOf<'citation'>['chunks'][number] | null
}

export type PillarScores = Record<Pillar, number | null>

export interface OptimiserAnalysis {
  prompt: string
  fullContent: string
  source: { kind: 'text' | 'url'; url: string | null; title: string | null }
  chunks: AnalysedChunk[]
  visualData: { averageScore: number; highRelevanceCount: number; lowRelevanceCount: number }
  overallAnalysis: ReplyOf<'relevance'>['overallAnalysis'] | null
  summarizedRecommendations: ReplyOf<'summary'>['summarizedRecommendations']
  synthesisAnalysis: ReplyOf<'synthesis'> | null
  citationGaps: { chunkId: string; missingElements: string[] }[]
  overallCitationAnalysis: Omit<ReplyOf<'citation'>, 'chunks'> | null
  breadthDepthAnalysis: ReplyOf<'breadthDepth'> | null
  multiModalAnalysis: ReplyOf<'multiModal'> | null
  personalisationIntentAnalysis: (ReplyOf<'personalisation'> & { overallScore: number }) | null
  indexCrawlabilityAnalysis: (ReplyOf<'crawlability'> & { modelScore: number; measuredFacts: CrawlFact[] }) | null
  criticalActions: ReplyOf<'summary'>['criticalActions']
  /** 0-10 per pillar (null: that pillar's analysis failed) and the 0-100 overall. */
  scores: PillarScores & { overall: number }
  /** Why a pillar failed, by pillar. */
  pillarErrors: Partial<Record<Pillar | 'summary', string>>
  counts: ContentCounts
  /** Embedding providers that answered. */
  embeddingProviders: string[]
  analysedAt: string
}

export interface OptimisationResult {
  optimisedContent: string
  improvementSummary: string
  appliedOptimisations: string[]
}

export type PhaseStatus = 'pending' | 'running' | 'completed' | 'error'

/** The workflow's progress query answer. */
export interface OptimiserProgress {
  /** 'cancelled': the run was cancelled (or terminated) in Temporal. */
  status: 'running' | 'completed' | 'error' | 'cancelled'
  phases: { name: string; status: PhaseStatus }[]
  /** Index of the first phase not yet completed (8 once all are). */
  currentPhase: number
  phase: string
  progressPercent: number
  estimatedTimeRemaining: number
  error: string | null
}

export interface SavedAnalysisMetadata {
  originalQuery: string
  language: string
  customRequirements: string
  brandContext: string
  hasCriticalActions: boolean
}

export interface SavedContentAnalysis {
  id: number
  createdAt: string
  analysisResult: OptimiserAnalysis
  optimizedContent: string | null
  metadata: SavedAnalysisMetadata
}
