import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { manageModel } from '~/lib/analyses.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { id } from '~/domain/validation'

const schema = z.object({
  action: z.enum(['delete', 'refresh'], { error: "action must be 'delete' or 'refresh'" }),
  modelId: id('modelId'),
})

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const analysisId = intParam(params.id, 'analysis')
  const body = await parseBody(request, schema)
  // A refresh asks the model every query again.
  const ticket = body.action === 'refresh' ? await admitModelWork({ user, clientAddress: clientAddressOf(context) }) : null
  return json(await manageModel(user, analysisId, body.action, body.modelId, ticket))
}
