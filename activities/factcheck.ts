/**
 * The fact-check of a completed analysis: every answer that names the own brand goes to an LLM judge
 * through the gateway, with the project's brand facts; the judge's claims are checked (app/domain/factcheck/judge.ts)
 * and stored once per answer. Each call's cost is recorded against the project owner's daily cap (model_usage, kind
 * 'factcheck'), the owner's budget is checked before each batch, and a run checks at most MAX_ANSWERS_PER_RUN answers.
 */
import { ApplicationFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway, type ProviderKey } from './gateway'
import { dailyCostCapFromEnv, modelSpendOf, overCostCap } from '../db/model-spend'
import { acceptClaims, judgePrompt, judgeReplySchema, JUDGE_SCHEMA, JUDGE_SCHEMA_NAME, JUDGE_SYSTEM, type JudgedClaim, type JudgeInput } from '../app/domain/factcheck/judge'
import { newContradictions, alertMessage, type ClaimRow } from '../app/domain/factcheck/accuracy'
import { modelName } from '../app/domain/models'

/** Text-first models first: judging needs no web search. */
export const JUDGE_ORDER: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']
/** The answers one run checks at most (the rest are counted and left unchecked: the run says it stopped at the cap). */
export const MAX_ANSWERS_PER_RUN = 300
/** Answers judged by one activity (calls in flight: the gateway's per-provider limit). */
export const FACTCHECK_BATCH = 8

export interface JudgeOutcome {
  claims: JudgedClaim[]
  problems: string[]
  costUsd: number
  provider: ProviderKey
}

/**
 * One judge call: the prompt, the strict zod check and the quote check. A transient failure (rate limit, timeout,
 * 5xx) throws a retryable ApplicationFailure; a configuration or permanent one, or a reply that breaks the schema,
 * a non-retryable one (asking again would not change it). The cost is reported even when the reply is refused.
 */
export async function judgeAnswer(gateway: Gateway, provider: ProviderKey, input: JudgeInput, signal?: AbortSignal): Promise<JudgeOutcome> {
  let out: { data: unknown; answer: { costUsd: number } }
  try {
    out = await gateway.askJson<unknown>(provider, { prompt: judgePrompt(input), system: JUDGE_SYSTEM, schemaName: JUDGE_SCHEMA_NAME, schema: JUDGE_SCHEMA as any, signal })
  } catch (err) {
    const e = classifyError(provider, err)
    // Malformed JSON is 'transient' in the gateway (a second sample usually parses): retried like a timeout.
    const permanent = e.kind === 'configuration' || e.kind === 'permanent'
    throw ApplicationFailure.create({ type: e.kind, message: e.userMessage, nonRetryable: permanent, nextRetryDelay: e.retryAfterMs })
  }
  const parsed = judgeReplySchema.safeParse(out.data)
  if (!parsed.success) {
    throw ApplicationFailure.create({ type: 'invalid-reply', message: `The judge's reply did not fit: ${parsed.error.issues[0]?.message}`, nonRetryable: true, details: [out.answer.costUsd] })
  }
  return { ...acceptClaims(parsed.data, input.answer, input.facts.length), costUsd: out.answer.costUsd, provider }
}

/** The provider the judge runs on: the first configured one (in demo mode the simulator's). */
export function judgeProvider(gateway: Gateway): ProviderKey | undefined {
  return JUDGE_ORDER.find((k) => gateway.configs[k]?.configured)
}

interface RunContext {
  projectId: number
  ownerId: number
  ownerIsAdmin: boolean
  brand: { name: string; alternativeNames?: string[] }
  language: string
  facts: { id: number; statement: string }[]
}

export function createFactcheckActivities({ sql, gateway, dailyCostCapUsd = dailyCostCapFromEnv() }: { sql: postgres.Sql<any>; gateway: Gateway; dailyCostCapUsd?: number }) {
  async function contextOf(analysisId: number): Promise<RunContext | null> {
    const [a] = await sql<{ project_id: number; user_id: number; is_admin: boolean; brands: { brand: RunContext['brand'] }; language: string; status: string }[]>`
      select a.project_id, p.user_id, u.is_admin, a.brands, p.language, a.status
      from analyses a join projects p on p.id = a.project_id join users u on u.id = p.user_id where a.id = ${analysisId}`
    if (!a || a.status !== 'completed' || !a.brands?.brand) return null
    const facts = await sql<{ id: number; statement: string }[]>`select id, statement from brand_facts where project_id = ${a.project_id} order by position, id`
    return { projectId: a.project_id, ownerId: a.user_id, ownerIsAdmin: a.is_admin, brand: a.brands.brand, language: a.language, facts }
  }

  async function overBudget(ctx: RunContext): Promise<boolean> {
    return overCostCap(await modelSpendOf(sql, { id: ctx.ownerId, isAdmin: ctx.ownerIsAdmin }, dailyCostCapUsd))
  }

  return {
    /** Whether the analysis's project has brand facts (the analysis starts its fact-check only then). */
    async hasBrandFacts(input: { analysisId: number }): Promise<boolean> {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from brand_facts f join analyses a on a.project_id = f.project_id where a.id = ${input.analysisId}`
      return (row?.n ?? 0) > 0
    },

    /** The answers to check (the brand's, not checked yet, capped) and the run's row; none without facts. */
    async planFactcheck(input: { analysisId: number }): Promise<{ responseIds: number[]; total: number; capped: boolean; facts: number }> {
      const ctx = await contextOf(input.analysisId)
      if (!ctx || !ctx.facts.length) return { responseIds: [], total: 0, capped: false, facts: 0 }
      const rows = await sql<{ id: string }[]>`
        select r.id from api_responses r
        where r.analysis_id = ${input.analysisId} and r.ok and coalesce((r.mentions->>${ctx.brand.name})::numeric, 0) > 0
          and not exists (select 1 from factcheck_answers f where f.response_id = r.id)
        order by r.id`
      const ids = rows.map((r) => Number(r.id))
      const responseIds = ids.slice(0, MAX_ANSWERS_PER_RUN)
      // A later check of the same analysis adds to what earlier ones checked.
      const [{ done }] = await sql<{ done: number }[]>`select count(*)::int as done from factcheck_answers where analysis_id = ${input.analysisId}`
      await sql`
        insert into factcheck_runs (analysis_id, status, answers_total, answers_done, stopped)
        values (${input.analysisId}, 'running', ${done + responseIds.length}, ${done}, ${ids.length > responseIds.length ? 'cap' : null})
        on conflict (analysis_id) do update set status = 'running', answers_total = excluded.answers_total, answers_done = excluded.answers_done, stopped = excluded.stopped, updated_at = now()`
      return { responseIds, total: ids.length, capped: ids.length > responseIds.length, facts: ctx.facts.length }
    },

    /**
     * Judges a batch of answers and stores each one's claims once. Stops (without calling) when the owner's daily
     * budget is spent. An answer whose call failed transiently makes the activity fail after storing the others,
     * so its retry judges only that one again.
     */
    async checkAnswers(input: { analysisId: number; responseIds: number[] }): Promise<{ checked: number; claims: number; stopped: 'budget' | null }> {
      const ctx = await contextOf(input.analysisId)
      if (!ctx || !ctx.facts.length) return { checked: 0, claims: 0, stopped: null }
      if (await overBudget(ctx)) return { checked: 0, claims: 0, stopped: 'budget' }
      const provider = judgeProvider(gateway)
      if (!provider) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
      const answers = await sql<{ id: string; model_id: number; response: string }[]>`
        select r.id, r.model_id, r.response from api_responses r
        where r.id in ${sql(input.responseIds)} and not exists (select 1 from factcheck_answers f where f.response_id = r.id)`
      const activity = Context.current()
      const signal = activity.cancellationSignal
      const simulated = gateway.configs[provider]?.simulated ?? false
      const beat = setInterval(() => activity.heartbeat(), 3000)
      let claims = 0
      try {
        const results = await Promise.allSettled(
          answers.map(async (a) => {
            let outcome: JudgeOutcome | null = null
            let cost = 0
            try {
              outcome = await judgeAnswer(gateway, provider, { brand: ctx.brand.name, alternativeNames: ctx.brand.alternativeNames ?? [], language: ctx.language, facts: ctx.facts.map((f) => f.statement), answer: a.response }, signal)
              cost = outcome.costUsd
            } catch (err) {
              // A refused reply (schema) or a permanent refusal was still paid for: recorded, and the answer marked
              // checked, since asking again would not change it. Transient failures and configuration go up.
              if (!(err instanceof ApplicationFailure) || !err.nonRetryable || err.type === 'configuration') throw err
              cost = Number(err.details?.[0] ?? 0)
            }
            await sql.begin(async (tx) => {
              const [first] = await tx`insert into factcheck_answers (response_id, analysis_id, provider, cost_usd) values (${a.id}, ${input.analysisId}, ${provider}, ${cost}) on conflict do nothing returning response_id`
              // The call counts against the owner's daily cap whatever its reply (an earlier attempt that stored it: once).
              if (!first) return
              await tx`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${ctx.ownerId}, 'factcheck', ${provider}, ${Math.max(0, cost)}, ${simulated})`
              for (const c of outcome?.claims ?? []) {
                const fact = c.factIndex === null ? null : ctx.facts[c.factIndex]
                await tx`
                  insert into factcheck_claims (response_id, analysis_id, project_id, model_id, label, claim, sentence, fact_id, fact_statement)
                  values (${a.id}, ${input.analysisId}, ${ctx.projectId}, ${a.model_id}, ${c.label}, ${c.claim}, ${c.sentence}, ${fact?.id ?? null}, ${fact?.statement ?? null})`
                claims++
              }
            })
          }),
        )
        const done = results.filter((r) => r.status === 'fulfilled').length
        await sql`update factcheck_runs set answers_done = answers_done + ${done}, updated_at = now() where analysis_id = ${input.analysisId}`
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
        if (failed) throw failed.reason
        return { checked: done, claims, stopped: null }
      } finally {
        clearInterval(beat)
      }
    },

    /** Closes the run: its totals, and an alert (the header bell, the webhook) when a contradicted claim is new. */
    async finishFactcheck(input: { analysisId: number; stopped: 'budget' | 'cap' | null; status: 'completed' | 'failed' | 'cancelled' }): Promise<{ contradicted: number; newContradicted: number }> {
      const ctx = await contextOf(input.analysisId)
      const [counts] = await sql<{ claims: number; cost: string }[]>`
        select (select count(*)::int from factcheck_claims where analysis_id = ${input.analysisId}) as claims,
               (select coalesce(sum(cost_usd), 0) from factcheck_answers where analysis_id = ${input.analysisId}) as cost`
      await sql`
        update factcheck_runs set status = ${input.status}, claims = ${counts.claims}, cost_usd = ${counts.cost},
          stopped = coalesce(${input.stopped}, stopped), updated_at = now()
        where analysis_id = ${input.analysisId}`
      if (!ctx) return { contradicted: 0, newContradicted: 0 }
      const rows = await sql<ClaimRow[]>`
        select c.analysis_id as "analysisId", c.model_id as "modelId", c.fact_id as "factId", c.fact_statement as "factStatement", c.claim, c.sentence, c.created_at as "createdAt"
        from factcheck_claims c where c.project_id = ${ctx.projectId} and c.label = 'contradicted' and c.analysis_id <= ${input.analysisId}`
      const fresh = newContradictions(rows, input.analysisId)
      const contradicted = rows.filter((r) => r.analysisId === input.analysisId).length
      if (fresh.length) {
        const message = alertMessage(ctx.brand.name, fresh, modelName)
        await sql`
          insert into trend_alerts (project_id, analysis_id, metric, message, data)
          values (${ctx.projectId}, ${input.analysisId}, 'factcheck', ${message}, ${sql.json({ metric: 'factcheck', message, claims: fresh.slice(0, 20) } as any)})
          on conflict (analysis_id, metric) do nothing`
      }
      return { contradicted, newContradicted: fresh.length }
    },
  }
}

export type FactcheckActivities = ReturnType<typeof createFactcheckActivities>
