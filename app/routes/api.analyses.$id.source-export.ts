import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { modelExport } from '~/lib/sources-export.server'

/** GET /api/analyses/{id}/source-export?model=&set=&topic=&audience=&queries= -> every Model Export row (the screen builds the file). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await modelExport(user, intParam(params.id, 'analysis'), new URL(request.url)), { headers: { 'Cache-Control': 'no-store' } })
}
