import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { cancelAnalysis, serializeAnalysis } from '~/lib/analyses.server'

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const analysis = await cancelAnalysis(user, intParam(params.id, 'analysis'))
  return json(serializeAnalysis(analysis, analysis.progress))
}
