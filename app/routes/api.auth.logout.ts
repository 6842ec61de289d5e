import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { signOut } from '~/lib/auth-actions.server'

/** GET /api/auth/logout: browser navigation variant of POST /logout. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { logoutUrl, setCookie } = await signOut(request)
  return redirect(logoutUrl, { headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' } })
}
