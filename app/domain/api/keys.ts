/**
 * Personal API keys: the form a user fills on Profile & Limits, the scopes, and the key's
 * visible shape. Pure: shared by the Profile page and app/lib/api.server.ts.
 *
 * Decisions where the spec is silent:
 * - A key is `abv_` + 43 url-safe characters (256 random bits); lists show its first 12 characters.
 * - Scopes: `read` (every GET of /api/v1 and the MCP read tools) and `run` (start an analysis, an add-model
 *   run, cancel). `run` does not imply `read`.
 * - Expiry is optional, in whole days from creation (1 to 365); without it a key lasts until revoked.
 * - At most 20 keys that are neither revoked nor expired per user.
 */
import { z } from 'zod'
import { text } from '../validation'

export const API_KEY_PREFIX = 'abv_'
/** Characters of a key shown in lists (the `abv_` marker and 8 more). */
export const API_KEY_VISIBLE = 12
export const API_KEY_NAME_MAX = 100
export const API_KEY_MAX_DAYS = 365
export const MAX_ACTIVE_API_KEYS = 20
export const API_SCOPES = ['read', 'run'] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** The whole key: the marker and 43 base64url characters. */
export const API_KEY_PATTERN = /^abv_[A-Za-z0-9_-]{43}$/

export const SCOPE_LABELS: Record<ApiScope, string> = {
  read: 'read: projects, analyses, results, answers, sources, trends',
  run: 'run: start an analysis or an add-model run, cancel',
}

const scopeList = z
  .union([z.string(), z.array(z.string())], { error: 'Choose at least one scope: read or run' })
  .transform((s) => [...new Set(Array.isArray(s) ? s : [s])])
  .superRefine((s, ctx) => {
    if (s.length === 0) ctx.addIssue({ code: 'custom', message: 'Choose at least one scope: read or run' })
    else if (s.some((x) => !(API_SCOPES as readonly string[]).includes(x))) ctx.addIssue({ code: 'custom', message: 'Scopes are read and run' })
  })
  .transform((s) => s.sort() as ApiScope[])

/** Creating a key: a name, one or both scopes, optional days until it expires (blank: never). */
export const apiKeyInputSchema = z.object({
  name: text('Key name', API_KEY_NAME_MAX, { required: 'Give the key a name', collapse: true }),
  scopes: scopeList,
  expiresInDays: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null
      const n = typeof v === 'number' ? v : /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : NaN
      if (!Number.isInteger(n) || n < 1 || n > API_KEY_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', message: `Expiry must be a whole number of days from 1 to ${API_KEY_MAX_DAYS}, or blank for no expiry` })
        return z.NEVER
      }
      return n
    }),
})
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>

/** A key as lists show it (never the key itself). */
export interface ApiKeyView {
  id: number
  name: string
  prefix: string
  scopes: ApiScope[]
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
  status: 'active' | 'expired' | 'revoked'
  calls: number
  owner?: { id: number; email: string }
}

export function keyStatus(k: { revokedAt: string | null; expiresAt: string | null }, now: Date): ApiKeyView['status'] {
  if (k.revokedAt) return 'revoked'
  if (k.expiresAt && Date.parse(k.expiresAt) <= now.getTime()) return 'expired'
  return 'active'
}

/** Admins' list of failed API key attempts per client address (Profile & Limits). */
export interface FailedKeyAttempts {
  address: string
  /** Every failure recorded from the address. */
  total: number
  /** Failures in the current throttle window (0 once it ended). */
  inWindow: number
  lastAt: string
  /** The address is refused (429) until its window ends. */
  throttled: boolean
  /** The visible start of the last key sent and the request, e.g. `abv_1a2b3c4d… GET /api/v1/me`. */
  lastTried: string | null
}
