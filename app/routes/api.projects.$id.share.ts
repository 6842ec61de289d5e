import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { listShares, shareProject, unshareProject } from '~/lib/sharing.server'
import { shareSchema } from '~/domain/sharing/access'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({ shares: await listShares(user, intParam(params.id, 'project')) }, { headers: { 'Cache-Control': 'no-store' } })
}

/** POST shares with an e-mail (-> sharedUser.email); DELETE with the same body takes the share back. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST', 'DELETE')
  const user = await requireUser(request)
  const id = intParam(params.id, 'project')
  const { email } = await parseBody(request, shareSchema)
  if (request.method === 'DELETE') return json(await unshareProject(user, id, email))
  return json(await shareProject(user, id, email))
}
