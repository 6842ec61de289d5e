import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { saveToProject } from '~/lib/optimiser.server'
import { saveRequest } from '~/domain/optimiser/requests'

/** POST /api/content/optimiser-v2/save-to-project { projectId, analysisResult, optimizedContent?, metadata } → { success, saveId }. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, saveRequest)
  return json(await saveToProject(user, body))
}
