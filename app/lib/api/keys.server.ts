/**
 * Personal API keys: a key is `Authorization: Bearer abv_…`; only its SHA-256 is stored. Every call
 * made with a known key is logged in api_key_calls (also those refused because the key is revoked or expired, or
 * lacks the scope); last_used_at moves on each accepted call. Failed keys are throttled per client address.
 */
import { createHash, randomBytes } from 'node:crypto'
import { json } from '@remix-run/node'
import { db } from '../db.server'
import { getUserById, type User } from '../auth.server'
import { API_KEY_THROTTLE, countEvent, retryAfter } from '../throttle.server'
import {
  API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_VISIBLE, keyStatus, MAX_ACTIVE_API_KEYS, apiKeyInputSchema, type ApiKeyInput, type ApiKeyView, type ApiScope,
} from '../../domain/api'
import { errorMessage, idFrom } from '../../domain/validation'
import { ApiError, toApiError } from './errors.server'

interface KeyRow {
  id: number
  user_id: number
  name: string
  prefix: string
  scopes: ApiScope[]
  expires_at: Date | null
  last_used_at: Date | null
  revoked_at: Date | null
  created_at: Date
  calls?: number
  owner_email?: string
}

export interface ApiPrincipal {
  user: User
  key: KeyRow
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

function viewOf(k: KeyRow, withOwner = false): ApiKeyView {
  const base = {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    createdAt: k.created_at.toISOString(),
    expiresAt: k.expires_at?.toISOString() ?? null,
    lastUsedAt: k.last_used_at?.toISOString() ?? null,
    revokedAt: k.revoked_at?.toISOString() ?? null,
    calls: k.calls ?? 0,
  }
  return { ...base, status: keyStatus(base, new Date()), ...(withOwner ? { owner: { id: k.user_id, email: k.owner_email ?? '' } } : {}) }
}

/** A new key for the user; the whole key is returned this once and never stored. */
export async function createApiKey(user: User, input: ApiKeyInput): Promise<{ key: string; view: ApiKeyView }> {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url')
  const sql = db()
  const row = await sql.begin(async (tx) => {
    await tx`select id from users where id = ${user.id} for update`
    const [{ n }] = await tx<{ n: number }[]>`
      select count(*)::int as n from api_keys where user_id = ${user.id} and revoked_at is null and (expires_at is null or expires_at > now())`
    if (n >= MAX_ACTIVE_API_KEYS) throw json({ error: 'Too many keys', message: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first.` }, { status: 400 })
    const [created] = await tx<KeyRow[]>`
      insert into api_keys (user_id, name, prefix, key_hash, scopes, expires_at)
      values (${user.id}, ${input.name}, ${key.slice(0, API_KEY_VISIBLE)}, ${hashKey(key)}, ${input.scopes},
        ${input.expiresInDays === null ? null : tx`now() + ${input.expiresInDays} * interval '1 day'`})
      returning *`
    return created
  })
  return { key, view: viewOf(row) }
}

/** The user's own keys, newest first, with their call counts. */
export async function listApiKeys(user: User): Promise<ApiKeyView[]> {
  const rows = await db()<KeyRow[]>`
    select k.*, (select count(*)::int from api_key_calls c where c.key_id = k.id) as calls
    from api_keys k where k.user_id = ${user.id} order by k.created_at desc, k.id desc`
  return rows.map((r) => viewOf(r))
}

/** Admins: every user's keys, newest first. */
export async function listAllApiKeys(admin: User): Promise<ApiKeyView[]> {
  if (!admin.isAdmin) throw json({ error: 'Access Denied', message: 'Administrator access is required.' }, { status: 403 })
  const rows = await db()<KeyRow[]>`
    select k.*, u.email as owner_email, (select count(*)::int from api_key_calls c where c.key_id = k.id) as calls
    from api_keys k join users u on u.id = k.user_id order by k.created_at desc, k.id desc limit 500`
  return rows.map((r) => viewOf(r, true))
}

/** Revokes a key of the user's own, or (admins) anyone's; an admin revoking another user's key is audited. */
export async function revokeApiKey(user: User, keyId: number): Promise<ApiKeyView> {
  const sql = db()
  const [row] = await sql<(KeyRow & { owner_email: string })[]>`select k.*, u.email as owner_email from api_keys k join users u on u.id = k.user_id where k.id = ${keyId}`
  if (!row || (row.user_id !== user.id && !user.isAdmin)) throw json({ error: 'Not found', message: 'API key not found' }, { status: 404 })
  if (row.revoked_at) return viewOf(row)
  const [updated] = await sql.begin(async (tx) => {
    const out = await tx<KeyRow[]>`update api_keys set revoked_at = now(), revoked_by = ${user.id} where id = ${keyId} and revoked_at is null returning *`
    if (row.user_id !== user.id)
      await tx`
        insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_email, before, after)
        values (${user.id}, ${user.email}, 'revoke_api_key', ${row.user_id}, ${row.owner_email},
          ${tx.json({ keyId, name: row.name, prefix: row.prefix, revoked: false })}, ${tx.json({ keyId, revoked: true })})`
    return out
  })
  return viewOf(updated ?? row)
}

/**
 * The Profile & Limits action: create-api-key {name, scopes[], expiresInDays} or revoke-api-key {keyId}.
 * Answers { ok, intent, created? | error? }; a bad form is a 400 with the first problem.
 */
export async function apiKeysAction(user: User, request: Request) {
  if (request.method !== 'POST') return json({ ok: false, error: `Method ${request.method} not allowed` }, { status: 405 })
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return json({ ok: false, error: 'The form could not be read.' }, { status: 400 })
  }
  const intent = String(form.get('intent') ?? '')
  if (intent === 'create-api-key') {
    const expires = form.get('expiresInDays')
    const parsed = apiKeyInputSchema.safeParse({ name: form.get('name') ?? undefined, scopes: form.getAll('scopes').map(String), expiresInDays: expires === null ? undefined : String(expires) })
    if (!parsed.success) return json({ ok: false, intent, error: errorMessage(parsed.error, 'Invalid key', { scopes: form.getAll('scopes').map(String) }) }, { status: 400 })
    const created = await createApiKey(user, parsed.data).catch(async (err) => ({ error: (await toApiError(err)).message }))
    if ('error' in created) return json({ ok: false, intent, error: created.error }, { status: 400 })
    return json({ ok: true, intent, created }, { headers: { 'Cache-Control': 'no-store' } })
  }
  if (intent === 'revoke-api-key') {
    const keyId = idFrom(form.get('keyId'))
    if (keyId === null) return json({ ok: false, intent, error: 'No such API key' }, { status: 404 })
    const view = await revokeApiKey(user, keyId)
    return json({ ok: true, intent, revoked: view })
  }
  return json({ ok: false, error: 'Unknown action' }, { status: 400 })
}

const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="api"' })

export const KEY_REQUIRED_MESSAGE = 'API key required: send it as "Authorization: Bearer <key>". Create one on Profile & Limits.'

/**
 * The key of a request (Authorization: Bearer …) and its user. Cookies are never read. A request without a key
 * is a 401 "API key required"; a key that fails (malformed, unknown, revoked, expired) is a 401 counted against
 * the client address (API_KEY_THROTTLE, listed for the admins), and past the limit every key from that address
 * is refused with 429 and Retry-After until the window ends. A revoked or expired key's refusal is also logged
 * against the key.
 */
export async function authenticateKey(request: Request, clientAddress: string): Promise<ApiPrincipal> {
  const header = request.headers.get('authorization') ?? ''
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!m) throw unauthorized(KEY_REQUIRED_MESSAGE)
  const wait = await retryAfter(API_KEY_THROTTLE, clientAddress)
  if (wait > 0)
    throw new ApiError(429, 'rate_limited', `Too many failed API key attempts from this address: try again in ${wait} s.`, { 'Retry-After': String(wait) })
  const key = m[1]
  const fail = async (message: string, keyId?: number) => {
    await countEvent(API_KEY_THROTTLE, clientAddress, `${key.slice(0, API_KEY_VISIBLE)}… ${request.method} ${new URL(request.url).pathname}`.slice(0, 200))
    if (keyId !== undefined) await logCall(keyId, request, 401, clientAddress)
    return unauthorized(message)
  }
  if (!API_KEY_PATTERN.test(key)) throw await fail('This API key is not valid.')
  const sql = db()
  const [row] = await sql<(KeyRow & { expired: boolean })[]>`
    select *, (expires_at is not null and expires_at <= now()) as expired from api_keys where key_hash = ${hashKey(key)}`
  if (!row) throw await fail('This API key is not valid.')
  if (row.revoked_at) throw await fail('This API key was revoked.', row.id)
  if (row.expired) throw await fail(`This API key expired at ${row.expires_at!.toISOString()}.`, row.id)
  const user = await getUserById(row.user_id)
  if (!user) throw await fail('This API key is not valid.', row.id)
  await sql`update api_keys set last_used_at = now() where id = ${row.id}`
  return { user, key: row }
}

export function requireScope(p: ApiPrincipal, scope: ApiScope) {
  if (!p.key.scopes.includes(scope)) throw new ApiError(403, 'insufficient_scope', `This API key does not have the "${scope}" scope.`)
}

/** One row per call made with a key (REST route, MCP request or MCP tool). */
export async function logCall(keyId: number, request: Request | { method: string; path: string }, status: number, clientAddress: string) {
  const method = request instanceof Request ? request.method : request.method
  const path = request instanceof Request ? new URL(request.url).pathname : request.path
  await db()`insert into api_key_calls (key_id, method, path, status, client_address) values (${keyId}, ${method}, ${path.slice(0, 500)}, ${status}, ${clientAddress})`
}
