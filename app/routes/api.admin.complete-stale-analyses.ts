import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { requireMethod } from '~/lib/http.server'
import { completeStale } from '~/lib/analyses.server'

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  await requireAdmin(request)
  return json(await completeStale())
}
