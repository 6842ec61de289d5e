import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { listUsers } from '~/lib/admin.server'

/** GET /api/admin/users -> { users, summary } */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json(await listUsers(), { headers: { 'Cache-Control': 'no-store' } })
}
