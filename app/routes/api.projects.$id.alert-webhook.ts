import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { alertWebhook, deleteAlertWebhook, setAlertWebhook } from '~/lib/trends.server'
import { webhookSchema } from '~/domain/trends/webhook'

/** GET: the owner's alert webhook URL (never the secret). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await alertWebhook(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST {url}: https and public only; answers the signing secret once. DELETE: no webhook. Owner only. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST', 'DELETE')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  if (request.method === 'DELETE') return json(await deleteAlertWebhook(user, projectId))
  const { url } = await parseBody(request, webhookSchema)
  return json(await setAlertWebhook(user, projectId, url), { headers: { 'Cache-Control': 'no-store' } })
}
