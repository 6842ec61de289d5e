/**
 * Analysis activities: ask each model each query, parse and store every answer exactly once, record the run's
 * status and progress, and aggregate the stored answers into the numbers the results screens show.
 */
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway, type NormalisedAnswer } from './gateway'
import type { PostedTask } from './gateway/types'
import { isEngineModel, modelById } from '../app/domain/models'
import { providerOf, serpProviderChoice, type SerpProviderKey } from '../app/domain/providers'
import { marketOf } from '../app/domain/engines/market'
import { parseAnswer, type BrandDef } from '../app/domain/metrics'
import { computeResults, storeResults, type AnalysisSnapshot } from '../db/results'
import { brandList } from '../app/domain/analyses'
import { runStatusOf } from '../app/domain/run-status'
import { moveAnalysis, moveRuns } from '../db/run-status'
import type { ProgressDetails } from '../workflows/shared'
import { teachSimulator } from './demo'
import { collectionOf } from '../app/domain/evidence'

/** What the workflow learns about one answer. */
export interface AnswerOutcome {
  ok: boolean
  stored: boolean
  error?: string
  errorKind?: string
}

/** An analysis's queries and brands as its answers are parsed: the brand list is built once per analysis. */
type ParseSnapshot = AnalysisSnapshot & { brandDefs: BrandDef[]; serpProvider: SerpProviderKey | null }

export function createAnalysisActivities({ sql, gateway }: { sql: postgres.Sql<any>; gateway: Gateway }) {
  /** One load per analysis, shared by the batches that start together (the first of them loads, the others wait for it). */
  const snapshots = new Map<number, Promise<ParseSnapshot>>()

  function snapshotOf(analysisId: number): Promise<ParseSnapshot> {
    const cached = snapshots.get(analysisId)
    if (cached) return cached
    if (snapshots.size > 200) snapshots.clear()
    const loading = loadSnapshot(analysisId)
    snapshots.set(analysisId, loading)
    // A failed load is not kept: the activity's retry loads again.
    loading.catch(() => snapshots.get(analysisId) === loading && snapshots.delete(analysisId))
    return loading
  }

  /** The analysis's queries, brands and language; teach: tell the demo simulator the project first (before asking models). */
  async function loadSnapshot(analysisId: number, teach = true): Promise<ParseSnapshot> {
    const [row] = await sql<{ queries: AnalysisSnapshot['queries']; brands: AnalysisSnapshot['brands']; language: string; serp_provider: SerpProviderKey | null }[]>`
      select a.queries, a.brands, p.language, p.serp_provider from analyses a join projects p on p.id = a.project_id where a.id = ${analysisId}`
    if (!row) throw ApplicationFailure.nonRetryable(`Analysis ${analysisId} no longer exists`, 'permanent')
    if (teach) await teachSimulator(sql, gateway.configs, analysisId)
    return { queries: row.queries, brands: row.brands, language: row.language, brandDefs: brandList(row.brands), serpProvider: row.serp_provider }
  }

  async function storeAnswer(row: {
    analysisId: number
    modelId: number
    queryIndex: number
    sample: number
    query: string
    ok: boolean
    error?: string | null
    answer?: NormalisedAnswer
    brands?: BrandDef[]
    language?: string
    errorKind?: string
  }) {
    const a = row.answer
    const parsed = a && row.ok && row.brands ? parseAnswer(a.text, row.brands, row.language) : { mentions: {}, rankings: {}, sentiment: {} }
    const model = modelById(row.modelId)
    // One row per answer (the unique key): a retried activity stores nothing twice, and a failed row is
    // replaced in place when a restart asks again; a good answer is never overwritten.
    await sql`
      insert into api_responses ${sql({
        analysis_id: row.analysisId,
        model_id: row.modelId,
        query_index: row.queryIndex,
        sample: row.sample,
        query: row.query,
        response: a?.text ?? '',
        ok: row.ok,
        error: row.error ?? null,
        citations: sql.json((a?.citations ?? []) as any),
        sources: sql.json((a?.sources ?? []) as any),
        search_queries: sql.json((a?.searchQueries ?? []) as any),
        mentions: sql.json(parsed.mentions as any),
        rankings: sql.json(parsed.rankings as any),
        sentiment: sql.json(parsed.sentiment as any),
        // incomplete: the vendor had not finished (Claude still paused after the gateway's continuations)
        parsed_data: sql.json({ provider: a?.provider ?? model?.provider, model: a?.model, ...(a && !a.complete ? { incomplete: true } : {}), ...(a?.absent ? { absent: true } : {}), ...(row.ok ? {} : { errorKind: row.errorKind ?? 'transient' }) } as any),
        raw: a ? sql.json(a.raw as any) : null,
        usage: a ? sql.json(a.usage as any) : null,
        latency_ms: a?.latencyMs ?? null,
        cost_usd: a?.costUsd ?? null,
        simulated: a?.simulated ?? false,
        model_name: model?.name ?? String(row.modelId),
        // How it was collected (evidence): web search as the gateway actually requested it for this answer.
        collection: a ? sql.json(collectionOf({ provider: a.provider, model: a.model, webSearchRequested: a.webSearchRequested, baseUrl: gateway.configs[a.provider]?.baseUrl, simulated: gateway.configs[a.provider]?.simulated ?? false }) as any) : null,
      })}
      on conflict (analysis_id, model_id, query_index, sample) do update set
        query = excluded.query, response = excluded.response, ok = excluded.ok, error = excluded.error, citations = excluded.citations,
        sources = excluded.sources, search_queries = excluded.search_queries, mentions = excluded.mentions, rankings = excluded.rankings,
        sentiment = excluded.sentiment, parsed_data = excluded.parsed_data, raw = excluded.raw, usage = excluded.usage,
        latency_ms = excluded.latency_ms, cost_usd = excluded.cost_usd, simulated = excluded.simulated, model_name = excluded.model_name, collection = excluded.collection, created_at = now()
      where not api_responses.ok`
    await signOfLife(row.analysisId)
  }

  /** When this process last told the database that an analysis is alive (performance.now() ms), by analysis. */
  const lastSignOfLife = new Map<number, number>()

  /**
   * The stuck-analysis check (10 minutes without progress) needs a recent sign of life, not one write of the hot
   * analysis row per answer: this process writes one at most every 5 s per analysis (the database keeps the same
   * 5 s rule across workers), so the 48 answers that arrive together once a second cost one statement, not 48.
   */
  async function signOfLife(analysisId: number): Promise<void> {
    const now = performance.now()
    const last = lastSignOfLife.get(analysisId)
    if (last !== undefined && now - last < 5000) return
    if (lastSignOfLife.size > 1000) lastSignOfLife.clear()
    lastSignOfLife.set(analysisId, now)
    await sql`update analyses set last_progress_at = now() where id = ${analysisId} and last_progress_at < now() - interval '5 seconds'`
  }

  interface StoredRow {
    query_index: number
    sample: number
    ok: boolean
    error: string | null
    error_kind: string | null
  }

  /** The rows already stored for one model of an analysis, by `queryIndex:sample`. */
  async function storedRows(analysisId: number, modelId: number): Promise<Map<string, StoredRow>> {
    const rows = await sql<StoredRow[]>`
      select query_index, sample, ok, error, parsed_data->>'errorKind' as error_kind
      from api_responses where analysis_id = ${analysisId} and model_id = ${modelId}`
    return new Map(rows.map((r) => [`${r.query_index}:${r.sample}`, r]))
  }

  /**
   * Asks one model one query (one sample) and stores the answer, or its final failure. A good stored answer is kept.
   * A stored failure is asked again on an activity's first attempt (a restarted run: a key may have been added
   * since); on a later attempt it is the final answer an earlier attempt of this same activity stored.
   * Answers `retry` for a failure worth another attempt, which the caller turns into an activity retry.
   */
  async function answerOne(
    ctx: Context,
    snap: ParseSnapshot,
    input: { analysisId: number; modelId: number; queryIndex: number; sample: number; maxAttempts: number },
    stored: StoredRow | undefined,
    /** Provider tasks posted for this model's answers before (engine_tasks), by `queryIndex:sample`. */
    tasks: Map<string, PostedTask> = new Map(),
  ): Promise<AnswerOutcome | { retry: { kind: string; message: string; retryAfterMs?: number } }> {
    if (stored?.ok) return { ok: true, stored: true }
    if (stored && ctx.info.attempt > 1) return { ok: false, stored: true, error: stored.error ?? undefined, errorKind: stored.error_kind ?? 'transient' }
    const q = snap.queries.find((x) => x.index === input.queryIndex)
    const model = modelById(input.modelId)
    if (!q || !model) throw ApplicationFailure.nonRetryable(`Unknown query ${input.queryIndex} or model ${input.modelId}`, 'permanent')
    const base = { analysisId: input.analysisId, modelId: input.modelId, queryIndex: input.queryIndex, sample: input.sample, query: q.query }
    try {
      // An engine (AI Overview, AI Mode, Copilot, ChatGPT app) is read from the chosen SERP provider, in the project's market; a task it posts is written
      // down first (engine_tasks), so a retried or restarted activity polls it rather than paying for a second one.
      const provider = providerOf(model, snap.serpProvider ?? serpChoice)
      const engine = model.engine
        ? { engine: model.engine, market: marketOf(snap.language), task: { resume: tasks.get(`${input.queryIndex}:${input.sample}`), posted: (t: PostedTask) => recordTask(base, provider, t) } }
        : {}
      const answer = await gateway.ask(provider, { prompt: q.query, signal: ctx.cancellationSignal, ...engine })
      if (!answer.text.trim() && !answer.absent) throw Object.assign(new Error('The model returned an empty answer'), { emptyAnswer: true })
      // The gateway has started this provider's next call already; the answers of the other slots that came in at the
      // same moment are let through to theirs before this one is parsed and written (setImmediate runs after the
      // pending I/O), so a burst of answers does not hold back the next wave of calls.
      await new Promise<void>((resolve) => setImmediate(resolve))
      await storeAnswer({ ...base, ok: true, answer, brands: snap.brandDefs, language: snap.language })
      // The answer is stored: its task is done with.
      if (model.engine) await sql`delete from engine_tasks where analysis_id = ${input.analysisId} and model_id = ${input.modelId} and query_index = ${input.queryIndex} and sample = ${input.sample}`
      return { ok: true, stored: true }
    } catch (err) {
      if (ctx.cancellationSignal.aborted) throw new CancelledFailure('Activity cancelled')
      const ge = (err as { emptyAnswer?: boolean }).emptyAnswer
        ? { kind: 'transient' as const, userMessage: `${model.name} returned an empty answer.`, retryAfterMs: undefined }
        : classifyError(providerOf(model, snap.serpProvider ?? serpChoice), err)
      const final = ge.kind === 'configuration' || ge.kind === 'permanent' || ctx.info.attempt >= input.maxAttempts
      if (!final) return { retry: { kind: ge.kind, message: ge.userMessage, retryAfterMs: ge.retryAfterMs } }
      await storeAnswer({ ...base, ok: false, error: ge.userMessage, errorKind: ge.kind })
      return { ok: false, stored: true, error: ge.userMessage, errorKind: ge.kind }
    }
  }

  /** Keeps a long activity alive in Temporal's eyes (heartbeat timeout) while model calls are in flight. */
  async function withHeartbeat<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => ctx.heartbeat(), 3000)
    try {
      return await work()
    } finally {
      clearInterval(beat)
    }
  }

  /** Who answers the engines (SERP_PROVIDER): read once per worker. */
  const serpChoice = serpProviderChoice()

  /** The provider tasks posted earlier for a model's answers (engine models only ever post), by `queryIndex:sample`. */
  async function postedTasks(analysisId: number, modelId: number): Promise<Map<string, PostedTask>> {
    if (!isEngineModel(modelId)) return new Map()
    const rows = await sql<{ query_index: number; sample: number; task_id: string; cost_usd: string }[]>`
      select query_index, sample, task_id, cost_usd from engine_tasks where analysis_id = ${analysisId} and model_id = ${modelId}`
    return new Map(rows.map((r) => [`${r.query_index}:${r.sample}`, { id: r.task_id, costUsd: Number(r.cost_usd) }]))
  }

  /** Writes down a posted task before it is polled; a task posted again for the same answer (a lost write) replaces it. */
  async function recordTask(at: { analysisId: number; modelId: number; queryIndex: number; sample: number }, provider: string, t: PostedTask): Promise<void> {
    await sql`
      insert into engine_tasks (analysis_id, model_id, query_index, sample, provider, task_id, cost_usd)
      values (${at.analysisId}, ${at.modelId}, ${at.queryIndex}, ${at.sample}, ${provider}, ${t.id}, ${t.costUsd})
      on conflict (analysis_id, model_id, query_index, sample) do update set provider = excluded.provider, task_id = excluded.task_id, cost_usd = excluded.cost_usd, created_at = now()`
  }

  return {
    /** Asks one model one query (one sample), parses and stores the answer exactly once (workflows started before batching). */
    async answerQuery(input: { analysisId: number; modelId: number; queryIndex: number; sample: number; maxAttempts: number }): Promise<AnswerOutcome> {
      const ctx = Context.current()
      const stored = (await storedRows(input.analysisId, input.modelId)).get(`${input.queryIndex}:${input.sample}`)
      const snap = await snapshotOf(input.analysisId)
      const tasks = await postedTasks(input.analysisId, input.modelId)
      const out = await withHeartbeat(ctx, () => answerOne(ctx, snap, input, stored, tasks))
      if ('retry' in out) throw ApplicationFailure.create({ type: out.retry.kind, message: out.retry.message, nextRetryDelay: out.retry.retryAfterMs })
      return out
    },

    /**
     * Asks one model several queries at once (the gateway's per-provider limit bounds the calls in flight) and stores
     * each answer as it arrives, one row per answer: one Temporal round trip for the batch instead of one per answer.
     * If some answers failed in a way worth retrying, the activity fails after storing the others, and its retry asks
     * only those again. Results are in the order of `items`.
     */
    async answerQueries(input: { analysisId: number; modelId: number; items: { queryIndex: number; sample: number }[]; maxAttempts: number }): Promise<AnswerOutcome[]> {
      const ctx = Context.current()
      const [stored, snap] = await Promise.all([storedRows(input.analysisId, input.modelId), snapshotOf(input.analysisId)])
      const tasks = await postedTasks(input.analysisId, input.modelId)
      const outs = await withHeartbeat(ctx, () =>
        Promise.all(
          input.items.map((item) =>
            answerOne(ctx, snap, { analysisId: input.analysisId, modelId: input.modelId, maxAttempts: input.maxAttempts, ...item }, stored.get(`${item.queryIndex}:${item.sample}`), tasks),
          ),
        ),
      )
      const retries = outs.flatMap((o) => ('retry' in o ? [o.retry] : []))
      if (retries.length) {
        const wait = Math.max(0, ...retries.map((r) => r.retryAfterMs ?? 0))
        throw ApplicationFailure.create({
          type: retries[0].kind,
          message: `${retries.length} of ${input.items.length} answers will be asked again: ${retries[0].message}`,
          nextRetryDelay: wait || undefined,
        })
      }
      return outs as AnswerOutcome[]
    },

    /** Persists a run's status and last progress snapshot (the app reads it once the workflow has ended). */
    async markRun(input: { analysisId: number; runId: number; status: 'in_progress' | 'processing' | 'completed' | 'failed' | 'cancelled'; progress: ProgressDetails; error?: string; final?: boolean }) {
      const runStatus = runStatusOf(input.status)
      // A run already closed (completed as stale, reconciled after a cancel in the Temporal UI) stays as it is.
      const [run] = await moveRuns(sql, { runId: input.runId }, runStatus, { progress: input.progress, error: input.error ?? null })
      if (!run) return
      if (run.kind === 'analysis') {
        await moveAnalysis(sql, input.analysisId, input.status, { progress: input.progress, error: input.error ?? null, progressed: true, completed: runStatus !== 'running' })
      } else {
        await mergeModelStatus(input.analysisId, input.progress)
      }
    },

    /** 'Data Processing': aggregates every stored answer into the numbers the results screens show. */
    async finaliseAnalysis(input: { analysisId: number; runId: number; status: 'completed' | 'failed'; progress: ProgressDetails; processing?: ProgressDetails }) {
      // The 'processing' status is written here rather than by a markRun of its own: one Temporal round trip less. The
      // snapshot is read at the same time, afresh and no longer kept; nothing is asked any more, so the demo simulator
      // need not be told the project.
      snapshots.delete(input.analysisId)
      const [, snap] = await Promise.all([
        input.processing ? markProcessing(input.analysisId, input.runId, input.processing) : undefined,
        loadSnapshot(input.analysisId, false),
      ])
      const results = await computeResults(sql, input.analysisId, snap)
      const kind = await sql.begin(async (tx) => {
        const [run] = await moveRuns(tx, { runId: input.runId }, input.status, { progress: input.progress })
        if (!run) return undefined
        if (run.kind === 'analysis') {
          await moveAnalysis(tx, input.analysisId, input.status, { progress: input.progress, error: input.status === 'failed' ? input.progress.message : null, completed: true, progressed: true })
        }
        await storeResults(tx, input.analysisId, results)
        return run.kind
      })
      // An add-model or refresh run folds its model rows into the analysis' progress.
      if (kind && kind !== 'analysis') await mergeModelStatus(input.analysisId, input.progress)
      return { brands: results.brands.length }
    },
  }

  async function markProcessing(analysisId: number, runId: number, progress: ProgressDetails) {
    await sql.begin(async (tx) => {
      const [run] = await moveRuns(tx, { runId }, 'running', { progress })
      if (run?.kind === 'analysis') await moveAnalysis(tx, analysisId, 'processing', { progress, progressed: true })
    })
  }

  async function mergeModelStatus(analysisId: number, progress: ProgressDetails) {
    await sql`
      update analyses set progress = jsonb_set(coalesce(progress, '{"modelStatus":{}}'::jsonb), '{modelStatus}',
        coalesce(progress->'modelStatus', '{}'::jsonb) || ${sql.json(progress.modelStatus as any)}::jsonb), updated_at = now()
      where id = ${analysisId}`
  }
}
