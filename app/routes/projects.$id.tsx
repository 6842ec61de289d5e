import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { getProject } from '~/lib/projects.server'

/** /projects/{id} opens the project's results (phase 2, overview) once access is checked. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await getProject(user, intParam(params.id, 'project'))
  return redirect(`/?phase=2&project=${project.id}&tab=overview`)
}
