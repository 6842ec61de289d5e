import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { runOptimisation } from '~/lib/optimiser.server'
import { relevanceRequest } from '~/domain/optimiser/requests'

/** POST /api/content/optimiser-v2/relevance { prompt, content | url } → { success, analysis } when the optimisation workflow completes. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, relevanceRequest)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  return json(await runOptimisation(user, body, ticket))
}
