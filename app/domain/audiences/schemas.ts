/** The zod schemas of Topics & Audiences: the request bodies the routes validate, and the models' structured replies. */
import { z } from 'zod'
import { FIELD_LIMITS as L, id, list, requiredOr, text } from '../validation'
import { CUSTOM_TOPIC_MAX, MAX_RELEVANCE, MAX_SELECTED_TOPICS, MAX_TOPIC_QUERIES, NO_AUDIENCES_MESSAGE, NO_TOPICS_MESSAGE } from './types'

// ---------------------------------------------------------------- schemas (request bodies)

const marketType = z.enum(['B2C', 'B2B'], { error: 'Market type must be B2C or B2B' })

/** The project fields every generation call carries ('body project fields'). */
export const setupFieldsSchema = z.object({
  name: text('Project name', L.name, { collapse: true }).optional(),
  brandDomain: text('Brand name', L.name, { required: 'Brand name is required', collapse: true }),
  marketDescription: text('Market description', L.marketDescription, { required: 'Market description is required' }),
  marketRegion: text('Market region', L.marketRegion, { collapse: true }).optional().default(''),
  language: text('Language', L.language).optional().default('en-GB').transform((s) => s || 'en-GB'),
  marketType: marketType.optional().default('B2C'),
  isLightMode: z.boolean().optional().default(false),
})
export type SetupFields = z.infer<typeof setupFieldsSchema>

const detail = (label: string) => text(label, L.detail).optional().default('')
const shortId = (label: string) => text(label, 100, { required: `${label} is required`, collapse: true })

export const audienceInputSchema = z.object({
  id: shortId('Audience id'),
  name: text('Audience name', L.query, { required: 'Audience name is required', collapse: true }),
  description: detail('Audience description'),
  type: z.enum(['need-based', 'demographic']).optional().default('need-based'),
  topics: list('Audience topics', shortId('Topic id')).optional().default([]),
  characteristics: detail('Traits'),
  searchBehavior: detail('Search behaviour'),
  painPoints: detail('Pain points'),
  decisionFactors: detail('Decision factors'),
})

export const topicInputSchema = z.object({
  id: shortId('Topic id'),
  name: text('Topic name', CUSTOM_TOPIC_MAX, { required: 'Topic name is required', collapse: true }),
  relevance: z.number({ error: 'Topic relevance must be a number' }).min(0).max(MAX_RELEVANCE).optional().default(5),
  /** Audiences connected to the topic; a topic query is asked on behalf of them in turn. */
  audienceIds: list('Topic audiences', shortId('Audience id')).optional().default([]),
})

export const audienceQueriesSchema = setupFieldsSchema.extend({
  audiences: list('Audiences', audienceInputSchema).min(1, NO_AUDIENCES_MESSAGE),
  topics: list('Topics', topicInputSchema).optional().default([]),
})

export const topicQueriesSchema = setupFieldsSchema.extend({
  topics: list('Topics', topicInputSchema)
    .min(1, NO_TOPICS_MESSAGE)
    .max(MAX_SELECTED_TOPICS, `Select at most ${MAX_SELECTED_TOPICS} topics`),
  /** Optional: the audiences the topics are connected to (their audienceIds), so each query carries an audience context. */
  audiences: list('Audiences', audienceInputSchema).optional().default([]),
  maxQueries: z.number({ error: 'maxQueries must be a number' }).int('maxQueries must be a whole number').min(1).max(MAX_TOPIC_QUERIES, `maxQueries must be at most ${MAX_TOPIC_QUERIES}`).optional().default(MAX_TOPIC_QUERIES),
})

const stringList = (label: string) => list(label, text(label, L.detail, { collapse: true })).optional().default([])

/** POST /api/audiences/save: one saved-audience payload per audience; missing parts get the defaults. */
export const savedAudienceSchema = z.object({
  id: text('Audience id', 100, { collapse: true }).optional(),
  name: text('Audience name', L.query, { required: 'Audience name is required', collapse: true }),
  description: detail('Audience description'),
  type: z.enum(['need-based', 'demographic']).optional(),
  topics: list('Audience topics', text('Topic id', 100, { collapse: true })).optional(),
  characteristics: text('Traits', L.detail).optional(),
  searchBehavior: text('Search behaviour', L.detail).optional(),
  painPoints: text('Pain points', L.detail).optional(),
  decisionFactors: text('Decision factors', L.detail).optional(),
  demographics: z
    .object({
      ageRange: detail('Age range'),
      location: detail('Location'),
      occupation: detail('Occupation'),
      income: detail('Income'),
      education: detail('Education'),
    })
    .optional()
    .prefault({}),
  psychographics: z
    .object({ mindset: detail('Mindset'), needs: stringList('Needs'), painPoints: stringList('Pain points'), values: stringList('Values'), behaviors: stringList('Behaviours') })
    .optional()
    .prefault({}),
  llmBehavior: z
    .object({
      promptStyle: text('Prompt style', L.detail).optional().transform((s) => s || 'conversational'),
      searchPatterns: stringList('Search patterns'),
      languagePreferences: text('Language preferences', L.detail).optional().transform((s) => s || 'clear, concise'),
      expectedOutputs: text('Expected outputs', L.detail).optional().transform((s) => s || 'detailed analysis, recommendations'),
    })
    .optional()
    .prefault({}),
  isAiGenerated: z.boolean().optional().default(true),
  isSelectedForAnalysis: z.boolean().optional().default(false),
})

export const saveAudiencesSchema = z.object({
  projectId: id('projectId'),
  audiences: list('Audiences', savedAudienceSchema),
})

// ---------------------------------------------------------------- cleaning generated output

/** A list checked item by item: an item that does not fit its schema is dropped; the list itself must be an array. */
const itemsOf = <T extends z.ZodTypeAny>(item: T) =>
  z.array(z.unknown(), { error: requiredOr('missing', 'expected a list') }).transform((xs) =>
    xs.flatMap((x) => {
      const r = item.safeParse(x)
      return r.success ? [r.data as z.output<T>] : []
    }),
  )
// Models send null for a field they leave empty: nullish, so such an item is kept and cleaned like a missing field.
const replyText = z.string().nullish()

/** The model's structured reply to the audiences-and-topics prompt, validated before it is cleaned. */
export const audiencesTopicsReplySchema = z.object({
  audiences: itemsOf(
    z.object({
      name: z.string(),
      description: replyText,
      type: replyText,
      topics: z.array(z.string()).nullish(),
      characteristics: replyText,
      searchBehavior: replyText,
      painPoints: replyText,
      decisionFactors: replyText,
    }),
  ),
  topics: itemsOf(z.object({ name: z.string(), relevance: z.union([z.number(), z.string()]).nullish() })),
})

/** The model's structured reply to an audience- or topic-query prompt. */
export const groupQueriesReplySchema = z.object({
  competitors: itemsOf(z.object({ name: z.string(), alternativeNames: z.array(z.string()).nullish(), domains: z.array(z.string()).nullish() })).optional().default([]),
  brandDomains: itemsOf(z.string()).optional().default([]),
  queries: itemsOf(z.object({ query: z.string(), group: replyText, topic: z.string().nullable().optional() })),
})

/** The first problem of a reply that does not match its schema, as one line for logs and errors. */
export const replyProblem = (e: z.ZodError) => {
  const i = e.issues[0]
  return `${i.path.join('.') || 'reply'}: ${i.message}`
}
