import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody } from '~/lib/http.server'
import { reportScheduleChangeSchema } from '~/domain/report/schedule'
import { changeReportSchedule, reportSchedule } from '~/lib/report-schedule.server'

/** GET /api/projects/{id}/report-schedule: the report e-mail's settings, recipients and recent sends (failures included). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await reportSchedule(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST {action: 'save', frequency, delivery, recipients} | {action: 'disable'} | {action: 'trigger'} */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  return json(await changeReportSchedule(user, intParam(params.id, 'project'), await parseBody(request, reportScheduleChangeSchema)))
}
