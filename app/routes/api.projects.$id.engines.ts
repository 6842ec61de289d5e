/** GET / POST /api/projects/{id}/engines: the engines (Google AI Overview and AI Mode, Bing Copilot, the ChatGPT app) for the project's next analyses, and their provider. */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { projectEngines, setProjectEngines } from '~/lib/engines.server'
import { engineSettingsSchema } from '~/domain/engines/tiers'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await projectEngines(user, intParam(params.id, 'project')))
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const id = intParam(params.id, 'project')
  return json(await setProjectEngines(user, id, await parseBody(request, engineSettingsSchema)))
}
