/**
 * OpenID Connect discovery and ID-token validation with node:crypto only (RS256 against the
 * provider's JWKS), so sign-in does not depend on a JOSE library we do not ship directly.
 */
import { createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto'
import { z } from 'zod'

export class IdTokenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IdTokenError'
  }
}

export interface IdTokenClaims {
  iss: string
  sub: string
  aud: string | string[]
  exp: number
  iat?: number
  nbf?: number
  nonce?: string
  azp?: string
  oid?: string
  tid?: string
  email?: string
  preferred_username?: string
  name?: string
  given_name?: string
  family_name?: string
  [claim: string]: unknown
}

export interface Jwk {
  kty: string
  kid?: string
  use?: string
  alg?: string
  n?: string
  e?: string
  [field: string]: unknown
}

/** Returns the keys that may have signed a token; `refresh` asks for a fresh copy (key rotation). */
export type KeySource = (refresh: boolean) => Promise<Jwk[]>

export interface IdTokenExpectations {
  /** The issuer from discovery. Entra's multi-tenant documents say `{tenantid}`, filled from the tid claim. */
  issuer: string
  /** Our client id. */
  audience: string
  /** Required when the authorization request carried one. */
  nonce?: string
  keys: KeySource
  /** Seconds; tolerated clock difference with the provider. */
  clockTolerance?: number
  now?: () => number
}

const SUPPORTED_ALG = 'RS256'

function decodeSegment(segment: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    if (value && typeof value === 'object' && !Array.isArray(value)) return value
  } catch {}
  throw new IdTokenError(`ID token ${what} is not valid JSON`)
}

function pickKey(keys: Jwk[], kid: string | undefined): Jwk | undefined {
  const usable = keys.filter((k) => k.kty === 'RSA' && (!k.use || k.use === 'sig') && (!k.alg || k.alg === SUPPORTED_ALG))
  if (kid) return usable.find((k) => k.kid === kid)
  return usable.length === 1 ? usable[0] : undefined
}

/** Validates signature, iss, aud (and azp), exp, nbf, iat and nonce; returns the claims. */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<IdTokenClaims> {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) throw new IdTokenError('ID token is not a compact JWS')
  const [headerPart, payloadPart, signaturePart] = parts
  const header = decodeSegment(headerPart, 'header')
  // Only RS256: refuses "none", HMAC with the public key as secret and other algorithm confusion.
  if (header.alg !== SUPPORTED_ALG) throw new IdTokenError(`ID token algorithm ${String(header.alg)} is not accepted`)
  const kid = typeof header.kid === 'string' ? header.kid : undefined

  let jwk = pickKey(await expect.keys(false), kid)
  if (!jwk) jwk = pickKey(await expect.keys(true), kid)
  if (!jwk) throw new IdTokenError('ID token signing key is not in the provider JWKS')
  let key: KeyObject
  try {
    key = createPublicKey({ key: jwk as any, format: 'jwk' })
  } catch {
    throw new IdTokenError('Provider JWKS key is unusable')
  }
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii')
  if (!verifySignature('RSA-SHA256', signed, key, Buffer.from(signaturePart, 'base64url'))) {
    throw new IdTokenError('ID token signature is invalid')
  }

  const claims = decodeSegment(payloadPart, 'payload') as Partial<IdTokenClaims>
  const now = Math.floor((expect.now ?? Date.now)() / 1000)
  const tolerance = expect.clockTolerance ?? 120

  const expectedIssuer = expect.issuer.includes('{tenantid}') && typeof claims.tid === 'string'
    ? expect.issuer.replace('{tenantid}', claims.tid)
    : expect.issuer
  if (claims.iss !== expectedIssuer) throw new IdTokenError('ID token issuer does not match')

  const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : []
  if (!audiences.includes(expect.audience)) throw new IdTokenError('ID token audience does not match')
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== expect.audience) {
    throw new IdTokenError('ID token authorised party does not match')
  }

  if (typeof claims.exp !== 'number') throw new IdTokenError('ID token has no expiry')
  if (claims.exp + tolerance < now) throw new IdTokenError('ID token has expired')
  if (typeof claims.nbf === 'number' && claims.nbf - tolerance > now) throw new IdTokenError('ID token is not valid yet')
  if (typeof claims.iat === 'number' && claims.iat - tolerance > now) throw new IdTokenError('ID token was issued in the future')
  if (typeof claims.sub !== 'string' || !claims.sub) throw new IdTokenError('ID token has no subject')
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) throw new IdTokenError('ID token nonce does not match')

  return claims as IdTokenClaims
}

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  end_session_endpoint: z.string().url().optional(),
})

export type DiscoveryDocument = z.infer<typeof discoverySchema>

const DISCOVERY_TTL_MS = 60 * 60 * 1000
const JWKS_TTL_MS = 60 * 60 * 1000
const JWKS_MIN_REFRESH_MS = 30 * 1000
const FETCH_TIMEOUT_MS = 5000

const discoveries = new Map<string, { doc: DiscoveryDocument; at: number }>()

/** The authority's OpenID discovery document, cached for an hour per authority. */
export async function discover(authority: string): Promise<DiscoveryDocument> {
  const base = authority.replace(/\/+$/, '')
  const cached = discoveries.get(base)
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc
  const url = `${base}/.well-known/openid-configuration`
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`OpenID discovery failed: ${res.status} from ${url}`)
  const parsed = discoverySchema.safeParse(await res.json())
  if (!parsed.success) throw new Error(`OpenID discovery document at ${url} is incomplete`)
  discoveries.set(base, { doc: parsed.data, at: Date.now() })
  return parsed.data
}

/** The discovery document if it was fetched before; never waits on the network. */
export function cachedDiscovery(authority: string): DiscoveryDocument | undefined {
  return discoveries.get(authority.replace(/\/+$/, ''))?.doc
}

const jwksCache = new Map<string, { keys: Jwk[]; at: number }>()

/** Keys from a JWKS URL, cached; a forced refresh (unknown kid) happens at most every 30 s. */
export function remoteKeys(jwksUri: string): KeySource {
  return async (refresh) => {
    const cached = jwksCache.get(jwksUri)
    const age = cached ? Date.now() - cached.at : Infinity
    if (cached && age < JWKS_TTL_MS && (!refresh || age < JWKS_MIN_REFRESH_MS)) return cached.keys
    const res = await fetch(jwksUri, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status} from ${jwksUri}`)
    const body = (await res.json()) as { keys?: unknown }
    const keys = Array.isArray(body.keys) ? (body.keys as Jwk[]) : []
    jwksCache.set(jwksUri, { keys, at: Date.now() })
    return keys
  }
}

/** A fixed key set (tests, or keys configured by hand). */
export function staticKeys(keys: Jwk[]): KeySource {
  return async () => keys
}
