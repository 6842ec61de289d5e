/**
 * Security findings, each tried the way an attacker did against the running app: open redirects,
 * 500s on bad input, unbounded bodies and model spending, sessions and sign-in, cross-site
 * requests and response headers. Tests that spend a per-address budget use their own 127.0.0.x
 * address so they cannot disturb other tests.
 */
import { randomBytes, scryptSync } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { sampleProject, sql } from '../support/flows'
import { HttpClient, headerCount, signedInClient, uniqueEmail, type RawResponse } from '../support/http-client'
import { testEnv } from '../support/env'

const clients: HttpClient[] = []
afterAll(() => clients.forEach((c) => c.close()))
const track = <T extends HttpClient>(c: T) => (clients.push(c), c)
const user = async (localAddress?: string) => track(await signedInClient(localAddress))
const client = (localAddress?: string) => track(new HttpClient(localAddress))

/** A Location that a browser on the app's origin follows stays on that origin. */
function staysHome(res: RawResponse) {
  const location = String(res.headers.location ?? '')
  const app = new URL(testEnv().appUrl)
  expect(new URL(location, app).origin, location).toBe(app.origin)
  expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'), location).toBe(true)
}

describe('open redirect', () => {
  const BYPASSES = [
    '/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/%2E%2E//evil.example', '/x/..//evil.example', '/./\\evil.example',
    '//evil.example', '///evil.example', '/\\evil.example', '/\t/evil.example', 'https://evil.example', 'http:evil.example',
    '/x/../..//evil.example', '/./x/..//evil.example', '\\\\evil.example', 'javascript:alert(1)', ' //evil.example', '/\\/evil.example',
    '/\r\n/evil.example', '//evil.example/%2e%2e',
  ]

  it('GET /login?redirectTo=… signed in never sends the browser to another host (20 known forms)', async () => {
    const u = await user()
    for (const evil of BYPASSES) {
      const res = await u.request('GET', `/login?redirectTo=${encodeURIComponent(evil)}`)
      expect(res.status, evil).toBe(302)
      staysHome(res)
      expect(res.headers.location, evil).toBe('/')
    }
    const ok = await u.request('GET', `/login?redirectTo=${encodeURIComponent('/projects?tab=1')}`)
    expect(ok.headers.location).toBe('/projects?tab=1')
  })

  it('the sign-in form post and POST /api/auth/login answer only same-origin paths', async () => {
    const u = await user()
    for (const evil of ['/.//evil.example', '/x/..//evil.example', '/%2e//evil.example', '//evil.example', '/./\\evil.example']) {
      const form = await client().request('POST', '/login', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ email: u.email, password: u.password, redirectTo: evil }).toString(),
      })
      expect(form.status, evil).toBe(302)
      staysHome(form)
      expect(form.headers.location, evil).toBe('/')
      const api = await client().request('POST', '/api/auth/login', { json: { email: u.email, password: u.password, redirectTo: evil } })
      expect(api.status, evil).toBe(200)
      expect(api.body.redirectTo, evil).toBe('/')
    }
  })
})

describe('no 500 on bad input', () => {
  it('a NUL character in any text field is a 400, not a 500', async () => {
    const u = await user()
    const create = await u.request('POST', '/api/projects', { json: sampleProject({ name: 'a\u0000b' }) })
    expect(create.status).toBe(400)
    expect(create.body.error).toBe('Project name must not contain control characters')
    for (const over of [{ competitors: ['Nike\u0000'] }, { queries: ['best\u0000shoes'] }, { marketDescription: 'x\u0000' }, { audiences: [{ name: 'a\u0000' }] }, { topics: [{ name: 'Fit', x: { y: 'z\u0000' } }] }]) {
      expect((await u.request('POST', '/api/projects', { json: sampleProject(over) })).status, JSON.stringify(over)).toBe(400)
    }
    const project = await u.request('POST', '/api/projects', { json: sampleProject() })
    expect(project.status).toBe(201)
    for (const method of ['PATCH', 'PUT']) {
      const res = await u.request(method, `/api/projects/${project.body.id}`, { json: { name: 'x\u0000y' } })
      expect(res.status, method).toBe(400)
    }
    const signup = await client().request('POST', '/api/auth/signup', { json: { email: uniqueEmail('nul'), password: 'quiet lantern over the marsh', firstName: 'A\u0000', lastName: 'B' } })
    expect(signup.status).toBe(400)
    expect(signup.body.fieldErrors.firstName).toBe('Name must not contain control characters')
  })

  it('ids past the integer range are a 400 on export and all twelve add-model routes', async () => {
    const u = await user()
    const project = await u.request('POST', '/api/projects', { json: sampleProject() })
    const raw = ['2147483648', '9007199254740993', '1e308', '1.5', '-1', '"abc"', '[]', 'true']
    for (const value of raw) {
      const body = `{"analysisId":${value}}`
      const res = await u.request('POST', `/api/projects/${project.body.id}/export`, { headers: { 'content-type': 'application/json' }, body })
      expect(res.status, body).toBe(400)
      expect(res.body.error, body).toMatch(/^analysisId must be a positive whole number/)
    }
    const routes = ['add-claude', 'add-perplexity', 'add-gemini', 'add-gpt41', 'add-grok3', 'add-deepseek'].map((r) => `/api/analyses/${r}`)
    routes.push(...['claude', 'perplexity', 'gemini', 'chatgpt5', 'grok3', 'deepseek'].map((m) => `/api/add-${m}-analysis`))
    for (const route of routes) {
      for (const value of ['2147483648', '9007199254740993', '1e308']) {
        const res = await u.request('POST', route, { headers: { 'content-type': 'application/json' }, body: `{"analysisId":${value},"projectId":1}` })
        expect(res.status, `${route} ${value}`).toBe(400)
      }
    }
  })

  it('GET /analysis-progress?analysis=… with a non-id answers the page, not a 500', async () => {
    const u = await user()
    // With a project, the page looks the analysis up in the database.
    expect((await u.request('POST', '/api/projects', { json: sampleProject() })).status).toBe(201)
    for (const value of ['1.5', '2147483648', 'Infinity', '1e308', '-1', '%00', 'abc']) {
      const res = await u.request('GET', `/analysis-progress?analysis=${value}`)
      expect(res.status, value).toBe(200)
    }
    for (const value of ['1.5', '2147483648', 'Infinity', '1e308']) {
      const res = await u.request('GET', `/?phase=2&project=${value}&analysis=${value}`)
      expect(res.status, value).toBeLessThan(500)
    }
  })
})

describe('bounded inputs', () => {
  it('caps each field: names 200, market description 2000, each competitor and query 300 characters', async () => {
    const u = await user()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'n'.repeat(201) }, 'Project name must be at most 200 characters'],
      [{ brandDomain: 'b'.repeat(201) }, 'Brand name must be at most 200 characters'],
      [{ marketDescription: 'm'.repeat(2001) }, 'Market description must be at most 2000 characters'],
      [{ competitors: ['c'.repeat(301)] }, 'Competitor must be at most 300 characters'],
      [{ queries: ['q'.repeat(301)] }, 'Query must be at most 300 characters'],
    ]
    for (const [over, message] of cases) {
      const res = await u.request('POST', '/api/projects', { json: sampleProject(over) })
      expect(res.status, message).toBe(400)
      expect(res.body.error).toBe(message)
    }
    const atLimit = await u.request('POST', '/api/projects', {
      json: sampleProject({ name: 'n'.repeat(200), marketDescription: 'm'.repeat(2000), competitors: ['c'.repeat(300)], queries: ['q'.repeat(300)] }),
    })
    expect(atLimit.status).toBe(201)
  })

  it('a body over 256 KB is a 413 on every route, and the keep-alive connection keeps working', async () => {
    const u = await user()
    const big = JSON.stringify({ ...sampleProject(), name: 'x'.repeat(2 * 1024 * 1024) })
    for (const path of ['/api/projects', '/api/projects/2147483000/analyse-today', '/api/generate-framework', '/api/analyses/1/cancel', '/api/auth/login']) {
      const res = await u.request('POST', path, { headers: { 'content-type': 'application/json' }, body: big })
      expect(res.status, path).toBe(413)
      const next = await u.request('GET', '/api/auth/status')
      expect(next.status, path).toBe(200)
      expect(next.reusedSocket, path).toBe(true)
    }
    // Just under the limit, to a route that never reads its body: answered, and the connection survives.
    const ignored = await u.request('POST', '/api/projects/2147483000/analyse-today', { headers: { 'content-type': 'application/json' }, body: `"${'y'.repeat(250 * 1024)}"` })
    expect(ignored.status).toBe(404)
    const after = await u.request('GET', '/api/auth/status')
    expect(after.status).toBe(200)
    expect(after.reusedSocket).toBe(true)
    expect((await (await sql())`select count(*)::int as n from projects where user_id = ${u.userId}`)[0].n).toBe(0)
  })
})

describe('model spending', () => {
  it('limits model routes per user: the 11th request within a minute is a 429 with Retry-After', async () => {
    const u = await user('127.0.0.21')
    // A valid id that names no analysis: each request is counted, none starts a model.
    const results = await Promise.all(Array.from({ length: 11 }, () => u.request('POST', '/api/analyses/add-claude', { json: { analysisId: 2147483000 } })))
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([...Array(10).fill(404), 429])
    const limited = results.find((r) => r.status === 429)!
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(limited.body.error).toBe('Too many AI requests in a short time. Please wait a moment and try again.')
    // generate-framework shares the budget.
    const framework = await u.request('POST', '/api/generate-framework', { json: { brandDomain: 'Brooks', marketDescription: 'running shoes' } })
    expect(framework.status).toBe(429)
  })

  it('limits model routes per client address across users: the 31st request is a 429', async () => {
    const users = [await user('127.0.0.22'), await user('127.0.0.22'), await user('127.0.0.22'), await user('127.0.0.22')]
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) {
      const res = await users[i % 4].request('POST', '/api/add-deepseek-analysis', { json: { analysisId: 2147483000 } })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array(30).fill(404), 429, 429])
    // Another address is not affected.
    const elsewhere = await user('127.0.0.23')
    expect((await elsewhere.request('POST', '/api/add-deepseek-analysis', { json: { analysisId: 2147483000 } })).status).toBe(404)
  })

  it('refuses model routes once the daily cost cap is reached, and shows spending on Profile & Limits', async () => {
    const u = await user('127.0.0.24')
    const db = await sql()
    const profile = await u.request('GET', '/api/user/profile')
    expect(profile.body).toMatchObject({ dailyCostUsd: 0 })
    const cap = profile.body.dailyCostCapUsd as number
    expect(cap).toBeGreaterThan(0)
    await db`insert into model_usage (user_id, kind, cost_usd) values (${u.userId}, 'test', ${cap + 0.5})`
    const res = await u.request('POST', '/api/generate-framework', { json: { brandDomain: 'Brooks', marketDescription: 'running shoes' } })
    expect(res.status).toBe(429)
    expect(res.body.error).toBe(`Daily AI spending limit reached ($${(cap + 0.5).toFixed(2)} of $${cap.toFixed(2)} today). It resets at midnight UTC.`)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600)
    const project = await u.request('POST', '/api/projects', { json: sampleProject() })
    expect((await u.request('POST', `/api/projects/${project.body.id}/analyse-today`)).status).toBe(429)
    const page = await u.request('GET', '/profile')
    expect(page.text).toContain(`$${(cap + 0.5).toFixed(2)}<!-- --> of <!-- -->$${cap.toFixed(2)} daily limit`)
  })

  it('counts no simulated call toward the daily cap and shows what they would cost with real keys', async () => {
    const u = await user('127.0.0.26')
    const db = await sql()
    const cap = (await u.request('GET', '/api/user/profile')).body.dailyCostCapUsd as number
    // Demo mode (the test stack): the framework call is answered by the simulator and recorded as simulated.
    const framework = await u.request('POST', '/api/generate-framework', { json: { brandDomain: 'Brooks', marketDescription: 'running shoes for road runners' } })
    expect(framework.status).toBe(200)
    const [call] = await db<{ simulated: boolean; cost_usd: string }[]>`select simulated, cost_usd from model_usage where user_id = ${u.userId}`
    expect(call.simulated).toBe(true)
    expect(Number(call.cost_usd)).toBeGreaterThan(0)
    // Simulated calls worth more than the cap: nothing is spent, nothing refused.
    await db`insert into model_usage (user_id, kind, cost_usd, simulated) values (${u.userId}, 'test', ${cap + 5.67}, true)`
    const simulated = Number(call.cost_usd) + cap + 5.67
    const profile = await u.request('GET', '/api/user/profile')
    expect(profile.body.dailyCostUsd).toBe(0)
    expect(profile.body.simulatedDailyCostUsd).toBeCloseTo(simulated, 6)
    expect((await u.request('POST', '/api/generate-framework', { json: { brandDomain: 'Brooks', marketDescription: 'trail shoes' } })).status).toBe(200)
    const page = await u.request('GET', '/profile')
    expect(page.text).toContain(`$0.00<!-- --> of <!-- -->$${cap.toFixed(2)} daily limit`)
    expect(page.text).toMatch(/Simulated calls today \(demo\)/)
    expect(page.text).toContain('with real API keys (an estimate from list prices). Simulated calls cost nothing and do not count toward')
  })

  it('records the cost of a framework generation against the user', async () => {
    const u = await user('127.0.0.25')
    const res = await u.request('POST', '/api/generate-framework', { json: { brandDomain: 'Brooks', marketDescription: 'running shoes for road runners' } })
    expect(res.status).toBe(200)
    const rows = await (await sql())`select kind, provider, cost_usd from model_usage where user_id = ${u.userId}`
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'framework', provider: res.body.provider })
  })
})

describe('sessions', () => {
  it('a session unused for longer than the idle timeout (12 h) ends; use within it keeps it alive', async () => {
    const u = await user()
    const db = await sql()
    const id = await sessionIdOf(u.userId)
    await db`update sessions set last_seen_at = now() - interval '11 hours' where id = ${id}`
    expect((await u.request('GET', '/api/auth/user')).status).toBe(200)
    const [seen] = await db`select extract(epoch from now() - last_seen_at)::float8 as age from sessions where id = ${id}`
    expect(seen.age).toBeLessThan(60)
    await db`update sessions set last_seen_at = now() - interval '12 hours 1 minute' where id = ${id}`
    expect((await u.request('GET', '/api/auth/user')).status).toBe(401)
  })

  it('a session past its absolute lifetime ends even when used', async () => {
    const u = await user()
    const db = await sql()
    const [row] = await db`select extract(epoch from expires_at - created_at)::float8 as lifetime from sessions where user_id = ${u.userId}`
    expect(row.lifetime).toBeCloseTo(30 * 24 * 3600, -1)
    await db`update sessions set expires_at = now() - interval '1 second', last_seen_at = now() where user_id = ${u.userId}`
    expect((await u.request('GET', '/api/auth/user')).status).toBe(401)
  })
})

async function sessionIdOf(userId: number): Promise<string> {
  const [row] = await (await sql())`select id from sessions where user_id = ${userId} and revoked_at is null order by created_at desc limit 1`
  return row.id
}

describe('passwords', () => {
  it('needs at least 12 characters, refuses common passwords, and takes long passphrases', async () => {
    const signup = (password: string) => client().request('POST', '/api/auth/signup', { json: { email: uniqueEmail('pw'), password } })
    const short = await signup('eleven char')
    expect(short.status).toBe(400)
    expect(short.body.fieldErrors.password).toBe('Password must be at least 12 characters')
    for (const common of ['123456789012', 'password1234', 'qwertyqwerty', 'iloveyou1234']) {
      const res = await signup(common)
      expect(res.status, common).toBe(400)
      expect(res.body.fieldErrors.password).toBe('This password is too common. Choose a longer or less predictable one (a few unrelated words work well).')
    }
    expect((await signup('a long passphrase of several quite ordinary words '.repeat(3))).status).toBe(201)
  })

  it('stores scrypt N=2^17 and rehashes an older hash on the next sign-in', async () => {
    const u = await user()
    const db = await sql()
    const [fresh] = await db`select password_hash from users where id = ${u.userId}`
    expect(fresh.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/)
    const salt = randomBytes(16)
    const key = scryptSync(u.password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 })
    await db`update users set password_hash = ${`scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`} where id = ${u.userId}`
    const res = await client().request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })
    expect(res.status).toBe(200)
    const [after] = await db`select password_hash from users where id = ${u.userId}`
    expect(after.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect((await client().request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })).status).toBe(200)
  })
})

describe('sign-in throttling', () => {
  const login = (c: HttpClient, email: string, password: string) => c.request('POST', '/api/auth/login', { json: { email, password } })

  it('slows one address guessing one account without locking the account for anyone else', async () => {
    const victim = await user()
    const attacker = client('127.0.0.31')
    for (let i = 0; i < 5; i++) expect((await login(attacker, victim.email, `wrong guess ${i}`)).status).toBe(400)
    const blocked = await login(attacker, victim.email, victim.password)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30)
    // The owner, elsewhere, still signs in.
    expect((await login(client('127.0.0.32'), victim.email, victim.password)).status).toBe(200)
  })

  it('the wait grows with each further failure: 30 s after the 5th, 60 s after the 6th', async () => {
    const victim = await user()
    const attacker = client('127.0.0.34')
    for (let i = 0; i < 5; i++) await login(attacker, victim.email, `wrong guess ${i}`)
    const db = await sql()
    const key = `login:pair:127.0.0.34:${victim.email}`
    // The 30 s wait has passed: one more guess is checked (and fails), then the wait is 60 s.
    await db`update login_attempts set last_failure_at = now() - interval '31 seconds' where key = ${key}`
    expect((await login(attacker, victim.email, 'wrong guess 6')).status).toBe(400)
    const blocked = await login(attacker, victim.email, 'wrong guess 7')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(30)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60)
    const [row] = await db`select failures from login_attempts where key = ${key}`
    expect(row.failures).toBe(6)
  })

  it('slows password spraying from one address: after 20 failures on any accounts the address waits', async () => {
    const sprayer = client('127.0.0.33')
    for (let i = 0; i < 20; i++) expect((await login(sprayer, uniqueEmail(`spray${i}`), 'Summer2024!')).status).toBe(400)
    const next = await login(sprayer, uniqueEmail('spray-next'), 'Summer2024!')
    expect(next.status).toBe(429)
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('sign-out is POST only', () => {
  it('GET /logout leads to a sign-out button that posts, and signs nobody out', async () => {
    const u = await user()
    const hop = await u.request('GET', '/logout')
    expect(hop.status).toBe(302)
    expect(hop.headers.location).toBe('/sign-out')
    const page = await u.request('GET', '/sign-out')
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/<form[^>]*method="post"[^>]*action="\/logout"|<form[^>]*action="\/logout"[^>]*method="post"/)
    expect((await u.request('GET', '/api/auth/user')).status).toBe(200)
    const api = await u.request('GET', '/api/auth/logout')
    expect(api.status).toBe(302)
    expect(api.headers.location).toBe('/sign-out')
    expect((await u.request('GET', '/api/auth/user')).status).toBe(200)
    const post = await u.request('POST', '/api/auth/logout', { headers: { accept: 'application/json' } })
    expect(post.status).toBe(200)
    expect(post.body).toEqual({ logoutUrl: '/' })
    expect((await u.request('GET', '/api/auth/user')).status).toBe(401)
  })
})

describe('cross-site requests', () => {
  it('refuses state-changing requests without proof of coming from this site', async () => {
    const u = await user()
    const app = testEnv().appUrl
    const refused: Array<[string, Record<string, string>]> = [
      ['no Origin, Referer or Sec-Fetch-Site', {}],
      ['Origin null', { origin: 'null' }],
      ['Origin of another site', { origin: 'https://evil.example' }],
      ['Referer of another site', { referer: 'https://evil.example/page' }],
      ['Origin null, Referer of another site', { origin: 'null', referer: 'https://evil.example/' }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['a look-alike origin', { origin: `${app}.evil.example` }],
    ]
    for (const [what, headers] of refused) {
      const res = await u.request('POST', '/api/projects', { noOrigin: true, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(sampleProject()) })
      expect(res.status, what).toBe(403)
      expect((await u.request('POST', '/logout', { noOrigin: true, headers })).status, what).toBe(403)
    }
    expect((await (await sql())`select count(*)::int as n from projects where user_id = ${u.userId}`)[0].n).toBe(0)
    expect((await u.request('GET', '/api/auth/user')).status).toBe(200)

    const accepted: Array<[string, Record<string, string>]> = [
      ['Referer of this site', { referer: `${app}/projects` }],
      ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['Origin of this site', { origin: app }],
    ]
    for (const [what, headers] of accepted) {
      const res = await u.request('POST', '/api/projects', { noOrigin: true, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(sampleProject({ name: 'Same origin' })) })
      expect(res.status, what).toBeLessThan(300)
    }
  })
})

describe('response headers', () => {
  it('pages carry a CSP whose nonce is on every inline script, and no-store when signed in', async () => {
    const u = await user()
    await u.request('POST', '/api/projects', { json: sampleProject() })
    for (const path of ['/', '/projects', '/profile', '/login', '/sign-out']) {
      const res = await u.request('GET', path)
      expect(res.status, path).toBeLessThan(400)
      if (res.status !== 200) continue
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce, path).toBeTruthy()
      const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts.length, path).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`)
      expect(res.headers['cache-control'], path).toBe('no-store')
      expect(res.headers['permissions-policy'], path).toContain('camera=()')
      expect(headerCount(res, 'referrer-policy'), path).toBe(1)
      expect(headerCount(res, 'content-security-policy'), path).toBe(1)
    }
    const data = await u.request('GET', '/?_data=root')
    expect(data.status).toBe(200)
    expect(data.headers['cache-control']).toBe('no-store')
    // A nonce is new for every response.
    const [a, b] = [await u.request('GET', '/profile'), await u.request('GET', '/profile')]
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy'])
  })

  it('a route that sets its own Referrer-Policy sends just that one', async () => {
    const u = await user()
    const project = await u.request('POST', '/api/projects', { json: sampleProject() })
    const db = await sql()
    const brands = { brand: { name: 'Brooks', alternativeNames: [], domains: [] }, competitors: [] }
    const [analysis] = await db`
      insert into analyses (project_id, user_id, status, model_ids, queries, brands, error)
      values (${project.body.id}, ${u.userId}, 'failed', ${[8]}, ${db.json([])}, ${db.json(brands)}, 'test') returning id`
    const exportId = randomBytes(16).toString('hex')
    await db`insert into exports (id, project_id, analysis_id, user_id, expires_at) values (${exportId}, ${project.body.id}, ${analysis.id}, ${u.userId}, now() + interval '1 day')`
    const res = await client().request('GET', `/export/${exportId}`)
    expect(res.status).toBe(200)
    expect(headerCount(res, 'referrer-policy')).toBe(1)
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    const missing = await client().request('GET', '/export/aaaaaaaaaaaaaaaaaaaaaaaa')
    expect(missing.status).toBe(404)
    expect(headerCount(missing, 'referrer-policy')).toBe(1)
  })
})
