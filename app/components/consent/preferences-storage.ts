/**
 * What the Preferences cookie category of the cookie consent covers in the browser: the selected project kept in
 * local storage. It is written only while the stored consent record allows 'preferences'; removing it is always
 * allowed, and a choice that turns Preferences off (Reject All, or a custom save without it) removes it. Without it
 * nothing breaks: every screen names its project in the URL, the store only reopens the last one.
 */
import { allows, COOKIE_CONSENT_STORAGE_KEY, parseConsent } from '../../domain/consent/cookies'

/** The one local-storage key of the selected project (the app shell re-exports it as SELECTED_PROJECT_KEY). */
export const SELECTED_PROJECT_STORAGE_KEY = 'selectedProjectId'

/** The local-storage entries the Preferences category covers. */
export const PREFERENCE_STORAGE_KEYS = [SELECTED_PROJECT_STORAGE_KEY] as const

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** Whether the visitor's stored choice allows the Preferences category (no record, or another version: no). */
export function preferencesAllowed(): boolean {
  const s = storage()
  return s !== null && allows(parseConsent(s.getItem(COOKIE_CONSENT_STORAGE_KEY)), 'preferences')
}

/** Remembers the selected project when Preferences are allowed; `null` forgets it (always allowed). */
export function rememberSelectedProject(id: string | number | null): void {
  const s = storage()
  if (!s) return
  if (id === null || id === '') return s.removeItem(SELECTED_PROJECT_STORAGE_KEY)
  if (preferencesAllowed()) s.setItem(SELECTED_PROJECT_STORAGE_KEY, String(id))
}

/** Removes everything the Preferences category covers (called when a choice turns it off). */
export function forgetPreferences(): void {
  const s = storage()
  for (const key of PREFERENCE_STORAGE_KEYS) s?.removeItem(key)
}
