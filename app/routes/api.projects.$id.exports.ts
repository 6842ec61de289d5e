import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { listProjectExports } from '~/lib/exports.server'

/** GET /api/projects/{id}/exports -> { exports: [{ id, createdAt, analysisDate, aiSummary, ... }] }, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const exports = await listProjectExports(user, intParam(params.id, 'project'))
  return json({ exports }, { headers: { 'Cache-Control': 'no-store' } })
}
