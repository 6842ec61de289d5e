/** API keys for the /api/v1 and /mcp tests: created through Profile & Limits, used with a client that has no cookie. */
import { randomInt } from 'node:crypto'
import { Agent, fetch as fetchFrom } from 'undici'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { testEnv } from './env'
import { Session } from './flows'
import { HttpClient, type RawInit, type RawResponse } from './http-client'

export interface KeyResult {
  status: number
  body: any
  key: string
}

/** POST /profile (intent create-api-key) as the signed-in user; the key is in body.created.key. */
export async function createKey(s: Session, name: string, scopes: string[], expiresInDays?: string): Promise<KeyResult> {
  const form = new URLSearchParams({ intent: 'create-api-key', name })
  for (const scope of scopes) form.append('scopes', scope)
  if (expiresInDays !== undefined) form.set('expiresInDays', expiresInDays)
  const res = await s.json('/profile?_data=routes%2Fprofile', { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  return { ...res, key: res.body?.created?.key ?? '' }
}

export async function revokeKey(s: Session, keyId: number) {
  const form = new URLSearchParams({ intent: 'revoke-api-key', keyId: String(keyId) })
  return s.json('/profile?_data=routes%2Fprofile', { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
}

/** A client that sends only the key (no session cookie), from a loopback address of its own. */
export class KeyClient {
  readonly session = new Session()
  constructor(public key: string) {}
  call(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${this.key}`)
    return this.session.json(path, { ...init, headers })
  }
}

/**
 * The raw keep-alive client of the hardening tests (tests/support/http-client.ts) with a key: every request carries
 * `Authorization: Bearer <key>` and never a cookie, from the local address given (so a test keeps its own budgets).
 */
export class KeyedHttpClient extends HttpClient {
  constructor(
    readonly key: string,
    localAddress?: string,
  ) {
    super(localAddress)
  }

  override request(method: string, path: string, init: RawInit = {}): Promise<RawResponse> {
    this.cookie = ''
    return super.request(method, path, { ...init, headers: { ...init.headers, authorization: `Bearer ${this.key}` } })
  }
}

/** An MCP SDK client connected to /mcp with the key, from a loopback address of its own (the model budget counts per address). */
export async function connectMcp(key: string, name = 'brand-visibility-test') {
  const dispatcher = new Agent({ localAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}` })
  const transport = new StreamableHTTPClientTransport(new URL(`${testEnv().appUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
    fetch: ((url: any, init: any) => fetchFrom(url, { ...init, dispatcher })) as any,
  })
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(transport)
  return client
}
