import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { clearChat, prepareChat, runChat, type ChatSink } from '~/lib/chat.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { chatClearSchema, chatRequestSchema } from '~/domain/chat'

/**
 * POST /api/ai-chat { projectId, analysisId, message, conversationHistory } → { response, dataContext }.
 * With `Accept: text/event-stream` the same question is answered as server-sent events while the model
 * writes: `question`, `tool`, `delta` { text }, `replace` { text }, then `done` (the JSON answer) or
 * `error` { error, details, type, status }. DELETE /api/ai-chat { projectId, analysisId } is Clear.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST', 'DELETE')
  const user = await requireUser(request)
  if (request.method === 'DELETE') return json(await clearChat(user, await parseBody(request, chatClearSchema)))
  const body = await parseBody(request, chatRequestSchema)
  const run = await prepareChat(user, body, clientAddressOf(context))
  if (!/text\/event-stream/.test(request.headers.get('accept') ?? '')) {
    const out = await runChat(run)
    return json(out, { headers: { 'Cache-Control': 'no-store' } })
  }

  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true
      const send = (event: string, data: unknown) => {
        if (!open) return
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
        } catch {
          open = false // the browser went away; the reply is still stored
        }
      }
      const sink: ChatSink = {
        delta: (text) => send('delta', { text }),
        replace: (text) => send('replace', { text }),
        tool: (item) => send('tool', item),
        question: (message) => send('question', message),
      }
      runChat(run, sink)
        .then((out) => send('done', out))
        .catch(async (err) => {
          if (err instanceof Response) send('error', { ...((await err.json().catch(() => null)) ?? { error: 'Unknown error' }), status: err.status })
          else send('error', { error: 'Failed to get AI response', details: err instanceof Error ? err.message : String(err), status: 500 })
        })
        .finally(() => {
          if (!open) return
          open = false
          try {
            controller.close()
          } catch {}
        })
    },
  })
  return new Response(stream, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' },
  })
}

/** GET is not a way to ask: 405. */
export function loader({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST', 'DELETE')
  return null
}
