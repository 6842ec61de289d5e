import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { searchInsightsOf } from '~/lib/sources-data.server'

/** GET /api/analyses/{id}/search-insights -> { searchInsightsStatus, searchInsights, enhancedSearchInsights, dualSearchInsights }. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await searchInsightsOf(user, intParam(params.id, 'analysis')), { headers: { 'Cache-Control': 'no-store' } })
}
