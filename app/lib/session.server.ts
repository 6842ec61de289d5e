import { createCookie } from '@remix-run/node'
import { randomBytes } from 'node:crypto'
import { db } from './db.server'
import { env } from './env.server'

/** Idle timeout and absolute lifetime of a session (SESSION_IDLE_HOURS, SESSION_MAX_DAYS). */
export function sessionLimits() {
  const e = env()
  return { idleSeconds: Math.round(e.SESSION_IDLE_HOURS * 3600), maxSeconds: Math.round(e.SESSION_MAX_DAYS * 24 * 3600) }
}

/**
 * Whether cookies get the Secure flag: SECURE_COOKIES=true/false decides when set; else APP_URL's scheme
 * when it is set; else the request's own (https behind a proxy only with TRUST_PROXY: scripts/server.ts builds the
 * request URL from express's req.protocol, which reads X-Forwarded-Proto only then). Never NODE_ENV alone: a
 * production install opened at http://192.168…:3000 must be able to keep its session cookie.
 */
export function secureCookies(request: Request): boolean {
  const e = env()
  if (e.SECURE_COOKIES) return e.SECURE_COOKIES === 'true'
  const scheme = (url: string) => {
    try {
      return new URL(url).protocol
    } catch {
      return null
    }
  }
  return ((e.APP_URL && scheme(e.APP_URL)) || scheme(request.url)) === 'https:'
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * True when a sign-in on this request would set a Secure cookie that the browser drops: the page came over plain
 * http from a host that is not loopback (browsers accept Secure cookies over http only from localhost). The
 * sign-in page then says why signing in will not stick.
 */
export function cookieWouldBeDropped(request: Request): boolean {
  const url = new URL(request.url)
  return url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname) && secureCookies(request)
}

/** The cookie holds only the id of a `sessions` row, so a session can be revoked server-side. */
export function sessionCookie() {
  const e = env()
  return createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secrets: [e.SESSION_SECRET],
    maxAge: sessionLimits().maxSeconds,
  })
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** Creates a session row and returns the Set-Cookie header value for it. */
export async function createSession(request: Request, userId: number, authType: 'local' | 'azure'): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  await db()`
    insert into sessions (id, user_id, auth_type, expires_at)
    values (${id}, ${userId}, ${authType}, now() + make_interval(secs => ${sessionLimits().maxSeconds}))`
  await db()`update users set last_login_at = now() where id = ${userId}`
  return sessionCookie().serialize(id, { secure: secureCookies(request) })
}

/**
 * The live session of this request: not revoked, within its absolute lifetime and used within the
 * idle timeout. Each use moves the idle deadline (written at most once a minute).
 */
export async function activeSession(request: Request): Promise<{ id: string; userId: number; authType: 'local' | 'azure' } | null> {
  const id = await readSessionId(request)
  if (!id) return null
  const { idleSeconds } = sessionLimits()
  const sql = db()
  const [row] = await sql<{ user_id: number; auth_type: 'local' | 'azure'; stale: boolean }[]>`
    select user_id, auth_type, last_seen_at < now() - interval '1 minute' as stale
    from sessions
    where id = ${id} and revoked_at is null and expires_at > now()
      and last_seen_at > now() - make_interval(secs => ${idleSeconds})`
  if (!row) return null
  if (row.stale) await sql`update sessions set last_seen_at = now() where id = ${id}`
  return { id, userId: row.user_id, authType: row.auth_type }
}

/** Revokes the session of this request (if any) and returns a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request)
  if (id) await db()`update sessions set revoked_at = now() where id = ${id} and revoked_at is null`
  return sessionCookie().serialize('', { maxAge: 0, secure: secureCookies(request) })
}
