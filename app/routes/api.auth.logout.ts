import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

/**
 * GET /api/auth/logout (browser navigation): the sign-out page, whose button posts to
 * /logout (at /sign-out). A GET never signs out, so another site's link cannot end a session.
 */
export function loader(_args: LoaderFunctionArgs) {
  return redirect('/sign-out', { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/auth/logout: the same as POST /logout. */
export { action } from './logout'
