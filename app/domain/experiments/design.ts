/**
 * Recording a change: its zod schema, the proposed control queries and the baseline check. Pure.
 *
 * Decisions where the issue is silent:
 * - Queries are named by their text (analyses snapshot queries by text, and a query's position can change).
 * - Proposed controls: the project's other queries, those sharing a topic or an audience with a treated query
 *   first (same topics/intents, so the same seasonal and model moves reach them), then the rest; at most as many
 *   as there are treated queries, at least 2 when the project has them. The user edits the list.
 * - Baseline: at least 7 completed daily runs before the change date; fewer records the change with a warning.
 */
import { z } from 'zod'
import { FIELD_LIMITS, text } from '../validation'

export const MIN_BASELINE_RUNS = 7
export const MAX_EXPERIMENT_URLS = 10
export const BASELINE_WARNING = `Fewer than ${MIN_BASELINE_RUNS} daily runs before the change: the estimate will be rough until there is more baseline.`

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s

const query = text('Query', FIELD_LIMITS.query, { required: 'A query must not be empty', collapse: true })
const queries = (label: string) => z.array(query, { error: `${label} must be a list of queries` }).min(1, `${label}: choose at least one query`).max(FIELD_LIMITS.listItems, `${label}: at most ${FIELD_LIMITS.listItems} queries`)
const url = text('URL', 2000, { required: 'A URL must not be empty' }).refine((u) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol)
  } catch {
    return false
  }
}, 'Each URL must start with http:// or https://')

export const experimentSchema = z
  .object({
    description: text('What changed', FIELD_LIMITS.detail, { required: 'Say what changed' }),
    urls: z.array(url, { error: 'URLs must be a list' }).max(MAX_EXPERIMENT_URLS, `At most ${MAX_EXPERIMENT_URLS} URLs`).default([]),
    changeDate: z.string({ error: 'The change date is required (YYYY-MM-DD)' }).refine(isDay, 'The change date must be a date as YYYY-MM-DD'),
    treated: queries('Treated queries'),
    control: queries('Control queries'),
  })
  .superRefine((v, ctx) => {
    const treated = new Set(v.treated.map((q) => q.toLowerCase()))
    if (v.control.some((q) => treated.has(q.toLowerCase()))) ctx.addIssue({ code: 'custom', path: ['control'], message: 'A query cannot be both treated and control' })
  })

export type ExperimentInput = z.infer<typeof experimentSchema>

/** Queries the input names that the project does not have (the server answers 400 with them). */
export function unknownQueries(input: Pick<ExperimentInput, 'treated' | 'control'>, projectQueries: readonly string[]): string[] {
  const known = new Set(projectQueries.map((q) => q.toLowerCase()))
  return [...input.treated, ...input.control].filter((q) => !known.has(q.toLowerCase()))
}

export interface ProjectQuery {
  query: string
  topic: string | null
  audience: string | null
}

export function proposeControls(all: readonly ProjectQuery[], treated: readonly string[]): string[] {
  const chosen = new Set(treated.map((q) => q.toLowerCase()))
  const treatedRows = all.filter((q) => chosen.has(q.query.toLowerCase()))
  const topics = new Set(treatedRows.map((q) => q.topic).filter(Boolean))
  const audiences = new Set(treatedRows.map((q) => q.audience).filter(Boolean))
  const others = all.filter((q) => !chosen.has(q.query.toLowerCase()))
  const alike = (q: ProjectQuery) => (q.topic && topics.has(q.topic)) || (q.audience && audiences.has(q.audience))
  const ordered = [...others.filter(alike), ...others.filter((q) => !alike(q))]
  return ordered.slice(0, Math.max(2, treatedRows.length)).map((q) => q.query)
}

export interface Baseline {
  runsBefore: number
  enough: boolean
  warning: string | null
}

/** The baseline check over the dates of the project's completed daily runs. */
export function baselineOf(runDates: readonly string[], changeDate: string): Baseline {
  const runsBefore = new Set(runDates.filter((d) => d < changeDate)).size
  const enough = runsBefore >= MIN_BASELINE_RUNS
  return { runsBefore, enough, warning: enough ? null : BASELINE_WARNING }
}
