/**
 * Topics & Audiences setup ('Project setup, topics-and-audiences variant', Audience, Saved
 * audience payload, Topic, Query item, topic and audience rules, caps). Pure: the zod schemas the
 * routes validate with, the cleaning of generated output, and the even spread of queries over a selection.
 */
import { z } from 'zod'
import { MAX_QUERIES, MAX_QUERIES_LIGHT } from '../limits'
import { FIELD_LIMITS as L, id, list, requiredOr, text } from '../validation'

// ---------------------------------------------------------------- constants

/** 'AI identifies 20+ audience personas'. */
export const PERSONAS_WANTED = 20
/** The first 10 audiences are role-based (need-based) personas, the rest demographic. */
export const ROLE_BASED_COUNT = 10
/** Topics selectable at once ('up to 10 selectable in behaviour'). */
export const MAX_SELECTED_TOPICS = 10
export const CUSTOM_TOPIC_MAX = 30
export const QUERIES_PER_TOPIC = 5
/** maxQueries of generate-topic-queries (default 50) and the cap of a topic-query list. */
export const MAX_TOPIC_QUERIES = 50
/** Advertised in the help tooltip ('AI generates up to 65 queries'); generated audience lists are cut to 40 (20 light). */
export const ADVERTISED_AUDIENCE_QUERIES = 65
export const TOPICS_WANTED = 12
export const MAX_RELEVANCE = 10

export const LIGHT_TIER_MESSAGE = 'Audience and topic generation is for Standard and Full tiers. Please use Legacy mode.'
export const NO_AUDIENCES_MESSAGE = 'Please select at least one audience to generate queries for.'
export const NO_TOPICS_MESSAGE = 'Please select at least one topic to generate queries for.'
/** Server texts. */
export const FAILED_AUDIENCES_TOPICS = 'Failed to generate audiences and topics'
export const INVALID_RESPONSE = 'Invalid response from server - please try again'
export const FAILED_TOPICS = 'Failed to generate topics. Please try again or contact support if the issue persists.'

/**
 * Toast text for a failed audience/topic generation, from the server's message: one naming the API key is a
 * configuration issue, one about topics alone says so; always followed by the retry hint.
 */
export function audienceFailureText(message: string) {
  const base = /api key/i.test(message)
    ? 'API configuration issue. Please contact support.'
    : /\btopics?\b/i.test(message) && !/audiences and topics/i.test(message)
      ? 'Failed to generate topics. Please try again.'
      : 'Failed to generate audiences and topics.'
  return `${base} You can retry by clicking 'Generate Audiences & Topics' again.`
}

export const REGENERATE_CONFIRM = 'This will generate new audiences and clear your current selection. Continue?'

// ---------------------------------------------------------------- types

export type AudienceType = 'need-based' | 'demographic'

export interface Audience {
  id: string
  name: string
  description: string
  type: AudienceType
  /** Ids of the topics this audience cares about. */
  topics: string[]
  characteristics: string
  searchBehavior: string
  painPoints: string
  decisionFactors: string
}

export interface Topic {
  id: string
  name: string
  relevance: number
  /** Ids of the audiences connected to this topic (derived from Audience.topics). */
  audienceIds: string[]
}

export interface GeneratedQuery {
  query: string
  topic: string | null
  audience: string | null
  audienceContext: string | null
}

/** Saved audience payload. */
export interface SavedAudience {
  id?: string
  name: string
  description: string
  type?: AudienceType
  topics?: string[]
  characteristics?: string
  searchBehavior?: string
  painPoints?: string
  decisionFactors?: string
  demographics: { ageRange: string; location: string; occupation: string; income: string; education: string }
  psychographics: { mindset: string; needs: string[]; painPoints: string[]; values: string[]; behaviors: string[] }
  llmBehavior: { promptStyle: string; searchPatterns: string[]; languagePreferences: string; expectedOutputs: string }
  isAiGenerated: boolean
  isSelectedForAnalysis: boolean
}

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

/** Raw shape the model is asked for (see audience prompts). */
export interface RawAudiencesTopics {
  audiences?: { name?: unknown; description?: unknown; type?: unknown; topics?: unknown; characteristics?: unknown; searchBehavior?: unknown; painPoints?: unknown; decisionFactors?: unknown }[]
  topics?: { name?: unknown; relevance?: unknown }[]
}

const oneLine = (s: unknown, max: number) => {
  const t = typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : ''
  // Too long: cut at the last word boundary that fits (a single long word is cut at max).
  return t.length > max ? t.slice(0, max).replace(/\s+\S*$/, '') || t.slice(0, max) : t
}

/**
 * Generated audiences and topics as the screen shows them: blank and duplicate (case-insensitive) names
 * dropped, topic names cut to 30 characters, relevance rounded into 0–10, topics sorted by relevance
 * (ties keep the model's order), need-based audiences first, ids `aud-n` / `topic-n`, and each topic
 * linked to the audiences that named it.
 */
export function cleanAudiencesTopics(raw: RawAudiencesTopics): { audiences: Audience[]; topics: Topic[] } {
  const topics: Topic[] = []
  const topicByName = new Map<string, Topic>()
  for (const t of Array.isArray(raw.topics) ? raw.topics : []) {
    const name = oneLine(t?.name, CUSTOM_TOPIC_MAX)
    if (!name || topicByName.has(name.toLowerCase())) continue
    const r = t?.relevance === null || t?.relevance === undefined || t?.relevance === '' ? Number.NaN : Number(t.relevance)
    const topic: Topic = { id: '', name, relevance: Number.isFinite(r) ? Math.max(0, Math.min(MAX_RELEVANCE, Math.round(r))) : 5, audienceIds: [] }
    topicByName.set(name.toLowerCase(), topic)
    topics.push(topic)
  }
  topics.sort((a, b) => b.relevance - a.relevance)
  topics.forEach((t, i) => (t.id = `topic-${i + 1}`))

  const seen = new Set<string>()
  const kept: Omit<Audience, 'id'>[] = []
  for (const a of Array.isArray(raw.audiences) ? raw.audiences : []) {
    const name = oneLine(a?.name, L.query)
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    const named = Array.isArray(a.topics) ? a.topics : []
    kept.push({
      name,
      description: oneLine(a.description, L.detail),
      type: a.type === 'demographic' ? 'demographic' : 'need-based',
      topics: [...new Set(named.map((n) => topicByName.get(oneLine(n, CUSTOM_TOPIC_MAX).toLowerCase())?.id).filter((x): x is string => Boolean(x)))],
      characteristics: oneLine(a.characteristics, L.detail),
      searchBehavior: oneLine(a.searchBehavior, L.detail),
      painPoints: oneLine(a.painPoints, L.detail),
      decisionFactors: oneLine(a.decisionFactors, L.detail),
    })
  }
  const ordered = [...kept.filter((a) => a.type === 'need-based'), ...kept.filter((a) => a.type === 'demographic')]
  const audiences = ordered.map((a, i) => ({ id: `aud-${i + 1}`, ...a }))
  for (const a of audiences) for (const t of a.topics) topics.find((x) => x.id === t)?.audienceIds.push(a.id)
  return { audiences, topics }
}

/** How many queries each of `n` groups gets out of `total`: as equal as possible, the first groups get the remainder. */
export function spreadEvenly(total: number, n: number): number[] {
  if (n <= 0) return []
  const base = Math.floor(Math.max(0, total) / n)
  const extra = Math.max(0, total) - base * n
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0))
}

/** Queries wanted for a selection of audiences: 40 (20 in Light Mode), spread evenly (generated lists cut to 40 / 20). */
export const audienceQueryTotal = (isLightMode: boolean) => (isLightMode ? MAX_QUERIES_LIGHT : MAX_QUERIES)

/** Queries wanted for selected topics: 5 per topic, at most maxQueries (50), 20 in Light Mode. */
export const topicQueryTotal = (topics: number, maxQueries: number, isLightMode: boolean) =>
  Math.min(topics * QUERIES_PER_TOPIC, maxQueries, MAX_TOPIC_QUERIES, isLightMode ? MAX_QUERIES_LIGHT : MAX_TOPIC_QUERIES)

/** One group of a query request: an audience or a topic, with the label the model tags its queries with. */
export interface QueryGroup {
  key: string
  count: number
  topic: string | null
  audience: string | null
  audienceContext: string | null
  /** Topic names the model may tag an audience's queries with. */
  topicChoices?: string[]
  /** A topic's connected audiences: its queries take them in turn (audience and context), overriding `audience`. */
  rotate?: { audience: string; audienceContext: string }[]
}

/** audienceContext: 'audience name: ...'. */
export const audienceContextOf = (a: Pick<Audience, 'name' | 'description'>) => oneLine(`${a.name}: ${a.description || a.name}`, L.detail)

/**
 * The query list from the model's tagged queries: trimmed, de-duplicated (case-insensitively), each group
 * given its share (`count`); a group the model under-served is topped up from other groups' extras, so the
 * list reaches `total` when the model wrote enough distinct queries. Grouped in selection order.
 */
export function assembleQueries(raw: { query?: unknown; group?: unknown; topic?: unknown }[], groups: QueryGroup[], total: number): GeneratedQuery[] {
  const seen = new Set<string>()
  const byGroup = new Map<string, { query: string; topic: string | null }[]>(groups.map((g) => [g.key, []]))
  const orphans: { query: string; topic: string | null }[] = []
  for (const r of Array.isArray(raw) ? raw : []) {
    const query = oneLine(r?.query, L.query)
    if (!query || seen.has(query.toLowerCase())) continue
    seen.add(query.toLowerCase())
    const g = groups.find((x) => x.key === oneLine(r.group, 100))
    const taggedTopic = oneLine(r.topic, CUSTOM_TOPIC_MAX)
    const topic = g?.topic ?? (g?.topicChoices?.find((t) => t.toLowerCase() === taggedTopic.toLowerCase()) ?? null)
    ;(g ? byGroup.get(g.key)! : orphans).push({ query, topic })
  }
  const chosen = groups.map((g) => byGroup.get(g.key)!.slice(0, g.count))
  // Top up: extras of every group (round robin), then untagged queries, until total is reached.
  const extras = groups.map((g) => byGroup.get(g.key)!.slice(g.count))
  let have = chosen.reduce((n, c) => n + c.length, 0)
  for (let round = 0; have < total && extras.some((e) => e.length > round); round++) {
    for (let i = 0; i < groups.length && have < total; i++) {
      const q = extras[i][round]
      if (q) {
        chosen[i].push(q)
        have++
      }
    }
  }
  const out: GeneratedQuery[] = []
  groups.forEach((g, i) => {
    chosen[i].forEach((q, k) => {
      const who = g.rotate?.length ? g.rotate[k % g.rotate.length] : { audience: g.audience, audienceContext: g.audienceContext }
      out.push({ query: q.query, topic: q.topic, audience: who.audience, audienceContext: who.audienceContext })
    })
  })
  for (const q of orphans) if (out.length < total) out.push({ query: q.query, topic: null, audience: null, audienceContext: null })
  return out.slice(0, total)
}

/** The saved-audience payload of a generated or edited audience, with the defaults. */
export function toSavedAudience(a: Audience, opts: { selected: boolean; region?: string; topicNames?: string[] }): SavedAudience {
  const split = (s: string) => s.split(/[;,]\s*/).map((x) => x.trim()).filter(Boolean)
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    type: a.type,
    topics: a.topics,
    characteristics: a.characteristics,
    searchBehavior: a.searchBehavior,
    painPoints: a.painPoints,
    decisionFactors: a.decisionFactors,
    demographics: { ageRange: '', location: opts.region ?? '', occupation: a.type === 'need-based' ? a.name : '', income: '', education: '' },
    psychographics: { mindset: a.characteristics, needs: opts.topicNames ?? [], painPoints: split(a.painPoints), values: split(a.decisionFactors), behaviors: split(a.searchBehavior) },
    llmBehavior: { promptStyle: 'conversational', searchPatterns: split(a.searchBehavior), languagePreferences: 'clear, concise', expectedOutputs: 'detailed analysis, recommendations' },
    isAiGenerated: !a.id.startsWith('custom-'),
    isSelectedForAnalysis: opts.selected,
  }
}

/** 'Add New Audience': a custom persona with placeholder texts. */
export function newCustomAudience(n: number): Audience {
  return {
    id: `custom-${n}`,
    name: 'New Audience',
    description: 'Describe who this audience is',
    type: 'need-based',
    topics: [],
    characteristics: 'Key traits of this audience',
    searchBehavior: 'How they search for answers',
    painPoints: 'Problems they want solved',
    decisionFactors: 'What drives their decision',
  }
}

/** Custom topic: trimmed, non-blank, at most 30 characters, not a duplicate. Returns the problem, or null. */
export function customTopicProblem(name: string, existing: Pick<Topic, 'name'>[]): string | null {
  const t = name.replace(/\s+/g, ' ').trim()
  if (!t) return 'Topic name cannot be empty'
  if (t.length > CUSTOM_TOPIC_MAX) return `Topic name must be at most ${CUSTOM_TOPIC_MAX} characters`
  if (existing.some((x) => x.name.toLowerCase() === t.toLowerCase())) return 'This topic already exists'
  return null
}

/**
 * The audiences and topics of a saved project, as the setup screen edits them (/?phase=1&project={id}):
 * the project keeps each audience's fields and selection and each topic's relevance and selection;
 * a topic's audiences are derived again from the audiences' topic ids.
 */
export function savedAudiencesAndTopics(project: { audiences: unknown[]; topics: { id: string; name: string; relevance: number; isSelected?: boolean }[] }) {
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  const audiences: Audience[] = []
  const selectedAudiences: string[] = []
  for (const raw of project.audiences) {
    if (!raw || typeof raw !== 'object') continue
    const a = raw as Record<string, unknown>
    const id = str(a.id)
    if (!id || !str(a.name)) continue
    audiences.push({
      id,
      name: str(a.name),
      description: str(a.description),
      type: a.type === 'demographic' ? 'demographic' : 'need-based',
      topics: Array.isArray(a.topics) ? a.topics.filter((t): t is string => typeof t === 'string') : [],
      characteristics: str(a.characteristics),
      searchBehavior: str(a.searchBehavior),
      painPoints: str(a.painPoints),
      decisionFactors: str(a.decisionFactors),
    })
    if (a.isSelectedForAnalysis === true) selectedAudiences.push(id)
  }
  const topics: Topic[] = project.topics.map((t) => ({ id: t.id, name: t.name, relevance: t.relevance, audienceIds: [] }))
  for (const a of audiences) for (const t of a.topics) topics.find((x) => x.id === t)?.audienceIds.push(a.id)
  return { audiences, topics, selectedAudiences, selectedTopics: project.topics.filter((t) => t.isSelected).map((t) => t.id) }
}
