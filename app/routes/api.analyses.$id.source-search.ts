import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { sourceSearchStatus, startSourceSearch } from '~/lib/sources-search.server'

/** GET /api/analyses/{id}/source-search -> { searchInsightsStatus, progress } (polled every 2 s while a search runs). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await sourceSearchStatus(user, intParam(params.id, 'analysis')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/analyses/{id}/source-search: 'Run Enhanced Source Analysis' (calls the models, so rate-limited). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const id = intParam(params.id, 'analysis')
  await parseBody(request, z.object({}))
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  return json(await startSourceSearch(user, id, ticket), { status: 202 })
}
