import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { canAnalyseToday } from '~/lib/analyses.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await canAnalyseToday(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}
