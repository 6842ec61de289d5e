/**
 * Source-search activities: basic insights from the stored analysis answers,
 * enhanced insights from one search-grounded call per query and search model, and the run's
 * bookkeeping. Every insight is stored once (unique on analysis, kind, model, query): a retried
 * activity or a restarted worker never duplicates one, and a stored one is never asked again.
 */
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway } from './gateway'
import { modelById, type ProviderKey } from '../app/domain/models'
import { toInsight, type AnswerLike, type Insight } from '../app/domain/sources/insights'
import type { ProgressDetails } from '../workflows/shared'
import { refreshSourceParts } from '../db/sources-parts'

export type SourceSearchStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled'

/** The system prompt of an enhanced search: the query itself is the user prompt, as a user would ask it. */
export const SOURCE_SEARCH_SYSTEM = 'Research the question with web search before answering. Cite the web pages you rely on for each claim.'

export interface SearchOutcome {
  ok: boolean
  stored: boolean
  error?: string
  errorKind?: string
}

export function createSourceActivities({ sql, gateway }: { sql: postgres.Sql<any>; gateway: Gateway }) {
  const rowOf = (analysisId: number, i: Insight, raw: unknown) => ({
    analysis_id: analysisId,
    kind: i.kind,
    model_id: i.modelId,
    query_index: i.queryIndex,
    query: i.query,
    model_name: i.modelName,
    response: i.response,
    citations: sql.json(i.citations as any),
    sources: sql.json(i.sources as any),
    web_search_queries: sql.json(i.webSearchQueries as any),
    details: sql.json({ groundingMetadata: i.groundingMetadata, searchMetadata: i.searchMetadata, searchResults: i.searchResults, usage: i.usage, timestamp: i.timestamp } as any),
    raw: raw === undefined || raw === null ? null : sql.json(raw as any),
  })

  /** Stores insights; `do nothing` on the unique key: the first stored insight wins, a retry or a second worker adds nothing. */
  async function storeInsights(analysisId: number, list: { insight: Insight; raw: unknown }[]): Promise<number> {
    let stored = 0
    for (let i = 0; i < list.length; i += 100) {
      const rows = await sql`
        insert into search_insights ${sql(list.slice(i, i + 100).map((x) => rowOf(analysisId, x.insight, x.raw)))}
        on conflict (analysis_id, kind, model_id, query_index) do nothing returning id`
      stored += rows.length
    }
    return stored
  }

  return {
    /**
     * Opens the search's row as in progress (the app inserts it as pending when a user starts a search; a search
     * started by a completed analysis inserts it here). Light-mode analyses and deleted ones are skipped.
     */
    async beginSourceSearch(input: { analysisId: number; workflowId: string; runId?: string; modelIds: number[]; progress: ProgressDetails }): Promise<{ skip: false } | { skip: true; reason: string }> {
      const [a] = await sql<{ is_light_mode: boolean }[]>`select is_light_mode from analyses where id = ${input.analysisId}`
      if (!a) return { skip: true, reason: 'The analysis no longer exists.' }
      if (a.is_light_mode) return { skip: true, reason: 'Source Insights are not available in Light Mode.' }
      await sql`
        insert into source_searches (analysis_id, workflow_id, run_id, status, model_ids, progress)
        values (${input.analysisId}, ${input.workflowId}, ${input.runId ?? null}, 'in_progress', ${input.modelIds}, ${sql.json(input.progress as any)})
        on conflict (analysis_id) do update set workflow_id = excluded.workflow_id, run_id = excluded.run_id, status = 'in_progress',
          model_ids = excluded.model_ids, progress = excluded.progress, error = null, completed_at = null`
      return { skip: false }
    },

    /**
     * Records the search's status and last progress (the app reads it once the workflow has ended). Only while the
     * row is still this run's: every run of one analysis's search has the same workflow id, and a cancelled run's
     * last write can come after the user has started the next run. (A run started before runs were recorded
     * passes no runId and keeps the earlier rule.)
     */
    async markSourceSearch(input: { analysisId: number; workflowId: string; runId?: string; status: SourceSearchStatus; progress: ProgressDetails; error?: string }) {
      const done = input.status !== 'pending' && input.status !== 'in_progress'
      // A search deleted meanwhile (delete-search-insights) or replaced by a newer run stays as it is.
      await sql`
        update source_searches set status = ${input.status}, progress = ${sql.json(input.progress as any)}, error = ${input.error ?? null},
          completed_at = ${done ? sql`now()` : null}
        where analysis_id = ${input.analysisId} and workflow_id = ${input.workflowId} and status in ('pending', 'in_progress')
          ${input.runId ? sql`and run_id = ${input.runId}` : sql``}`
      // The tabs' compact parts, packed once now rather than by the first page view (which packs them itself if this fails).
      if (done) await refreshSourceParts(sql, input.analysisId).catch(() => undefined)
    },

    /** Basic insights: the citations, sources and search queries each stored analysis answer carries, per query × model. */
    async buildBasicInsights(input: { analysisId: number }): Promise<{ stored: number; total: number }> {
      const rows = await sql<{ model_id: number; query_index: number; query: string; response: string; citations: any[]; sources: any[]; search_queries: string[]; raw: unknown; usage: unknown; parsed_data: { provider?: string; model?: string }; created_at: Date }[]>`
        select distinct on (model_id, query_index) model_id, query_index, query, response, citations, sources, search_queries, raw, usage, parsed_data, created_at
        from api_responses where analysis_id = ${input.analysisId} and ok
        order by model_id, query_index, sample`
      const insights = rows.map((r) => {
        const answer: AnswerLike = { provider: r.parsed_data?.provider ?? '', model: r.parsed_data?.model ?? null, text: r.response, citations: r.citations ?? [], sources: r.sources ?? [], searchQueries: r.search_queries ?? [], raw: r.raw, usage: r.usage }
        // The raw answer stays in api_responses (basic insights point back to it by analysis, model and query).
        return { insight: toInsight(answer, { kind: 'basic', query: r.query, queryIndex: r.query_index, modelId: r.model_id, modelName: modelById(r.model_id)?.name ?? String(r.model_id), timestamp: new Date(r.created_at).toISOString() }), raw: null }
      })
      return { stored: await storeInsights(input.analysisId, insights), total: rows.length }
    },

    /**
     * Enhanced insights: one search-grounded call per query for one model, stored as each answer arrives.
     * Queries already stored are skipped. Failures worth another attempt fail the activity after the
     * others are stored, so its retry asks only those again.
     */
    async searchQueries(input: { analysisId: number; modelId: number; queries: { index: number; query: string }[]; maxAttempts: number }): Promise<SearchOutcome[]> {
      const ctx = Context.current()
      const model = modelById(input.modelId)
      if (!model) throw ApplicationFailure.nonRetryable(`Unknown model ${input.modelId}`, 'permanent')
      const have = new Set(
        (await sql<{ query_index: number }[]>`
          select query_index from search_insights where analysis_id = ${input.analysisId} and kind = 'enhanced' and model_id = ${input.modelId}`).map((r) => r.query_index),
      )
      const beat = setInterval(() => ctx.heartbeat(), 3000)
      try {
        const outs = await Promise.all(
          input.queries.map(async (q): Promise<SearchOutcome | { retry: { kind: string; message: string; retryAfterMs?: number } }> => {
            if (have.has(q.index)) return { ok: true, stored: true }
            try {
              const a = await gateway.ask(model.provider as ProviderKey, { prompt: q.query, system: SOURCE_SEARCH_SYSTEM, webSearch: true, signal: ctx.cancellationSignal })
              const insight = toInsight(a, { kind: 'enhanced', query: q.query, queryIndex: q.index, modelId: model.id, modelName: model.name, timestamp: new Date().toISOString() })
              await storeInsights(input.analysisId, [{ insight, raw: a.raw }])
              return { ok: true, stored: true }
            } catch (err) {
              if (ctx.cancellationSignal.aborted) throw new CancelledFailure('Activity cancelled')
              const ge = classifyError(model.provider as ProviderKey, err)
              const final = ge.kind === 'configuration' || ge.kind === 'permanent' || ctx.info.attempt >= input.maxAttempts
              if (!final) return { retry: { kind: ge.kind, message: ge.userMessage, retryAfterMs: ge.retryAfterMs } }
              return { ok: false, stored: false, error: ge.userMessage, errorKind: ge.kind }
            }
          }),
        )
        const retries = outs.flatMap((o) => ('retry' in o ? [o.retry] : []))
        if (retries.length) {
          const wait = Math.max(0, ...retries.map((r) => r.retryAfterMs ?? 0))
          throw ApplicationFailure.create({ type: retries[0].kind, message: `${retries.length} of ${input.queries.length} searches will be asked again: ${retries[0].message}`, nextRetryDelay: wait || undefined })
        }
        return outs as SearchOutcome[]
      } finally {
        clearInterval(beat)
      }
    },
  }
}

export type SourceActivities = ReturnType<typeof createSourceActivities>
