/**
 * Names and message definitions shared by the app, the worker and the workflows.
 * Imported inside the workflow sandbox: no Node built-ins, no I/O here.
 */
import { defineQuery } from '@temporalio/workflow'

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

/** The spec's §3 `progressDetails`. */
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

export interface AnalysisModelPlan {
  modelId: number
  name: string
  concurrency: number
}

export interface AnalysisWorkflowInput {
  analysisId: number
  runId: number
  kind: 'analysis' | 'add-model' | 'refresh'
  models: AnalysisModelPlan[]
  queries: { index: number; query: string }[]
  samples: number
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
}

export function analysisWorkflowId(analysisId: number, kind: AnalysisWorkflowInput['kind'], suffix = '') {
  return kind === 'analysis' ? `analysis-${analysisId}${suffix}` : `analysis-${analysisId}-${kind}${suffix}`
}
