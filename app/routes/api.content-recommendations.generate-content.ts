import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { generateContent } from '~/lib/ideator.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { generateContentRequest } from '~/domain/ideator/requests'

/** POST /api/content-recommendations/generate-content { projectId, query, userBrief, selectedIdeas, … } → { contents[] }. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, generateContentRequest)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  return json(await generateContent(user, body, ticket))
}

/** GET is not a way to generate: 405. */
export function loader({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  return null
}
