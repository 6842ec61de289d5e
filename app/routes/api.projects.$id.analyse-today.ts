import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { serializeAnalysis, startAnalysis } from '~/lib/analyses.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'

/**
 * POST /api/projects/{id}/analyse-today — also mounted as analyze-today (restart). No body; `?again=true` is an
 * admin's confirmed second run of the day (answered 409 with the question without it).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  const analysis = await startAnalysis(user, projectId, ticket, { again: new URL(request.url).searchParams.get('again') === 'true' })
  return json({ ...serializeAnalysis(analysis, analysis.progress), analysisId: analysis.id }, { status: 201 })
}
