/**
 * The web app's HTTP server: static assets, then for every other request, in one place for all
 * routes: the body read whole (at most 256 KB, else 413, and always drained so a keep-alive
 * connection survives), a same-origin check for every state-changing request (CSRF), the security
 * headers (CSP with a per-request nonce for Remix's inline scripts), and the Remix request handler.
 */
import express from 'express'
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from '@remix-run/node'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { checkEnvAtStart } from '../app/lib/env.server'
import { ownOrigins } from '../app/lib/origins.server'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildPath = path.join(root, 'build', 'index.js')
const isDev = process.env.NODE_ENV === 'development'

/** Largest request body any route accepts; sign-in reads at most 64 KB of it. */
export const MAX_BODY_BYTES = 256 * 1024
// A larger body is still read and dropped up to this size (so the answer arrives and the
// connection stays usable); beyond it the connection is closed.
const MAX_DRAIN_BYTES = 16 * 1024 * 1024

async function loadBuild(): Promise<ServerBuild> {
  // In development the build is re-imported when it changes (remix watch rewrites it).
  const version = isDev ? `?t=${(await stat(buildPath)).mtimeMs}` : ''
  return (await import(pathToFileURL(buildPath).href + version)) as ServerBuild
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * A state-changing request is accepted only when the browser says it comes from this site:
 * Origin (or, when there is none, Referer) is one of `own` (APP_URL, else the addresses the app was
 * started on: app/lib/origins.server.ts; never the Host header, which any client sets), or
 * Sec-Fetch-Site is same-origin/none. A request with none of these (or Origin "null") is refused.
 */
export function sameOrigin(req: express.Request, own: ReadonlySet<string>): boolean {
  const site = req.get('sec-fetch-site')
  if (site === 'same-origin' || site === 'none') return true
  const origin = req.get('origin')
  const claimed = origin && origin !== 'null' ? originOf(origin) : origin ? null : originOf(req.get('referer'))
  return claimed !== null && own.has(claimed)
}

/** Agent analytics: log files are streamed to their route; pushed batches and API uploads have larger caps. */
const LOG_UPLOAD_PATH = /^\/api\/crawlers\/\d+\/upload$/
const LOG_PUSH_PATH = /^\/api\/crawlers\/\d+\/push$/
const LOG_BODY_LIMITS: [RegExp, number][] = [
  [LOG_PUSH_PATH, 5 * 1024 * 1024],
  [/^\/api\/v1\/projects\/[^/]+\/logs$/, 28 * 1024 * 1024],
]
const bodyLimitOf = (req: express.Request) => LOG_BODY_LIMITS.find(([re]) => re.test(req.path))?.[1] ?? MAX_BODY_BYTES

const keyOnlyPath = (req: express.Request) => req.path === '/mcp' || req.path.startsWith('/api/v1/') || LOG_PUSH_PATH.test(req.path)

/**
 * The key-only endpoints (/api/v1, /mcp) never read the session cookie, so a cross-site page cannot borrow a
 * visitor's credentials there: a request with an API key is exempt from the same-origin check, and so is one
 * that carries nothing a browser sends (no cookie, no Origin, no Sec-Fetch-Site) — a script or MCP client
 * that forgot its key, which then hears 401 "API key required" with WWW-Authenticate: Bearer, not 403.
 */
export function keyOnlyRequest(req: express.Request): boolean {
  if (!keyOnlyPath(req)) return false
  if (/^Bearer\s+\S/i.test(req.get('authorization') ?? '')) return true
  return !req.get('cookie') && !req.get('origin') && !req.get('sec-fetch-site')
}

function contentSecurityPolicy(nonce: string): string {
  const formTargets = ["'self'"]
  // Sign-out posts a form whose answer redirects to Microsoft's end-session page.
  const authority = originOf(process.env.MICROSOFT_AUTHORITY) ?? (process.env.MICROSOFT_CLIENT_ID ? 'https://login.microsoftonline.com' : null)
  if (authority) formTargets.push(authority)
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React renders style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Brand icons come from public favicon services.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action ${formTargets.join(' ')}`,
  ].join('; ')
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()'

/** Reads the whole body: the bytes, or 'too-large' once it passed the limit (the rest drained). */
function readBody(req: express.Request, limit = MAX_BODY_BYTES): Promise<Buffer | 'too-large' | 'unreadable'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else if (size > Math.max(limit, MAX_DRAIN_BYTES)) {
        req.removeAllListeners('data')
        req.pause()
        resolve('too-large')
      }
    })
    req.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)))
    req.on('error', () => resolve('unreadable'))
    req.on('aborted', () => resolve('unreadable'))
  })
}

const hasBody = (req: express.Request) => Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined

function tooLarge(res: express.Response, close: boolean, limit = MAX_BODY_BYTES) {
  if (close) res.set('Connection', 'close')
  const message = `The request body is larger than ${limit / 1024} KB.`
  res.status(413).json({ error: 'Payload Too Large', message })
}

/** Headers a route may set that must appear once: the route's value replaces the default. */
const SINGLE_HEADERS = new Set(['referrer-policy', 'x-frame-options', 'x-content-type-options', 'content-security-policy', 'permissions-policy'])

async function sendRemixResponse(req: express.Request, res: express.Response, response: Response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) {
    if (SINGLE_HEADERS.has(key) || key === 'cache-control') res.set(key, value)
    else res.append(key, value)
  }
  // Pages and their data (?_data) can carry a signed-in user's data: never stored by a cache.
  const isPageData = req.query._data !== undefined || /text\/html/i.test(response.headers.get('content-type') ?? '')
  if (isPageData || !response.headers.has('cache-control')) res.set('Cache-Control', 'no-store')
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}

function headersOf(req: express.Request): Headers {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else if (value !== undefined) headers.set(key, value)
  }
  return headers
}

function clientAddressOf(req: express.Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? 'unknown'
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/** TRUST_PROXY: express's "trust proxy" (true, a hop count, or addresses); unset = the socket's peer is the client. */
function trustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  return /^\d+$/.test(value) ? Number(value) : value
}

export async function createServer() {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', trustProxy(process.env.TRUST_PROXY))
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    res.set('X-Content-Type-Options', 'nosniff')
    res.set('Referrer-Policy', 'same-origin')
    res.set('X-Frame-Options', 'DENY')
    res.set('Content-Security-Policy', contentSecurityPolicy(nonce))
    res.set('Permissions-Policy', PERMISSIONS_POLICY)
    if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  })
  app.use('/build', express.static(path.join(root, 'public', 'build'), { immutable: true, maxAge: '1y' }))
  app.use(express.static(path.join(root, 'public'), { maxAge: '1h' }))
  const origins = ownOrigins()
  let build = await loadBuild()
  let handle = createRequestHandler(build, isDev ? 'development' : 'production')
  app.all('*', async (req, res, next) => {
    try {
      const streamed = req.method === 'POST' && LOG_UPLOAD_PATH.test(req.path)
      const limit = bodyLimitOf(req)
      if (!streamed && Number(req.get('content-length') ?? 0) > Math.max(limit, MAX_DRAIN_BYTES)) return tooLarge(res, true, limit)
      const body = streamed ? (Readable.toWeb(req) as ReadableStream) : hasBody(req) ? await readBody(req, limit) : null
      if (body === 'unreadable') return void res.destroy()
      if (body === 'too-large') return tooLarge(res, !req.complete, limit)
      if (!SAFE_METHODS.has(req.method) && !keyOnlyRequest(req) && !sameOrigin(req, origins)) {
        res.status(403).json({ error: 'Forbidden', message: 'Cross-site request refused.' })
        return
      }
      if (isDev) {
        build = await loadBuild()
        handle = createRequestHandler(build, 'development')
      }
      let url: URL
      try {
        url = new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`)
      } catch {
        res.status(400).json({ error: 'Bad Request', message: 'The request URL is not valid.' })
        return
      }
      const controller = new AbortController()
      res.on('close', () => {
        if (!res.writableFinished) controller.abort()
      })
      const request = new Request(url.href, {
        method: req.method,
        headers: headersOf(req),
        signal: controller.signal,
        ...(SAFE_METHODS.has(req.method) && req.method !== 'OPTIONS' ? {} : { body: body ?? undefined, duplex: 'half' }),
      } as RequestInit)
      const response = await handle(request, { clientAddress: clientAddressOf(req), cspNonce: res.locals.cspNonce as string })
      await sendRemixResponse(req, res, response)
    } catch (error) {
      next(error)
    }
  })
  return app
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The one environment schema, checked before anything is served (the worker does the same).
  checkEnvAtStart('The web app')
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '0.0.0.0'
  const app = await createServer()
  const server = app.listen(port, host, () => console.log(`web app listening on http://localhost:${port}`))
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
