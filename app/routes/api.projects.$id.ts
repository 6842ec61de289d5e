import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { getProject } from '~/lib/projects.server'
import { deleteProject, updateProject } from '~/lib/projects-write.server'
import { projectPatchSchema } from '~/domain/projects'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await getProject(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH', 'PUT', 'DELETE')
  const user = await requireUser(request)
  const id = intParam(params.id, 'project')
  if (request.method === 'DELETE') {
    await deleteProject(user, id)
    return json({ success: true, id })
  }
  const patch = await parseBody(request, projectPatchSchema)
  return json(await updateProject(user, id, patch))
}
