/**
 * One analysis run: every query × sample for every model, bounded concurrency per model,
 * retries with backoff (Retry-After honoured by the activity), then the data-processing step.
 * Deterministic orchestration only; all I/O is in activities.
 */
import { ActivityFailure, ApplicationFailure, CancellationScope, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow'
import type { Activities } from '../activities'
import { getProgressQuery, type AnalysisWorkflowInput, type ModelProgress, type ProgressDetails } from './shared'

export const ANSWER_MAX_ATTEMPTS = 5

const answers = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '20 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: ANSWER_MAX_ATTEMPTS,
    nonRetryableErrorTypes: ['permanent', 'configuration'],
  },
})

const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 20 },
})

export async function analysisWorkflow(input: AnalysisWorkflowInput): Promise<ProgressDetails> {
  const startedAt = Date.now()
  const modelStatus: Record<string, ModelProgress> = {}
  for (const m of input.models) {
    modelStatus[String(m.modelId)] = {
      name: m.name,
      status: 'waiting',
      completed: 0,
      total: input.queries.length * input.samples,
      failed: 0,
      startTime: null,
      completedTime: null,
      currentQuery: null,
      error: null,
    }
  }
  const total = input.models.length * input.queries.length * input.samples
  let phase = 'Querying AI models'
  let message = `Asking ${input.models.length} AI model${input.models.length === 1 ? '' : 's'} ${input.queries.length} queries`
  let saved = 0
  let isComplete = false
  let currentModel: string | null = null

  const snapshot = (): ProgressDetails => {
    const done = Object.values(modelStatus).reduce((n, m) => n + m.completed, 0)
    const elapsed = (Date.now() - startedAt) / 1000
    const percent = isComplete ? 100 : total === 0 ? 0 : Math.min(99, Math.round((done / total) * 100))
    return {
      progressBars: {
        calls: { label: 'AI model calls', current: done, total },
        saving: { label: 'Answers saved', current: saved, total },
      },
      modelStatus: JSON.parse(JSON.stringify(modelStatus)) as Record<string, ModelProgress>,
      phase,
      message,
      currentModel,
      progressPercent: percent,
      queriesCompleted: done,
      queriesTotal: total,
      estimatedTimeRemaining: isComplete || done === 0 ? (isComplete ? 0 : null) : Math.round((elapsed / done) * (total - done)),
      isComplete,
    }
  }
  setHandler(getProgressQuery, snapshot)

  const runModel = async (plan: AnalysisWorkflowInput['models'][number]) => {
    const status = modelStatus[String(plan.modelId)]
    const items = input.queries.flatMap((q) => Array.from({ length: input.samples }, (_, s) => ({ ...q, sample: s + 1 })))
    let next = 0
    let stop = false
    status.status = 'processing'
    status.startTime = new Date().toISOString()
    const lane = async () => {
      while (!stop && next < items.length) {
        const item = items[next++]
        status.currentQuery = item.query
        currentModel = plan.name
        const result = await answers.answerQuery({
          analysisId: input.analysisId,
          modelId: plan.modelId,
          queryIndex: item.index,
          sample: item.sample,
          maxAttempts: ANSWER_MAX_ATTEMPTS,
        }).catch((err: unknown) => {
          if (isCancellation(err)) throw err
          // Non-retryable failures (bad key, refused request) end this model, not the analysis.
          const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined
          return { ok: false, stored: false, error: cause?.message ?? String(err), errorKind: cause?.type ?? 'transient' }
        })
        status.completed++
        if (result.stored) saved++
        if (!result.ok) {
          status.failed++
          status.error = result.error ?? 'The model did not answer'
          if (result.errorKind === 'configuration') stop = true
        }
      }
    }
    // Twice the provider's concurrency is kept scheduled: the gateway's per-provider limit in the worker
    // bounds the calls in flight, and a freed slot starts the next call without a Temporal round trip.
    await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.concurrency * 2, items.length)) }, lane))
    status.currentQuery = null
    status.completedTime = new Date().toISOString()
    if (stop) status.completed = status.total
    status.status = stop || status.failed >= status.total ? 'failed' : 'completed'
    if (status.status === 'completed' && status.failed > 0) status.error = `${status.failed} of ${status.total} answers failed: ${status.error}`
  }

  try {
    await bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: 'in_progress', progress: snapshot() })
    await Promise.all(input.models.map(runModel))
    currentModel = null
    phase = 'Data Processing'
    message = 'Processing collected data into final results...'
    await bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: 'processing', progress: snapshot() })
    const allFailed = input.models.length > 0 && input.models.every((m) => modelStatus[String(m.modelId)].status === 'failed')
    isComplete = true
    phase = allFailed ? 'Failed' : 'Analysis Complete'
    message = allFailed ? 'Every AI model failed to answer. See the errors per model.' : 'Analysis complete'
    await bookkeeping.finaliseAnalysis({ analysisId: input.analysisId, runId: input.runId, status: allFailed ? 'failed' : 'completed', progress: snapshot() })
    return snapshot()
  } catch (err) {
    const cancelled = isCancellation(err)
    phase = cancelled ? 'Cancelled' : 'Failed'
    message = cancelled ? 'The analysis was cancelled.' : `The analysis failed: ${err instanceof Error ? err.message : String(err)}`
    for (const m of Object.values(modelStatus)) if (m.status === 'processing' || m.status === 'waiting') m.status = 'failed'
    await CancellationScope.nonCancellable(() =>
      bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: cancelled ? 'cancelled' : 'failed', progress: snapshot(), error: message, final: true }),
    )
    throw err
  }
}
