import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { changeDailySchedule, dailySchedule } from '~/lib/trends.server'
import { clientAddressOf } from '~/lib/load-context'
import { admitModelWork } from '~/lib/model-budget.server'
import { scheduleChangeSchema } from '~/domain/trends'

/** GET /api/projects/{id}/daily-schedule: the project's daily run as Temporal has it, and what its recent runs did. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await dailySchedule(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST {action: enable, hour, timeZone} | {action: pause | resume | delete | trigger}: owner only. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  const change = await parseBody(request, scheduleChangeSchema)
  const ticket = change.action === 'trigger' ? await admitModelWork({ user, clientAddress: clientAddressOf(context) }) : null
  return json(await changeDailySchedule(user, projectId, change, ticket))
}
