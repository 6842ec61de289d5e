import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { rebuildMentions } from '~/lib/analyses.server'

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  return json(await rebuildMentions(user, intParam(params.id, 'analysis')))
}
