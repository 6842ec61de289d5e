import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { badRequest, intParam } from '~/lib/http.server'
import { analysisPersonas } from '~/lib/audiences.server'
import { askerQuerySchema } from '~/domain/audiences/asker'
import { errorMessage } from '~/domain/validation'

/** GET /api/analyses/{id}/audiences?model=&topic=&audience= → visibility per persona, with and without the persona as asker. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const param = (name: string) => url.searchParams.get(name) || undefined
  const raw = { model: param('model'), topic: param('topic'), audience: param('audience') }
  const parsed = askerQuerySchema.safeParse(raw)
  if (!parsed.success) badRequest(errorMessage(parsed.error, undefined, raw))
  return json(await analysisPersonas(user, intParam(params.id, 'analysis'), parsed.data), { headers: { 'Cache-Control': 'no-store' } })
}
