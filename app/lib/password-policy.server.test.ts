import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './password-policy.server'

describe('isCommonPassword', () => {
  it.each(['123456789012', 'passwordpassword', 'Password1234', 'password!!2024', '!!dragon2024!!', 'qwertyqwerty', 'iloveyou1234', 'superman 1234', 'LETMEINLETMEIN', '1qaz2wsx3edc'])(
    'refuses %j',
    (pw) => expect(isCommonPassword(pw)).toBe(true),
  )
  it.each(['correct horse battery', 'the right password', 'form password', 'quiet lantern over marsh', 'Brooks-running-2024-plan', 'x7#Lq9!vB2@m'])('accepts %j', (pw) =>
    expect(isCommonPassword(pw)).toBe(false),
  )
})
