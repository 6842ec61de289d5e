import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { getProject } from '~/lib/projects.server'
import { homeHref } from '~/domain/home-phases'

/** /projects/{id} opens the project's results (the results phase, overview tab) once access is checked. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await getProject(user, intParam(params.id, 'project'))
  return redirect(homeHref('results', { project: project.id, tab: 'overview' }))
}
