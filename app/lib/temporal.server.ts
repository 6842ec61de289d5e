import { Client, Connection, QueryRejectCondition, QueryRejectedError, WorkflowNotFoundError } from '@temporalio/client'
import { coalescedReads } from './coalesced-reads'
import { temporalConnectionOptions, temporalNamespace, temporalTaskQueue } from '../../config/temporal'
import { getProgressQuery, type AnalysisWorkflowInput, type FrameworkInput, type ProgressDetails } from '../../workflows/shared'
// The one place the app holds the workflow functions: runs are started by function (typed arguments and
// result, the type name taken from the function), never by a string.
import * as workflows from '../../workflows/index'
import type { BudgetTicket } from './model-budget.server'
import { SEARCH_ATTRIBUTE_INDEX_TYPES, SEARCH_ATTRIBUTES_CLI, searchAttributePairs, type RunLabels } from '../../workflows/search-attributes'

let clientPromise: Promise<Client> | undefined
let registered: ReadonlySet<string> = new Set()

/** One Temporal client per app process, connected lazily; the product's search attributes are registered on connect. */
export function temporal(): Promise<Client> {
  clientPromise ??= Connection.connect(temporalConnectionOptions())
    // A progress read of a closed workflow is answered by the server (QueryRejectedError with its status)
    // instead of a worker replaying the whole history.
    .then((connection) => new Client({ connection, namespace: temporalNamespace(), workflow: { queryRejectCondition: QueryRejectCondition.NOT_OPEN } }))
    .then(async (client) => {
      registered = await ensureSearchAttributes(client)
      return client
    })
    .catch((err) => {
      clientPromise = undefined
      throw err
    })
  return clientPromise
}

type Workflows = typeof workflows
/** A workflow of workflows/index, by its export name: checked by the compiler, and started by its function. */
export type WorkflowName = keyof Workflows

interface RunOptions {
  workflowId: string
  labels?: RunLabels
  /** One line an operator reads in the Temporal UI. */
  summary: string
}

/**
 * Which workflows call models, for every workflow of workflows/index (a new one does not compile until it is
 * listed). Those start only with a BudgetTicket from admitModelWork (app/lib/model-budget.server.ts): the model
 * budget is enforced where model work starts, whichever route, API operation or MCP tool asked for it.
 */
export const CALLS_MODELS = {
  analysisWorkflow: true,
  frameworkWorkflow: true,
  dailyAnalysisWorkflow: true,
  trendAlertsWorkflow: false,
  audiencesTopicsWorkflow: true,
  audienceQueriesWorkflow: true,
  sourceSearchWorkflow: true,
  keyTestWorkflow: true,
  exportSummaryWorkflow: true,
  optimiserWorkflow: true,
  optimiserRewriteWorkflow: true,
  optimiserActionsWorkflow: true,
  ideatorIdeasWorkflow: true,
  ideatorContentWorkflow: true,
  chatTurnWorkflow: true,
  // A paid data provider, not a model: started on its own after a save or a run, it checks the cost cap itself
  // before each call (activities/volume.ts) and asks nothing when the month's estimates are cached.
  volumeRefreshWorkflow: false,
  factcheckWorkflow: true,
  // Agent analytics reads the user's own logs and robots.txt: no model, no provider.
  crawlersIngestWorkflow: false,
  crawlersRobotsWorkflow: false,
  // Asked by the daily run itself (a child workflow), which checks the cost cap before each call.
  canaryWorkflow: true,
  // Renders and mails a report: no model call.
  reportEmailWorkflow: false,
  reportRewriteWorkflow: true,
} as const satisfies Record<WorkflowName, boolean>

/** A workflow that calls models (started with startWorkflow / executeWorkflow and a ticket). */
export type ModelWorkflow = { [K in WorkflowName]: (typeof CALLS_MODELS)[K] extends true ? K : never }[WorkflowName]
/** A workflow that calls none (started with startPlainWorkflow). */
export type PlainWorkflow = Exclude<WorkflowName, ModelWorkflow>

interface PlainStartOptions<K extends WorkflowName> extends RunOptions {
  args: Parameters<Workflows[K]>
  /** workflowExecutionTimeout, e.g. '4 minutes'. */
  timeout?: `${number} ${'seconds' | 'minutes' | 'hours'}`
}

interface StartOptions<K extends ModelWorkflow> extends PlainStartOptions<K> {
  ticket: BudgetTicket
}

/** The compiler demands the ticket; this catches a cast around it. */
function requireTicket(name: WorkflowName, ticket: BudgetTicket | undefined) {
  if (CALLS_MODELS[name] && !ticket) throw new Error(`${name} calls models: start it with a ticket from admitModelWork`)
}

function startOptions<K extends WorkflowName>(opts: PlainStartOptions<K>) {
  return {
    taskQueue: temporalTaskQueue(),
    workflowId: opts.workflowId,
    args: opts.args,
    ...(opts.timeout ? { workflowExecutionTimeout: opts.timeout } : {}),
    ...(opts.labels ? { typedSearchAttributes: searchAttributePairs(opts.labels, registered) } : {}),
    staticSummary: opts.summary,
  }
}

/** Starts a workflow on the worker's task queue by its function; the next progress read of that id is fresh. */
export async function startWorkflow<K extends ModelWorkflow>(name: K, opts: StartOptions<K>) {
  requireTicket(name, opts.ticket)
  return start(name, opts)
}

/** Starts a workflow that calls no model (no budget to pass). */
export const startPlainWorkflow = <K extends PlainWorkflow>(name: K, opts: PlainStartOptions<K>) => start(name, opts)

async function start<K extends WorkflowName>(name: K, opts: PlainStartOptions<K>) {
  const client = await temporal()
  const handle = await client.workflow.start(workflows[name] as Workflows[K], startOptions(opts) as any)
  forgetWorkflow(opts.workflowId)
  return handle
}

/** Runs a workflow by its function and waits for its result. */
export async function executeWorkflow<K extends ModelWorkflow>(name: K, opts: StartOptions<K>): Promise<Awaited<ReturnType<Workflows[K]>>> {
  requireTicket(name, opts.ticket)
  return execute(name, opts)
}

/** Runs a workflow that calls no model and waits for its result. */
export const executePlainWorkflow = <K extends PlainWorkflow>(name: K, opts: PlainStartOptions<K>) => execute(name, opts)

async function execute<K extends WorkflowName>(name: K, opts: PlainStartOptions<K>): Promise<Awaited<ReturnType<Workflows[K]>>> {
  const client = await temporal()
  return client.workflow.execute(workflows[name] as Workflows[K], startOptions(opts) as any) as Promise<Awaited<ReturnType<Workflows[K]>>>
}

/** A workflow function by its export name, for a Schedule's action (its `workflowType` takes the function too). */
export const workflowFunction = <K extends WorkflowName>(name: K): Workflows[K] => workflows[name]

/** Starts one analysis, add-model or refresh run. */
export const startAnalysisWorkflow = (input: AnalysisWorkflowInput, run: RunOptions, ticket: BudgetTicket) => startWorkflow('analysisWorkflow', { ...run, args: [input], ticket })

/** Runs the framework workflow and waits for its answer. */
export const executeFrameworkWorkflow = (input: FrameworkInput, run: RunOptions & { timeout: StartOptions<'frameworkWorkflow'>['timeout']; ticket: BudgetTicket }) =>
  executeWorkflow('frameworkWorkflow', { ...run, args: [input] })

/**
 * Adds the custom search attributes the namespace lacks (idempotent) and answers the ones it has. Where the
 * app may not add them (Temporal Cloud, a locked-down cluster) it says so once and starts workflows without them.
 */
async function ensureSearchAttributes(client: Client): Promise<ReadonlySet<string>> {
  const namespace = temporalNamespace()
  const operator = client.connection.operatorService
  try {
    const { customAttributes } = await operator.listSearchAttributes({ namespace })
    const missing = Object.entries(SEARCH_ATTRIBUTE_INDEX_TYPES).filter(([name]) => !(name in (customAttributes ?? {})))
    if (missing.length) await operator.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing) })
    return new Set(Object.keys(SEARCH_ATTRIBUTE_INDEX_TYPES))
  } catch (err) {
    console.warn(`Temporal search attributes could not be registered (${err instanceof Error ? err.message : String(err)}); run once: ${SEARCH_ATTRIBUTES_CLI}`)
    try {
      const { customAttributes } = await operator.listSearchAttributes({ namespace })
      return new Set(Object.keys(customAttributes ?? {}).filter((name) => name in SEARCH_ATTRIBUTE_INDEX_TYPES))
    } catch {
      return new Set()
    }
  }
}

export type WorkflowState = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TERMINATED' | 'TIMED_OUT' | 'CONTINUED_AS_NEW' | 'PAUSED' | 'NOT_FOUND' | 'UNKNOWN'

/** temporal.api.enums.v1.WorkflowExecutionStatus, as the SDK names it in describe(). */
const STATUS_NAMES: Record<number, WorkflowState> = { 1: 'RUNNING', 2: 'COMPLETED', 3: 'FAILED', 4: 'CANCELLED', 5: 'TERMINATED', 6: 'CONTINUED_AS_NEW', 7: 'TIMED_OUT', 8: 'PAUSED' }

/** A workflow's status as Temporal sees it (what an operator sees in the UI) and, while it runs, its live progress. */
export interface WorkflowRead {
  state: WorkflowState
  progress: ProgressDetails | null
}

/** A worker that is down must not hold a progress request for long: the stored snapshot answers instead. */
const READ_DEADLINE_MS = 5_000

/** One RPC: the progress query, which the server rejects with the status once the workflow has closed. */
async function readFromTemporal(workflowId: string): Promise<WorkflowRead> {
  try {
    const client = await temporal()
    const progress = await client.withDeadline(Date.now() + READ_DEADLINE_MS, () => client.workflow.getHandle(workflowId).query(getProgressQuery))
    return { state: 'RUNNING', progress }
  } catch (err) {
    if (err instanceof QueryRejectedError) return { state: STATUS_NAMES[err.status] ?? 'UNKNOWN', progress: null }
    if (err instanceof WorkflowNotFoundError) return { state: 'NOT_FOUND', progress: null }
    return { state: 'UNKNOWN', progress: null }
  }
}

/**
 * Concurrent requests share one read per workflow, and a read is reused for READ_TTL_MS: fifty browsers
 * polling one running analysis cost Temporal about one RPC per second, not two per poll per browser.
 */
export const READ_TTL_MS = 1_000

const reads = coalescedReads(readFromTemporal, { ttlMs: READ_TTL_MS })

export const readWorkflow = (workflowId: string) => reads.get(workflowId)
export const forgetWorkflow = (workflowId: string) => reads.forget(workflowId)

/** The workflow's status as Temporal sees it (a shared, at most READ_TTL_MS old read). */
export async function workflowState(workflowId: string): Promise<WorkflowState> {
  return (await readWorkflow(workflowId)).state
}
