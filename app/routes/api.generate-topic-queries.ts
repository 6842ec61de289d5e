import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { generateGroupQueries, requireAudienceSetup, topicGroups } from '~/lib/audiences.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { topicQueriesSchema } from '~/domain/audiences'

/** POST /api/generate-topic-queries → competitors, queries [{ query, topic }], competitorDetails, brandDetails. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  requireAudienceSetup(user)
  const body = await parseBody(request, topicQueriesSchema)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  const result = await generateGroupQueries(user, 'topic-queries', body, topicGroups(body.topics, body.maxQueries, body.isLightMode, body.audiences), ticket)
  return json(result, { status: 'error' in result ? 502 : 200 })
}
