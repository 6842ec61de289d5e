import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { failureBody, signIn } from '~/lib/auth-actions.server'
import { clientAddressOf } from '~/lib/load-context'

/** POST /api/auth/login (JSON or form): { user } and the session cookie, or 400/429 with messages. */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await signIn(request, clientAddressOf(context))
  if (!result.ok) return json(failureBody(result.failure), { status: result.status, headers: result.headers })
  return json({ user: result.user, redirectTo: result.redirectTo }, { headers: { 'Set-Cookie': result.setCookie, 'Cache-Control': 'no-store' } })
}
