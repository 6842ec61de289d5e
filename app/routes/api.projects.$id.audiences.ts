import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { projectAudiences, setAskAsPersona } from '~/lib/audiences.server'
import { askerSettingSchema } from '~/domain/audiences/asker'

/** GET /api/projects/{id}/audiences → { audiences, topics, askAsPersona } of a project the user may read. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await projectAudiences(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/projects/{id}/audiences { askAsPersona }: the owner turns persona asking on or off for later analyses. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const { askAsPersona } = await parseBody(request, askerSettingSchema)
  return json(await setAskAsPersona(user, intParam(params.id, 'project'), askAsPersona))
}
