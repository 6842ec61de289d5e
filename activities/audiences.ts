/**
 * Activities of the Topics & Audiences setup: one structured model call each, through the gateway,
 * with the reply cleaned by the domain rules. An empty or unusable reply is a non-retryable
 * 'invalid-response' failure the app turns into 'Invalid response from server - please try again'.
 */
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway, type ProviderKey } from './gateway'
import { audiencePrompt, type PromptGroup, type RawQueriesResult } from './gateway/audience-prompts'
import { cleanFramework } from '../app/domain/framework'
import { assembleQueries, audiencesTopicsReplySchema, cleanAudiencesTopics, groupQueriesReplySchema, replyProblem, type Audience, type GeneratedQuery, type QueryGroup, type RawAudiencesTopics, type Topic } from '../app/domain/audiences'
import type { FrameworkCompetitor } from '../app/domain/framework'
import { ASKER_USAGE_KIND, askerQueries, personaPrompt, type SnapshotQuery } from '../app/domain/audiences/asker'
import { brandList } from '../app/domain/analyses'
import { parseAnswer, type BrandDef } from '../app/domain/metrics'
import { modelById } from '../app/domain/models'

export interface AudienceProjectInput {
  brand: string
  market: string
  region: string
  language: string
  marketType: 'B2C' | 'B2B'
}

export interface AudiencesTopicsOutput {
  audiences: Audience[]
  topics: Topic[]
  provider: string
  costUsd?: number
}

export interface QueriesInput extends AudienceProjectInput {
  task: 'audience-queries' | 'topic-queries'
  maxCompetitors: number
  total: number
  groups: QueryGroup[]
  /** What each group is called in the prompt. */
  labels: { name: string; description?: string }[]
}

export interface QueriesOutput {
  competitors: FrameworkCompetitor[]
  brandDomains: string[]
  queries: GeneratedQuery[]
  provider: string
  costUsd?: number
}

const ORDER: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']

const invalid = (message: string) => ApplicationFailure.nonRetryable(message, 'invalid-response')

/** What the analysis workflow learns about one answer asked as a persona. */
export interface PersonaOutcome {
  ok: boolean
  stored: boolean
  error?: string
  errorKind?: string
}

export interface PersonaPlan {
  /** Query indexes of the analysis that have a persona; empty when the project's option is off. */
  queryIndexes: number[]
}

export function createAudienceActivities({ gateway, sql }: { gateway: Gateway; sql: postgres.Sql<any> }) {
  const providerOf = () => {
    const provider = ORDER.find((p) => gateway.configs[p]?.configured)
    if (!provider) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key (or run in demo mode).', 'configuration')
    return provider
  }

  async function ask<T>(provider: ProviderKey, p: ReturnType<typeof audiencePrompt>) {
    try {
      return await gateway.askJson<T>(provider, { prompt: p.prompt, system: p.system, schemaName: p.schemaName, schema: p.schema })
    } catch (err) {
      const ge = classifyError(provider, err)
      throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs, nonRetryable: ge.kind === 'configuration' || ge.kind === 'permanent' })
    }
  }

  return {
    /** About 20 personas (need-based first, then demographic) and the topics they research. */
    async generateAudiencesTopics(input: AudienceProjectInput & { audiencesWanted: number; topicsWanted: number }): Promise<AudiencesTopicsOutput> {
      const provider = providerOf()
      const p = audiencePrompt({ ...input, task: 'audiences-topics', maxCompetitors: 0, maxQueries: 0 })
      const { data, answer } = await ask<RawAudiencesTopics>(provider, p)
      const reply = audiencesTopicsReplySchema.safeParse(data)
      if (!reply.success) throw invalid(`The model's reply does not match the audiences schema (${replyProblem(reply.error)})`)
      const out = cleanAudiencesTopics(reply.data)
      if (out.audiences.length === 0 || out.topics.length === 0) throw invalid('The model returned no audiences or no topics')
      return { ...out, provider, costUsd: answer.costUsd }
    },

    /** Competitors and queries written for the selected audiences or topics, spread evenly over them. */
    async generateGroupQueries(input: QueriesInput): Promise<QueriesOutput> {
      const provider = providerOf()
      const groups: PromptGroup[] = input.groups.map((g, i) => ({ key: g.key, count: g.count, name: input.labels[i]?.name ?? g.key, description: input.labels[i]?.description, topics: g.topicChoices }))
      const p = audiencePrompt({ ...input, task: input.task, maxCompetitors: input.maxCompetitors, maxQueries: input.total, groups })
      const { data: raw, answer } = await ask<RawQueriesResult>(provider, p)
      const reply = groupQueriesReplySchema.safeParse(raw)
      if (!reply.success) throw invalid(`The model's reply does not match the queries schema (${replyProblem(reply.error)})`)
      const data = reply.data
      const framework = cleanFramework(
        { competitors: data.competitors.map((c) => ({ name: c.name, alternativeNames: c.alternativeNames ?? [], domains: c.domains ?? [] })), brandDomains: data.brandDomains, queries: [] },
        { brand: input.brand, maxCompetitors: input.maxCompetitors, maxQueries: 0 },
      )
      const queries = assembleQueries(data.queries, input.groups, input.total)
      if (queries.length === 0) throw invalid('The model returned no usable queries')
      return { competitors: framework.competitors, brandDomains: framework.brandDomains, queries, provider, costUsd: answer.costUsd }
    },

    /**
     * Persona as asker: which queries of this analysis are asked again as their persona. Nothing
     * when the project's option is off. A refresh run asks its models' persona variants again as well.
     */
    async planPersonaAsks(input: { analysisId: number; kind: string; modelIds: number[] }): Promise<PersonaPlan> {
      const [row] = await sql<{ on: boolean; queries: SnapshotQuery[] }[]>`
        select p.ask_as_persona as on, a.queries from analyses a join projects p on p.id = a.project_id where a.id = ${input.analysisId}`
      if (!row?.on) return { queryIndexes: [] }
      if (input.kind === 'refresh') await sql`delete from persona_responses where analysis_id = ${input.analysisId} and model_id = any(${input.modelIds}::int[])`
      return { queryIndexes: askerQueries(row.queries).map((q) => q.index) }
    },

    /**
     * Asks one model several queries as their personas and stores each answer once (a good stored answer is kept;
     * a stored failure is asked again). A failure worth another attempt fails the activity after the others are stored.
     */
    async answerPersonaQueries(input: { analysisId: number; modelId: number; items: { queryIndex: number; sample: number }[]; maxAttempts: number }): Promise<PersonaOutcome[]> {
      const ctx = Context.current()
      const model = modelById(input.modelId)
      const [a] = await sql<{ queries: SnapshotQuery[]; brands: { brand: BrandDef; competitors: BrandDef[] }; language: string; user_id: number }[]>`
        select a.queries, a.brands, p.language, p.user_id from analyses a join projects p on p.id = a.project_id where a.id = ${input.analysisId}`
      if (!a || !model) throw ApplicationFailure.nonRetryable(`Analysis ${input.analysisId} or model ${input.modelId} no longer exists`, 'permanent')
      const brands = brandList(a.brands)
      const stored = new Map(
        (
          await sql<{ query_index: number; sample: number; ok: boolean; error: string | null; error_kind: string | null }[]>`
            select query_index, sample, ok, error, error_kind from persona_responses where analysis_id = ${input.analysisId} and model_id = ${input.modelId}`
        ).map((r) => [`${r.query_index}:${r.sample}`, r]),
      )
      const beat = setInterval(() => ctx.heartbeat(), 3000)
      try {
        const outs = await Promise.all(
          input.items.map(async (item): Promise<PersonaOutcome | { retry: { kind: string; message: string; retryAfterMs?: number } }> => {
            const had = stored.get(`${item.queryIndex}:${item.sample}`)
            if (had?.ok) return { ok: true, stored: true }
            if (had && ctx.info.attempt > 1) return { ok: false, stored: true, error: had.error ?? undefined, errorKind: had.error_kind ?? 'transient' }
            const q = askerQueries(a.queries).find((x) => x.index === item.queryIndex)
            if (!q) return { ok: false, stored: false, error: `Query ${item.queryIndex} has no persona`, errorKind: 'permanent' }
            const prompt = personaPrompt(q, a.language)
            const base = { analysis_id: input.analysisId, model_id: input.modelId, query_index: item.queryIndex, sample: item.sample, audience: q.audience, prompt }
            try {
              const answer = await gateway.ask(model.provider as ProviderKey, { prompt, signal: ctx.cancellationSignal })
              if (!answer.text.trim()) throw Object.assign(new Error('The model returned an empty answer'), { emptyAnswer: true })
              const parsed = parseAnswer(answer.text, brands, a.language)
              const [inserted] = await sql<{ id: string }[]>`
                insert into persona_responses ${sql({
                  ...base,
                  response: answer.text,
                  ok: true,
                  mentions: sql.json(parsed.mentions as any),
                  rankings: sql.json(parsed.rankings as any),
                  usage: sql.json(answer.usage as any),
                  cost_usd: answer.costUsd ?? null,
                  simulated: answer.simulated,
                })}
                on conflict (analysis_id, model_id, query_index, sample) do update set
                  prompt = excluded.prompt, response = excluded.response, ok = true, error = null, error_kind = null,
                  mentions = excluded.mentions, rankings = excluded.rankings, usage = excluded.usage, cost_usd = excluded.cost_usd, simulated = excluded.simulated, created_at = now()
                where not persona_responses.ok
                returning id`
              // The daily cost cap counts these calls (model_usage), once per stored answer.
              if (inserted) await sql`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${a.user_id}, ${ASKER_USAGE_KIND}, ${model.provider}, ${Math.max(0, answer.costUsd ?? 0)}, ${answer.simulated})`
              // A sign of life for the stuck-analysis check, as the ordinary answers give.
              await sql`update analyses set last_progress_at = now() where id = ${input.analysisId} and last_progress_at < now() - interval '5 seconds'`
              return { ok: true, stored: true }
            } catch (err) {
              if (ctx.cancellationSignal.aborted) throw new CancelledFailure('Activity cancelled')
              const ge = (err as { emptyAnswer?: boolean }).emptyAnswer
                ? { kind: 'transient' as const, userMessage: `${model.name} returned an empty answer.`, retryAfterMs: undefined }
                : classifyError(model.provider as ProviderKey, err)
              const final = ge.kind === 'configuration' || ge.kind === 'permanent' || ctx.info.attempt >= input.maxAttempts
              if (!final) return { retry: { kind: ge.kind, message: ge.userMessage, retryAfterMs: ge.retryAfterMs } }
              await sql`
                insert into persona_responses ${sql({ ...base, ok: false, error: ge.userMessage, error_kind: ge.kind })}
                on conflict (analysis_id, model_id, query_index, sample) do update set ok = false, error = excluded.error, error_kind = excluded.error_kind
                where not persona_responses.ok`
              return { ok: false, stored: true, error: ge.userMessage, errorKind: ge.kind }
            }
          }),
        )
        const retries = outs.flatMap((o) => ('retry' in o ? [o.retry] : []))
        if (retries.length) {
          const wait = Math.max(0, ...retries.map((r) => r.retryAfterMs ?? 0))
          throw ApplicationFailure.create({ type: retries[0].kind, message: `${retries.length} of ${input.items.length} persona answers will be asked again: ${retries[0].message}`, nextRetryDelay: wait || undefined })
        }
        return outs as PersonaOutcome[]
      } finally {
        clearInterval(beat)
      }
    },
  }
}
