import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { listAllProjectsForAdmin } from '~/lib/projects.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request)
  return json(await listAllProjectsForAdmin(user), { headers: { 'Cache-Control': 'no-store' } })
}
