import type { ActionFunctionArgs } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { signOut } from '~/lib/auth-actions.server'

/**
 * POST /logout: revokes the session and clears the cookie. fetch/JSON callers get { logoutUrl }
 * (the Entra end-session URL for Microsoft sessions, else '/'); browser form posts are redirected there.
 * A resource route, so a JSON caller gets JSON; the page with the sign-out button is /sign-out.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { logoutUrl, setCookie } = await signOut(request)
  const headers = { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' }
  const accept = request.headers.get('Accept') ?? ''
  const isRemixFetch = new URL(request.url).searchParams.has('_data')
  if (isRemixFetch || accept.includes('text/html')) return redirect(logoutUrl, { headers })
  return json({ logoutUrl }, { headers })
}

/** GET /logout signs nobody out: it leads to the page whose button posts here. */
export function loader() {
  return redirect('/sign-out', { headers: { 'Cache-Control': 'no-store' } })
}
