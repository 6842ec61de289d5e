/**
 * One analysis run: every query × sample for every model, bounded concurrency per model,
 * retries with backoff (Retry-After honoured by the activity), then the data-processing step.
 * Deterministic orchestration only; all I/O is in activities.
 */
import { ActivityFailure, ApplicationFailure, CancellationScope, isCancellation, ParentClosePolicy, patched, proxyActivities, setHandler, startChild, workflowInfo } from '@temporalio/workflow'
import type { Activities } from '../activities'
import { startSourceSearchAfterAnalysis } from './sources'
import { childSearchAttributePairs } from './search-attributes'
import { trendAlertsWorkflow } from './trend-alerts'
import { getProgressQuery, initialModelStatus, trendAlertsWorkflowId, type AnalysisWorkflowInput, type ModelProgress, type ProgressDetails } from './shared'

export const ANSWER_MAX_ATTEMPTS = 5

/** Answers asked by one activity (at most; a provider's concurrency if lower). */
export const ANSWER_BATCH_SIZE = 8

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

/** A batch waits behind the gateway's per-provider limit, so it may take longer than one answer. */
const answerBatches = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
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
  const modelStatus: Record<string, ModelProgress> = initialModelStatus(input.models, input.queries.length * input.samples)
  const total = input.models.length * input.queries.length * input.samples
  let phase = 'Querying AI models'
  let message = `Asking ${input.models.length} AI model${input.models.length === 1 ? '' : 's'} ${input.queries.length} queries`
  let saved = 0
  let isComplete = false
  let currentModel: string | null = null
  // Persona as asker (issue 11 §4): answers asked again as the query's persona, counted in the calls bar.
  let askerTotal = 0
  let askerDone = 0

  const snapshot = (over: { phase?: string; message?: string; isComplete?: boolean } = {}): ProgressDetails => {
    const complete = over.isComplete ?? isComplete
    const answered = Object.values(modelStatus).reduce((n, m) => n + m.completed, 0)
    const done = answered + askerDone
    const all = total + askerTotal
    const elapsed = (Date.now() - startedAt) / 1000
    const percent = complete ? 100 : all === 0 ? 0 : Math.min(99, Math.round((done / all) * 100))
    return {
      progressBars: {
        calls: { label: 'AI model calls', current: done, total: all },
        saving: { label: 'Answers saved', current: saved, total },
      },
      modelStatus: JSON.parse(JSON.stringify(modelStatus)) as Record<string, ModelProgress>,
      phase: over.phase ?? phase,
      message: over.message ?? message,
      currentModel,
      progressPercent: percent,
      queriesCompleted: answered,
      queriesTotal: total,
      estimatedTimeRemaining: complete || done === 0 ? (complete ? 0 : null) : Math.round((elapsed / done) * (all - done)),
      isComplete: complete,
    }
  }
  setHandler(getProgressQuery, () => snapshot())

  // Since this patch a model's queries are asked in batches (one activity per batch, one stored row per answer)
  // and the bookkeeping writes overlap the answers; histories recorded before it replay the original path.
  const batched = patched('answers-in-batches')

  const record = (status: ModelProgress, result: { ok: boolean; stored: boolean; error?: string; errorKind?: string }) => {
    status.completed++
    if (result.stored) saved++
    if (!result.ok) {
      status.failed++
      status.error = result.error ?? 'The model did not answer'
    }
    return result.errorKind === 'configuration'
  }

  const failureOf = (err: unknown) => {
    if (isCancellation(err)) throw err
    // Non-retryable failures (bad key, refused request) end this model, not the analysis.
    const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined
    return { ok: false, stored: false, error: cause?.message ?? String(err), errorKind: cause?.type ?? 'transient' }
  }

  const finishModel = (status: ModelProgress, stop: boolean) => {
    status.currentQuery = null
    status.completedTime = new Date().toISOString()
    if (stop) status.completed = status.total
    status.status = stop || status.failed >= status.total ? 'failed' : 'completed'
    if (status.status === 'completed' && status.failed > 0) status.error = `${status.failed} of ${status.total} answers failed: ${status.error}`
  }

  const runModelInBatches = async (plan: AnalysisWorkflowInput['models'][number]) => {
    const status = modelStatus[String(plan.modelId)]
    const items = input.queries.flatMap((q) => Array.from({ length: input.samples }, (_, s) => ({ ...q, sample: s + 1 })))
    const size = Math.max(1, Math.min(ANSWER_BATCH_SIZE, plan.concurrency))
    const batches = Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
    let next = 0
    let stop = false
    status.status = 'processing'
    status.startTime = new Date().toISOString()
    const lane = async () => {
      while (!stop && next < batches.length) {
        const batch = batches[next++]
        status.currentQuery = batch[0].query
        currentModel = plan.name
        const results = await answerBatches
          .answerQueries({
            analysisId: input.analysisId,
            modelId: plan.modelId,
            items: batch.map((item) => ({ queryIndex: item.index, sample: item.sample })),
            maxAttempts: ANSWER_MAX_ATTEMPTS,
          })
          .catch((err: unknown) => batch.map(() => failureOf(err)))
        for (const result of results) if (record(status, result)) stop = true
      }
    }
    // Twice the provider's concurrency (two batches at least) is kept scheduled: while one batch is answered the next waits in the worker
    // behind the gateway's per-provider limit, so a freed slot starts a call without a Temporal round trip.
    await Promise.all(Array.from({ length: Math.min(Math.max(2, Math.ceil((plan.concurrency * 2) / size)), batches.length) }, lane))
    finishModel(status, stop)
  }

  /** The model's persona variants (issue 11 §4), after its own answers; a failure here never fails the model or the analysis. */
  const askAsPersonas = async (plan: AnalysisWorkflowInput['models'][number], queryIndexes: number[]) => {
    const status = modelStatus[String(plan.modelId)]
    const items = queryIndexes.flatMap((queryIndex) => Array.from({ length: input.samples }, (_, s) => ({ queryIndex, sample: s + 1 })))
    if (status.status === 'failed') {
      askerDone += items.length
      return
    }
    const size = Math.max(1, Math.min(ANSWER_BATCH_SIZE, plan.concurrency))
    const batches = Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
    let next = 0
    const lane = async () => {
      while (next < batches.length) {
        const batch = batches[next++]
        await answerBatches
          .answerPersonaQueries({ analysisId: input.analysisId, modelId: plan.modelId, items: batch, maxAttempts: ANSWER_MAX_ATTEMPTS })
          .catch((err: unknown) => batch.map(() => failureOf(err)))
        askerDone += batch.length
      }
    }
    await Promise.all(Array.from({ length: Math.min(2, batches.length) }, lane))
  }

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
    if (batched) {
      const started = bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: 'in_progress', progress: snapshot() })
      // Since this patch each model also asks the project's persona queries once its own answers are in (nothing
      // when the project's option is off); histories recorded before it replay without the plan activity.
      const personas =
        input.models.length > 0 && patched('persona-asker')
          ? bookkeeping
              .planPersonaAsks({ analysisId: input.analysisId, kind: input.kind, modelIds: input.models.map((m) => m.modelId) })
              .then((p) => {
                askerTotal = p.queryIndexes.length * input.samples * input.models.length
                return p.queryIndexes
              })
              // Never rejects: a cancelled run surfaces through the models' own activities, and a rejection nobody awaits
              // (a model that failed first) would fail the workflow task.
              .catch(() => [] as number[])
          : undefined
      await Promise.all(
        input.models.map(async (m) => {
          await runModelInBatches(m)
          const indexes = personas ? await personas : []
          if (indexes.length) await askAsPersonas(m, indexes)
        }),
      )
      await started
      currentModel = null
      const allFailed = input.models.length > 0 && input.models.every((m) => modelStatus[String(m.modelId)].status === 'failed')
      const end = { phase: allFailed ? 'Failed' : 'Analysis Complete', message: allFailed ? 'Every AI model failed to answer. See the errors per model.' : 'Analysis complete' }
      phase = 'Data Processing'
      message = 'Processing collected data into final results...'
      await bookkeeping.finaliseAnalysis({
        analysisId: input.analysisId,
        runId: input.runId,
        status: allFailed ? 'failed' : 'completed',
        progress: snapshot({ ...end, isComplete: true }),
        processing: snapshot(),
      })
      isComplete = true
      phase = end.phase
      message = end.message
      // Since this patch a completed full analysis starts its source search (§1 Source Insights); older histories replay without it.
      if (!allFailed && input.kind === 'analysis' && input.sourceSearch !== false && patched('source-search-after-analysis')) {
        await startSourceSearchAfterAnalysis({ analysisId: input.analysisId, models: input.models, queries: input.queries })
      }
      // Since this patch the trend alerts of a completed analysis are checked (and POSTed to the webhook) by a workflow of their own.
      if (!allFailed && input.kind === 'analysis' && patched('trend-alerts-after-analysis')) {
        await startChild(trendAlertsWorkflow, {
          workflowId: trendAlertsWorkflowId(input.analysisId, input.runId),
          args: [{ analysisId: input.analysisId }],
          // The analysis's labels with RunKind = "trend-alerts": `ProjectId = N` lists the check beside its analysis.
          typedSearchAttributes: childSearchAttributePairs(workflowInfo().typedSearchAttributes, 'trend-alerts'),
          parentClosePolicy: ParentClosePolicy.ABANDON,
          staticSummary: `Trend alerts of analysis ${input.analysisId}`,
        }).catch(() => undefined)
      }
      return snapshot()
    }
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
