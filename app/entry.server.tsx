import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './components/nonce'

const ABORT_DELAY = 5_000

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  // scripts/server.ts put this nonce in the response's Content-Security-Policy.
  const nonce = loadContext?.cspNonce ?? ''
  const bot = isbot(request.headers.get('user-agent') ?? '')
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const app = (
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>
    )
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [bot ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true
        const body = new PassThrough()
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
    setTimeout(abort, ABORT_DELAY)
  })
}

/** Log server errors without sending details to the browser. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error('[server error]', request.method, new URL(request.url).pathname, error)
}
