import type { LoaderFunctionArgs } from '@remix-run/node'
import { serviceWorkerScript } from '~/lib/service-worker.server'

/** GET /service-worker.js: always revalidated, so a new build's worker is found at the next visit. */
export async function loader(_args: LoaderFunctionArgs) {
  return new Response(await serviceWorkerScript(), {
    headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' },
  })
}
