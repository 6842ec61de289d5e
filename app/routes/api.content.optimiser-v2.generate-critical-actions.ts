import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { generateCriticalActions } from '~/lib/optimiser.server'
import { criticalActionsRequest } from '~/domain/optimiser/requests'

/** POST /api/content/optimiser-v2/generate-critical-actions { prompt, analysisData } → { success, criticalActions }. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, criticalActionsRequest)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  return json(await generateCriticalActions(user, body, ticket))
}
