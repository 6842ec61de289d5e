import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { listAnalyses } from '~/lib/analyses.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const activeOnly = url.searchParams.get('activeOnly') === 'true'
  return json(await listAnalyses(user, { activeOnly }), { headers: { 'Cache-Control': 'no-store' } })
}
