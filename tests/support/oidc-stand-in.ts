/**
 * An OpenID provider on 127.0.0.1 standing in for Microsoft Entra ID (oidc-provider). Sign-in is
 * approved automatically: its interaction page logs in the user given to setNextUser and grants
 * the requested scopes, so a test can follow the whole redirect chain with fetch and a cookie jar.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'

export interface StandInUser {
  sub: string
  email: string
  name?: string
  given_name?: string
  family_name?: string
  oid?: string
}

export interface OidcStandIn {
  issuer: string
  clientId: string
  clientSecret: string
  /** The JWKS private key, e.g. to sign tokens the app must refuse. */
  privateJwk: Record<string, unknown>
  close(): Promise<void>
  /** Who is signed in by the next authorization request (default: a fixed test user). */
  setNextUser(claims: StandInUser): void
}

export const NEXT_USER_PATH = '/__test/next-user'

/** From a test process: make the stand-in at `issuer` sign in this user on the next authorization. */
export async function setStandInNextUser(issuer: string, claims: StandInUser): Promise<void> {
  const res = await fetch(`${issuer}${NEXT_USER_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(claims) })
  if (!res.ok) throw new Error(`stand-in refused next user: ${res.status} ${await res.text()}`)
}

function parseUser(value: unknown): StandInUser {
  const v = value as Partial<StandInUser> | null
  if (!v || typeof v.sub !== 'string' || typeof v.email !== 'string') throw new Error('sub and email are required')
  const opt = (x: unknown) => (typeof x === 'string' ? x : undefined)
  return { sub: v.sub, email: v.email, name: opt(v.name), given_name: opt(v.given_name), family_name: opt(v.family_name), oid: opt(v.oid) }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 10_000) req.destroy(new Error('body too large'))
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/** oidc-provider's storage, in memory; one instance per model name, entries dropped on expiry. */
class MemoryAdapter {
  private static stores = new Map<string, Map<string, { payload: Record<string, any>; expiresAt: number }>>()
  private store: Map<string, { payload: Record<string, any>; expiresAt: number }>
  constructor(name: string) {
    this.store = MemoryAdapter.stores.get(name) ?? new Map()
    MemoryAdapter.stores.set(name, this.store)
  }
  async upsert(id: string, payload: Record<string, any>, expiresIn?: number) {
    this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })
  }
  async find(id: string) {
    const entry = this.store.get(id)
    if (!entry) return undefined
    if (entry.expiresAt < Date.now()) {
      this.store.delete(id)
      return undefined
    }
    return entry.payload
  }
  async findByUid(uid: string) {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id)
    return undefined
  }
  async findByUserCode(userCode: string) {
    for (const [id, entry] of this.store) if (entry.payload.userCode === userCode) return this.find(id)
    return undefined
  }
  async consume(id: string) {
    const entry = this.store.get(id)
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    this.store.delete(id)
  }
  async revokeByGrantId(grantId: string) {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id)
  }
}

const DEFAULT_USER: StandInUser = {
  sub: 'stand-in-user',
  oid: '00000000-0000-4000-8000-000000000001',
  email: 'entra.user@example.test',
  name: 'Entra User',
  given_name: 'Entra',
  family_name: 'User',
}

export async function startOidcStandIn(opts: {
  port?: number
  redirectUris: string[] | ((port: number) => string[])
  clientId?: string
  clientSecret?: string
}): Promise<OidcStandIn> {
  // oidc-provider ships no types (and @types/oidc-provider is not installed): import it untyped.
  const packageName = 'oidc-provider'
  const { default: Provider } = (await import(packageName)) as { default: any }

  // The port must be known before the provider exists (it is part of the issuer), so listen first.
  let handler: http.RequestListener = (_req, res) => void res.writeHead(503).end()
  const server = http.createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const issuer = `http://127.0.0.1:${port}`
  const redirectUris = typeof opts.redirectUris === 'function' ? opts.redirectUris(port) : opts.redirectUris
  // URL-safe values: arctic sends client_secret_basic without form-encoding the credentials.
  const clientId = opts.clientId ?? `stand-in-${randomBytes(4).toString('hex')}`
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('hex')

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' }

  const accounts = new Map<string, StandInUser>()
  let nextUser: StandInUser = DEFAULT_USER

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [...new Set(redirectUris.map((u) => `${new URL(u).origin}/`))],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [privateJwk] },
    // Explicit, so oidc-provider does not warn about its development defaults on every run.
    adapter: MemoryAdapter,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Like Entra: profile and e-mail claims in the ID token itself, plus the object id (oid).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'oid', 'tid'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = accounts.get(sub)
      if (!user) return undefined
      return {
        accountId: sub,
        claims: () => ({
          sub,
          oid: user.oid,
          tid: 'test',
          email: user.email,
          email_verified: true,
          name: user.name,
          given_name: user.given_name,
          family_name: user.family_name,
          preferred_username: user.email,
        }),
      }
    },
  })
  // Keep the test output clean: errors reach the test through the redirect chain.
  provider.on('server_error', () => {})

  const callback = provider.callback()
  handler = async (req, res) => {
    // Tests run in other processes than the global setup that owns this server, so they choose
    // the next user over HTTP: POST /__test/next-user with the claims as JSON.
    if (req.method === 'POST' && req.url === NEXT_USER_PATH) {
      try {
        nextUser = parseUser(JSON.parse(await readBody(req)))
        res.writeHead(204).end()
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err))
      }
      return
    }
    if (req.method === 'GET' && req.url?.startsWith('/interaction/')) {
      try {
        const details = await provider.interactionDetails(req, res)
        const user = nextUser
        accounts.set(user.sub, user)
        const grant = new provider.Grant({ accountId: user.sub, clientId: details.params.client_id })
        grant.addOIDCScope(String(details.params.scope ?? 'openid'))
        const grantId = await grant.save()
        await provider.interactionFinished(req, res, { login: { accountId: user.sub }, consent: { grantId } }, { mergeWithLastSubmission: false })
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(err)}`)
      }
      return
    }
    callback(req, res)
  }

  return {
    issuer,
    clientId,
    clientSecret,
    privateJwk,
    setNextUser(claims) {
      nextUser = parseUser(claims)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
