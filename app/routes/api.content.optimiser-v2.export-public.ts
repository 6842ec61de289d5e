import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { appOrigin } from '~/lib/entra.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { createContentExport } from '~/lib/optimiser.server'
import { exportRequest } from '~/domain/optimiser/requests'

/** POST /api/content/optimiser-v2/export-public { analysisResult, optimisedContent, metadata } → { success, shareUrl }. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, exportRequest)
  return json(await createContentExport(user, body, appOrigin(request)))
}
