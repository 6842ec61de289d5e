import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { ACTIVE_STATUSES, apiResponsesOf, deleteAnalysis, getAnalysis, progressOf, serializeAnalysis, serializeApiResponse } from '~/lib/analyses.server'
import { searchInsightsOf } from '~/lib/sources-data.server'
import { insightsSummaryOf, modelResultsOf } from '~/domain/api/analysis-details'

/** GET /api/analyses/{id}: the spec's Analysis entity; the source search's insights as counts with a link to the full data. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { analysis, project } = await getAnalysis(user, intParam(params.id, 'analysis'))
  const progress = ACTIVE_STATUSES.includes(analysis.status) ? await progressOf(analysis) : analysis.progress
  const rows = await apiResponsesOf(analysis.id)
  const responses = rows.map((r) => serializeApiResponse(r))
  return json(
    serializeAnalysis(analysis, progress, {
      project: { id: project.id, name: project.name, brandDomain: project.brandDomain, isLightMode: project.isLightMode },
      results: analysis.results,
      modelResults: modelResultsOf(rows.map((r) => ({ modelId: r.model_id, query: r.query, ok: r.ok && r.response.trim() !== '', mentions: r.mentions, rankings: r.rankings }))),
      ...insightsSummaryOf(analysis.id, await searchInsightsOf(user, analysis.id)),
      apiResponses: responses,
      api_responses: responses,
    }),
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE')
  const user = await requireUser(request)
  const id = intParam(params.id, 'analysis')
  await deleteAnalysis(user, id)
  return json({ success: true, id })
}
