import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { revokeExport } from '~/lib/exports.server'

/** POST /api/projects/{id}/exports/{exportId}/revoke: ends a share link now (its pages answer 410 from then on). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  return json(await revokeExport(user, intParam(params.id, 'project'), params.exportId ?? ''))
}
