/**
 * Names, message definitions and workflow inputs shared by the app, the worker and the workflows (the ids are in ./ids).
 * Imported inside the workflow sandbox: no Node built-ins, no I/O here.
 */
import { defineQuery } from '@temporalio/workflow'
import type { IdeatorContext } from '../activities/ideator'
import type { PromptItem } from '../app/domain/ideator/prompts'
import type { AnalysisRunKind } from './ids'

export * from './ids'

export const DEFAULT_TASK_QUEUE = 'brand-analysis'

export type ModelRunStatus = 'waiting' | 'processing' | 'completed' | 'failed'

export interface ModelProgress {
  name: string
  status: ModelRunStatus
  completed: number
  total: number
  failed: number
  startTime: string | null
  completedTime: string | null
  currentQuery: string | null
  error: string | null
}

export interface ProgressBar {
  label: string
  current: number
  total: number
}

/** An analysis's `progressDetails`, as the progress screens and the API read it. */
export interface ProgressDetails {
  progressBars: { calls: ProgressBar; saving: ProgressBar }
  modelStatus: Record<string, ModelProgress>
  phase: string
  message: string
  currentModel: string | null
  progressPercent: number
  queriesCompleted: number
  queriesTotal: number
  estimatedTimeRemaining: number | null
  isComplete: boolean
}

export const getProgressQuery = defineQuery<ProgressDetails>('getProgress')

/** Every model of a run waiting, with its share of the answers still to ask. */
export function initialModelStatus(models: { modelId: number; name: string }[], totalPerModel: number): Record<string, ModelProgress> {
  return Object.fromEntries(
    models.map((m) => [
      String(m.modelId),
      { name: m.name, status: 'waiting', completed: 0, total: totalPerModel, failed: 0, startTime: null, completedTime: null, currentQuery: null, error: null } satisfies ModelProgress,
    ]),
  )
}

/**
 * The progress of a run before its first answer: what the app stores when it starts a run and what the
 * workflow answers to getProgress until its models start.
 */
export function initialProgress(models: { modelId: number; name: string }[], queries: number, samples: number, text: { phase: string; message: string }): ProgressDetails {
  const total = models.length * queries * samples
  return {
    progressBars: { calls: { label: 'AI model calls', current: 0, total }, saving: { label: 'Answers saved', current: 0, total } },
    modelStatus: initialModelStatus(models, queries * samples),
    phase: text.phase,
    message: text.message,
    currentModel: null,
    progressPercent: 0,
    queriesCompleted: 0,
    queriesTotal: total,
    estimatedTimeRemaining: null,
    isComplete: false,
  }
}

export interface AnalysisModelPlan {
  modelId: number
  name: string
  concurrency: number
}

export interface AnalysisWorkflowInput {
  analysisId: number
  runId: number
  kind: AnalysisRunKind
  models: AnalysisModelPlan[]
  queries: { index: number; query: string }[]
  samples: number
  /** A completed full analysis starts its source search (`source-search-<id>`) unless this is false (SOURCE_SEARCH_AFTER_ANALYSIS=false). */
  sourceSearch?: boolean
}

/** The source search of one analysis (workflows/sources.ts). */
export interface SourceSearchInput {
  analysisId: number
  workflowId: string
  models: { modelId: number; name: string; concurrency: number }[]
  queries: { index: number; query: string }[]
}

/** One content optimisation (workflows/optimiser.ts). */
export interface OptimiserWorkflowInput {
  userId: number
  prompt: string
  language: string
  content?: string
  url?: string
}

/** Content Ideator runs (workflows/ideator.ts). */
export interface IdeatorIdeasInput {
  userId: number
  context: IdeatorContext
}

export interface IdeatorContentInput {
  userId: number
  context: IdeatorContext
  items: PromptItem[]
}

export interface FrameworkInput {
  brand: string
  market: string
  region: string
  language: string
  marketType: 'B2C' | 'B2B'
  maxCompetitors: number
  maxQueries: number
}

export interface FrameworkOutput {
  competitors: { name: string; alternativeNames: string[]; domains: string[] }[]
  brandDomains: string[]
  queries: string[]
  provider: string
  /** The gateway's cost of the call (USD), counted against the user's daily cap. */
  costUsd?: number
}


/** Content optimiser runs: `optimiser-<user>-<runId>`; progress through this query. */
export interface OptimiserPhaseProgress {
  status: 'running' | 'completed' | 'error' | 'cancelled'
  phases: { name: string; status: 'pending' | 'running' | 'completed' | 'error' }[]
  currentPhase: number
  phase: string
  progressPercent: number
  estimatedTimeRemaining: number
  error: string | null
}
export const getOptimiserProgressQuery = defineQuery<OptimiserPhaseProgress>('getOptimiserProgress')

/** The source search's phase texts (they contain 'Search' or 'Enhanced'), written by its workflow and by the app when Temporal ended it. */
export const SOURCE_SEARCH_PHASES = {
  basic: 'Building Basic Search Insights',
  enhanced: 'Enhanced Source Search',
  done: 'Search Insights Complete',
  cancelled: 'Search Cancelled',
  failed: 'Search Failed',
  skipped: 'Search Skipped',
} as const

/** Agent analytics: one ingest run per upload or pushed batch, `crawlers-<uploadId>`. */
export interface CrawlerIngestInput {
  uploadId: number
}
export interface CrawlerProgress {
  status: 'running' | 'completed' | 'failed'
  bytesDone: number
  bytesTotal: number
  chunksDone: number
  chunks: number
  lines: number
  badLines: number
  /** Bytes per second since the run started (workflow clock). */
  bytesPerSecond: number
}
export const getCrawlerProgressQuery = defineQuery<CrawlerProgress>('getCrawlerProgress')
