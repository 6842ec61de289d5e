import { describe, expect, it } from 'vitest'
import { LOGIN_THROTTLE, loginDelaySeconds, needsRehash } from './accounts.server'

describe('sign-in throttle delays', () => {
  it('costs nothing for the free failures, then 30 s doubling with each failure, at most 15 minutes', () => {
    const free = LOGIN_THROTTLE.freeFailuresPerPair // 5
    expect([0, 1, 4].map((f) => loginDelaySeconds(f, free))).toEqual([0, 0, 0])
    expect([5, 6, 7, 8, 9, 10, 11, 50].map((f) => loginDelaySeconds(f, free))).toEqual([30, 60, 120, 240, 480, 900, 900, 900])
    expect(loginDelaySeconds(19, LOGIN_THROTTLE.freeFailuresPerAddress)).toBe(0)
    expect(loginDelaySeconds(20, LOGIN_THROTTLE.freeFailuresPerAddress)).toBe(30)
  })
})

describe('needsRehash', () => {
  it('asks for a new hash when the stored parameters are weaker than N=2^17, r=8, p=1', () => {
    expect(needsRehash('scrypt$16384$8$1$salt$key')).toBe(true)
    expect(needsRehash('scrypt$131072$8$1$salt$key')).toBe(false)
    expect(needsRehash('bcrypt$whatever')).toBe(true)
  })
})
