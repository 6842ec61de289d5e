import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { linkUser } from '~/lib/admin.server'
import { linkSchema } from '~/domain/admin/users'

/** POST /api/admin/users/{id}/link {oid} (User Migration): legacy -> azure_linked to that Microsoft Entra identity. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const admin = await requireAdmin(request)
  const id = intParam(params.id, 'user')
  const { oid } = await parseBody(request, linkSchema)
  return json(await linkUser(admin, id, oid))
}
