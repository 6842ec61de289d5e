import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { listProjects } from '~/lib/projects.server'
import { createOrUpdateProject } from '~/lib/projects-write.server'
import { projectInputSchema } from '~/domain/projects'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await listProjects(user), { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const input = await parseBody(request, projectInputSchema)
  const { project, created } = await createOrUpdateProject(user, input)
  return json(project, { status: created ? 201 : 200 })
}
