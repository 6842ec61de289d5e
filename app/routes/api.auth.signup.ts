import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { failureBody, signUp } from '~/lib/auth-actions.server'
import { clientAddressOf } from '~/lib/load-context'

/** POST /api/auth/signup (JSON or form): 201 { user } and the session cookie, or 400 with field messages. */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await signUp(request, clientAddressOf(context))
  if (!result.ok) return json(failureBody(result.failure), { status: result.status, headers: result.headers })
  return json(
    { user: result.user, redirectTo: result.redirectTo },
    { status: 201, headers: { 'Set-Cookie': result.setCookie, 'Cache-Control': 'no-store' } },
  )
}
