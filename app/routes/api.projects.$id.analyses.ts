import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { getProject } from '~/lib/projects.server'
import { listAnalyses } from '~/lib/analyses.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await getProject(user, intParam(params.id, 'project'))
  return json(await listAnalyses(user, { projectId: project.id }), { headers: { 'Cache-Control': 'no-store' } })
}
