/**
 * Persona as asker (beyond the spec): with the project's option on, every analysis query that has
 * an audience is asked a second time, prefixed with that persona's context the way such a user would write
 * it, so the same query can be compared with and without the persona. Pure: the prompt, the plan and the
 * per-persona visibility with its n and 95 % Wilson interval.
 *
 * Decisions where nothing is specified:
 * - Only queries with an audience (audience-generated ones, and topic queries asked on behalf of a connected
 *   audience) get a persona variant; the persona's words come from the query's audienceContext
 *   ('name: description') as it was when the analysis started.
 * - Visibility follows the Trends page: answered answers (ok, not blank) of the six card models that rank the
 *   own brand (rank above 0, the rule per answer) / answered answers; the interval is the Wilson score
 *   interval of those counts. Each side counts its own answered answers, so a failed call lowers n only.
 * - Difference = with − without, in percentage points (1 decimal); no interval (the two sides share queries).
 */
import { z } from 'zod'
import { CARD_MODEL_IDS, modelByFilter } from '../models'
import { MODEL_FILTERS, type ModelFilter } from '../results/types'
import { FIELD_LIMITS, requiredOr, text } from '../validation'
import { round1 } from '../metrics/colours'
import { wilson, type Interval } from '../metrics/intervals'

export const ASKER_USAGE_KIND = 'persona-asker'

/** The words that introduce the persona, per language (the project's content language); English otherwise. */
const INTRO: Record<string, string> = {
  en: "I'm asking as",
  de: 'Ich frage als',
  fr: 'Je pose la question en tant que',
  es: 'Pregunto como',
  it: 'Chiedo come',
  nl: 'Ik vraag dit als',
  pt: 'Pergunto como',
}

/** The persona's description from the stored audienceContext 'name: description' (the context itself when it has no such prefix). */
export function personaDescription(audience: string, audienceContext: string | null | undefined): string {
  const ctx = (audienceContext ?? '').replace(/\s+/g, ' ').trim()
  const prefix = `${audience}:`
  const rest = ctx.toLowerCase().startsWith(prefix.toLowerCase()) ? ctx.slice(prefix.length).trim() : ctx
  return rest.toLowerCase() === audience.toLowerCase() ? '' : rest
}

/**
 * The query as the persona asks it: "I'm asking as Finance Manager (signs off payroll for a 50-person UK
 * company). best payroll software for 50 employees UK".
 */
export function personaPrompt(q: { query: string; audience: string; audienceContext?: string | null }, language = 'en-GB'): string {
  const intro = INTRO[language.slice(0, 2).toLowerCase()] ?? INTRO.en
  const description = personaDescription(q.audience, q.audienceContext).replace(/[.\s]+$/, '')
  const who = description ? `${q.audience} (${description.charAt(0).toLowerCase()}${description.slice(1)})` : q.audience
  return `${intro} ${who}. ${q.query}`
}

export interface SnapshotQuery {
  index: number
  query: string
  topic?: string | null
  audience?: string | null
  audienceContext?: string | null
}

/** The analysis queries that get a persona variant: those with an audience. */
export function askerQueries<Q extends SnapshotQuery>(queries: Q[]): (Q & { audience: string })[] {
  return queries.filter((q): q is Q & { audience: string } => typeof q.audience === 'string' && q.audience.trim() !== '')
}

/** One answer as the visibility view needs it. */
export interface AskerAnswer {
  modelId: number
  queryIndex: number
  /** ok and not blank. */
  answered: boolean
  /** The own brand's rank in this answer (0 or null: not ranked). */
  ownRank: number | null
}

export interface Rate {
  /** Percent, 1 decimal (0 when n is 0). */
  value: number
  x: number
  n: number
  /** 95 % Wilson interval in percent; null when n is 0. */
  interval: Interval | null
}

export interface PersonaRow {
  audience: string
  /** Queries of this persona in the analysis. */
  queries: number
  without: Rate
  with: Rate
  /** with − without in points, 1 decimal; null when either side has no answers. */
  difference: number | null
}

export interface PersonaVisibility {
  /** Answers asked as a persona exist for this analysis (the option was on when it ran). */
  asked: boolean
  personas: PersonaRow[]
  /** Every persona query together. */
  total: PersonaRow | null
}

const rate = (x: number, n: number): Rate => ({ value: n > 0 ? round1((x / n) * 100) : 0, x, n, interval: wilson(x, n) })

function row(audience: string, queries: number, base: AskerAnswer[], asked: AskerAnswer[]): PersonaRow {
  const count = (list: AskerAnswer[]) => {
    const answered = list.filter((a) => a.answered)
    return rate(answered.filter((a) => (a.ownRank ?? 0) > 0).length, answered.length)
  }
  const without = count(base)
  const withPersona = count(asked)
  return { audience, queries, without, with: withPersona, difference: without.n > 0 && withPersona.n > 0 ? round1(withPersona.value - without.value) : null }
}

/**
 * Visibility per persona, with and without the persona's context, over the given models (the six card models
 * when none are given). Personas in order of first appearance in the query list.
 */
export function personaVisibility(queries: SnapshotQuery[], base: AskerAnswer[], asked: AskerAnswer[], models?: number[]): PersonaVisibility {
  const allowed = new Set<number>((models ?? CARD_MODEL_IDS).filter((m) => CARD_MODEL_IDS.includes(m as (typeof CARD_MODEL_IDS)[number])))
  const persona = new Map(askerQueries(queries).map((q) => [q.index, q.audience.trim()]))
  const keep = (list: AskerAnswer[]) => list.filter((a) => allowed.has(a.modelId) && persona.has(a.queryIndex))
  const b = keep(base)
  // A model whose ordinary answers were deleted (Model Admin) has nothing to compare its persona answers with.
  const baseModels = new Set(b.map((x) => x.modelId))
  const a = keep(asked).filter((x) => baseModels.has(x.modelId))
  const names = [...new Set(persona.values())]
  const personas = names.map((name) => {
    const of = (list: AskerAnswer[]) => list.filter((x) => persona.get(x.queryIndex) === name)
    return row(name, [...persona.values()].filter((v) => v === name).length, of(b), of(a))
  })
  return { asked: asked.length > 0, personas, total: names.length ? row('All personas', persona.size, b, a) : null }
}

/** POST /api/projects/{id}/audiences: the owner turns persona asking on or off for the project's later analyses. */
export const askerSettingSchema = z.object({
  askAsPersona: z.boolean({ error: requiredOr('askAsPersona is required', 'askAsPersona must be true or false') }),
})

/** GET /api/analyses/{id}/audiences?model=&topic=&audience=: the results screen's filters ('combined': every card model). */
export const askerQuerySchema = z.object({
  model: z.enum(MODEL_FILTERS, { error: `model must be one of ${MODEL_FILTERS.join(', ')}` }).optional().default('combined'),
  /** The results screen's topic and audience filters: only the queries they keep count. */
  topic: text('topic', FIELD_LIMITS.detail).optional(),
  audience: text('audience', FIELD_LIMITS.detail).optional(),
})

/** The model ids a results-screen model filter stands for (undefined: every card model). */
export const modelsOfFilter = (filter: ModelFilter): number[] | undefined => (filter === 'combined' ? undefined : [modelByFilter(filter)?.id ?? -1])
