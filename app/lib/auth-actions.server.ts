/**
 * The sign-in, sign-up and sign-out work behind both the pages (form posts) and the JSON API.
 * Every bad input ends as a 400 (or 429 when throttled) with readable messages, never a 500.
 */
import type { ZodError } from 'zod'
import { AccountError, createLocalUser, verifyLocalLogin } from './accounts.server'
import { AUTH_MESSAGES, safeRedirect, type AuthFailure, type FieldErrors } from './auth-messages'
import { signInSchema, signUpSchema } from './auth-schemas'
import { getUser, getUserById, type User } from './auth.server'
import { entraConfigured } from './env.server'
import { entraLogoutUrl } from './entra.server'
import { createSession, destroySession } from './session.server'
import { isCommonPassword } from './password-policy.server'
import { countEvent, retryAfter, signupThrottle } from './throttle.server'

const MAX_BODY_BYTES = 64 * 1024
// Past the limit the rest is still read and dropped, so the keep-alive connection stays usable;
// only beyond this do we give up and let the connection be reset.
const MAX_DRAIN_BYTES = 10 * 1024 * 1024

/** Reads at most MAX_BODY_BYTES; null when the body is larger or the stream fails. */
async function readLimited(request: Request): Promise<Buffer<ArrayBuffer> | null> {
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_DRAIN_BYTES) {
        await reader.cancel().catch(() => {})
        return null
      }
      if (size <= MAX_BODY_BYTES) chunks.push(value)
    }
  } catch {
    return null
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)
}

/**
 * A form post (urlencoded or multipart) or a JSON object as a plain record of its string-ish
 * fields; null for anything unreadable (bad JSON, an array, too large, unknown type).
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const rawType = request.headers.get('Content-Type') ?? ''
  const type = rawType.toLowerCase()
  const bytes = await readLimited(request)
  if (!bytes) return null
  try {
    if (type.includes('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(bytes.toString('utf8')))
    }
    if (type.includes('multipart/form-data')) {
      const form = await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': rawType } }).formData()
      const out: Record<string, unknown> = {}
      for (const [k, v] of form) if (typeof v === 'string') out[k] = v
      return out
    }
    if (type.includes('json') || !type) {
      const text = bytes.toString('utf8').trim()
      if (!text && !type) return {}
      const value: unknown = JSON.parse(text)
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
    }
  } catch {}
  return null
}

function fieldErrorsOf(error: ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof FieldErrors
    if (field && !out[field]) out[field] = issue.message
  }
  return out
}

export type AuthResult =
  | { ok: true; user: User; setCookie: string; redirectTo: string }
  | { ok: false; status: 400 | 429; failure: AuthFailure; headers?: Record<string, string> }

function redirectTarget(request: Request, body: Record<string, unknown>): string {
  return safeRedirect(body.redirectTo ?? new URL(request.url).searchParams.get('redirectTo'))
}

/** The user as stored after createSession (which sets lastLoginAt), seen through a local session. */
async function signedIn(user: User): Promise<User> {
  return { ...((await getUserById(user.id)) ?? user), authType: 'local' }
}

const badBody = (): AuthResult => ({ ok: false, status: 400, failure: { formError: AUTH_MESSAGES.badBody } })

/** `clientAddress` (from the load context) scopes the sign-in throttle. */
export async function signIn(request: Request, clientAddress: string): Promise<AuthResult> {
  const body = await readBody(request)
  if (!body) return badBody()
  const parsed = signInSchema.safeParse(body)
  if (!parsed.success) return { ok: false, status: 400, failure: { fieldErrors: fieldErrorsOf(parsed.error) } }
  const result = await verifyLocalLogin(parsed.data.email, parsed.data.password, clientAddress)
  if (!result.ok) {
    if (result.reason === 'throttled') {
      const minutes = Math.ceil(result.retryAfterSeconds / 60)
      return {
        ok: false,
        status: 429,
        failure: { formError: AUTH_MESSAGES.tooManyAttempts(minutes) },
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      }
    }
    return { ok: false, status: 400, failure: { formError: AUTH_MESSAGES.invalidCredentials } }
  }
  await destroySession(request) // a previous session in this browser ends here (no fixation, no orphan)
  const setCookie = await createSession(request, result.user.id, 'local')
  return { ok: true, user: await signedIn(result.user), setCookie, redirectTo: redirectTarget(request, body) }
}

/** `clientAddress` scopes the sign-up throttle (signupThrottle: each sign-up costs a 128 MiB hash). */
export async function signUp(request: Request, clientAddress: string): Promise<AuthResult> {
  const body = await readBody(request)
  if (!body) return badBody()
  const parsed = signUpSchema.safeParse(body)
  if (!parsed.success) return { ok: false, status: 400, failure: { fieldErrors: fieldErrorsOf(parsed.error) } }
  if (isCommonPassword(parsed.data.password)) return { ok: false, status: 400, failure: { fieldErrors: { password: AUTH_MESSAGES.commonPassword } } }
  const throttle = signupThrottle()
  const wait = await retryAfter(throttle, clientAddress)
  if (wait > 0) return { ok: false, status: 429, failure: { formError: AUTH_MESSAGES.tooManySignUps(Math.ceil(wait / 60)) }, headers: { 'Retry-After': String(wait) } }
  await countEvent(throttle, clientAddress)
  let user: User
  try {
    user = await createLocalUser(parsed.data)
  } catch (err) {
    if (err instanceof AccountError && err.code === 'email_taken') {
      return { ok: false, status: 400, failure: { fieldErrors: { email: AUTH_MESSAGES.emailTaken } } }
    }
    if (err instanceof AccountError && err.code === 'setup_code') return { ok: false, status: 400, failure: { fieldErrors: { setupCode: err.message } } }
    throw err
  }
  await destroySession(request)
  const setCookie = await createSession(request, user.id, 'local')
  return { ok: true, user: await signedIn(user), setCookie, redirectTo: redirectTarget(request, body) }
}

/** Revokes this request's session; Entra sessions also get the provider's end-session URL. */
export async function signOut(request: Request): Promise<{ logoutUrl: string; setCookie: string }> {
  const user = await getUser(request)
  const logoutUrl = user?.authType === 'azure' && entraConfigured() ? await entraLogoutUrl(request) : '/'
  const setCookie = await destroySession(request)
  return { logoutUrl, setCookie }
}

/** JSON body for a failed auth action: `error` is the one message to show when there is no field to attach it to. */
export function failureBody(failure: AuthFailure) {
  const first = failure.formError ?? Object.values(failure.fieldErrors ?? {})[0] ?? AUTH_MESSAGES.badBody
  return { error: first, message: first, ...failure }
}
