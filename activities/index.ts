/**
 * Activities: every model call, parse and store happens here, never in workflows.
 * Built by a factory so tests and the worker pass their own database and gateway.
 */
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { createGateway, classifyError, frameworkPrompt, type FrameworkResult, type Gateway, type NormalisedAnswer } from './gateway'
import { modelById, type ProviderKey } from '../app/domain/models'
import { parseAnswer, type BrandDef } from '../app/domain/metrics'
import { computeResults, type AnalysisSnapshot } from './results'
import type { FrameworkInput, FrameworkOutput, ProgressDetails } from '../workflows/shared'
import { cleanFramework } from '../app/domain/framework'

export interface ActivityDeps {
  sql: postgres.Sql<any>
  gateway?: Gateway
}

export function createActivities({ sql, gateway = createGateway() }: ActivityDeps) {
  const snapshots = new Map<number, AnalysisSnapshot>()

  async function snapshotOf(analysisId: number): Promise<AnalysisSnapshot> {
    const cached = snapshots.get(analysisId)
    if (cached) return cached
    const [row] = await sql<{ queries: AnalysisSnapshot['queries']; brands: AnalysisSnapshot['brands'] }[]>`
      select queries, brands from analyses where id = ${analysisId}`
    if (!row) throw ApplicationFailure.nonRetryable(`Analysis ${analysisId} no longer exists`, 'permanent')
    const snap = { queries: row.queries, brands: row.brands }
    if (snapshots.size > 200) snapshots.clear()
    snapshots.set(analysisId, snap)
    return snap
  }

  const allBrands = (s: AnalysisSnapshot) => [{ ...s.brands.brand, isOwn: true }, ...s.brands.competitors]

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
  }) {
    const a = row.answer
    const parsed = a && row.ok && row.brands ? parseAnswer(a.text, row.brands) : { mentions: {}, rankings: {}, sentiment: {} }
    const model = modelById(row.modelId)
    // The unique key makes a retried or replayed activity a no-op: an answer is stored once.
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
        parsed_data: sql.json({ provider: a?.provider ?? model?.provider, model: a?.model } as any),
        raw: a ? sql.json(a.raw as any) : null,
        usage: a ? sql.json(a.usage as any) : null,
        latency_ms: a?.latencyMs ?? null,
        cost_usd: a?.costUsd ?? null,
        model_name: model?.name ?? String(row.modelId),
      })}
      on conflict (analysis_id, model_id, query_index, sample) do nothing`
    await sql`update analyses set last_progress_at = now() where id = ${row.analysisId}`
  }

  return {
    /** Asks one model one query (one sample), parses and stores the answer exactly once. */
    async answerQuery(input: { analysisId: number; modelId: number; queryIndex: number; sample: number; maxAttempts: number }) {
      const ctx = Context.current()
      const [existing] = await sql<{ ok: boolean; error: string | null }[]>`
        select ok, error from api_responses
        where analysis_id = ${input.analysisId} and model_id = ${input.modelId} and query_index = ${input.queryIndex} and sample = ${input.sample}`
      if (existing) return { ok: existing.ok, stored: true, error: existing.error ?? undefined, errorKind: existing.ok ? undefined : 'transient' }

      const snap = await snapshotOf(input.analysisId)
      const q = snap.queries.find((x) => x.index === input.queryIndex)
      const model = modelById(input.modelId)
      if (!q || !model) throw ApplicationFailure.nonRetryable(`Unknown query ${input.queryIndex} or model ${input.modelId}`, 'permanent')
      const base = { analysisId: input.analysisId, modelId: input.modelId, queryIndex: input.queryIndex, sample: input.sample, query: q.query }

      const beat = setInterval(() => ctx.heartbeat(), 3000)
      try {
        const answer = await gateway.ask(model.provider as ProviderKey, { prompt: q.query, signal: ctx.cancellationSignal })
        if (!answer.text.trim()) throw Object.assign(new Error('The model returned an empty answer'), { emptyAnswer: true })
        await storeAnswer({ ...base, ok: true, answer, brands: allBrands(snap) })
        return { ok: true, stored: true }
      } catch (err) {
        if (ctx.cancellationSignal.aborted) throw new CancelledFailure('Activity cancelled')
        const ge = (err as { emptyAnswer?: boolean }).emptyAnswer
          ? { kind: 'transient' as const, userMessage: `${model.name} returned an empty answer.`, retryAfterMs: undefined }
          : classifyError(model.provider as ProviderKey, err)
        const final = ge.kind === 'configuration' || ge.kind === 'permanent' || ctx.info.attempt >= input.maxAttempts
        if (final) {
          await storeAnswer({ ...base, ok: false, error: ge.userMessage })
          return { ok: false, stored: true, error: ge.userMessage, errorKind: ge.kind }
        }
        throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs })
      } finally {
        clearInterval(beat)
      }
    },

    /** Persists a run's status and last progress snapshot (the app reads it once the workflow has ended). */
    async markRun(input: { analysisId: number; runId: number; status: 'in_progress' | 'processing' | 'completed' | 'failed' | 'cancelled'; progress: ProgressDetails; error?: string; final?: boolean }) {
      const runStatus = input.status === 'in_progress' || input.status === 'processing' ? 'running' : input.status
      const [run] = await sql<{ kind: string }[]>`
        update model_runs set status = ${runStatus}, progress = ${sql.json(input.progress as any)}, error = ${input.error ?? null},
          completed_at = ${runStatus === 'running' ? null : sql`now()`}
        where id = ${input.runId} returning kind`
      if (!run) return
      if (run.kind === 'analysis') {
        await sql`
          update analyses set status = ${input.status}, progress = ${sql.json(input.progress as any)}, error = ${input.error ?? null},
            last_progress_at = now(), updated_at = now(), completed_at = ${runStatus === 'running' ? null : sql`now()`}
          where id = ${input.analysisId}`
      } else {
        await mergeModelStatus(input.analysisId, input.progress)
      }
    },

    /** 'Data Processing': aggregates every stored answer into the numbers the results screens show. */
    async finaliseAnalysis(input: { analysisId: number; runId: number; status: 'completed' | 'failed'; progress: ProgressDetails }) {
      snapshots.delete(input.analysisId)
      const snap = await snapshotOf(input.analysisId)
      const results = await computeResults(sql, input.analysisId, snap)
      const kind = await sql.begin(async (tx) => {
        const [run] = await tx<{ kind: string }[]>`
          update model_runs set status = ${input.status}, progress = ${tx.json(input.progress as any)}, completed_at = now()
          where id = ${input.runId} returning kind`
        if (run?.kind === 'analysis') {
          await tx`
            update analyses set status = ${input.status}, progress = ${tx.json(input.progress as any)}, results = ${tx.json(results as any)},
              error = ${input.status === 'failed' ? input.progress.message : null}, completed_at = now(), updated_at = now(), last_progress_at = now()
            where id = ${input.analysisId}`
        } else {
          await tx`update analyses set results = ${tx.json(results as any)}, updated_at = now() where id = ${input.analysisId}`
        }
        return run?.kind
      })
      // An add-model or refresh run folds its model rows into the analysis' progress.
      if (kind && kind !== 'analysis') await mergeModelStatus(input.analysisId, input.progress)
      return { brands: Object.keys(results.brands ?? {}).length }
    },

    /** Competitors and queries for a new project, from the first configured model. */
    async generateFramework(input: FrameworkInput): Promise<FrameworkOutput> {
      const order: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']
      const provider = order.find((p) => gateway.configs[p]?.configured)
      if (!provider) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
      const p = frameworkPrompt({ ...input, market: input.market, region: input.region })
      try {
        const { data } = await gateway.askJson<FrameworkResult>(provider, { prompt: p.prompt, system: p.system, schemaName: p.schemaName, schema: p.schema })
        return { ...cleanFramework(data, input), provider }
      } catch (err) {
        const ge = classifyError(provider, err)
        throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs, nonRetryable: ge.kind === 'configuration' || ge.kind === 'permanent' })
      }
    },
  }

  async function mergeModelStatus(analysisId: number, progress: ProgressDetails) {
    await sql`
      update analyses set progress = jsonb_set(coalesce(progress, '{"modelStatus":{}}'::jsonb), '{modelStatus}',
        coalesce(progress->'modelStatus', '{}'::jsonb) || ${sql.json(progress.modelStatus as any)}::jsonb), updated_at = now()
      where id = ${analysisId}`
  }
}

export type Activities = ReturnType<typeof createActivities>
