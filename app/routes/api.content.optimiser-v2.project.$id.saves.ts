import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { listSaves } from '~/lib/optimiser.server'

/** GET /api/content/optimiser-v2/project/{id}/saves → { success, saves }. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const saves = await listSaves(user, intParam(params.id, 'project'))
  return json({ success: true, saves }, { headers: { 'Cache-Control': 'no-store' } })
}
