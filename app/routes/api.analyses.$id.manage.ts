import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { manageModel } from '~/lib/analyses.server'

const schema = z.object({
  action: z.enum(['delete', 'refresh'], { errorMap: () => ({ message: "action must be 'delete' or 'refresh'" }) }),
  modelId: z.coerce.number({ invalid_type_error: 'modelId must be a model id' }).int(),
})

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, schema)
  return json(await manageModel(user, intParam(params.id, 'analysis'), body.action, body.modelId))
}
