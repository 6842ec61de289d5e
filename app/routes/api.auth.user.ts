import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'

/** GET /api/auth/user: the signed-in user (its User fields, plus authType); 401 JSON when signed out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(user, { headers: { 'Cache-Control': 'no-store' } })
}
