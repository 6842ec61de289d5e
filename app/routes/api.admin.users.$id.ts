import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { deleteUser, updateUser } from '~/lib/admin.server'
import { userEditSchema } from '~/domain/admin/users'

/** PUT /api/admin/users/{id} {isActive, tier, maxProjects, maxAnalyses}; DELETE /api/admin/users/{id}. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'PUT', 'DELETE')
  const admin = await requireAdmin(request)
  const id = intParam(params.id, 'user')
  if (request.method === 'DELETE') return json(await deleteUser(admin, id))
  return json(await updateUser(admin, id, await parseBody(request, userEditSchema)))
}
