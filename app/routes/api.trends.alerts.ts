import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { unreadTrendAlerts } from '~/lib/trends.server'

/** GET /api/trends/alerts: unread trend alerts of the user's projects, for the header bell. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await unreadTrendAlerts(user), { headers: { 'Cache-Control': 'no-store' } })
}
