import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { setPublic } from '~/lib/sharing.server'
import { publicSchema } from '~/domain/sharing/access'

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH')
  const user = await requireUser(request)
  const id = intParam(params.id, 'project')
  const { isPublic } = await parseBody(request, publicSchema)
  return json(await setPublic(user, id, isPublic))
}
