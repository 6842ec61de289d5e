/** Sign-in and sign-up messages, limits and helpers; free of zod so pages can import them cheaply. */

// ASVS 2.1.1: at least 12 characters; long passphrases are welcome (2.1.2 asks for at least 64).
export const PASSWORD_MIN_LENGTH = 12
// scrypt cost grows with input only slightly, but an unbounded body is still a cheap way to load the server.
export const PASSWORD_MAX_LENGTH = 200

export const AUTH_MESSAGES = {
  invalidEmail: 'Enter a valid email address',
  shortPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  longPassword: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordRequired: 'Enter your password',
  emailTaken: 'An account with this email already exists',
  commonPassword: 'This password is too common. Choose a longer or less predictable one (a few unrelated words work well).',
  invalidCredentials: 'Invalid email or password',
  nameTooLong: 'Name must be at most 100 characters',
  nameControlCharacters: 'Name must not contain control characters',
  badBody: 'The request could not be read. Send a form or a JSON object.',
  microsoftFailed: 'Microsoft sign-in failed. Please try again.',
  microsoftConflict: 'This email is already linked to a different Microsoft account. Contact support.',
  microsoftNoEmail: 'Your Microsoft account did not share an email address, so we cannot sign you in.',
  setupCodeInvalid: 'This setup code is not valid. Copy it from the lines `npm start` printed, or leave the field empty.',
  setupCodeUsed: 'This setup code was already used. Ask an admin, or run `npm run admin -- grant <email>` on the server.',
  tooManySignUps: (minutes: number) => `Too many accounts created from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const

export type FieldErrors = Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'setupCode', string>>

/** What auth actions answer on failure: one message per field plus a form-level message. */
export interface AuthFailure {
  formError?: string
  fieldErrors?: FieldErrors
}

const REDIRECT_BASE = 'http://app.invalid'
const pathOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`

/**
 * A redirect target that stays on this site: the value is resolved against the app's origin and
 * only the resulting path (with query and hash) is kept, and only when that path cannot be read as
 * another host. `//host`, `/\host`, `/.//host`, `/%2e//host`, `/x/..//host`, tabs and newlines
 * (which URL parsing drops), absolute URLs and anything else all give `fallback`.
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || to.length > 2048 || !to.startsWith('/')) return fallback
  // Backslashes count as slashes in URLs; tabs and newlines are dropped by URL parsing.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\\\u0000-\u001F\u007F]/.test(to)) return fallback
  try {
    const url = new URL(to, REDIRECT_BASE)
    const path = pathOf(url)
    if (url.origin !== REDIRECT_BASE || !path.startsWith('/') || path.startsWith('//')) return fallback
    // The value a browser receives must resolve to itself once more (no second reading).
    const again = new URL(path, REDIRECT_BASE)
    return again.origin === REDIRECT_BASE && pathOf(again) === path ? path : fallback
  } catch {
    return fallback
  }
}

/** Codes the Microsoft callback puts in /login?error=…; never a free text, so the page cannot be made to say anything. */
const LOGIN_ERRORS = new Map<string, string>([
  ['microsoft', AUTH_MESSAGES.microsoftFailed],
  ['microsoft-conflict', AUTH_MESSAGES.microsoftConflict],
  ['microsoft-email', AUTH_MESSAGES.microsoftNoEmail],
])
export type LoginErrorCode = 'microsoft' | 'microsoft-conflict' | 'microsoft-email'
export const loginErrorMessage = (code: string | null): string | null => (code && LOGIN_ERRORS.get(code)) || null
