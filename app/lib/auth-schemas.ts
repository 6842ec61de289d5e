/** Sign-in and sign-up form schemas (server side; the pages rely on the same limits via auth-messages). */
import { z } from 'zod'
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-messages'
import { FIELD_LIMITS, hasControlCharacters } from '../domain/validation'

const email = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .email(AUTH_MESSAGES.invalidEmail)

const optionalName = z
  .string({ error: AUTH_MESSAGES.nameTooLong })
  .trim()
  .max(FIELD_LIMITS.personName, AUTH_MESSAGES.nameTooLong)
  .refine((v) => !hasControlCharacters(v), AUTH_MESSAGES.nameControlCharacters)
  .optional()
  .transform((v) => (v ? v : undefined))

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
})

export const signUpSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.shortPassword })
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.shortPassword)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.longPassword),
  firstName: optionalName,
  lastName: optionalName,
  setupCode: z.string({ error: AUTH_MESSAGES.setupCodeInvalid }).trim().max(200, AUTH_MESSAGES.setupCodeInvalid).optional(),
})

export type SignInInput = z.infer<typeof signInSchema>
export type SignUpInput = z.input<typeof signUpSchema>

