import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { badRequest, intParam, requireMethod } from '~/lib/http.server'
import { loadCanaries, setCanaries } from '~/lib/canaries.server'

/** GET /api/projects/{id}/canaries: the model changes flagged, the canaries' cost and whether they run. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await loadCanaries(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST {enabled: boolean}: turns the project's canaries on or off (write access). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  let body: unknown
  try {
    body = await request.json()
  } catch {
    badRequest('The request body is not valid JSON.')
  }
  return json(await setCanaries(user, intParam(params.id, 'project'), body))
}
