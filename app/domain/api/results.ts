/**
 * The `data` of GET /api/v1/analyses/{id}/results: one zod schema per results tab, a discriminated union on
 * `tab`, mirroring app/domain/results/types (what loadResultsView returns and the results screen renders).
 * The compile-time checks at the end fail when a tab's type gains, loses or changes a top-level field that
 * its schema does not; the contract test (tests/integration/api.test.ts) validates real answers against the
 * document with unknown fields refused, so a nested change is caught there. Pure.
 *
 * Two different figures (see VISIBILITY_DEFINITIONS): the results tabs carry the screen's Visibility % (share of the
 * six models), /visibility and /trends the answer-level rank rate (`rankRate`; `visibility` there is its deprecated old name).
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { groupVolumeSchema, queryVolumeSchema, volumeColumnSchema } from '../volume'
import type { ApiDataData, BrandRankData, GroupData, MentionsData, OverviewData, QueryRankData, SentimentData, SentimentDetailData, ShareData } from '../results/types'

extendZodWithOpenApi(z)

/** What "visibility" means in each place of the API; quoted in the OpenAPI document. */
export const VISIBILITY_DEFINITIONS = {
  screen:
    'Visibility % of the results screens, in /results (brand-rank and ranking-detail: `visibility`, `visibilityCi`): the rounded percentage of the six AI models ' +
    '(ids 3, 5, 6, 8, 9, 10) that ranked the brand (rank above 0). n is always 6, also when fewer models ran in the analysis, so a model that did not run counts as not ranking the brand; ' +
    'with only ChatGPT run, the highest possible value is 17 %.',
  answers:
    'Rank rate (`rankRate`) of /visibility, the MCP tool get_visibility_summary and /trends: answers that rank the brand in a list (x) / answered answers (n: answers that came back and are not blank, ' +
    'over every query, sample and model that ran), with a 95 % Wilson interval. It counts only models that ran and every sample, so it is the rate to compare over time or between analyses with different models. ' +
    'Those routes also send it as `visibility`, its old name, deprecated: it is not the Visibility % of the screens.',
} as const

const int = z.number().int()
const brandRef = { name: z.string(), isOwn: z.boolean().openapi({ description: 'The project\'s own brand.' }) }

export const rateCiSchema = z
  .object({
    x: int.openapi({ description: 'Successes counted.' }),
    n: int.openapi({ description: 'Trials counted.' }),
    ci: z.object({ low: z.number(), high: z.number() }).nullable().openapi({ description: '95 % Wilson score interval in percent (1 decimal); null when n is 0.' }),
  })
  // Inline, not a named component: the generator drops null from a nullable $ref (OpenAPI 3.1), inline it keeps it.
  .openapi({ description: 'The evidence of a rate: x of n and its 95 % Wilson interval.' })

export const rankSpreadSchema = z
  .object({
    n: int.openapi({ description: 'Ranks averaged.' }),
    min: z.number(),
    max: z.number(),
    sd: z.number().nullable().openapi({ description: 'Sample standard deviation, 2 decimals; null under 2 ranks.' }),
  })
  .openapi({ description: 'The spread of the ranks behind an average rank.' })

const MODEL_KEYS = 'Keyed by model id (3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT 5, 9 Grok-4, 10 DeepSeek).'
const byModel = <T extends z.ZodTypeAny>(value: T, description: string) => z.record(z.string(), value).openapi({ description: `${description} ${MODEL_KEYS}` })
const modelIds = z.array(int).openapi({ description: 'The model columns: the six model ids, in screen order.' })
const hasAnswers = z.boolean().openapi({ description: 'False when no model answered inside the filters.' })
const sentimentUnavailable = z.string().nullable().optional().openapi({ description: 'The language name when sentiment could not be measured in the project language; null otherwise.' })
const screenVisibility = int.openapi({ description: VISIBILITY_DEFINITIONS.screen })
const screenVisibilityCi = rateCiSchema.optional().openapi({ description: 'The models of the six that ranked the brand (x) of 6 (n), with its 95 % interval.' })

export const overviewDataSchema = z
  .object({
    tab: z.literal('overview'),
    brands: z
      .array(
        z.object({
          ...brandRef,
          mentions: z.number().openapi({ description: 'Mentions summed over the models shown (1 decimal).' }),
          share: z.number().openapi({ description: "Percent of all brands' mentions, 1 decimal." }),
          rank: z.number().nullable().openapi({ description: 'Combined rank (mean of the per-model average ranks); null when not ranked.' }),
          sentiment: z.object({ positive: z.number(), neutral: z.number(), negative: z.number(), mentions: int.openapi({ description: 'Sentences naming the brand.' }) }),
        }),
      )
      .openapi({ description: 'Own brand first, then by mentions (most first).' }),
    summary: z.object({ totalMentions: z.number(), brandsWithMentions: int, averageRank: z.number().nullable(), brandsRanked: int }),
    ownRankPosition: int.nullable().openapi({ description: "The own brand's position among the ranked brands (1 = best); null when not ranked." }),
    hasAnswers,
    sentimentUnavailable,
    evidence: z
      .record(z.string(), z.object({ share: rateCiSchema, positive: rateCiSchema, rank: rankSpreadSchema.nullable() }))
      .optional()
      .openapi({ description: 'Per brand name: n and 95 % interval of the share and of the positive share, spread of the rank.' }),
  })
  .openapi('OverviewData')

export const shareDataSchema = z
  .object({
    tab: z.literal('share-of-model'),
    modelIds,
    rows: z
      .array(
        z.object({
          ...brandRef,
          byModel: byModel(z.number().nullable(), 'Share of the model\'s mentions in percent, 1 decimal; null when the model has no answers.'),
          combined: z.number(),
          ciByModel: byModel(rateCiSchema.nullable(), 'Mentions x of all mentions n per model, with its 95 % interval.').optional(),
          ci: rateCiSchema.optional(),
        }),
      )
      .openapi({ description: 'Ranked by combined share (highest first).' }),
    hasData: z.boolean(),
  })
  .openapi('ShareOfModelData')

const groupData = <T extends 'topics' | 'audiences'>(tab: T, name: string) =>
  z
    .object({
      tab: z.literal(tab),
      brands: z.array(z.object(brandRef)),
      brand: z.string().nullable().openapi({ description: 'The brand selected (brand=…; default the own brand).' }),
      groups: z.array(
        z.object({
          group: z.string(),
          shares: z.array(z.number()).openapi({ description: "Each brand's combined share in percent, aligned with brands." }),
          ranks: z.array(z.number().nullable()).openapi({ description: "Each brand's combined rank, aligned with brands." }),
          shareCis: z.array(rateCiSchema).optional(),
        }),
      ),
      hasAnswers,
      volume: volumeColumnSchema.optional().openapi({ description: 'Topics: the estimated monthly AI search volume of their queries: not_configured, pending, or ready with its source (provider, month, simulated).' }),
      groupVolumes: z.array(groupVolumeSchema).optional().openapi({ description: "Topics: each topic's summed AI search volume estimate (rounded), aligned with groups." }),
    })
    .openapi(name)

export const topicsDataSchema = groupData('topics', 'TopicsData')
export const audiencesDataSchema = groupData('audiences', 'AudiencesData')

export const brandRankDataSchema = z
  .object({
    tab: z.literal('brand-rank'),
    modelIds,
    rows: z
      .array(
        z.object({
          ...brandRef,
          byModel: byModel(z.number().nullable(), 'Average rank over the queries the model ranked the brand in; null when never.'),
          combined: z.number().nullable().openapi({ description: 'Mean of the non-zero model ranks, 1 decimal: a model that did not rank the brand (rank 0) is left out.' }),
          visibility: screenVisibility,
          spreadByModel: byModel(rankSpreadSchema.nullable(), 'Spread of the per-query ranks behind each average.').optional(),
          spread: rankSpreadSchema.nullable().optional(),
          visibilityCi: screenVisibilityCi,
        }),
      )
      .openapi({ description: 'Own brand first, then by combined rank (best first, unranked last).' }),
    queryCounts: z.object({ included: int, total: int }).openapi({ description: 'Queries inside the topic / audience filter, of all.' }),
    filtered: z.boolean(),
    hasAnswers,
  })
  .openapi('BrandRankData')

export const queryRankDataSchema = z
  .object({
    tab: z.literal('ranking-detail'),
    modelIds,
    brands: z.array(z.object(brandRef)),
    brand: z.string().nullable().openapi({ description: 'The brand whose ranks are shown (brand=…; default the own brand).' }),
    rows: z.array(
      z.object({
        queryIndex: int,
        query: z.string(),
        topic: z.string().nullable(),
        byModel: byModel(z.number().nullable(), "The model's rank of the brand for this query (mean over samples); null when not ranked."),
        combined: z.number().nullable(),
        visibility: screenVisibility,
        spread: rankSpreadSchema.nullable().optional(),
        visibilityCi: screenVisibilityCi,
        volume: queryVolumeSchema.optional(),
      }),
    ),
    queryCount: int.openapi({ description: 'Queries in the analysis (before filters).' }),
    hasAnswers,
    volume: volumeColumnSchema.optional().openapi({
      description:
        'Estimated monthly AI search volume: status not_configured ("no volume source configured"), pending, or ready with its source ' +
        '(provider, month, simulated) and the demand-weighted visibility (each query\'s visibility weighted by its volume, beside the unweighted mean; queries without an estimate are counted and left out). ' +
        'Figures are rounded estimates, never exact.',
    }),
  })
  .openapi('QueryRankData')

export const mentionsDataSchema = z
  .object({
    tab: z.literal('mentions'),
    brands: z.array(z.object({ ...brandRef, total: z.number() })).openapi({ description: 'Own brand first, competitors by total mentions.' }),
    rows: z.array(z.object({ queryIndex: int, query: z.string(), counts: z.array(z.number()).openapi({ description: 'Aligned with brands.' }), total: z.number() })),
    percents: z.array(z.number()).openapi({ description: "Percent of all mentions per brand, aligned with brands." }),
    percentsCi: z.array(rateCiSchema).optional(),
    grandTotal: z.number(),
    hasAnswers,
  })
  .openapi('MentionsData')

export const sentimentDataSchema = z
  .object({
    tab: z.literal('sentiment'),
    rows: z.array(
      z.object({
        ...brandRef,
        positive: z.number(),
        neutral: z.number(),
        negative: z.number(),
        score: z.number().openapi({ description: '-1 to +1: the mean sentence score.' }),
        label: z.enum(['positive', 'neutral', 'negative']),
        mentions: int.openapi({ description: 'Sentences naming the brand.' }),
        totalScore: z.number().optional().openapi({ description: "Sum of those sentences' scores (+1 per positive, -1 per negative word); score = totalScore / mentions, within -1..+1." }),
        positiveWords: z.array(z.string()),
        negativeWords: z.array(z.string()),
        positiveCi: rateCiSchema.optional(),
      }),
    ),
    hasAnswers,
    sentimentUnavailable,
  })
  .openapi('SentimentData')

export const sentimentDetailDataSchema = z
  .object({
    tab: z.literal('sentiment-detail'),
    brands: z.array(z.object(brandRef)),
    brand: z.string().nullable(),
    polarity: z.enum(['all', 'positive', 'negative']),
    cards: z.array(
      z.object({
        queryIndex: int,
        query: z.string(),
        statements: z.array(z.object({ text: z.string(), words: z.array(z.string()), score: z.number(), polarity: z.enum(['positive', 'negative']), modelId: int })),
      }),
    ),
    hasAnswers,
    sentimentUnavailable,
  })
  .openapi('SentimentDetailData')

const link = z.object({ url: z.string().nullable(), title: z.string() })

export const apiDataDataSchema = z
  .object({
    tab: z.literal('api-data'),
    total: int.openapi({ description: 'Answers matching the filters (all pages).' }),
    page: int,
    pages: int,
    pageSize: int,
    filters: z.object({ q: z.string().nullable(), query: int.nullable(), mentions: z.string().nullable() }),
    options: z.object({ queries: z.array(z.object({ index: int, text: z.string() })), brands: z.array(z.string()) }),
    responses: z.array(
      z.object({
        id: int,
        query: z.string(),
        modelId: int,
        modelName: z.string(),
        text: z.string(),
        ok: z.boolean(),
        error: z.string().nullable(),
        incomplete: z.boolean(),
        absent: z.boolean().optional().openapi({ description: 'The engine showed no AI answer for this query (an absent AI Overview): a result, in no rate.' }),
        mentions: z.array(z.object({ brand: z.string(), count: z.number() })),
        rankings: z.array(z.object({ brand: z.string(), rank: z.number() })),
        citations: z.array(link),
        sources: z.array(link),
        length: int,
        timestamp: z.string(),
        collectedLine: z.string().optional().openapi({ description: 'How the answer was collected, as one line (the full record is the answer\'s collection in /answers).' }),
      }),
    ),
  })
  .openapi('ApiDataData')

export const resultsDataSchema = z
  .discriminatedUnion('tab', [
    overviewDataSchema,
    shareDataSchema,
    topicsDataSchema,
    audiencesDataSchema,
    brandRankDataSchema,
    queryRankDataSchema,
    mentionsDataSchema,
    sentimentDataSchema,
    sentimentDetailDataSchema,
    apiDataDataSchema,
  ])
  .openapi({ description: 'The metrics of the tab, as the results screen shows them: one shape per tab, told apart by `tab`.' })

export type ResultsData = z.input<typeof resultsDataSchema>

// ------------------------------------------------------------------ drift checks (compile time)

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Check<T extends true> = T
type SameFields<T, S extends z.ZodTypeAny> = Exact<keyof T, keyof z.input<S>>
type Fits<T, S extends z.ZodTypeAny> = [T] extends [z.input<S>] ? true : false

export type ResultsSchemaChecks = [
  Check<SameFields<OverviewData, typeof overviewDataSchema>>, Check<Fits<OverviewData, typeof overviewDataSchema>>,
  Check<SameFields<ShareData, typeof shareDataSchema>>, Check<Fits<ShareData, typeof shareDataSchema>>,
  Check<SameFields<GroupData, typeof topicsDataSchema>>, Check<Fits<GroupData & { tab: 'topics' }, typeof topicsDataSchema>>, Check<Fits<GroupData & { tab: 'audiences' }, typeof audiencesDataSchema>>,
  Check<SameFields<BrandRankData, typeof brandRankDataSchema>>, Check<Fits<BrandRankData, typeof brandRankDataSchema>>,
  Check<SameFields<QueryRankData, typeof queryRankDataSchema>>, Check<Fits<QueryRankData, typeof queryRankDataSchema>>,
  Check<SameFields<MentionsData, typeof mentionsDataSchema>>, Check<Fits<MentionsData, typeof mentionsDataSchema>>,
  Check<SameFields<SentimentData, typeof sentimentDataSchema>>, Check<Fits<SentimentData, typeof sentimentDataSchema>>,
  Check<SameFields<SentimentDetailData, typeof sentimentDetailDataSchema>>, Check<Fits<SentimentDetailData, typeof sentimentDetailDataSchema>>,
  Check<SameFields<ApiDataData, typeof apiDataDataSchema>>, Check<Fits<ApiDataData, typeof apiDataDataSchema>>,
  Check<SameFields<ApiDataData['responses'][number], typeof apiDataDataSchema.shape.responses.element>>,
  // The rows, where most fields live.
  Check<SameFields<OverviewData['brands'][number], typeof overviewDataSchema.shape.brands.element>>,
  Check<SameFields<ShareData['rows'][number], typeof shareDataSchema.shape.rows.element>>,
  Check<SameFields<BrandRankData['rows'][number], typeof brandRankDataSchema.shape.rows.element>>,
  Check<SameFields<QueryRankData['rows'][number], typeof queryRankDataSchema.shape.rows.element>>,
  Check<SameFields<MentionsData['rows'][number], typeof mentionsDataSchema.shape.rows.element>>,
  Check<SameFields<SentimentData['rows'][number], typeof sentimentDataSchema.shape.rows.element>>,
  Check<SameFields<SentimentDetailData['cards'][number]['statements'][number], typeof sentimentDetailDataSchema.shape.cards.element.shape.statements.element>>,
  Check<SameFields<GroupData['groups'][number], typeof topicsDataSchema.shape.groups.element>>,
]
