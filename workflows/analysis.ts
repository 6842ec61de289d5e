/**
 * One analysis run: every query × sample for every model, bounded concurrency per model,
 * retries with backoff (Retry-After honoured by the activity), then the data-processing step.
 * Deterministic orchestration only; all I/O is in activities.
 */
import { CancellationScope, isCancellation, ParentClosePolicy, patched, proxyActivities, setHandler, startChild, workflowInfo, type RetryPolicy } from '@temporalio/workflow'
import type { Activities } from '../activities'
import { startSourceSearchAfterAnalysis } from './sources'
import { childSearchAttributePairs } from './search-attributes'
import { trendAlertsWorkflow } from './trend-alerts'
import { factcheckWorkflow } from './factcheck'
import { batchesOf, batchSizeOf, countResult, failedResult, laneCountOf, runModelLanes, type LaneResult } from './lanes'
import { factcheckWorkflowId, getProgressQuery, initialModelStatus, trendAlertsWorkflowId, type AnalysisWorkflowInput, type ModelProgress, type ProgressDetails } from './shared'

export const ANSWER_MAX_ATTEMPTS = 5

/** Answers asked by one activity (at most; a provider's concurrency if lower). */
export const ANSWER_BATCH_SIZE = 8

/** An answer is retried on transient errors only, with backoff; permanent and configuration errors fail at once. */
const ANSWER_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: ANSWER_MAX_ATTEMPTS,
  nonRetryableErrorTypes: ['permanent', 'configuration'],
}

const answers = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '20 seconds',
  retry: ANSWER_RETRY,
})

/** A batch waits behind the gateway's per-provider limit, so it may take longer than one answer. */
const answerBatches = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '20 seconds',
  retry: ANSWER_RETRY,
})

const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 20 },
})

type ModelPlan = AnalysisWorkflowInput['models'][number]

/** The run's live state: what the getProgress query answers and the bookkeeping writes. */
class RunState {
  readonly startedAt = Date.now()
  readonly modelStatus: Record<string, ModelProgress>
  readonly total: number
  phase = 'Querying AI models'
  message: string
  saved = 0
  isComplete = false
  currentModel: string | null = null
  // Persona as asker: answers asked again as the query's persona, counted in the calls bar.
  askerTotal = 0
  askerDone = 0

  constructor(readonly input: AnalysisWorkflowInput) {
    this.modelStatus = initialModelStatus(input.models, input.queries.length * input.samples)
    this.total = input.models.length * input.queries.length * input.samples
    this.message = `Asking ${input.models.length} AI model${input.models.length === 1 ? '' : 's'} ${input.queries.length} queries`
  }

  statusOf(plan: ModelPlan) {
    return this.modelStatus[String(plan.modelId)]
  }

  /** Every model asked and every one failed: the run failed. */
  allFailed() {
    return this.input.models.length > 0 && this.input.models.every((m) => this.statusOf(m).status === 'failed')
  }

  /** A model's items, each query once per sample. */
  items() {
    return this.input.queries.flatMap((q) => Array.from({ length: this.input.samples }, (_, s) => ({ ...q, sample: s + 1 })))
  }

  snapshot(over: { phase?: string; message?: string; isComplete?: boolean } = {}): ProgressDetails {
    const complete = over.isComplete ?? this.isComplete
    const answered = Object.values(this.modelStatus).reduce((n, m) => n + m.completed, 0)
    const done = answered + this.askerDone
    const all = this.total + this.askerTotal
    const elapsed = (Date.now() - this.startedAt) / 1000
    const percent = complete ? 100 : all === 0 ? 0 : Math.min(99, Math.round((done / all) * 100))
    return {
      progressBars: {
        calls: { label: 'AI model calls', current: done, total: all },
        saving: { label: 'Answers saved', current: this.saved, total: this.total },
      },
      modelStatus: JSON.parse(JSON.stringify(this.modelStatus)) as Record<string, ModelProgress>,
      phase: over.phase ?? this.phase,
      message: over.message ?? this.message,
      currentModel: this.currentModel,
      progressPercent: percent,
      queriesCompleted: answered,
      queriesTotal: this.total,
      estimatedTimeRemaining: complete || done === 0 ? (complete ? 0 : null) : Math.round((elapsed / done) * (all - done)),
      isComplete: complete,
    }
  }
}

/** A model's row once its calls are done: failed when stopped or when every answer failed. */
function finishModel(status: ModelProgress, stop: boolean) {
  status.status = stop || status.failed >= status.total ? 'failed' : 'completed'
  if (status.status === 'completed' && status.failed > 0) status.error = `${status.failed} of ${status.total} answers failed: ${status.error}`
}

/** Phase "Querying AI models", one model: its queries in batches through its lanes (workflows/lanes.ts). */
async function askModel(run: RunState, plan: ModelPlan) {
  const status = run.statusOf(plan)
  const size = batchSizeOf(ANSWER_BATCH_SIZE, plan.concurrency)
  const batches = batchesOf(run.items(), size)
  const stop = await runModelLanes({
    status,
    batches,
    lanes: laneCountOf(plan.concurrency, size, batches.length),
    onBatch: () => (run.currentModel = plan.name),
    ask: (batch) =>
      answerBatches.answerQueries({
        analysisId: run.input.analysisId,
        modelId: plan.modelId,
        items: batch.map((item) => ({ queryIndex: item.index, sample: item.sample })),
        maxAttempts: ANSWER_MAX_ATTEMPTS,
      }),
    onResult: (result) => {
      if (result.stored) run.saved++
    },
  })
  finishModel(status, stop)
}

/** The model's persona variants, after its own answers; a failure here never fails the model or the analysis. */
async function askAsPersonas(run: RunState, plan: ModelPlan, queryIndexes: number[]) {
  const items = queryIndexes.flatMap((queryIndex) => Array.from({ length: run.input.samples }, (_, s) => ({ queryIndex, sample: s + 1 })))
  if (run.statusOf(plan).status === 'failed') {
    run.askerDone += items.length
    return
  }
  const batches = batchesOf(items, batchSizeOf(ANSWER_BATCH_SIZE, plan.concurrency))
  let next = 0
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++]
      await answerBatches
        .answerPersonaQueries({ analysisId: run.input.analysisId, modelId: plan.modelId, items: batch, maxAttempts: ANSWER_MAX_ATTEMPTS })
        .catch((err: unknown) => batch.map(() => failedResult(err)))
      run.askerDone += batch.length
    }
  }
  await Promise.all(Array.from({ length: Math.min(2, batches.length) }, lane))
}

/** Phase "Querying AI models": every model at once, each followed by its persona variants; the run recorded as in progress meanwhile. */
async function askModels(run: RunState) {
  const { input } = run
  const started = bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: 'in_progress', progress: run.snapshot() })
  // Since this patch each model also asks the project's persona queries once its own answers are in (nothing
  // when the project's option is off); histories recorded before it replay without the plan activity.
  // Retire when no running workflow started before 'persona-asker' remains and its replay fixture is re-recorded.
  const personas =
    input.models.length > 0 && patched('persona-asker')
      ? bookkeeping
          .planPersonaAsks({ analysisId: input.analysisId, kind: input.kind, modelIds: input.models.map((m) => m.modelId) })
          .then((p) => {
            run.askerTotal = p.queryIndexes.length * input.samples * input.models.length
            return p.queryIndexes
          })
          // Never rejects: a cancelled run surfaces through the models' own activities, and a rejection nobody awaits
          // (a model that failed first) would fail the workflow task.
          .catch(() => [] as number[])
      : undefined
  await Promise.all(
    input.models.map(async (m) => {
      await askModel(run, m)
      const indexes = personas ? await personas : []
      if (indexes.length) await askAsPersonas(run, m, indexes)
    }),
  )
  await started
  run.currentModel = null
}

/** Phase "Data Processing": the stored answers aggregated into the results; the run recorded as ended. */
async function processData(run: RunState) {
  const { input } = run
  const allFailed = run.allFailed()
  const end = { phase: allFailed ? 'Failed' : 'Analysis Complete', message: allFailed ? 'Every AI model failed to answer. See the errors per model.' : 'Analysis complete' }
  run.phase = 'Data Processing'
  run.message = 'Processing collected data into final results...'
  await bookkeeping.finaliseAnalysis({
    analysisId: input.analysisId,
    runId: input.runId,
    status: allFailed ? 'failed' : 'completed',
    progress: run.snapshot({ ...end, isComplete: true }),
    processing: run.snapshot(),
  })
  run.isComplete = true
  run.phase = end.phase
  run.message = end.message
  return !allFailed
}

/** After a completed full analysis: its source search and its trend-alert check, each a workflow of its own. */
async function startFollowUps(input: AnalysisWorkflowInput) {
  // Since this patch a completed full analysis starts its source search (Source Insights); older histories replay without it.
  // Retire when no analysis started before 'source-search-after-analysis' is still running and the fixture is re-recorded.
  if (input.kind === 'analysis' && input.sourceSearch !== false && patched('source-search-after-analysis')) {
    await startSourceSearchAfterAnalysis({ analysisId: input.analysisId, models: input.models, queries: input.queries })
  }
  // Since this patch the trend alerts of a completed analysis are checked (and POSTed to the webhook) by a workflow of their own.
  // Retire when no analysis started before 'trend-alerts-after-analysis' is still running and the fixture is re-recorded.
  if (input.kind === 'analysis' && patched('trend-alerts-after-analysis')) {
    await startChild(trendAlertsWorkflow, {
      workflowId: trendAlertsWorkflowId(input.analysisId, input.runId),
      args: [{ analysisId: input.analysisId }],
      // The analysis's labels with RunKind = "trend-alerts": `ProjectId = N` lists the check beside its analysis.
      typedSearchAttributes: childSearchAttributePairs(workflowInfo().typedSearchAttributes, 'trend-alerts'),
      parentClosePolicy: ParentClosePolicy.ABANDON,
      staticSummary: `Trend alerts of analysis ${input.analysisId}`,
    }).catch(() => undefined)
  }
  // Since this patch a completed analysis has its answers fact-checked against the brand facts. A child
  // started here is recorded in this history, so a worker or app restart cannot lose it, and it outlives the analysis
  // (ABANDON). Only projects with brand facts start one. Retire when no analysis started before
  // 'factcheck-after-analysis' is still running and the fixture is re-recorded.
  if (input.kind === 'analysis' && patched('factcheck-after-analysis') && (await bookkeeping.hasBrandFacts({ analysisId: input.analysisId }).catch(() => false))) {
    await startChild(factcheckWorkflow, {
      workflowId: factcheckWorkflowId(input.analysisId),
      args: [{ analysisId: input.analysisId }],
      typedSearchAttributes: childSearchAttributePairs(workflowInfo().typedSearchAttributes, 'factcheck'),
      parentClosePolicy: ParentClosePolicy.ABANDON,
      staticSummary: `Fact-check of analysis ${input.analysisId}`,
    }).catch(() => undefined)
  }
}

/**
 * The run as histories recorded before 'answers-in-batches' hold it: one activity per answer, the bookkeeping in
 * sequence. Retire with that patch: when no analysis started before it is still running (an analysis lasts minutes,
 * so one release after it shipped) and tests/fixtures/analysis-workflow-history.json is re-recorded.
 */
async function runUnbatched(run: RunState) {
  const { input } = run
  const askOne = async (plan: ModelPlan) => {
    const status = run.statusOf(plan)
    const items = run.items()
    let next = 0
    let stop = false
    status.status = 'processing'
    status.startTime = new Date().toISOString()
    const lane = async () => {
      while (!stop && next < items.length) {
        const item = items[next++]
        status.currentQuery = item.query
        run.currentModel = plan.name
        const result: LaneResult = await answers
          .answerQuery({ analysisId: input.analysisId, modelId: plan.modelId, queryIndex: item.index, sample: item.sample, maxAttempts: ANSWER_MAX_ATTEMPTS })
          .catch(failedResult)
        if (result.stored) run.saved++
        if (countResult(status, result)) stop = true
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.concurrency * 2, items.length)) }, lane))
    status.currentQuery = null
    status.completedTime = new Date().toISOString()
    if (stop) status.completed = status.total
    finishModel(status, stop)
  }
  await bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: 'in_progress', progress: run.snapshot() })
  await Promise.all(input.models.map(askOne))
  run.currentModel = null
  run.phase = 'Data Processing'
  run.message = 'Processing collected data into final results...'
  await bookkeeping.markRun({ analysisId: input.analysisId, runId: input.runId, status: 'processing', progress: run.snapshot() })
  const allFailed = run.allFailed()
  run.isComplete = true
  run.phase = allFailed ? 'Failed' : 'Analysis Complete'
  run.message = allFailed ? 'Every AI model failed to answer. See the errors per model.' : 'Analysis complete'
  await bookkeeping.finaliseAnalysis({ analysisId: input.analysisId, runId: input.runId, status: allFailed ? 'failed' : 'completed', progress: run.snapshot() })
}

/** A run that failed or was cancelled: every model still going is marked failed and the end is recorded, even when cancelled. */
async function recordEnd(run: RunState, err: unknown) {
  const cancelled = isCancellation(err)
  run.phase = cancelled ? 'Cancelled' : 'Failed'
  run.message = cancelled ? 'The analysis was cancelled.' : `The analysis failed: ${err instanceof Error ? err.message : String(err)}`
  for (const m of Object.values(run.modelStatus)) if (m.status === 'processing' || m.status === 'waiting') m.status = 'failed'
  await CancellationScope.nonCancellable(() =>
    bookkeeping.markRun({ analysisId: run.input.analysisId, runId: run.input.runId, status: cancelled ? 'cancelled' : 'failed', progress: run.snapshot(), error: run.message, final: true }),
  )
}

/** One analysis, add-model or refresh run: ask the models, process the data, then start what follows a completed analysis. */
export async function analysisWorkflow(input: AnalysisWorkflowInput): Promise<ProgressDetails> {
  const run = new RunState(input)
  setHandler(getProgressQuery, () => run.snapshot())

  // Since this patch a model's queries are asked in batches (one activity per batch, one stored row per answer)
  // and the bookkeeping writes overlap the answers; histories recorded before it replay the original path.
  // Retire with runUnbatched (see there).
  const batched = patched('answers-in-batches')
  try {
    if (!batched) {
      await runUnbatched(run)
      return run.snapshot()
    }
    await askModels(run)
    if (await processData(run)) await startFollowUps(input)
    return run.snapshot()
  } catch (err) {
    await recordEnd(run, err)
    throw err
  }
}
