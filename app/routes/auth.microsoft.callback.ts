import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { AccountError } from '~/lib/accounts.server'
import { safeRedirect, type LoginErrorCode } from '~/lib/auth-messages'
import { entraConfigured } from '~/lib/env.server'
import { clearStateCookies, entraRedirectCookie, entraStrategy } from '~/lib/entra.server'
import { createSession, destroySession } from '~/lib/session.server'

/** GET /auth/microsoft/callback: code exchange, ID-token validation, user lookup, then a session. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!entraConfigured()) return redirect('/login')
  const url = new URL(request.url)
  if (!url.searchParams.has('state')) return redirect('/login/azure')

  const headers = new Headers({ 'Cache-Control': 'no-store' })
  for (const c of clearStateCookies(request)) headers.append('Set-Cookie', c)
  const redirectCookie = entraRedirectCookie(request)
  const redirectTo = safeRedirect(await redirectCookie.parse(request.headers.get('Cookie')))
  headers.append('Set-Cookie', await redirectCookie.serialize('', { maxAge: 0 }))

  try {
    const strategy = await entraStrategy(request)
    const user = await strategy.authenticate(request)
    await destroySession(request)
    headers.append('Set-Cookie', await createSession(request, user.id, 'azure'))
    return redirect(redirectTo, { headers })
  } catch (err) {
    // State mismatch, provider error, refused ID token, account conflict: back to sign-in with a fixed message.
    let code: LoginErrorCode = 'microsoft'
    if (err instanceof AccountError) code = err.code === 'identity_conflict' ? 'microsoft-conflict' : err.code === 'missing_email' ? 'microsoft-email' : code
    console.warn('Microsoft sign-in failed:', err instanceof Error ? `${err.name}: ${err.message}` : err)
    return redirect(`/login?error=${code}`, { headers })
  }
}
