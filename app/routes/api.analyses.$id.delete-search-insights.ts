import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { deleteSearchInsights } from '~/lib/sources-search.server'

/** POST /api/analyses/{id}/delete-search-insights: clears basic and enhanced insights. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const id = intParam(params.id, 'analysis')
  await parseBody(request, z.object({}))
  return json(await deleteSearchInsights(user, id))
}
