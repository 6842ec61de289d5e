/**
 * Microsoft Entra ID sign-in through remix-auth-microsoft. Its strategy hard-codes
 * login.microsoftonline.com, so a subclass takes the endpoints from the discovery document of
 * MICROSOFT_AUTHORITY (a stand-in provider in tests) and adds a nonce bound to the OAuth state.
 */
import { createCookie } from '@remix-run/node'
import { createHmac } from 'node:crypto'
import { MicrosoftStrategy, type MicrosoftStrategyOptions } from 'remix-auth-microsoft'
import { env, entraConfigured } from './env.server'
import { cachedDiscovery, discover, remoteKeys, verifyIdToken } from './id-token.server'
import { findOrCreateEntraUser } from './accounts.server'
import type { User } from './auth.server'
import { secureCookies } from './session.server'

export const ENTRA_CALLBACK_PATH = '/auth/microsoft/callback'
/** Prefix of the short-lived cookies holding OAuth state + PKCE verifier (one per attempt). */
const STATE_COOKIE = 'entra_oauth'

export function entraAuthority(): string {
  const e = env()
  return (e.MICROSOFT_AUTHORITY || `https://login.microsoftonline.com/${e.MICROSOFT_TENANT_ID}/v2.0`).replace(/\/+$/, '')
}

/** APP_URL when set (needed behind a TLS-terminating proxy), else the origin the request came to. */
export function appOrigin(request: Request): string {
  const configured = env().APP_URL
  return (configured ? new URL(configured).origin : new URL(request.url).origin).replace(/\/+$/, '')
}

/** A nonce derived from the state, so the callback can recompute it without storing more. */
export function nonceForState(state: string): string {
  return createHmac('sha256', env().SESSION_SECRET).update(`entra-nonce:${state}`).digest('base64url')
}

type StrategyOptions = MicrosoftStrategyOptions & {
  authorizationEndpoint: string
  tokenEndpoint: string
  cookie: { name: string; secure?: true; sameSite: 'Lax'; httpOnly: true; path: string }
}

class EntraStrategy<U> extends MicrosoftStrategy<U> {
  constructor(options: StrategyOptions, verify: ConstructorParameters<typeof MicrosoftStrategy<U>>[1]) {
    super(options, verify)
    this.options.authorizationEndpoint = options.authorizationEndpoint
    this.options.tokenEndpoint = options.tokenEndpoint
    this.options.cookie = options.cookie
  }

  protected authorizationParams(params: URLSearchParams): URLSearchParams {
    const out = super.authorizationParams(params)
    const state = out.get('state')
    if (state) out.set('nonce', nonceForState(state))
    return out
  }
}

/** Built per request because the redirect URI may depend on the request origin; discovery is cached. */
export async function entraStrategy(request: Request): Promise<MicrosoftStrategy<User>> {
  const e = env()
  if (!entraConfigured()) throw new Error('Microsoft Entra ID is not configured')
  const clientId = e.MICROSOFT_CLIENT_ID!
  const authority = entraAuthority()
  const doc = await discover(authority)
  return new EntraStrategy<User>(
    {
      clientId,
      clientSecret: e.MICROSOFT_CLIENT_SECRET!,
      tenantId: e.MICROSOFT_TENANT_ID,
      redirectURI: `${appOrigin(request)}${ENTRA_CALLBACK_PATH}`,
      scopes: ['openid', 'profile', 'email'],
      authorizationEndpoint: doc.authorization_endpoint,
      tokenEndpoint: doc.token_endpoint,
      cookie: { name: STATE_COOKIE, sameSite: 'Lax', httpOnly: true, path: '/', ...(secureCookies(request) ? { secure: true } : {}) },
    },
    async ({ request: callback, tokens }) => {
      const state = new URL(callback.url).searchParams.get('state') ?? ''
      const claims = await verifyIdToken(tokens.idToken(), {
        issuer: doc.issuer,
        audience: clientId,
        nonce: nonceForState(state),
        keys: remoteKeys(doc.jwks_uri),
      })
      return findOrCreateEntraUser(claims)
    },
  )
}

/** Set-Cookie values that delete every OAuth state cookie the request carried. */
export function clearStateCookies(request: Request): string[] {
  const header = request.headers.get('Cookie') ?? ''
  return header
    .split(';')
    .map((part) => part.split('=')[0]?.trim())
    .filter((name): name is string => Boolean(name && name.startsWith(STATE_COOKIE)))
    .map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
}

/** Where to go after the Entra round trip; the value is re-checked with safeRedirect when read. */
export const entraRedirectCookie = (request: Request) =>
  createCookie('entra_redirect', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 10 * 60,
    secure: secureCookies(request),
  })

/**
 * The provider's end-session URL (signs the browser out of Entra too), returning to our home page.
 * Uses the cached discovery document when there is one, else the conventional v2.0 logout path.
 */
export async function entraLogoutUrl(request: Request): Promise<string> {
  const e = env()
  const authority = entraAuthority()
  let endpoint = cachedDiscovery(authority)?.end_session_endpoint
  if (!endpoint) {
    try {
      endpoint = (await discover(authority)).end_session_endpoint
    } catch {}
  }
  endpoint ??= `${authority.replace(/\/v2\.0$/, '')}/oauth2/v2.0/logout`
  const url = new URL(endpoint)
  url.searchParams.set('post_logout_redirect_uri', `${appOrigin(request)}/`)
  if (e.MICROSOFT_CLIENT_ID) url.searchParams.set('client_id', e.MICROSOFT_CLIENT_ID)
  return url.toString()
}
