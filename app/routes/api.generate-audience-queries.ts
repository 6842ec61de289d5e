import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { audienceGroups, generateGroupQueries, requireAudienceSetup } from '~/lib/audiences.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { audienceQueriesSchema } from '~/domain/audiences'

/** POST /api/generate-audience-queries → competitors, queries (audience, audienceContext, topic), competitorDetails, brandDetails. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  requireAudienceSetup(user)
  const body = await parseBody(request, audienceQueriesSchema)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  const result = await generateGroupQueries(user, 'audience-queries', body, audienceGroups(body, body.isLightMode), ticket)
  return json(result, { status: 'error' in result ? 502 : 200 })
}
