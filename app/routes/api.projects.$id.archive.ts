import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { archiveProject, archiveSharedProject } from '~/lib/sharing.server'
import { archiveSchema } from '~/domain/sharing/access'

/** PATCH /api/projects/{id}/archive (owner) and /archive-shared (a sharee's or public viewer's own view). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH')
  const user = await requireUser(request)
  const id = intParam(params.id, 'project')
  const { archived } = await parseBody(request, archiveSchema)
  const ownView = new URL(request.url).pathname.endsWith('/archive-shared')
  return json(await (ownView ? archiveSharedProject : archiveProject)(user, id, archived))
}
