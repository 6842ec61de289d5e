/**
 * A plain HTTP client for the hardening tests: one keep-alive connection (so a test can see whether
 * the connection survives), an optional local address (127.0.0.x) so per-address limits of one test
 * do not spend another test's budget, and cookies.
 */
import http from 'node:http'
import { randomBytes, randomInt } from 'node:crypto'
import { testEnv } from './env'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  rawHeaders: string[]
  text: string
  body: any
  reusedSocket: boolean
}

export interface RawInit {
  json?: unknown
  body?: string | Buffer
  headers?: Record<string, string>
  /** Leave out the Origin header that a browser would send. */
  noOrigin?: boolean
}

export class HttpClient {
  cookie = ''
  readonly agent: http.Agent
  readonly base: URL

  /** Without an address, one of its own in 127/8 (as Session does), so per-address budgets never add up across tests. */
  constructor(readonly localAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`) {
    this.base = new URL(testEnv().appUrl)
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress })
  }

  request(method: string, path: string, init: RawInit = {}): Promise<RawResponse> {
    const headers: Record<string, string> = { ...init.headers }
    if (this.cookie && !('cookie' in headers)) headers.cookie = this.cookie
    if (!init.noOrigin && method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = this.base.origin
    let body = init.body
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = JSON.stringify(init.json)
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';')
            if (pair.startsWith('__session=')) this.cookie = pair.endsWith('=') ? '' : pair
          }
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: any = text
          try {
            parsed = text ? JSON.parse(text) : null
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, text, body: parsed, reusedSocket: req.reusedSocket })
        })
        res.on('error', reject)
      })
      req.on('error', reject)
      if (body !== undefined) req.write(body)
      req.end()
    })
  }

  close() {
    this.agent.destroy()
  }
}

export const uniqueEmail = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@example.test`

/** A new local account signed in on a client from `localAddress`. */
export async function signedInClient(localAddress?: string, password = 'quiet lantern over the marsh') {
  const client = new HttpClient(localAddress)
  const email = uniqueEmail('hard')
  const res = await client.request('POST', '/api/auth/signup', { json: { email, password } })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`)
  return Object.assign(client, { email, password, userId: res.body.user.id as number })
}

/** How many times a header appears in a response (rawHeaders keeps duplicates apart). */
export const headerCount = (res: RawResponse, name: string) => res.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name).length
