import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { rebuildEvidence } from '~/lib/evidence.server'

/** Explicit rebuild of an analysis's results with the current metric definitions, recorded. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  return json(await rebuildEvidence(user, intParam(params.id, 'analysis')))
}

/** POST only: a GET answers 405 rather than an error page. */
export function loader() {
  return json({ error: 'Method GET not allowed', message: 'Method GET not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}
