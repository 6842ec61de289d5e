import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { testApiKeys } from '~/lib/admin.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'

/** GET /api/test-gemini-keys (admins only): working / error / missing per provider key; never a key. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  // Admins have no cost cap: the ticket is the rate limit.
  const ticket = await admitModelWork({ user: admin, clientAddress: clientAddressOf(context) })
  return json(await testApiKeys(admin, ticket), { headers: { 'Cache-Control': 'no-store' } })
}
