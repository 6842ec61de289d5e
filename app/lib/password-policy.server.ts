/**
 * Refuses common passwords (ASVS 2.1.7): the list of the most common passwords that
 * @zxcvbn-ts/language-common maintains, also when only decorated (a common word followed or preceded
 * by digits and symbols, or repeated: "password1234", "!!dragon2024", "qwertyqwerty").
 * Server only: the list is large and must not reach the browser bundle.
 */
import { dictionary } from '@zxcvbn-ts/language-common'

let common: Set<string> | undefined
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())))

/** The forms of a password an attacker's list would try: itself, without decoration, its repeated unit. */
function candidates(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase()
  const out = new Set([lower, lower.replace(/\s+/g, '')])
  for (const v of [...out]) {
    const core = v.replace(/^[\d\W_]+/, '').replace(/[\d\W_]+$/, '')
    if (core.length >= 3) out.add(core)
    const unit = /^(.+?)\1+$/.exec(v)?.[1]
    if (unit) out.add(unit)
    const coreUnit = /^(.+?)\1+$/.exec(core)?.[1]
    if (coreUnit && coreUnit.length >= 3) out.add(coreUnit)
  }
  return [...out]
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords()
  return candidates(password).some((c) => list.has(c))
}
