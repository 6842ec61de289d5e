/**
 * The zod primitives every input goes through (bodies, path and query parameters), so that a new
 * route cannot forget a bound: ids fit PostgreSQL's integer, text is trimmed, has no control
 * characters (PostgreSQL refuses NUL in text and jsonb) and has a maximum length.
 * Pure: no I/O; used by the app's routes and actions and by tests.
 */
import { z } from 'zod'

/** The largest PostgreSQL `integer` (serial ids). */
export const MAX_ID = 2_147_483_647

/**
 * Field limits. The spec names only the custom topic (30 characters); the rest are
 * ours: generous for real use, small enough that one project cannot bloat every page.
 */
export const FIELD_LIMITS = {
  /** Project name and brand name. */
  name: 200,
  marketDescription: 2_000,
  marketRegion: 200,
  language: 35,
  /** Each competitor, alternative name and domain. */
  competitor: 300,
  /** Each query (and its topic / audience labels). */
  query: 300,
  /** First and last name of an account. */
  personName: 100,
  /** Free text of an audience or topic (description, characteristics, ...). */
  detail: 2_000,
  /** Items in any list of a body (competitors, queries, audiences, ...); the caps are checked after. */
  listItems: 200,
} as const

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

export const hasControlCharacters = (s: string) => CONTROL.test(s)

/** A positive whole number that fits an integer column, from a number or a string of digits. */
export function idFrom(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null
}

/** An id in a body: a number or a digit string, 1 ≤ id ≤ 2147483647; anything else is a 400 with `label` in the message. */
export function id(label = 'id') {
  const message = `${label} must be a positive whole number (at most ${MAX_ID})`
  return z.unknown().superRefine((v, ctx) => {
    if (v === undefined) ctx.addIssue({ code: 'custom', message: `${label} is required` })
    else if (idFrom(v) === null) ctx.addIssue({ code: 'custom', message })
  }).transform((v) => idFrom(v) as number)
}

interface TextOptions {
  /** Message when missing or blank; without it the field may be empty (''). */
  required?: string
  /** Collapse runs of whitespace to one space (names, list items); descriptions keep their lines. */
  collapse?: boolean
}

/** Text: trimmed, no control characters, at most `max` characters (counted after trimming). */
export function text(label: string, max: number, opts: TextOptions = {}) {
  const typeMessage = opts.required ?? `${label} must be text`
  return z
    .string({ error: typeMessage })
    .transform((s) => (opts.collapse ? s.replace(/\s+/g, ' ') : s).trim())
    .pipe(
      z
        .string()
        .min(opts.required ? 1 : 0, opts.required)
        .max(max, `${label} must be at most ${max} characters`)
        .refine((s) => !hasControlCharacters(s), `${label} must not contain control characters`),
    )
}

/**
 * zod's `error` option for a field that is required and has a type: one message when it is missing, another when it
 * is there with the wrong type (zod 4 has one option for both).
 */
export function requiredOr(required: string, wrongType: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? required : wrongType)
}

/** A list of at most FIELD_LIMITS.listItems items. */
export function list<T extends z.ZodTypeAny>(label: string, item: T) {
  return z.array(item, { error: `${label} must be a list` }).max(FIELD_LIMITS.listItems, `${label}: at most ${FIELD_LIMITS.listItems} items`)
}

/**
 * Whether a JSON value may be stored (jsonb): no control characters in strings or keys, each string
 * at most `maxString`, nested at most `maxDepth` deep. Returns the first problem, or null.
 */
export function jsonProblem(value: unknown, maxString = FIELD_LIMITS.detail, maxDepth = 6): string | null {
  const walk = (v: unknown, depth: number): string | null => {
    if (depth > maxDepth) return `nested more than ${maxDepth} levels`
    if (typeof v === 'string') {
      if (v.length > maxString) return `text longer than ${maxString} characters`
      return hasControlCharacters(v) ? 'text with control characters' : null
    }
    if (typeof v === 'number') return Number.isFinite(v) ? null : 'a number out of range'
    if (v === null || typeof v === 'boolean') return null
    if (Array.isArray(v)) {
      if (v.length > FIELD_LIMITS.listItems) return `a list of more than ${FIELD_LIMITS.listItems} items`
      for (const x of v) {
        const p = walk(x, depth + 1)
        if (p) return p
      }
      return null
    }
    if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.length > 100 || hasControlCharacters(k)) return 'a bad field name'
        const p = walk(x, depth + 1)
        if (p) return p
      }
      return null
    }
    return 'a value that is not JSON'
  }
  return walk(value, 0)
}

/** An object stored as JSON (audiences, topics): any fields, bounded by jsonProblem. */
export function jsonObject(label: string) {
  return z.record(z.string(), z.unknown(), { error: `${label} must be an object` }).superRefine((v, ctx) => {
    const problem = jsonProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} contains ${problem}` })
  })
}

/** The parts of a zod issue the messages read (`values` on an enumeration, `input` when parsed with reportInput). */
export interface IssueLike {
  code: string
  path: PropertyKey[]
  message: string
  values?: readonly unknown[]
  input?: unknown
}

const NOT_GIVEN = Symbol('not given')

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let v: unknown = data
  for (const k of path) {
    if (v === null || typeof v !== 'object' || !(k in (v as object))) return NOT_GIVEN
    v = (v as Record<PropertyKey, unknown>)[k]
  }
  return v === undefined ? NOT_GIVEN : v
}

function shown(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v)
  const cut = s.length > 40 ? `${s.slice(0, 40)}…` : s
  return typeof v === 'string' ? `'${cut}'` : cut
}

/**
 * A zod issue as a message for a user. Our schemas name the field in their own messages; zod's built-in type
 * message ("Invalid input: expected string, received undefined") names none, so it gets the field's path.
 * A value outside an enumeration always names the field, the value given and the accepted values
 * (`contentType 'blog' is not one of: blog-post, article`), whatever message the schema set: the value comes
 * from the issue (reportInput) or from `data`, the input that was parsed.
 */
export function issueMessage(issue: IssueLike, data?: unknown): string {
  const field = issue.path.map(String).join('.') || 'value'
  if (issue.code === 'invalid_value' && Array.isArray(issue.values) && issue.values.length > 0) {
    const accepted = issue.values.map(String).join(', ')
    const given = 'input' in issue ? (issue.input === undefined ? NOT_GIVEN : issue.input) : valueAt(data, issue.path)
    return given === NOT_GIVEN ? `${field} is required: one of ${accepted}` : `${field} ${shown(given)} is not one of: ${accepted}`
  }
  if (issue.code !== 'invalid_type' || !issue.message.startsWith('Invalid input') || issue.path.length === 0) return issue.message
  return /received undefined$/.test(issue.message) ? `${field} is required` : `${field}: ${issue.message.replace(/^Invalid input: /, '')}`
}

/** The message of a failed parse for a user: its first issue (issueMessage), or `fallback` when it has none. `data` is the input parsed. */
export function errorMessage(error: { issues: IssueLike[] }, fallback = 'Invalid request', data?: unknown): string {
  const first = error.issues[0]
  return first ? issueMessage(first, data) : fallback
}
