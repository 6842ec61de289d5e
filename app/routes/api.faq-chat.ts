import { json, type ActionFunctionArgs } from '@remix-run/node'
import { faqChatSchema } from '~/domain/faq/search'
import { askFaq } from '~/lib/faq.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'

/** POST /api/faq-chat { message } → { response, entry }; works signed out. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const { message } = await parseBody(request, faqChatSchema)
  return json(await askFaq(message, clientAddressOf(context)), { headers: { 'Cache-Control': 'no-store' } })
}

/** GET is not a way to ask: 405. */
export function loader({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  return null
}
