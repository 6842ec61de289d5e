/** Sign-in and sign-up messages, limits and helpers; free of zod so pages can import them cheaply. */

export const PASSWORD_MIN_LENGTH = 8
// scrypt cost grows with input only slightly, but an unbounded body is still a cheap way to load the server.
export const PASSWORD_MAX_LENGTH = 200

export const AUTH_MESSAGES = {
  invalidEmail: 'Enter a valid email address',
  shortPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  longPassword: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordRequired: 'Enter your password',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  nameTooLong: 'Name must be at most 100 characters',
  badBody: 'The request could not be read. Send a form or a JSON object.',
  microsoftFailed: 'Microsoft sign-in failed. Please try again.',
  microsoftConflict: 'This email is already linked to a different Microsoft account. Contact support.',
  microsoftNoEmail: 'Your Microsoft account did not share an email address, so we cannot sign you in.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const

export type FieldErrors = Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>>

/** What auth actions answer on failure: one message per field plus a form-level message. */
export interface AuthFailure {
  formError?: string
  fieldErrors?: FieldErrors
}

/** Only same-origin relative paths: "/x" but not "//host" or "/\host", which browsers treat as absolute. */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  try {
    const base = 'http://same.invalid'
    const url = new URL(to, base)
    if (url.origin !== base) return fallback
    return `${url.pathname}${url.search}${url.hash}`
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
