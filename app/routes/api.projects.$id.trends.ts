import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { loadTrends } from '~/lib/trends.server'

/** GET /api/projects/{id}/trends?query=…&topicBrand=…&modelBrand=…: the Trends page's data ('Trends & Historical Data'). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const pick = (name: string) => url.searchParams.get(name)?.slice(0, 2000) || null
  return json(await loadTrends(user, intParam(params.id, 'project'), { query: pick('query'), topicBrand: pick('topicBrand'), modelBrand: pick('modelBrand') }), { headers: { 'Cache-Control': 'no-store' } })
}
