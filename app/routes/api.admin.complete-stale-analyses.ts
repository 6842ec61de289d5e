import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { requireMethod } from '~/lib/http.server'
import { completeStale } from '~/lib/analyses.server'
import { recordAdminAction } from '~/lib/admin.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const admin = await requireAdmin(request)
  const result = await completeStale()
  await recordAdminAction(admin, 'analyses.complete-stale', result)
  return json(result)
}
