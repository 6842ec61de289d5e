import { afterEach, describe, expect, it, vi } from 'vitest'

/** session.server with a fresh env() for these settings. */
async function withEnv(vars: Record<string, string | undefined>) {
  vi.resetModules()
  vi.stubEnv('DATABASE_URL', 'postgres://unused@127.0.0.1:1/unused')
  vi.stubEnv('SESSION_SECRET', 'a-test-secret-of-enough-length')
  vi.stubEnv('SECURE_COOKIES', '')
  vi.stubEnv('APP_URL', '')
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

describe('secureCookies (from APP_URL or the request, never from NODE_ENV alone)', () => {
  it('production over plain http without APP_URL: no Secure flag, so a self-hoster at http://192.168…:3000 can sign in', async () => {
    const s = await withEnv({ NODE_ENV: 'production', APP_URL: undefined })
    expect(s.secureCookies(new Request('http://192.168.1.20:3000/login'))).toBe(false)
    expect(await s.sessionCookie().serialize('id', { secure: s.secureCookies(http) })).not.toContain('; Secure')
    expect(s.secureCookies(https)).toBe(true)
  })

  it("APP_URL's scheme decides when it is set", async () => {
    let s = await withEnv({ NODE_ENV: 'production', APP_URL: 'https://brand.example.com' })
    expect(s.secureCookies(http)).toBe(true)
    s = await withEnv({ NODE_ENV: 'production', APP_URL: 'http://10.0.0.5:3000' })
    expect(s.secureCookies(https)).toBe(false)
  })

  it('SECURE_COOKIES=true/false overrides both', async () => {
    let s = await withEnv({ NODE_ENV: 'production', APP_URL: 'https://brand.example.com', SECURE_COOKIES: 'false' })
    expect(s.secureCookies(https)).toBe(false)
    s = await withEnv({ NODE_ENV: 'development', SECURE_COOKIES: 'true' })
    expect(s.secureCookies(http)).toBe(true)
  })

  it('warns on the sign-in page only when a Secure cookie would be dropped: plain http from a non-loopback address', async () => {
    let s = await withEnv({ APP_URL: 'https://brand.example.com' })
    expect(s.cookieWouldBeDropped(new Request('http://192.168.1.20:3000/login'))).toBe(true)
    expect(s.cookieWouldBeDropped(new Request('http://localhost:3000/login'))).toBe(false)
    expect(s.cookieWouldBeDropped(new Request('http://127.0.0.1:3000/login'))).toBe(false)
    expect(s.cookieWouldBeDropped(new Request('http://[::1]:3000/login'))).toBe(false)
    expect(s.cookieWouldBeDropped(https)).toBe(false)
    s = await withEnv({ APP_URL: undefined })
    expect(s.cookieWouldBeDropped(new Request('http://192.168.1.20:3000/login'))).toBe(false)
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
