import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { readConsent, saveConsent } from '~/lib/consent.server'
import { consentSchema } from '~/domain/consent/cookies'

/** GET /api/cookie-consent -> { consent } (null when never given) */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({ consent: await readConsent(user) }, { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/cookie-consent {version, necessary, analytics, marketing, preferences, timestamp, lastUpdated} */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  return json({ consent: await saveConsent(user, await parseBody(request, consentSchema)) })
}
