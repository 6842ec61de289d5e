import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getUser } from '~/lib/auth.server'

/** GET /api/auth/status: polled every 30 s; always 200. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  return json(
    { authenticated: Boolean(user), authType: user ? user.authType : null },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
