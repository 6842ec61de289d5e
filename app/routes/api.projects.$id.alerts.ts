import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { markAlertsRead } from '~/lib/trends.server'

const schema = z.object({ action: z.literal('read', { error: "Action must be 'read'" }) })

/** POST {action: 'read'}: marks the project's trend alerts read (the bell's count goes to 0). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  await parseBody(request, schema)
  return json(await markAlertsRead(user, projectId))
}
