import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { apiResponsesOf, getAnalysis, serializeApiResponse } from '~/lib/analyses.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { analysis } = await getAnalysis(user, intParam(params.id, 'analysis'))
  const rows = await apiResponsesOf(analysis.id)
  return json({ analysisId: analysis.id, totalCalls: rows.length, apiResponses: rows.map((r) => serializeApiResponse(r)) }, { headers: { 'Cache-Control': 'no-store' } })
}
