/**
 * The zod schemas of the public REST API (/api/v1): what each route accepts (path, query, body) and what it
 * answers. The routes validate with these, and the OpenAPI 3.1 document (openapi.ts) is generated from the same
 * objects, so the document cannot drift from what the code accepts; the contract test checks the answers.
 * Field names here are the API's stable names: they are mapped from the app's internal shapes in
 * app/lib/api.server.ts and change only with a new version.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { ANALYSIS_STATUSES } from '../analyses'
import { MODEL_FILTERS, RESULT_TABS } from '../results/types'
import { idFrom, MAX_ID, requiredOr, text } from '../validation'
import { API_SCOPES } from './keys'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './cursor'
import { resultsDataSchema, VISIBILITY_DEFINITIONS } from './results'
import { PROVIDER_KEYS, type ProviderKey } from '../providers'

extendZodWithOpenApi(z)

// ------------------------------------------------------------------ inputs

/** A path id: digits, 1..2147483647 (anything else answers 404, as the app's own routes do). */
export const pathId = (name: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const n = idFrom(v)
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: `No such ${name.replace(/Id$/, '')}`, params: { notFound: true } })
        return z.NEVER
      }
      return n
    })
    .openapi({ param: { name, in: 'path' }, type: 'integer', minimum: 1, maximum: MAX_ID, example: 12 } as any)

export const projectParams = z.object({ projectId: pathId('projectId') })
export const analysisParams = z.object({ analysisId: pathId('analysisId') })

const limit = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return DEFAULT_PAGE_SIZE
    const n = /^\d{1,4}$/.test(v) ? Number(v) : NaN
    if (!(n >= 1 && n <= MAX_PAGE_SIZE)) {
      ctx.addIssue({ code: 'custom', message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      return z.NEVER
    }
    return n
  })
  .openapi({ param: { name: 'limit', in: 'query' }, type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Items per page.' } as any)

const cursor = z
  .string()
  .max(64, 'cursor is not valid')
  .optional()
  .openapi({ param: { name: 'cursor', in: 'query' }, description: 'The nextCursor of the previous page; absent for the first page.' })

export const pageQuery = z.object({ limit, cursor })

export const modelFilter = z
  .enum(MODEL_FILTERS, { error: `model must be one of ${MODEL_FILTERS.join(', ')}` })
  .optional()
  .openapi({ description: 'One model (claude, perplexity, gemini, gpt41 = ChatGPT 5, grok3 = Grok-4, deepseek) or combined (default).' })

export const optionalText = (label: string, description: string) => text(label, 300).optional().openapi({ description })

export const RESULT_API_TABS = RESULT_TABS.map((t) => t.id).filter((t) => t !== 'model-admin' && t !== 'accuracy') as [string, ...string[]]

export const resultsQuery = z.object({
  tab: z
    .enum(RESULT_API_TABS as [string, ...string[]], { error: `tab must be one of ${RESULT_API_TABS.join(', ')}` })
    .optional()
    .openapi({ description: 'The results tab whose metrics to return (default overview).' }),
  model: modelFilter,
  topic: optionalText('topic', 'Only the queries of this topic.'),
  audience: optionalText('audience', 'Only the queries of this audience.'),
  brand: optionalText('brand', 'The brand of the brand-specific tabs (ranking-detail, sentiment-detail); default the own brand.'),
})

export const answersQuery = pageQuery.extend({
  model: z
    .string()
    .regex(/^\d{1,3}$/, 'model must be a model id')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', description: 'Only the answers of this model id (3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT 5, 9 Grok-4, 10 DeepSeek).' } as any),
})

export const sourcesQuery = z.object({
  set: z.enum(['enhanced', 'basic', 'all'], { error: 'set must be enhanced, basic or all' }).optional().openapi({ description: 'Which insights: enhanced (default), basic or all.' }),
  model: z.string().regex(/^\d{1,3}$/, 'model must be a model id').optional().openapi({ description: 'Only the citations of this model id.' }),
})

export const trendsQuery = z.object({
  query: optionalText('query', 'The query of the per-query rank series (default the first).'),
  topicBrand: optionalText('topicBrand', 'The brand of the topic trend (default the own brand).'),
  modelBrand: optionalText('modelBrand', 'The brand of the per-model series (days[].models, queryModels; default the own brand).'),
})

export const startAnalysisBody = z
  .object({
    again: z
      .boolean({ error: 'again must be true or false' })
      .optional()
      .default(false)
      .openapi({ description: 'Admins only: confirm a second run of the project today (without it, a project already analysed today answers 409).', example: false }),
  })
  .openapi('StartAnalysisRequest')

export const addModelBody = z
  .object({
    modelId: z
      .number({ error: requiredOr('modelId is required', 'modelId must be a model id') })
      .int('modelId must be a model id')
      .openapi({ description: 'The model to add: 3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT 5, 9 Grok-4, 10 DeepSeek.', example: 3 }),
  })
  .openapi('AddModelRequest')

// ------------------------------------------------------------------ outputs

export const isoDateTime = z.string().datetime().openapi({ description: 'ISO 8601 date-time (UTC).', example: '2025-05-20T09:30:00.000Z' })
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ format: 'date', example: '2025-05-20' })

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ description: 'Stable, machine-readable: invalid_request, unauthorized, forbidden, insufficient_scope, not_found, method_not_allowed, conflict, analysis_not_completed, rate_limited, unavailable, internal_error.' }),
      message: z.string().openapi({ description: 'What went wrong, for a person.' }),
    }),
  })
  .openapi('Error')

export const intervalSchema = z
  .object({ low: z.number(), high: z.number() })
  // Inline rather than a named component: the generator drops null from a nullable $ref (OpenAPI 3.1).
  .openapi({ description: '95 % Wilson score interval, in percent (1 decimal).' })

export const rateSchema = z
  .object({
    value: z.number().openapi({ description: 'Percent, 1 decimal: x / n x 100.' }),
    x: z.number().int().openapi({ description: 'Successes counted.' }),
    n: z.number().int().openapi({ description: 'Trials counted.' }),
    interval: intervalSchema.nullable().openapi({ description: 'Null when n is 0.' }),
  })
  .openapi('Rate')

export const keyInfoSchema = z
  .object({
    user: z.object({ id: z.number().int(), email: z.string(), isAdmin: z.boolean(), isActive: z.boolean(), tier: z.string() }),
    key: z.object({ id: z.number().int(), name: z.string(), prefix: z.string(), scopes: z.array(z.enum(API_SCOPES)), createdAt: isoDateTime, expiresAt: isoDateTime.nullable() }),
  })
  .openapi('Me')

export const projectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string().openapi({ description: 'The own brand.' }),
    marketDescription: z.string(),
    marketType: z.enum(['B2C', 'B2B']),
    marketRegion: z.string(),
    language: z.string(),
    competitors: z.array(z.string()),
    queries: z.array(z.object({ query: z.string(), topic: z.string().nullable(), audience: z.string().nullable() })),
    topics: z.array(z.object({ id: z.string(), name: z.string(), relevance: z.number() })),
    samplesPerQuery: z.number().int(),
    isLightMode: z.boolean(),
    isArchived: z.boolean(),
    isPublic: z.boolean(),
    access: z.enum(['owner', 'shared', 'public', 'admin']).openapi({ description: 'Why the key may see the project: its user owns it, it is shared with them, it is public, or they are an admin.' }),
    ownerEmail: z.string(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    latestAnalysis: z.object({ id: z.number().int(), status: z.enum(ANALYSIS_STATUSES), createdAt: isoDateTime }).nullable(),
  })
  .openapi('Project')

export const progressSchema = z
  .object({
    phase: z.string(),
    message: z.string(),
    percent: z.number(),
    queriesCompleted: z.number().int().openapi({ description: 'Answers stored so far (queries x samples x models).' }),
    queriesTotal: z.number().int(),
    currentModel: z.string().nullable(),
    estimatedSecondsRemaining: z.number().nullable(),
    isComplete: z.boolean(),
    models: z.array(
      z.object({
        modelId: z.number().int(),
        name: z.string(),
        status: z.enum(['waiting', 'processing', 'completed', 'failed']),
        completed: z.number().int(),
        failed: z.number().int(),
        total: z.number().int(),
        error: z.string().nullable(),
      }),
    ),
  })
  .openapi('Progress')

export const analysisSchema = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    status: z.enum(ANALYSIS_STATUSES),
    date: isoDate,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    completedAt: isoDateTime.nullable(),
    isLightMode: z.boolean(),
    samplesPerQuery: z.number().int(),
    queryCount: z.number().int(),
    models: z.array(z.object({ id: z.number().int(), name: z.string() })),
    error: z.string().nullable(),
    // A union, not .nullable(): the generator drops null from a nullable $ref (OpenAPI 3.1); this renders anyOf [$ref, null].
    progress: z.union([progressSchema, z.null()]),
  })
  .openapi('Analysis')

const insightsSummarySchema = z
  .object({
    count: z.number().int(),
    byModel: z.record(z.string(), z.number().int()).openapi({ description: 'Insights per model id.' }),
    href: z.string().openapi({ description: 'Where the full insights are: GET /api/analyses/{id}/search-insights (signed in), or /api/v1/analyses/{id}/sources for the aggregates.' }),
  })
  .openapi('InsightsSummary')

// Spread, not .extend(): extend renders as allOf [Analysis, …], which a closed contract check cannot satisfy.
export const analysisDetailSchema = z
  .object({
    ...analysisSchema.shape,
    modelResults: z
      .record(
        z.string(),
        z.object({
          brandMentions: z.record(z.string(), z.number()),
          brandRanking: z.record(z.string(), z.record(z.string(), z.number())),
        }),
      )
      .openapi({ description: 'Per model id: brandMentions = mentions of each brand summed over its answered answers; brandRanking = per query, each brand\'s mean list position over the samples that ranked it (1 is best; never-ranked brands absent).' }),
    searchInsightsStatus: z.enum(['pending', 'in_progress', 'completed', 'failed', 'cancelled']).nullable().openapi({ description: 'The source search of the analysis; null before one ran.' }),
    searchInsights: insightsSummarySchema.openapi({ description: 'Basic insights (the citations the analysis answers carry): a summary, because the insights (one model answer each) can run to megabytes; the full list is at href.' }),
    enhancedSearchInsights: insightsSummarySchema.openapi({ description: 'Enhanced insights (one search-grounded call per query and model): a summary and a link, as searchInsights.' }),
    dualSearchInsights: z
      .record(z.string(), z.union([z.number().int(), z.string()]))
      .openapi({ description: 'Enhanced insights per provider (geminiInsights, openaiInsights, grokInsights, claudeInsights, perplexityInsights) as counts, and href to the full data.' }),
  })
  .openapi('AnalysisDetail')

export const collectionSchema = z
  .object({
    provider: z.enum(PROVIDER_KEYS as [ProviderKey, ...ProviderKey[]]),
    api: z.string().openapi({ description: 'The vendor API the answer came through, e.g. "OpenAI Responses API".' }),
    model: z.string().nullable().openapi({ description: 'The model name the vendor was asked for.' }),
    webSearch: z.boolean().openapi({
      description:
        'Whether the vendor searched the web for this answer as it was requested: the request asked for web search (analyses do; structured ' +
        'requests never) and the vendor has it - Perplexity Sonar always searches, DeepSeek has no search tool.',
    }),
    endpoint: z.string().nullable().openapi({ description: 'Host of the endpoint called (the model simulator\'s in demo mode).' }),
    demo: z.boolean().openapi({ description: 'Answered by the built-in model simulator (demo mode, tests), not the vendor.' }),
  })
  // Inline (no component name): a nullable $ref loses its null in the generated 3.1 document.
  .openapi({ description: 'How an answer was collected.' })

export const answerSchema = z
  .object({
    id: z.number().int(),
    analysisId: z.number().int(),
    modelId: z.number().int(),
    model: z.string(),
    queryIndex: z.number().int(),
    query: z.string(),
    sample: z.number().int().openapi({ description: 'Which of the samples per query (1-based).' }),
    ok: z.boolean(),
    error: z.string().nullable(),
    incomplete: z.boolean(),
    text: z.string(),
    createdAt: isoDateTime,
    mentions: z.record(z.string(), z.number()).openapi({ description: 'Brand -> mentions counted in the text.' }),
    rankings: z.record(z.string(), z.number()).openapi({ description: 'Brand -> position in the answer\'s ranked list (brands not ranked are absent or 0).' }),
    sentiment: z.record(z.string(), z.unknown()).openapi({ description: 'Brand -> sentiment of the sentences naming it.' }),
    citations: z.array(z.unknown()),
    sources: z.array(z.unknown()),
    searchQueries: z.array(z.string()),
    collection: collectionSchema
      .nullable()
      .openapi({ description: 'How the answer was collected; null for answers stored before collection was recorded. The date is createdAt, the sample is sample.' }),
  })
  .openapi('Answer')

const page = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable().openapi({ description: 'Pass as cursor for the next page; null on the last page.' }) }).openapi(name)

export const projectPageSchema = page(projectSchema, 'ProjectPage')
export const analysisPageSchema = page(analysisSchema, 'AnalysisPage')
export const answerPageSchema = page(answerSchema, 'AnswerPage')

export const resultsSchema = z
  .object({
    analysisId: z.number().int(),
    projectId: z.number().int(),
    date: isoDate,
    tab: z.string(),
    filters: z.object({ model: z.string(), topic: z.string().nullable(), audience: z.string().nullable() }),
    options: z.object({ models: z.array(z.object({ value: z.string(), label: z.string() })), topics: z.array(z.string()), audiences: z.array(z.string()) }),
    data: resultsDataSchema,
  })
  .openapi('Results')

const visibilityBrand = z.object({
  name: z.string(),
  isOwn: z.boolean(),
  mentions: z.number().int().openapi({ description: 'Mention occurrences of the brand over every answer of the group.' }),
  mentionShare: rateSchema.openapi({ description: "The brand's mentions / all brands' mentions." }),
  rankRate: rateSchema.openapi({
    description: `Rank rate: answers that rank the brand in a list / answered answers. ${VISIBILITY_DEFINITIONS.answers} Not the results screen's Visibility %: ${VISIBILITY_DEFINITIONS.screen}`,
  }),
  visibility: rateSchema.openapi({ deprecated: true, description: 'Deprecated: the same figure as rankRate under its old name; read rankRate.' }),
  rank: z.number().nullable().openapi({ description: 'Combined rank: mean of the per-model average ranks (lower is better); null when never ranked.' }),
})
const visibilityGroup = z
  .object({
    modelId: z.number().int().nullable(),
    model: z.string(),
    answered: z.number().int().openapi({ description: 'n: answers that came back and are not blank, over every query and sample.' }),
    brands: z.array(visibilityBrand),
  })
  .openapi('VisibilityGroup')

export const visibilitySchema = z
  .object({ analysisId: z.number().int(), projectId: z.number().int(), date: isoDate, models: z.array(visibilityGroup), combined: visibilityGroup })
  .openapi('Visibility')

const ci = z.object({ cited: z.number().int(), n: z.number().int(), rate: z.number(), ci: z.object({ low: z.number(), high: z.number() }) })
export const sourcesSchema = z
  .object({
    analysisId: z.number().int(),
    projectId: z.number().int(),
    set: z.enum(['enhanced', 'basic', 'all']),
    counts: z.object({ basic: z.number().int(), enhanced: z.number().int() }),
    available: z.boolean().openapi({ description: 'False when the chosen set has no insights yet (run Enhanced Source Analysis, or choose set=basic).' }),
    sites: z.array(
      z.object({ domain: z.string(), type: z.enum(['Owned', 'Competitor', 'Earned']), citations: z.number().int(), share: z.number(), weightedShare: z.number() }),
    ),
    gaps: z
      .array(z.object({ domain: z.string(), citations: z.number().int(), withCompetitor: z.number().int(), queries: z.number().int() }))
      .openapi({ description: 'The gap list: sites that cite competitors but never the own brand.' }),
    ownedRate: z
      .object({ overall: ci, byModel: z.array(ci.extend({ modelId: z.number().int() })) })
      .nullable()
      .openapi({ description: 'Answers citing at least one owned site / answers, with a 95 % Wilson interval.' }),
  })
  .openapi('Sources')

const trendCell = z.object({
  mentions: z.number(),
  change: z.number().nullable(),
  share: rateSchema,
  rankRate: rateSchema.openapi({ description: 'Rank rate: answers ranking the brand / answered answers, as in /visibility.' }),
  visibility: rateSchema.openapi({ deprecated: true, description: 'Deprecated: the same figure as rankRate under its old name; read rankRate.' }),
  rank: z.number().nullable(),
})
const trendModelCell = z.object({
  answered: z.number().int().openapi({ description: "n of the model's rates: its answers with text (an absent AI Overview is not one)." }),
  absent: z.number().int().openapi({ description: 'Answers where the engine showed no AI answer (an absent AI Overview): a result, in no n.' }),
  // A union, not .nullable(): the Rate component is a $ref, and a sibling nullable of a $ref is ignored.
  presence: z.union([rateSchema, z.null()]).openapi({ description: 'Engines: answers with an AI answer / answered + absent. Null for the developer APIs.' }),
  brands: z.record(
    z.string(),
    z.object({
      mentionRate: rateSchema.openapi({ description: "Answers naming the brand / the model's answers with text." }),
      rankRate: rateSchema,
      rank: z.number().nullable(),
    }),
  ),
})
const trendQueryModelCell = z.object({
  answered: z.number().int(),
  absent: z.number().int().openapi({ description: 'Answers with no AI answer for this query (left out of every n).' }),
  brands: z.record(z.string(), rateSchema),
})
export const trendsSchema = z
  .object({
    projectId: z.number().int(),
    brands: z.array(z.object({ name: z.string(), isOwn: z.boolean(), totalMentions: z.number(), colour: z.string() })),
    models: z
      .array(z.object({ id: z.number().int(), filter: z.string(), name: z.string(), colour: z.string(), isEngine: z.boolean() }))
      .openapi({ description: 'Every catalogue model the analyses hold (the engines included), with its name and colour.' }),
    modelBrand: z.string().nullable().openapi({ description: 'The brand of the per-model series (the modelBrand asked for, else the own brand).' }),
    days: z.array(
      z.object({
        date: isoDate,
        analysisId: z.number().int(),
        answered: z.number().int(),
        brands: z.record(z.string(), trendCell),
        models: z.record(z.string(), trendModelCell).openapi({ description: "Per model id: that model's own series of the day, for modelBrand." }),
      }),
    ),
    queries: z.array(z.object({ key: z.string(), query: z.string(), label: z.string() })),
    query: z.string().nullable(),
    queryRanks: z.array(z.object({ date: isoDate, ranks: z.record(z.string(), z.number().nullable()) })),
    topics: z.array(z.string()),
    topicBrand: z.string().nullable(),
    topicTrend: z.array(z.object({ date: isoDate, values: z.record(z.string(), z.number()) })),
    queryModels: z
      .array(z.object({ date: isoDate, models: z.record(z.string(), trendQueryModelCell) }))
      .openapi({ description: 'The selected query, per day and model id: answers naming modelBrand / answers with text.' }),
    queryModelTotals: z
      .record(z.string(), trendQueryModelCell)
      .openapi({ description: 'The selected query per model id over the days shown; days with no AI answer are in absent, not in n.' }),
    alerts: z.array(z.object({ analysisId: z.number().int(), date: isoDate, brand: z.string(), metric: z.string(), direction: z.enum(['up', 'down']), current: rateSchema, baseline: rateSchema, z: z.number(), message: z.string() }).passthrough()),
  })
  .openapi('Trends')

export const runStartedSchema = z
  .object({ analysis: analysisSchema, runId: z.number().int().nullable(), workflowId: z.string().nullable() })
  .openapi('RunStarted')

export const addModelStartedSchema = z
  .object({ analysisId: z.number().int(), modelId: z.number().int(), model: z.string(), runId: z.number().int(), workflowId: z.string() })
  .openapi('AddModelStarted')
