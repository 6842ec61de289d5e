import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { submitFeedback } from '~/lib/admin.server'
import { text } from '~/domain/validation'

const schema = z.object({
  message: text('Feedback', 4000, { required: 'Please write your feedback.' }),
  rating: z.number().int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5').nullish(),
})

/** POST /api/feedback {message, rating?}: any signed-in user, from the Support page; admins read it on /admin. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, schema)
  return json(await submitFeedback(user, body.message, body.rating ?? null), { status: 201 })
}
