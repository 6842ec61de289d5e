/**
 * Accounts: local (email + password) users, the sign-in throttle, and users arriving through
 * Microsoft Entra ID. Sessions themselves live in session.server.ts.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type postgres from 'postgres'
import { db } from './db.server'
import { adminEmails, env } from './env.server'
import { getUserById, type User } from './auth.server'
import { AUTH_MESSAGES } from './auth-messages'
import type { Db } from '../../db/client'

// ---------------------------------------------------------------------------------------------
// Passwords: scrypt, random salt, parameters stored with the hash so they can be raised later
// (an older hash is replaced on the next successful sign-in).

// OWASP's recommendation: N = 2^17, r = 8, p = 1, which needs 128 × N × r = 128 MiB per hash.
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 }
const MAX_MEM = (n: number, r: number) => 128 * n * r + 16 * 1024 * 1024
// Hashes at once: each holds 128 MiB, so a burst of sign-ins queues instead of exhausting memory.
const HASH_CONCURRENCY = 2
let running = 0
const waiting: Array<() => void> = []

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: MAX_MEM(SCRYPT.N, SCRYPT.r) })
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** Whether a stored hash was made with weaker parameters than today's (so it is rehashed on sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$')
  return scheme !== 'scrypt' || Number(n) < SCRYPT.N || Number(r) < SCRYPT.r || Number(p) < SCRYPT.p
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$')
  const N = Number(n)
  const R = Number(r)
  const P = Number(p)
  // Parameters come from our own rows; still, refuse anything that would cost more than today's hash.
  if (scheme !== 'scrypt' || !saltText || !keyText || !(N >= 2 && N <= SCRYPT.N && R >= 1 && R <= SCRYPT.r && P >= 1 && P <= 4)) return false
  const expected = Buffer.from(keyText, 'base64url')
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, { N, r: R, p: P, maxmem: MAX_MEM(N, R) })
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

/**
 * An ADMIN_EMAILS user becomes admin (with unlimited quotas) when a Microsoft sign-in proves the address, even if
 * the account is older. A local sign-up or sign-in proves nothing (there is no e-mail verification): never here.
 */
async function promoteIfAdmin(userId: number, email: string) {
  if (!isAdminEmail(email)) return
  await grantAdmin(db(), userId)
}

/** Admin rights with unlimited quotas. */
async function grantAdmin(sql: Db, userId: number) {
  await sql`update users set is_admin = true, max_projects = null, max_analyses = null where id = ${userId} and is_admin = false`
}

export class AccountError extends Error {
  constructor(
    public readonly code: 'email_taken' | 'identity_conflict' | 'missing_email' | 'setup_code',
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
  /** The one-time admin setup code `npm start` printed (ADMIN_SETUP_CODE); empty for an ordinary account. */
  setupCode?: string | null
}

/** The setup code of this process (ADMIN_SETUP_CODE), unless FIRST_ACCOUNT_ADMIN=false turns it off. */
function setupCode(): string | null {
  const e = env()
  return e.FIRST_ACCOUNT_ADMIN === 'false' ? null : e.ADMIN_SETUP_CODE ?? null
}
const codeHash = (code: string) => createHash('sha256').update(code).digest('hex')

/** True while a setup code is configured and not used yet: the sign-up page then offers its field. */
export async function setupCodeOpen(): Promise<boolean> {
  const code = setupCode()
  if (!code) return false
  const [{ used }] = await db()<{ used: boolean }[]>`select exists (select 1 from admin_setup_codes where code_hash = ${codeHash(code)}) as used`
  return !used
}

/**
 * Spends the setup code for the user inside the sign-up's transaction: true when `given` is this process's code
 * and nobody used it before (the primary key orders two claims at once); else an AccountError('setup_code').
 */
async function claimSetupCode(tx: postgres.TransactionSql<any>, given: string, userId: number): Promise<void> {
  const code = setupCode()
  const a = Buffer.from(codeHash(given.trim()), 'hex')
  if (!code || !timingSafeEqual(a, Buffer.from(codeHash(code), 'hex'))) throw new AccountError('setup_code', AUTH_MESSAGES.setupCodeInvalid)
  const [claimed] = await tx`insert into admin_setup_codes (code_hash, user_id) values (${codeHash(code)}, ${userId}) on conflict do nothing returning code_hash`
  if (!claimed) throw new AccountError('setup_code', AUTH_MESSAGES.setupCodeUsed)
  await grantAdmin(tx, userId)
}

/**
 * Inserts a new user with the default limits; an admin (unlimited) only for a proven identity: `proven` is a
 * Microsoft sign-in, whose e-mail in ADMIN_EMAILS makes it one. A local sign-up becomes admin only through the
 * setup code (createLocalUser).
 */
async function insertNewUser(email: string, proven: boolean, insert: (isAdmin: boolean, limits: ReturnType<typeof initialLimits>) => Promise<{ id: number } | undefined>) {
  const isAdmin = proven && isAdminEmail(email)
  return insert(isAdmin, initialLimits(isAdmin))
}

/** Creates a 'legacy' (local) user, an admin when it brings the unused setup code. Throws AccountError('email_taken' | 'setup_code'). */
export async function createLocalUser(input: NewLocalUser): Promise<User> {
  const email = normaliseEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  const row = await db().begin(async (tx) => {
    const inserted = await insertNewUser(email, false, async (isAdmin, limits) => {
      const [r] = await tx<{ id: number }[]>`
        insert into users (email, first_name, last_name, password_hash, user_type, is_admin, max_projects, max_analyses)
        values (${email}, ${input.firstName || null}, ${input.lastName || null}, ${passwordHash}, 'legacy',
                ${isAdmin}, ${limits.maxProjects}, ${limits.maxAnalyses})
        on conflict (email) do nothing
        returning id`
      return r
    })
    if (inserted && input.setupCode) await claimSetupCode(tx, input.setupCode, inserted.id)
    return inserted
  })
  if (!row) throw new AccountError('email_taken', AUTH_MESSAGES.emailTaken)
  return loadUser(row.id)
}

// Throttle. Failures are counted per client address and per client address + e-mail, never per
// e-mail alone, so nobody can lock another person out from elsewhere. After the free failures each
// further one doubles the wait before the next attempt (30 s, 1 min, 2 min, ... at most 15 min);
// attempts during the wait are refused with 429 without checking the password. A success clears the
// address + e-mail count; counts are forgotten a day after their last failure.
export const LOGIN_THROTTLE = {
  freeFailuresPerPair: 5,
  freeFailuresPerAddress: 20,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterHours: 24,
} as const

const pairKey = (address: string, email: string) => `login:pair:${address}:${normaliseEmail(email)}`
const addressKey = (address: string) => `login:address:${address}`

/** Seconds to wait after the last failure, for `failures` failures of which `free` cost nothing. */
export function loginDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0
  const t = LOGIN_THROTTLE
  return Math.min(t.maxDelaySeconds, t.baseDelaySeconds * 2 ** Math.min(20, failures - free))
}

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }

/** Seconds until this address may try this e-mail again, or 0. */
export async function loginRetryAfter(address: string, email: string): Promise<number> {
  const rows = await db()<{ key: string; failures: number; since: number }[]>`
    select key, failures, extract(epoch from (now() - last_failure_at))::float8 as since
    from login_attempts
    where key in (${pairKey(address, email)}, ${addressKey(address)})
      and last_failure_at > now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours})`
  let wait = 0
  for (const row of rows) {
    const free = row.key.startsWith('login:pair:') ? LOGIN_THROTTLE.freeFailuresPerPair : LOGIN_THROTTLE.freeFailuresPerAddress
    wait = Math.max(wait, loginDelaySeconds(row.failures, free) - row.since)
  }
  return wait > 0 ? Math.max(1, Math.ceil(wait)) : 0
}

async function recordFailure(address: string, email: string) {
  for (const key of [pairKey(address, email), addressKey(address)]) {
    await db()`
      insert into login_attempts (key, failures, last_failure_at) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case
          when login_attempts.last_failure_at < now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours}) then 1
          else login_attempts.failures + 1 end,
        last_failure_at = now()`
  }
  // Guesses at unknown e-mails leave rows behind; now and then drop the ones long forgotten.
  if (Math.random() < 0.01) await db()`delete from login_attempts where last_failure_at < now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours})`
}

async function clearFailures(address: string, email: string) {
  await db()`delete from login_attempts where key = ${pairKey(address, email)}`
}

/**
 * Checks an e-mail and password from a client address. Unknown e-mail, Entra-only account and wrong
 * password all give reason 'invalid' after the same amount of work, so the answer never tells which.
 */
export async function verifyLocalLogin(emailInput: string, password: string, address: string): Promise<LoginResult> {
  const email = normaliseEmail(emailInput)
  const retryAfterSeconds = await loginRetryAfter(address, email)
  if (retryAfterSeconds > 0) return { ok: false, reason: 'throttled', retryAfterSeconds }

  const [row] = await db()<{ id: number; password_hash: string | null }[]>`
    select id, password_hash from users where email = ${email}`
  const valid = row?.password_hash
    ? await verifyPassword(password, row.password_hash)
    : (await verifyPassword(password, await getDummyHash()), false)
  if (!row || !valid) {
    await recordFailure(address, email)
    return { ok: false, reason: 'invalid' }
  }
  await clearFailures(address, email)
  if (needsRehash(row.password_hash!)) await db()`update users set password_hash = ${await hashPassword(password)} where id = ${row.id}`
  // No promotion here: a password proves nothing about the e-mail address (ADMIN_EMAILS needs a Microsoft sign-in).
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

      const created = (await insertNewUser(email, true, async (isAdmin, limits) => {
        const [inserted] = await tx<{ id: number }[]>`
          insert into users (email, first_name, last_name, azure_oid, user_type, is_admin, max_projects, max_analyses)
          values (${email}, ${firstName}, ${lastName}, ${oid}, 'azure_unlinked', ${isAdmin}, ${limits.maxProjects}, ${limits.maxAnalyses})
          returning id`
        return inserted
      }))!
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
