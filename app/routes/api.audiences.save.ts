import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { saveAudiences } from '~/lib/audiences.server'
import { saveAudiencesSchema } from '~/domain/audiences'

/** POST /api/audiences/save { projectId, audiences[] }: the owner stores the project's audiences (saved-audience payload). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, saveAudiencesSchema)
  return json(await saveAudiences(user, body))
}
