/**
 * Content Ideator activities: ideas grounded in the project's analysis, their scores from
 * OpenAI and Gemini, and the full content of selected ideas. Every model reply is structured output
 * checked against the zod schema of its task; a reply that does not fit (or names a gap the grounding
 * does not have) fails the activity, which Temporal retries.
 */
import { ApplicationFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway, type ProviderKey } from './gateway'
import { IDEATOR_LIMITS } from '../app/domain/ideator/constants'
import { ideatorPrompt, type IdeatorPromptInput, type PromptItem } from '../app/domain/ideator/prompts'
import { ideatorJsonSchema, parseIdeatorReply, type IdeatorReplyOf, type IdeatorTask } from '../app/domain/ideator/replies'

export interface IdeatorDeps {
  sql: postgres.Sql<any>
  gateway: Gateway
}

/** What every ideator call is about: the query, the brand, the choices of the setup panel and the grounding. */
export type IdeatorContext = Omit<IdeatorPromptInput, 'task' | 'items'>

const WRITER_ORDER: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']
/** An idea's openaiScore and geminiScore. */
const SCORERS: ProviderKey[] = ['openai', 'gemini']

export function createIdeatorActivities({ sql, gateway }: IdeatorDeps) {
  const configured = (p: ProviderKey) => Boolean(gateway.configs[p]?.configured)
  function writer(): ProviderKey {
    const p = WRITER_ORDER.find(configured)
    if (!p) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
    return p
  }

  async function ask<T extends IdeatorTask>(userId: number, provider: ProviderKey, input: IdeatorPromptInput & { task: T }): Promise<IdeatorReplyOf<T>> {
    const p = ideatorPrompt(input)
    let data: unknown
    try {
      const out = await gateway.askJson<unknown>(provider, { prompt: p.prompt, system: p.system, schemaName: p.schemaName, schema: ideatorJsonSchema(input.task), signal: Context.current().cancellationSignal })
      await sql`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${userId}, 'ideator', ${provider}, ${Math.max(0, out.answer.costUsd)}, ${out.answer.simulated})`
      data = out.data
    } catch (err) {
      const ge = classifyError(provider, err)
      throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs, nonRetryable: ge.kind === 'configuration' || ge.kind === 'permanent' })
    }
    const parsed = parseIdeatorReply(input.task, data)
    if (!parsed.ok) throw ApplicationFailure.create({ type: 'invalid-reply', message: `The model's ${input.task} reply did not have the expected fields (${parsed.error}).` })
    return parsed.data
  }

  return {
    /** The providers that score ideas and drafts: OpenAI and Gemini when configured, else the writer alone. */
    async ideatorScorers(): Promise<ProviderKey[]> {
      const list = SCORERS.filter(configured)
      return list.length ? list : [writer()]
    },

    /** The ideas, each tied to a gap of the grounding. */
    async ideatorIdeas(input: { userId: number; context: IdeatorContext }): Promise<{ provider: ProviderKey; ideas: (Omit<PromptItem, 'content'> & { gapId: string })[] }> {
      const provider = writer()
      const reply = await ask(input.userId, provider, { ...input.context, task: 'ideas' })
      const gaps = new Map(input.context.grounding.gaps.map((g) => [g.id, g.text]))
      const unknown = reply.ideas.find((i) => !gaps.has(i.gapId))
      if (unknown) throw ApplicationFailure.create({ type: 'invalid-reply', message: `The model's idea "${unknown.title.slice(0, 80)}" names a gap the analysis does not have (${unknown.gapId.slice(0, 40)}).` })
      if (!reply.ideas.length) throw ApplicationFailure.create({ type: 'invalid-reply', message: 'The model proposed no ideas.' })
      return {
        provider,
        ideas: reply.ideas.slice(0, IDEATOR_LIMITS.ideasPerGeneration).map((i, n) => ({
          id: `i${n + 1}`,
          title: i.title.trim(),
          description: i.description.trim(),
          keyElements: i.keyElements.map((k) => k.trim()).filter(Boolean).slice(0, 8),
          gapId: i.gapId,
          gap: gaps.get(i.gapId)!,
        })),
      }
    },

    /** One scorer's 0..1 score per item (ideas or drafts), by item id. */
    async ideatorScore(input: { userId: number; provider: ProviderKey; context: IdeatorContext; items: PromptItem[] }): Promise<Record<string, number>> {
      const reply = await ask(input.userId, input.provider, { ...input.context, task: 'score', items: input.items })
      const byId = new Map(reply.scores.map((s) => [s.id, s.score]))
      const missing = input.items.find((i) => !byId.has(i.id))
      if (missing) throw ApplicationFailure.create({ type: 'invalid-reply', message: `The model's scores leave out item ${missing.id}.` })
      return Object.fromEntries(input.items.map((i) => [i.id, byId.get(i.id)!]))
    },

    /** The full content (markdown) of one idea. */
    async ideatorContent(input: { userId: number; context: IdeatorContext; item: PromptItem }): Promise<string> {
      const reply = await ask(input.userId, writer(), { ...input.context, task: 'content', items: [input.item] })
      return reply.content.trim()
    },
  }
}
