import { useEffect, useState, useSyncExternalStore } from 'react'
import { Modal } from '../modal'
import {
  acceptAll,
  CATEGORY_TEXT,
  COOKIE_CONSENT_STORAGE_KEY,
  makeConsent,
  needsBanner,
  OPTIONAL_CATEGORIES,
  parseConsent,
  rejectAll,
  type ConsentRecord,
  type OptionalCategory,
} from '../../domain/consent/cookies'
import { forgetPreferences } from './preferences-storage'
import { callJson } from '../json'

/** Opens the preferences dialog from anywhere (the footer's 'Cookie settings'). */
export const OPEN_COOKIE_PREFERENCES = 'open-cookie-preferences'

/**
 * The stored record as an external store (useSyncExternalStore): read from localStorage in the browser, `undefined`
 * on the server and while hydrating (storage is only read after hydration). The parsed record is kept per raw value,
 * so a render gets the same object until the value changes, and a save here gets back the record it saved. Saving
 * here notifies the banner, and so does a choice made in another tab (the browser's `storage` event).
 */
const consentListeners = new Set<() => void>()
let parsed: { raw: string | null; record: ConsentRecord | null } | null = null
const consentStore = {
  subscribe(listener: () => void) {
    consentListeners.add(listener)
    const fromOtherTab = (e: StorageEvent) => (e.key === null || e.key === COOKIE_CONSENT_STORAGE_KEY) && listener()
    window.addEventListener('storage', fromOtherTab)
    return () => {
      consentListeners.delete(listener)
      window.removeEventListener('storage', fromOtherTab)
    }
  },
  getSnapshot(): ConsentRecord | null {
    const raw = window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY)
    if (parsed?.raw !== raw) parsed = { raw, record: parseConsent(raw) }
    return parsed.record
  },
  getServerSnapshot: (): ConsentRecord | null | undefined => undefined,
  save(next: ConsentRecord) {
    const raw = JSON.stringify(next)
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, raw)
    parsed = { raw, record: next }
  },
  changed() {
    for (const listener of consentListeners) listener()
  },
}

/**
 * Cookie consent banner and preferences dialog. The record lives in localStorage; a signed-in
 * user's copy is also sent to the server. Dismissing (×) hides the banner for this page view without saving.
 */
export function CookieConsent({ signedIn }: { signedIn: boolean }) {
  const stored = useSyncExternalStore<ConsentRecord | null | undefined>(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot)
  const loaded = stored !== undefined
  const record = stored ?? null
  const [dismissed, setDismissed] = useState(false)
  const [dialog, setDialog] = useState(false)
  const [choices, setChoices] = useState<Record<OptionalCategory, boolean>>({ analytics: false, marketing: false, preferences: false })
  // The dialog's checkboxes start from the stored record whenever it is read or saved (adjusted while rendering).
  const [choicesFrom, setChoicesFrom] = useState<ConsentRecord | null>(null)
  if (record !== choicesFrom) {
    setChoicesFrom(record)
    if (record) setChoices({ analytics: record.analytics, marketing: record.marketing, preferences: record.preferences })
  }

  useEffect(() => {
    const open = () => setDialog(true)
    window.addEventListener(OPEN_COOKIE_PREFERENCES, open)
    return () => window.removeEventListener(OPEN_COOKIE_PREFERENCES, open)
  }, [])

  const save = (next: ConsentRecord) => {
    consentStore.save(next)
    // Preferences off (Reject All, or a custom choice without it): what that category stored goes too.
    if (!next.preferences) forgetPreferences()
    consentStore.changed()
    setDialog(false)
    if (signedIn) void callJson('/api/cookie-consent', { body: next }).catch(() => {})
  }

  return (
    <>
      {loaded && needsBanner(record) && !dismissed && !dialog && (
        <div role="region" aria-label="Cookie consent" data-testid="cookie-banner" style={{ display: 'flex', alignItems: 'center', gap: '.75rem', flexWrap: 'wrap', padding: '.6rem 1rem', background: '#f1f5f9', borderBottom: '1px solid var(--border)', fontSize: '.9rem' }}>
          <p style={{ margin: 0, flex: '1 1 320px' }}>
            <strong>Cookies. </strong>
            We use a session cookie to keep you signed in. Nothing else runs unless you allow it. See the <a href="/cookie-policy">Cookie Policy</a> and{' '}
            <a href="/privacy-policy">Privacy Policy</a>.
          </p>
          <div style={{ display: 'flex', gap: '.4rem', flexWrap: 'wrap' }}>
            <button className="btn btn-primary btn-small" onClick={() => save(acceptAll(new Date()))}>Accept All</button>
            <button className="btn btn-small" onClick={() => save(rejectAll(new Date()))}>Reject All</button>
            <button className="btn btn-small" onClick={() => setDialog(true)}>Customise</button>
            <button className="btn-link" aria-label="Dismiss" onClick={() => setDismissed(true)}>×</button>
          </div>
        </div>
      )}
      {dialog && (
        <Modal title="Cookie Preferences" onClose={() => setDialog(false)}>
          <ul style={{ listStyle: 'none', padding: 0 }} data-testid="cookie-preferences">
            <li className="list-row">
              <input type="checkbox" checked disabled aria-label={CATEGORY_TEXT.necessary.label} />
              <div><strong>{CATEGORY_TEXT.necessary.label}</strong> (always on)<div className="muted">{CATEGORY_TEXT.necessary.description}</div></div>
            </li>
            {OPTIONAL_CATEGORIES.map((c) => (
              <li key={c} className="list-row">
                <input type="checkbox" name={c} aria-label={CATEGORY_TEXT[c].label} checked={choices[c]} onChange={(e) => setChoices({ ...choices, [c]: e.target.checked })} />
                <div><strong>{CATEGORY_TEXT[c].label}</strong><div className="muted">{CATEGORY_TEXT[c].description}</div></div>
              </li>
            ))}
          </ul>
          <div style={{ display: 'flex', gap: '.4rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <button className="btn" onClick={() => save(rejectAll(new Date()))}>Reject All</button>
            <button className="btn" onClick={() => save(acceptAll(new Date()))}>Accept All</button>
            <button className="btn btn-primary" onClick={() => save(makeConsent(choices, new Date(), record))}>Save Preferences</button>
          </div>
        </Modal>
      )}
    </>
  )
}

/** The footer on every page: legal links and the cookie settings. */
export function LegalFooter() {
  return (
    <footer className="muted" style={{ textAlign: 'center', padding: '1.5rem 1rem', fontSize: '.85rem' }} data-testid="legal-footer">
      <a href="/privacy-policy">Privacy Policy</a> · <a href="/cookie-policy">Cookie Policy</a> · <a href="/terms-of-service">Terms of Service</a> ·{' '}
      <button className="btn-link" style={{ fontSize: 'inherit' }} onClick={() => window.dispatchEvent(new Event(OPEN_COOKIE_PREFERENCES))}>Cookie settings</button>
    </footer>
  )
}
