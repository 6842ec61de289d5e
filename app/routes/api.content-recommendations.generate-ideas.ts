import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { generateIdeas } from '~/lib/ideator.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { generateIdeasRequest } from '~/domain/ideator/requests'

/** POST /api/content-recommendations/generate-ideas { projectId, query, userBrief, …, isCustomQuery } → { ideas[] }. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, generateIdeasRequest)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  return json(await generateIdeas(user, body, ticket))
}

/** GET is not a way to generate: 405. */
export function loader({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  return null
}
