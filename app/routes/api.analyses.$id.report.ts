import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { reportForUser, reportResponse } from '~/lib/report.server'

/** GET /api/analyses/{id}/report?format=pdf|xlsx[&model=&topic=&audience=]: the report of a completed analysis, as a download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const id = intParam(params.id, 'analysis')
  return reportResponse(await reportForUser(user, id, new URL(request.url)))
}
