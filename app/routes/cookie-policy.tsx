import type { MetaFunction } from '@remix-run/node'
import { LegalPage } from '~/components/consent/legal-page'
import { OPEN_COOKIE_PREFERENCES } from '~/components/consent/cookie-banner'
import { CATEGORY_TEXT, COOKIE_CONSENT_STORAGE_KEY, COOKIE_CONSENT_VERSION } from '~/domain/consent/cookies'

export const meta: MetaFunction = () => [{ title: 'Cookie Policy · AI Brand Visibility' }]

export default function CookiePolicy() {
  return (
    <LegalPage title="Cookie Policy" updated="23/11/26">
      <h2>What we set</h2>
      <ul>
        <li>
          <strong>__session</strong> (necessary): a random identifier of your sign-in session, HttpOnly and SameSite=Lax. It ends when you sign out, after 12 hours
          without use, and at the latest 30 days after you signed in.
        </li>
        <li>
          <strong>Sign-in with Microsoft</strong> (necessary, only while signing in): short-lived state and nonce cookies that protect the sign-in against forgery.
        </li>
        <li>
          <strong>{COOKIE_CONSENT_STORAGE_KEY}</strong> in your browser’s local storage (necessary): your choice on this page, version {COOKIE_CONSENT_VERSION}. When
          you are signed in, a copy is kept with your account so we can show that you chose.
        </li>
        <li>
          <strong>Preferences</strong> in local and session storage: the selected project and the screen you were on, so the app opens where you left it.
        </li>
      </ul>
      <h2>What we do not set</h2>
      <p>
        This installation runs <strong>no analytics and no marketing scripts</strong>, before or after your consent. The Analytics and Marketing choices exist so that
        any such script added later runs only for people who allowed it. Brand icons are loaded from public favicon services by domain name; those requests carry
        no cookie of ours.
      </p>
      <h2>Your choices</h2>
      <ul>
        {(['necessary', 'analytics', 'marketing', 'preferences'] as const).map((c) => (
          <li key={c}>
            <strong>{CATEGORY_TEXT[c].label}</strong>: {CATEGORY_TEXT[c].description}
          </li>
        ))}
      </ul>
      <p>
        <button className="btn" onClick={() => window.dispatchEvent(new Event(OPEN_COOKIE_PREFERENCES))}>Change cookie settings</button>
      </p>
      <p>When this policy changes in a way that needs a new choice, its version changes and the banner asks you again.</p>
    </LegalPage>
  )
}
