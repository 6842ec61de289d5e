import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { latestAnalyses } from '~/lib/admin.server'

/** GET /api/admin/latest-analyses: the latest 10 analyses of every user. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json(await latestAnalyses(), { headers: { 'Cache-Control': 'no-store' } })
}
