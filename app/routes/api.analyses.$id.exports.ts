import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { listAnalysisExports } from '~/lib/exports.server'

/** GET /api/analyses/{id}/exports -> { exports }. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const exports = await listAnalysisExports(user, intParam(params.id, 'analysis'))
  return json({ exports }, { headers: { 'Cache-Control': 'no-store' } })
}
