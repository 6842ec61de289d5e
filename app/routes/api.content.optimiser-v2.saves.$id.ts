import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { deleteSave } from '~/lib/optimiser.server'

/** DELETE /api/content/optimiser-v2/saves/{id} → { success }. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE')
  const user = await requireUser(request)
  return json(await deleteSave(user, intParam(params.id, 'saved analysis')))
}
