import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { unlinkUser } from '~/lib/admin.server'

/** POST /api/admin/users/{id}/unlink (User Migration): azure_linked -> legacy. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const admin = await requireAdmin(request)
  return json(await unlinkUser(admin, intParam(params.id, 'user')))
}
