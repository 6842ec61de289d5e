import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { requireMethod } from '~/lib/http.server'
import { cleanupStuck } from '~/lib/analyses.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  return json(await cleanupStuck(user))
}
