/**
 * Prompts of the Topics & Audiences setup (POST /api/generate-audiences-topics, generate-audience-queries,
 * generate-topic-queries). Like the framework prompt they carry their inputs as labelled lines (the same
 * labels, so parseFrameworkPrompt reads the project back) plus a `Task:` line and one `Group` line per
 * selected audience or topic, which the model simulator reads (parseAudiencePrompt).
 */
import { FRAMEWORK_SCHEMA, GLOBAL, LABELS, oneLine, parseFrameworkPrompt, type FrameworkInput } from './prompts'

const FRAMEWORK_PROPERTIES = FRAMEWORK_SCHEMA.properties as Record<string, unknown>

export type AudienceTask = 'audiences-topics' | 'audience-queries' | 'topic-queries'

export interface PromptGroup {
  /** A1, A2, ... for audiences; T1, T2, ... for topics. */
  key: string
  count: number
  name: string
  description?: string
  /** Topic names an audience's queries may be tagged with. */
  topics?: string[]
}

export interface AudiencePromptInput extends FrameworkInput {
  task: AudienceTask
  audiencesWanted?: number
  topicsWanted?: number
  groups?: PromptGroup[]
}

export interface RawQueriesResult {
  competitors: { name: string; alternativeNames: string[]; domains: string[] }[]
  brandDomains: string[]
  queries: { query: string; group: string; topic: string }[]
}

const str = (description: string) => ({ type: 'string', description })

export const AUDIENCES_TOPICS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['audiences', 'topics'],
  properties: {
    audiences: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'type', 'topics', 'characteristics', 'searchBehavior', 'painPoints', 'decisionFactors'],
        properties: {
          name: str('Short persona name, e.g. "Finance Manager at a growing SME".'),
          description: str('One sentence: who they are and what they need.'),
          type: { type: 'string', enum: ['need-based', 'demographic'] },
          topics: { type: 'array', items: { type: 'string' }, description: 'Names of the topics (from the topics list) this persona cares about.' },
          characteristics: str('Traits, separated by semicolons.'),
          searchBehavior: str('How they search and ask AI assistants, separated by semicolons.'),
          painPoints: str('Problems they want solved, separated by semicolons.'),
          decisionFactors: str('What decides their choice, separated by semicolons.'),
        },
      },
    },
    topics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'relevance'],
        properties: { name: str('Topic name, at most 30 characters.'), relevance: { type: 'integer', description: 'Relevance to buyers in this market, 0 to 10.' } },
      },
    },
  },
}

export const AUDIENCE_QUERIES_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['competitors', 'brandDomains', 'queries'],
  properties: {
    // Competitors and the brand's domains exactly as the framework asks for them.
    competitors: FRAMEWORK_PROPERTIES.competitors,
    brandDomains: FRAMEWORK_PROPERTIES.brandDomains,
    queries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['query', 'group', 'topic'],
        properties: {
          query: str('The question, as this person would type it to an AI assistant.'),
          group: str('The key of the group it was written for, e.g. A1 or T2.'),
          topic: str('The topic name it belongs to, or an empty string.'),
        },
      },
    },
  },
}

const TASK = 'Task'
const AUDIENCES_WANTED = 'Audiences wanted'
const TOPICS_WANTED = 'Topics wanted'
const GROUP = /^Group ([AT]\d+) \((\d+) queries\): (.*)$/gm

function header(input: AudiencePromptInput): string[] {
  return [
    `${TASK}: ${input.task}`,
    `${LABELS.brand}: ${oneLine(input.brand)}`,
    `${LABELS.market}: ${oneLine(input.market)}`,
    `${LABELS.region}: ${oneLine(input.region ?? '') || GLOBAL}`,
    `${LABELS.language}: ${oneLine(input.language)}`,
    `${LABELS.marketType}: ${input.marketType ?? 'B2C'}`,
    `${LABELS.maxCompetitors}: ${input.maxCompetitors}`,
    `${LABELS.maxQueries}: ${input.maxQueries}`,
  ]
}

const groupLine = (g: PromptGroup) =>
  `Group ${g.key} (${g.count} queries): ${[oneLine(g.name), oneLine(g.description ?? ''), g.topics?.length ? `topics: ${g.topics.map(oneLine).join('; ')}` : ''].join(' :: ')}`

export function audiencePrompt(input: AudiencePromptInput): { system: string; prompt: string; schemaName: string; schema: Record<string, unknown> } {
  const brand = oneLine(input.brand)
  const region = oneLine(input.region ?? '') || GLOBAL
  const where = region === GLOBAL ? 'anywhere in the world' : `in ${region}`
  const buyer = input.marketType === 'B2B' ? 'business buyers' : 'consumers'
  const system =
    'You are a market researcher. You know who buys in a market, how they describe their needs and how they phrase questions to AI assistants when they research a purchase. Answer only with JSON that matches the schema.'
  if (input.task === 'audiences-topics') {
    const n = input.audiencesWanted ?? 20
    const prompt = [
      'Identify the audiences and topics for a study of how AI assistants talk about a brand.',
      '',
      ...header(input),
      `${AUDIENCES_WANTED}: ${n}`,
      `${TOPICS_WANTED}: ${input.topicsWanted ?? 12}`,
      '',
      'Tasks:',
      `1. List ${n} distinct audience personas of ${buyer} ${where} who would ask an AI assistant about this market: first ${Math.ceil(n / 2)} need-based personas (a role or a job to be done, type "need-based"), then ${Math.floor(n / 2)} demographic personas (age, life stage, income or location, type "demographic"). Describe each in the language ${oneLine(input.language)}.`,
      `2. List ${input.topicsWanted ?? 12} topics (at most 30 characters each) these people research when choosing in this market, each with a relevance from 0 to 10. Link each persona to the topics it cares about by name.`,
      `Describe the market, not ${brand}: personas are buyers in the category.`,
    ].join('\n')
    return { system, prompt, schemaName: 'audiences_topics', schema: AUDIENCES_TOPICS_SCHEMA }
  }
  const groups = input.groups ?? []
  const kind = input.task === 'audience-queries' ? 'audience persona' : 'topic'
  const prompt = [
    `Write the questions for a study of how AI assistants talk about a brand, grouped by ${kind}.`,
    '',
    ...header(input),
    ...groups.map(groupLine),
    '',
    'Tasks:',
    `1. List exactly ${input.maxCompetitors} real competitors of ${brand} ${where}, strongest first, with other names people use (alternativeNames) and website domains without protocol or "www." (domains). Do not list ${brand} itself.`,
    `2. List ${brand}'s own website domains (brandDomains).`,
    `3. For each group write the number of distinct questions shown, as ${input.task === 'audience-queries' ? 'that persona would phrase them (their situation, vocabulary and constraints)' : 'buyers researching that topic would phrase them'} to an AI assistant, in the language ${oneLine(input.language)}; tag each with its group key${input.task === 'audience-queries' ? ' and, when it fits, one of the topics listed for that group' : ' and the topic name'}. Do not name ${brand}. Mention the region where it matters.`,
  ].join('\n')
  return { system, prompt, schemaName: 'audience_queries', schema: AUDIENCE_QUERIES_SCHEMA }
}

/** Reads an audience prompt back (the model simulator); undefined if the text is not one. */
export function parseAudiencePrompt(text: string): AudiencePromptInput | undefined {
  const task = new RegExp(`^${TASK}: *(audiences-topics|audience-queries|topic-queries) *$`, 'm').exec(text)?.[1] as AudienceTask | undefined
  const base = task && parseFrameworkPrompt(text)
  if (!task || !base) return undefined
  const num = (label: string) => {
    const n = Number(new RegExp(`^${label}: *(\\d+)`, 'm').exec(text)?.[1])
    return Number.isFinite(n) ? n : undefined
  }
  const groups: PromptGroup[] = []
  for (const m of text.matchAll(GROUP)) {
    const [name, description, topics] = m[3].split(' :: ')
    groups.push({ key: m[1], count: Number(m[2]), name: name.trim(), description: description?.trim() || undefined, topics: topics?.replace(/^topics: */, '').split('; ').map((t) => t.trim()).filter(Boolean) })
  }
  return { ...base, task, audiencesWanted: num(AUDIENCES_WANTED), topicsWanted: num(TOPICS_WANTED), groups }
}
