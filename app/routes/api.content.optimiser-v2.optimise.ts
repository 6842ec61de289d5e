import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { optimiseContent } from '~/lib/optimiser.server'
import { optimiseRequest } from '~/domain/optimiser/requests'

/** POST /api/content/optimiser-v2/optimise { originalContent, prompt, selectedRecommendations, language, customRequirements } → { success, optimisation }. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, optimiseRequest)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  return json(await optimiseContent(user, body, ticket))
}
