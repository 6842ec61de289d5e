/**
 * Content optimiser activities: extraction, the relevance phase
 * (embeddings from two providers plus a 0-10 model score per chunk), one call per pillar, the summary,
 * critical actions and the rewrite. Every model reply is structured output checked against the zod schema
 * of its task; a reply that does not fit fails the activity (retried by Temporal), and the workflow marks
 * the pillar failed once the attempts are spent.
 */
import { ApplicationFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import sanitizeHtml from 'sanitize-html'
import { classifyError, type Gateway, type ProviderKey } from './gateway'
import { EMBEDDING_PROVIDERS, embedTexts } from './gateway/embeddings'
import { fetchPage, RefusedUrlError } from './optimiser-fetch'
import { extractPage } from './optimiser-extract'
import { chunkContent, type Chunk } from '../app/domain/optimiser/chunks'
import { OPTIMISER_LIMITS, type Pillar } from '../app/domain/optimiser/constants'
import { optimiserPrompt, type OptimiserPromptInput } from '../app/domain/optimiser/prompts'
import { parseReply, replyJsonSchema, type OptimiserTask, type ReplyOf } from '../app/domain/optimiser/schemas'
import { cosine, embeddingScore } from '../app/domain/optimiser/scores'
import { loopbackAllowance, type LoopbackAllowance } from '../app/domain/optimiser/address'
import type { CrawlFact, ExtractedPage, OptimisationResult } from '../app/domain/optimiser/types'
import { OPTIMISED_HTML_POLICY } from '../app/domain/optimiser/html-policy'

export interface OptimiserDeps {
  sql: postgres.Sql<any>
  gateway: Gateway
  /** Tests only: lets the fetcher reach loopback addresses (OPTIMISER_FETCH_ALLOW_LOOPBACK=true, or on the ports it lists). */
  allowLoopbackFetch?: LoopbackAllowance
}

const JSON_ORDER: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']
const RELEVANCE_ORDER: ProviderKey[] = ['gemini', ...JSON_ORDER.filter((p) => p !== 'gemini')]

export interface ExtractOutput {
  page: ExtractedPage
  chunks: Chunk[]
}

export function createOptimiserActivities({ sql, gateway, allowLoopbackFetch = loopbackAllowance(process.env.OPTIMISER_FETCH_ALLOW_LOOPBACK) }: OptimiserDeps) {
  function providerFor(order: ProviderKey[]): ProviderKey {
    const p = order.find((k) => gateway.configs[k]?.configured)
    if (!p) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
    return p
  }

  async function recordUsage(userId: number, provider: string, costUsd: number) {
    const simulated = gateway.configs[provider as ProviderKey]?.simulated ?? false
    await sql`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${userId}, 'optimiser', ${provider}, ${Math.max(0, costUsd)}, ${simulated})`
  }

  /** One structured call; a reply that breaks the task's zod schema is an 'invalid-reply' failure (retried). */
  async function ask<T extends OptimiserTask>(userId: number, order: ProviderKey[], input: OptimiserPromptInput & { task: T }): Promise<ReplyOf<T>> {
    const provider = providerFor(order)
    const p = optimiserPrompt(input)
    const signal = Context.current().cancellationSignal
    let data: unknown
    try {
      const out = await gateway.askJson<unknown>(provider, { prompt: p.prompt, system: p.system, schemaName: p.schemaName, schema: replyJsonSchema(input.task), signal })
      await recordUsage(userId, provider, out.answer.costUsd)
      data = out.data
    } catch (err) {
      const ge = classifyError(provider, err)
      throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs, nonRetryable: ge.kind === 'configuration' || ge.kind === 'permanent' })
    }
    const parsed = parseReply(input.task, data)
    if (!parsed.ok) throw ApplicationFailure.create({ type: 'invalid-reply', message: `The model's ${input.task} reply did not have the expected fields (${parsed.error}).` })
    return parsed.data
  }

  return {
    /** Phase 1: the page (fetched with the SSRF checks, or pasted) as light markdown, its crawl facts and ~100-word chunks. */
    async optimiserExtract(input: { content?: string; url?: string }): Promise<ExtractOutput> {
      let page: ExtractedPage
      if (input.url) {
        try {
          const fetched = await fetchPage(input.url, { allowLoopback: allowLoopbackFetch })
          let robots: string | null = null
          try {
            const r = await fetchPage(new URL('/robots.txt', fetched.url).href, { allowLoopback: allowLoopbackFetch, accept: ['text/plain'], maxBytes: 512 * 1024, timeoutMs: 5000 })
            robots = r.body
          } catch {
            robots = null
          }
          const html = fetched.contentType.startsWith('text/plain') ? `<pre>${fetched.body.replace(/</g, '&lt;')}</pre>` : fetched.body
          page = extractPage({ html, url: fetched.url, headers: fetched.headers, robots })
        } catch (err) {
          if (err instanceof RefusedUrlError) throw ApplicationFailure.nonRetryable(err.message, 'refused-url')
          throw err
        }
      } else {
        page = extractPage({ html: input.content ?? '', url: null })
      }
      const chunks = chunkContent(page.fullContent, undefined, OPTIMISER_LIMITS.maxChunks)
      if (!chunks.length) throw ApplicationFailure.nonRetryable('The page has no text to analyse.', 'no-content')
      return { page, chunks }
    },

    /** Phase 2: embedding similarity of each chunk to the prompt (OpenAI and Gemini, averaged) and the model's 0-10 score. */
    async optimiserRelevance(input: { userId: number; prompt: string; language: string; content: string; chunks: Chunk[] }) {
      const signal = Context.current().cancellationSignal
      const texts = [input.prompt, ...input.chunks.map((c) => c.text)]
      const providers = EMBEDDING_PROVIDERS.filter((p) => gateway.configs[p]?.configured)
      // The embeddings and the model's scores do not depend on each other: asked at the same time.
      const [settled, reply] = await Promise.all([
        Promise.allSettled(providers.map((p) => embedTexts(p, gateway.configs[p], texts, signal))),
        ask(input.userId, RELEVANCE_ORDER, {
          task: 'relevance',
          targetPrompt: input.prompt,
          language: input.language,
          content: input.content,
          chunks: input.chunks.map((c) => ({ id: c.id, text: c.text })),
        }),
      ])
      const vectors = settled.flatMap((r, i) => (r.status === 'fulfilled' && r.value.length === texts.length ? [{ provider: providers[i], v: r.value }] : []))
      const byId = new Map(reply.chunks.map((c) => [c.id, c]))
      return {
        embeddingProviders: vectors.map((v) => v.provider),
        embeddingErrors: settled.flatMap((r, i) => (r.status === 'rejected' ? [`${providers[i]}: ${classifyError(providers[i], r.reason).userMessage}`] : [])),
        chunks: input.chunks.map((c, i) => ({
          id: c.id,
          embeddingScore: embeddingScore(vectors.map((v) => cosine(v.v[0], v.v[i + 1]))),
          geminiScore: byId.get(c.id)?.geminiScore ?? 0,
          recommendations: (byId.get(c.id)?.recommendations ?? []).slice(0, 3),
        })),
        overallAnalysis: reply.overallAnalysis,
      }
    },

    /** Phases 3-8: one pillar. */
    async optimiserPillar<P extends Exclude<Pillar, 'relevance'>>(input: {
      userId: number
      pillar: P
      prompt: string
      language: string
      content: string
      chunks: Chunk[]
      facts: CrawlFact[]
    }): Promise<ReplyOf<P>> {
      return ask(input.userId, JSON_ORDER, {
        task: input.pillar,
        targetPrompt: input.prompt,
        language: input.language,
        content: input.content,
        ...(input.pillar === 'citation' ? { chunks: input.chunks.map((c) => ({ id: c.id, text: c.text })) } : {}),
        ...(input.pillar === 'crawlability' ? { data: input.facts } : {}),
      }) as Promise<ReplyOf<P>>
    },

    /** Phase 9: summarised recommendations and two critical actions per pillar. */
    async optimiserSummary(input: { userId: number; prompt: string; language: string; content: string; scores: Record<string, number | null>; recommendations: string[] }) {
      return ask(input.userId, JSON_ORDER, {
        task: 'summary',
        targetPrompt: input.prompt,
        language: input.language,
        content: input.content.slice(0, 6000),
        data: { scores: input.scores, recommendations: input.recommendations.slice(0, 60) },
      })
    },

    /** The generate-critical-actions call: two critical actions per pillar. */
    async optimiserCriticalActions(input: { userId: number; prompt: string; scores: Record<string, number | null | undefined>; recommendations: string[] }) {
      return ask(input.userId, JSON_ORDER, {
        task: 'criticalActions',
        targetPrompt: input.prompt,
        language: 'en-GB',
        content: '',
        data: { scores: input.scores, recommendations: input.recommendations.slice(0, 60) },
      })
    },

    /** The optimise call: the rewrite, as sanitised HTML. */
    async optimiserRewrite(input: { userId: number; originalContent: string; prompt: string; selectedRecommendations: string[]; language: string; customRequirements: string }): Promise<OptimisationResult> {
      const reply = await ask(input.userId, JSON_ORDER, {
        task: 'optimise',
        targetPrompt: input.prompt,
        language: input.language,
        content: input.originalContent.slice(0, OPTIMISER_LIMITS.extractedText),
        recommendations: input.selectedRecommendations,
        customRequirements: input.customRequirements || undefined,
      })
      return {
        optimisedContent: sanitizeHtml(reply.optimisedContent, OPTIMISED_HTML_POLICY),
        improvementSummary: reply.improvementSummary,
        appliedOptimisations: reply.appliedOptimisations.slice(0, 30),
      }
    },
  }
}

export type OptimiserActivities = ReturnType<typeof createOptimiserActivities>
