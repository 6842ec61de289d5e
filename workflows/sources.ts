/**
 * One source search per analysis (`source-search-<analysisId>`): basic insights from the stored
 * answers, then one search-grounded call per query to each search model, bounded per provider.
 * Progress is the `getProgress` query (phase texts contain 'Search' or 'Enhanced'); cancel is
 * Temporal cancellation, from the app or the Temporal UI alike. Deterministic orchestration only.
 */
import { CancellationScope, isCancellation, ParentClosePolicy, patched, proxyActivities, proxyLocalActivities, setHandler, startChild, WorkflowIdReusePolicy, workflowInfo } from '@temporalio/workflow'
import type { SourceActivities } from '../activities/sources'
import { batchesOf, batchSizeOf, laneCountOf, runModelLanes } from './lanes'
import { SEARCH_ATTRIBUTES } from './search-attributes'
import { getProgressQuery, SOURCE_SEARCH_PHASES, sourceSearchWorkflowId, type ModelProgress, type ProgressDetails, type SourceSearchInput } from './shared'

export const SEARCH_MAX_ATTEMPTS = 5
export const SEARCH_BATCH_SIZE = 8

/**
 * Started by a completed full-mode analysis: the search runs on as a workflow of its own
 * (abandoned, not cancelled, when the analysis workflow closes), with the analysis's search attributes
 * and RunKind = "source-search". Light-mode analyses are skipped by the search's first activity.
 */
export async function startSourceSearchAfterAnalysis(input: { analysisId: number; models: SourceSearchInput['models']; queries: SourceSearchInput['queries'] }) {
  const workflowId = sourceSearchWorkflowId(input.analysisId)
  const models = input.models.filter((m) => SEARCH_MODELS.includes(m.modelId))
  if (!models.length) return
  const inherited = workflowInfo().typedSearchAttributes
  await startChild(sourceSearchWorkflow, {
    workflowId,
    args: [{ analysisId: input.analysisId, workflowId, models, queries: input.queries }],
    typedSearchAttributes: inherited.get(SEARCH_ATTRIBUTES.runKind) === undefined ? inherited : inherited.updateCopy([{ key: SEARCH_ATTRIBUTES.runKind, value: 'source-search' }]),
    staticSummary: `Source search of analysis ${input.analysisId}: ${models.length} search models × ${input.queries.length} queries (started by the analysis)`,
    parentClosePolicy: ParentClosePolicy.ABANDON,
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
  }).catch(() => undefined) // one already running (started from the app) is the search we want
}

/** The models with a web search tool (DeepSeek has none); app/domain/sources/types SEARCH_MODEL_IDS. */
const SEARCH_MODELS = [3, 5, 6, 8, 9]

const searches = proxyActivities<SourceActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: SEARCH_MAX_ATTEMPTS, nonRetryableErrorTypes: ['permanent', 'configuration'] },
})

const bookkeeping = proxyActivities<SourceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 20 },
})

/**
 * The same bookkeeping (a short database write each; the end also packs the tabs' compact parts) as local activities:
 * run by the worker inside the workflow task, without a round trip through the Temporal server's task queue, which a
 * loaded machine makes last longer than the write itself. The search's first calls and its recorded end come sooner.
 */
const localBookkeeping = proxyLocalActivities<SourceActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 20 },
})

export async function sourceSearchWorkflow(input: SourceSearchInput): Promise<ProgressDetails> {
  // Since this patch the begin and end bookkeeping are local activities (histories recorded before replay the activities).
  // Retire when no source search started before it is still running (a search lasts minutes) and no replay fixture holds one.
  const books = patched('source-search-local-bookkeeping') ? localBookkeeping : bookkeeping
  const startedAt = Date.now()
  const total = input.models.length * input.queries.length
  const modelStatus: Record<string, ModelProgress> = Object.fromEntries(
    input.models.map((m) => [String(m.modelId), { name: m.name, status: 'waiting', completed: 0, total: input.queries.length, failed: 0, startTime: null, completedTime: null, currentQuery: null, error: null }]),
  )
  let phase: string = SOURCE_SEARCH_PHASES.basic
  let message = 'Starting the source search...'
  let basicStored = 0
  let isComplete = false
  let currentModel: string | null = null

  const snapshot = (): ProgressDetails => {
    const done = Object.values(modelStatus).reduce((n, m) => n + m.completed, 0)
    const elapsed = (Date.now() - startedAt) / 1000
    return {
      progressBars: {
        calls: { label: 'Search calls', current: done, total },
        saving: { label: 'Basic insights', current: basicStored, total: basicStored },
      },
      modelStatus: JSON.parse(JSON.stringify(modelStatus)) as Record<string, ModelProgress>,
      phase,
      message,
      currentModel,
      progressPercent: isComplete ? 100 : total === 0 ? 0 : Math.min(99, Math.round((done / total) * 100)),
      queriesCompleted: done,
      queriesTotal: total,
      estimatedTimeRemaining: isComplete ? 0 : done === 0 ? null : Math.round((elapsed / done) * (total - done)),
      isComplete,
    }
  }
  setHandler(getProgressQuery, snapshot)

  const mark = (status: 'in_progress' | 'completed' | 'failed' | 'cancelled', error?: string) =>
    books.markSourceSearch({ analysisId: input.analysisId, workflowId: input.workflowId, runId: workflowInfo().runId, status, progress: snapshot(), error })

  const runModel = async (plan: SourceSearchInput['models'][number]) => {
    const status = modelStatus[String(plan.modelId)]
    const size = batchSizeOf(SEARCH_BATCH_SIZE, plan.concurrency)
    const batches = batchesOf(input.queries, size)
    const stop = await runModelLanes({
      status,
      batches,
      lanes: laneCountOf(plan.concurrency, size, batches.length),
      onBatch: () => (currentModel = plan.name),
      ask: (batch) => searches.searchQueries({ analysisId: input.analysisId, modelId: plan.modelId, queries: batch, maxAttempts: SEARCH_MAX_ATTEMPTS }),
    })
    status.status = stop || (status.total > 0 && status.failed >= status.total) ? 'failed' : 'completed'
  }

  try {
    const begin = await books.beginSourceSearch({ analysisId: input.analysisId, workflowId: input.workflowId, runId: workflowInfo().runId, modelIds: input.models.map((m) => m.modelId), progress: snapshot() })
    if (begin.skip) {
      isComplete = true
      phase = SOURCE_SEARCH_PHASES.skipped
      message = begin.reason
      return snapshot()
    }
    // Basic insights (a database read and write) are built while the models search.
    phase = SOURCE_SEARCH_PHASES.enhanced
    message = `Searching the web with ${input.models.length} AI model${input.models.length === 1 ? '' : 's'} for ${input.queries.length} queries`
    const basic = searches.buildBasicInsights({ analysisId: input.analysisId }).then((r) => (basicStored = r.total))
    await Promise.all([basic, ...input.models.map(runModel)])
    currentModel = null
    const allFailed = input.models.length > 0 && input.models.every((m) => modelStatus[String(m.modelId)].status === 'failed')
    isComplete = true
    phase = allFailed ? SOURCE_SEARCH_PHASES.failed : SOURCE_SEARCH_PHASES.done
    message = allFailed ? 'Every search model failed. See the errors per model.' : 'Search insights are ready'
    await mark(allFailed ? 'failed' : 'completed', allFailed ? message : undefined)
    return snapshot()
  } catch (err) {
    const cancelled = isCancellation(err)
    phase = cancelled ? SOURCE_SEARCH_PHASES.cancelled : SOURCE_SEARCH_PHASES.failed
    message = cancelled ? 'The source search was cancelled.' : `The source search failed: ${err instanceof Error ? err.message : String(err)}`
    for (const m of Object.values(modelStatus)) if (m.status === 'processing' || m.status === 'waiting') m.status = 'failed'
    await CancellationScope.nonCancellable(() => mark(cancelled ? 'cancelled' : 'failed', message))
    throw err
  }
}
