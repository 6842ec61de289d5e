import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { serializeAnalysis, startAnalysis } from '~/lib/analyses.server'

/** POST /api/projects/{id}/analyse-today — also mounted as analyze-today (restart). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const analysis = await startAnalysis(user, intParam(params.id, 'project'))
  return json({ ...serializeAnalysis(analysis, analysis.progress), analysisId: analysis.id }, { status: 201 })
}
