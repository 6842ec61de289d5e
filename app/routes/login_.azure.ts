import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/lib/auth-messages'
import { getUser } from '~/lib/auth.server'
import { entraConfigured } from '~/lib/env.server'
import { entraRedirectCookie, entraStrategy } from '~/lib/entra.server'

/** GET /login/azure: starts the Microsoft Entra ID sign-in (or falls back to /login when it is not configured). */
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  const query = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''
  if (!entraConfigured()) return redirect(`/login${query}`)
  if (await getUser(request)) return redirect(redirectTo)

  let response: unknown
  try {
    const strategy = await entraStrategy(request)
    // A clean URL: a stray ?state= here must not be taken for a callback.
    await strategy.authenticate(new Request(new URL('/login/azure', request.url), { headers: request.headers }))
  } catch (thrown) {
    response = thrown
  }
  if (!(response instanceof Response) || !response.headers.get('Location')) {
    console.warn('Microsoft sign-in could not start:', response instanceof Error ? response.message : response)
    return redirect('/login?error=microsoft')
  }
  // The strategy answers with the redirect to the provider; remember where to go afterwards.
  const headers = new Headers(response.headers)
  headers.append('Set-Cookie', await entraRedirectCookie(request).serialize(redirectTo))
  headers.set('Cache-Control', 'no-store')
  return new Response(null, { status: 302, headers })
}
