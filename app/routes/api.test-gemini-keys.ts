import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { testApiKeys } from '~/lib/admin.server'
import { clientAddressOf } from '~/lib/load-context'
import { limitModelRequests } from '~/lib/model-budget.server'

/** GET /api/test-gemini-keys (admins only): working / error / missing per provider key; never a key. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  await limitModelRequests(admin, clientAddressOf(context))
  return json(await testApiKeys(admin), { headers: { 'Cache-Control': 'no-store' } })
}
