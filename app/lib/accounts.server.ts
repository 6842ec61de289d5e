/**
 * Accounts: local (email + password) users, the sign-in throttle, and users arriving through
 * Microsoft Entra ID. Sessions themselves live in session.server.ts.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { db } from './db.server'
import { adminEmails, env } from './env.server'
import { getUserById, type User } from './auth.server'
import { AUTH_MESSAGES } from './auth-messages'

// ---------------------------------------------------------------------------------------------
// Passwords: scrypt, random salt, parameters stored with the hash so they can be raised later.

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 }

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 })
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$')
  if (scheme !== 'scrypt' || !saltText || !keyText) return false
  const expected = Buffer.from(keyText, 'base64url')
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

// Compared against when the e-mail is unknown, so a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')))

// ---------------------------------------------------------------------------------------------
// New users and admin promotion.

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function isAdminEmail(email: string): boolean {
  return adminEmails().has(normaliseEmail(email))
}

/** Limits of a new user: admins unlimited (NULL), others DEFAULT_MAX_* or the spec default of 1. */
function initialLimits(isAdmin: boolean) {
  if (isAdmin) return { maxProjects: null, maxAnalyses: null }
  const e = env()
  return { maxProjects: e.DEFAULT_MAX_PROJECTS ?? 1, maxAnalyses: e.DEFAULT_MAX_ANALYSES ?? 1 }
}

/** An ADMIN_EMAILS user becomes admin (with unlimited quotas) on sign-in, even if the account is older. */
async function promoteIfAdmin(userId: number, email: string) {
  if (!isAdminEmail(email)) return
  await db()`
    update users set is_admin = true, max_projects = null, max_analyses = null
    where id = ${userId} and is_admin = false`
}

export class AccountError extends Error {
  constructor(
    public readonly code: 'email_taken' | 'identity_conflict' | 'missing_email',
    message: string,
  ) {
    super(message)
    this.name = 'AccountError'
  }
}

async function loadUser(id: number): Promise<User> {
  const user = await getUserById(id)
  if (!user) throw new Error(`user ${id} vanished`)
  return user
}

// ---------------------------------------------------------------------------------------------
// Local accounts.

export interface NewLocalUser {
  email: string
  password: string
  firstName?: string | null
  lastName?: string | null
}

/** Creates a 'legacy' (local) user. Throws AccountError('email_taken') when the e-mail is in use. */
export async function createLocalUser(input: NewLocalUser): Promise<User> {
  const email = normaliseEmail(input.email)
  const isAdmin = isAdminEmail(email)
  const limits = initialLimits(isAdmin)
  const passwordHash = await hashPassword(input.password)
  const [row] = await db()<{ id: number }[]>`
    insert into users (email, first_name, last_name, password_hash, user_type, is_admin, max_projects, max_analyses)
    values (${email}, ${input.firstName || null}, ${input.lastName || null}, ${passwordHash}, 'legacy',
            ${isAdmin}, ${limits.maxProjects}, ${limits.maxAnalyses})
    on conflict (email) do nothing
    returning id`
  if (!row) throw new AccountError('email_taken', AUTH_MESSAGES.emailTaken)
  return loadUser(row.id)
}

// Throttle: after MAX_FAILURES wrong passwords for one e-mail within the window, further attempts
// are refused with 429 (without checking the password) until the window after the last failure ends.
export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MINUTES = 15

const attemptKey = (email: string) => `login:${normaliseEmail(email)}`

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }

/** Seconds until this e-mail may try again, or 0 when it is not throttled. */
export async function loginRetryAfter(email: string): Promise<number> {
  const [row] = await db()<{ seconds: number }[]>`
    select ceil(extract(epoch from (last_failure_at + make_interval(mins => ${LOGIN_WINDOW_MINUTES}) - now())))::int as seconds
    from login_attempts
    where key = ${attemptKey(email)} and failures >= ${LOGIN_MAX_FAILURES}
      and last_failure_at > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`
  return row ? Math.max(1, row.seconds) : 0
}

async function recordFailure(email: string) {
  await db()`
    insert into login_attempts (key, failures, last_failure_at) values (${attemptKey(email)}, 1, now())
    on conflict (key) do update set
      failures = case
        when login_attempts.last_failure_at < now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) then 1
        else login_attempts.failures + 1 end,
      last_failure_at = now()`
  // Guesses at unknown e-mails leave rows behind; now and then drop the ones long past their window.
  if (Math.random() < 0.01) await db()`delete from login_attempts where last_failure_at < now() - interval '1 day'`
}

async function clearFailures(email: string) {
  await db()`delete from login_attempts where key = ${attemptKey(email)}`
}

/**
 * Checks an e-mail and password. Unknown e-mail, Entra-only account and wrong password all give
 * reason 'invalid' after the same amount of work, so the answer never tells which it was.
 */
export async function verifyLocalLogin(emailInput: string, password: string): Promise<LoginResult> {
  const email = normaliseEmail(emailInput)
  const retryAfterSeconds = await loginRetryAfter(email)
  if (retryAfterSeconds > 0) return { ok: false, reason: 'throttled', retryAfterSeconds }

  const [row] = await db()<{ id: number; password_hash: string | null }[]>`
    select id, password_hash from users where email = ${email}`
  const valid = row?.password_hash
    ? await verifyPassword(password, row.password_hash)
    : (await verifyPassword(password, await getDummyHash()), false)
  if (!row || !valid) {
    await recordFailure(email)
    return { ok: false, reason: 'invalid' }
  }
  await clearFailures(email)
  await promoteIfAdmin(row.id, email)
  return { ok: true, user: await loadUser(row.id) }
}

// ---------------------------------------------------------------------------------------------
// Microsoft Entra ID users.

export interface EntraClaims {
  sub: string
  oid?: string
  email?: string
  preferred_username?: string
  name?: string
  given_name?: string
  family_name?: string
  [claim: string]: unknown
}

const looksLikeEmail = (v: unknown): v is string => typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)

function namesFrom(claims: EntraClaims): { firstName: string | null; lastName: string | null } {
  if (claims.given_name || claims.family_name) {
    return { firstName: claims.given_name || null, lastName: claims.family_name || null }
  }
  const parts = (claims.name ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return { firstName: null, lastName: null }
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') || null }
}

/**
 * The user for validated Entra ID-token claims: matched by oid (sub when there is none), then
 * by e-mail, else created as 'azure_unlinked'. A local account matched by e-mail is linked
 * ('azure_linked'); an account already linked to another Entra identity is refused.
 */
export async function findOrCreateEntraUser(claims: EntraClaims): Promise<User> {
  const oid = claims.oid || claims.sub
  if (!oid) throw new AccountError('missing_email', 'The Microsoft account has no identifier.')
  const rawEmail = looksLikeEmail(claims.email) ? claims.email : looksLikeEmail(claims.preferred_username) ? claims.preferred_username : null
  const email = rawEmail ? normaliseEmail(rawEmail) : null
  const { firstName, lastName } = namesFrom(claims)

  const link = () =>
    db().begin(async (tx) => {
      const [byOid] = await tx<{ id: number; email: string }[]>`select id, email from users where azure_oid = ${oid} for update`
      if (byOid) {
        await tx`
          update users set
            first_name = coalesce(first_name, ${firstName}),
            last_name = coalesce(last_name, ${lastName})
          where id = ${byOid.id}`
        return byOid
      }
      if (!email) throw new AccountError('missing_email', 'The Microsoft account did not share an email address.')

      const [byEmail] = await tx<{ id: number; azure_oid: string | null; password_hash: string | null; user_type: string }[]>`
        select id, azure_oid, password_hash, user_type from users where email = ${email} for update`
      if (byEmail) {
        if (byEmail.azure_oid && byEmail.azure_oid !== oid) {
          throw new AccountError('identity_conflict', 'This email is already linked to a different Microsoft account.')
        }
        await tx`
          update users set
            azure_oid = ${oid},
            user_type = ${byEmail.user_type === 'legacy' || byEmail.password_hash ? 'azure_linked' : byEmail.user_type},
            first_name = coalesce(first_name, ${firstName}),
            last_name = coalesce(last_name, ${lastName})
          where id = ${byEmail.id}`
        return { id: byEmail.id, email }
      }

      const isAdmin = isAdminEmail(email)
      const limits = initialLimits(isAdmin)
      const [created] = await tx<{ id: number }[]>`
        insert into users (email, first_name, last_name, azure_oid, user_type, is_admin, max_projects, max_analyses)
        values (${email}, ${firstName}, ${lastName}, ${oid}, 'azure_unlinked', ${isAdmin}, ${limits.maxProjects}, ${limits.maxAnalyses})
        returning id`
      return { id: created.id, email }
    })

  let found: { id: number; email: string }
  try {
    found = await link()
  } catch (err) {
    // Two first sign-ins at once: the loser hits the unique index; the second pass finds the row.
    if ((err as { code?: string }).code !== '23505') throw err
    found = await link()
  }
  await promoteIfAdmin(found.id, found.email)
  return loadUser(found.id)
}
