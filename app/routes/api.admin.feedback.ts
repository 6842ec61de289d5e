import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireAdmin } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { listFeedback, markFeedbackHandled } from '~/lib/admin.server'
import { id, requiredOr } from '~/domain/validation'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json({ feedback: await listFeedback() }, { headers: { 'Cache-Control': 'no-store' } })
}

const handledSchema = z.object({ id: id('id'), handled: z.boolean({ error: requiredOr('handled is required', 'handled must be true or false') }) })

/** PATCH /api/admin/feedback {id, handled} */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH')
  const admin = await requireAdmin(request)
  const body = await parseBody(request, handledSchema)
  return json(await markFeedbackHandled(admin, body.id, body.handled))
}
