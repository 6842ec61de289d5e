import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { signOut } from '~/lib/auth-actions.server'

/**
 * POST /logout: revokes the session and clears the cookie. fetch/JSON callers get { logoutUrl }
 * (the Entra end-session URL for Microsoft sessions, else '/'); browser form posts are redirected there.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { logoutUrl, setCookie } = await signOut(request)
  const headers = { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' }
  const accept = request.headers.get('Accept') ?? ''
  const isRemixFetch = new URL(request.url).searchParams.has('_data')
  if (isRemixFetch || accept.includes('text/html')) return redirect(logoutUrl, { headers })
  return json({ logoutUrl }, { headers })
}

/** GET /logout: same as GET /api/auth/logout. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { logoutUrl, setCookie } = await signOut(request)
  return redirect(logoutUrl, { headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' } })
}
