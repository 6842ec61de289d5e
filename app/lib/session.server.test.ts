import { afterEach, describe, expect, it, vi } from 'vitest'

/** session.server with a fresh env() for these settings. */
async function withEnv(vars: Record<string, string | undefined>) {
  vi.resetModules()
  vi.stubEnv('DATABASE_URL', 'postgres://unused@127.0.0.1:1/unused')
  vi.stubEnv('SESSION_SECRET', 'a-test-secret-of-enough-length')
  vi.stubEnv('SECURE_COOKIES', '')
  vi.stubEnv('SESSION_IDLE_HOURS', '')
  vi.stubEnv('SESSION_MAX_DAYS', '')
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v ?? '')
  if (vars.SECURE_COOKIES === undefined) delete process.env.SECURE_COOKIES
  return import('./session.server')
}

const http = new Request('http://127.0.0.1:3000/login')
const https = new Request('https://app.example/login')

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('secureCookies', () => {
  it('is on in production even over http, unless SECURE_COOKIES=false says otherwise', async () => {
    let s = await withEnv({ NODE_ENV: 'production' })
    expect(s.secureCookies(http)).toBe(true)
    expect(await s.sessionCookie().serialize('id', { secure: s.secureCookies(http) })).toContain('; Secure')
    s = await withEnv({ NODE_ENV: 'production', SECURE_COOKIES: 'false' })
    expect(s.secureCookies(http)).toBe(false)
    expect(s.secureCookies(https)).toBe(false)
  })

  it('is on for https requests in development, off for http unless forced', async () => {
    let s = await withEnv({ NODE_ENV: 'development' })
    expect(s.secureCookies(https)).toBe(true)
    expect(s.secureCookies(http)).toBe(false)
    s = await withEnv({ NODE_ENV: 'development', SECURE_COOKIES: 'true' })
    expect(s.secureCookies(http)).toBe(true)
  })
})

describe('sessionLimits', () => {
  it('defaults to 12 hours idle and 30 days at most, both configurable', async () => {
    let s = await withEnv({ NODE_ENV: 'development' })
    expect(s.sessionLimits()).toEqual({ idleSeconds: 12 * 3600, maxSeconds: 30 * 24 * 3600 })
    s = await withEnv({ NODE_ENV: 'development', SESSION_IDLE_HOURS: '0.5', SESSION_MAX_DAYS: '7' })
    expect(s.sessionLimits()).toEqual({ idleSeconds: 1800, maxSeconds: 7 * 24 * 3600 })
    const cookie = await s.sessionCookie().serialize('id')
    expect(cookie).toContain(`Max-Age=${7 * 24 * 3600}`)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
  })
})
