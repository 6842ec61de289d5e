import { createCookie } from '@remix-run/node'
import { randomBytes } from 'node:crypto'
import { db } from './db.server'
import { env } from './env.server'

export const SESSION_TTL_DAYS = 30

/** The cookie holds only the id of a `sessions` row, so a session can be revoked server-side. */
export function sessionCookie() {
  const e = env()
  return createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: e.SECURE_COOKIES === 'true',
    secrets: [e.SESSION_SECRET],
    maxAge: SESSION_TTL_DAYS * 24 * 3600,
  })
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** Creates a session row and returns the Set-Cookie header value for it. */
export async function createSession(userId: number, authType: 'local' | 'azure'): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  await db()`
    insert into sessions (id, user_id, auth_type, expires_at)
    values (${id}, ${userId}, ${authType}, now() + make_interval(days => ${SESSION_TTL_DAYS}))`
  await db()`update users set last_login_at = now() where id = ${userId}`
  return sessionCookie().serialize(id)
}

/** Revokes the session of this request (if any) and returns a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request)
  if (id) await db()`update sessions set revoked_at = now() where id = ${id} and revoked_at is null`
  return sessionCookie().serialize('', { maxAge: 0 })
}
