/**
 * Cookie consent (Cookie consent record): version 1.0; categories necessary
 * (always on), analytics, marketing, preferences. No record, or one of another version, shows the
 * banner. Pure; the browser keeps the record in localStorage and a signed-in user's copy is stored
 * on the server.
 */
import { z } from 'zod'

export const COOKIE_CONSENT_VERSION = '1.0'
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent'
export const OPTIONAL_CATEGORIES = ['analytics', 'marketing', 'preferences'] as const
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number]

export interface ConsentRecord {
  version: string
  necessary: true
  analytics: boolean
  marketing: boolean
  preferences: boolean
  timestamp: string
  lastUpdated: string
}

export const CATEGORY_TEXT: Record<'necessary' | OptionalCategory, { label: string; description: string }> = {
  necessary: { label: 'Necessary', description: 'The sign-in session cookie and this choice. The product cannot work without them, so they are always on.' },
  analytics: { label: 'Analytics', description: 'Would let us count visits to improve the product. This installation runs no analytics script.' },
  marketing: { label: 'Marketing', description: 'Would allow advertising cookies. This installation runs no marketing script.' },
  preferences: { label: 'Preferences', description: 'Remembers choices such as the selected project in your browser’s storage.' },
}

/** Parses a stored record; anything malformed counts as no record. */
export function parseConsent(raw: string | null): ConsentRecord | null {
  if (!raw) return null
  try {
    const r = consentSchema.safeParse(JSON.parse(raw))
    return r.success ? { ...r.data, necessary: true } : null
  } catch {
    return null
  }
}

/** No record or a different version shows the banner. */
export function needsBanner(record: ConsentRecord | null): boolean {
  return record === null || record.version !== COOKIE_CONSENT_VERSION
}

/** A new record from choices; `previous` keeps the first-consent timestamp. */
export function makeConsent(choices: Record<OptionalCategory, boolean>, now: Date, previous: ConsentRecord | null = null): ConsentRecord {
  const at = now.toISOString()
  return {
    version: COOKIE_CONSENT_VERSION,
    necessary: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    preferences: choices.preferences,
    timestamp: previous && previous.version === COOKIE_CONSENT_VERSION ? previous.timestamp : at,
    lastUpdated: at,
  }
}

export const acceptAll = (now: Date) => makeConsent({ analytics: true, marketing: true, preferences: true }, now)
export const rejectAll = (now: Date) => makeConsent({ analytics: false, marketing: false, preferences: false }, now)

/** Whether a category may be used; necessary always (it cannot be turned off). */
export function allows(record: ConsentRecord | null, category: 'necessary' | OptionalCategory): boolean {
  if (category === 'necessary') return true
  return record !== null && !needsBanner(record) && record[category]
}

const iso = z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date')

/** The record as sent to POST /api/cookie-consent and as stored in the browser. */
export const consentSchema = z.object({
  version: z.string().max(10),
  necessary: z.literal(true, { error: 'The necessary category cannot be turned off' }),
  analytics: z.boolean(),
  marketing: z.boolean(),
  preferences: z.boolean(),
  timestamp: iso,
  lastUpdated: iso,
})
