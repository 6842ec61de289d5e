/**
 * The API conventions clients expect, and the findings of an attacker's probe, each tried against the
 * running app the way the probe did. Tests that spend a per-address budget use a 127.0.0.x address of their own.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sampleProject, sql, signUp, signUpAdmin, uniqueEmail } from '../support/flows'
import { HttpClient } from '../support/http-client'
import { createKey, KeyClient } from '../support/api-keys'
import { seedHandWorkedSources } from '../support/hand-worked-sources'
import { testEnv } from '../support/env'

const clients: HttpClient[] = []
afterAll(() => clients.forEach((c) => c.close()))
const client = (address?: string) => {
  const c = new HttpClient(address)
  clients.push(c)
  return c
}

describe('key-only endpoints without a key', () => {
  it('a script or MCP client that forgot its key hears 401 "API key required" with WWW-Authenticate: Bearer, not 403', async () => {
    const c = client()
    // No Origin, no Sec-Fetch-Site, no cookie: what a non-browser client sends.
    const mcp = await c.request('POST', '/mcp', { noOrigin: true, json: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: { accept: 'application/json, text/event-stream' } })
    const rest = await c.request('POST', '/api/v1/projects/1/analyses', { noOrigin: true, json: {} })
    const get = await c.request('GET', '/api/v1/projects')
    for (const res of [mcp, rest, get]) {
      expect(res.status).toBe(401)
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/)
      expect(res.body.error).toEqual({ code: 'unauthorized', message: expect.stringMatching(/^API key required: send it as "Authorization: Bearer <key>"/) })
    }
  })

  it('a cookie-carrying cross-site POST keeps the same-origin rule (403)', async () => {
    const u = await signUp()
    const res = await client().request('POST', '/mcp', { headers: { cookie: u.cookie, origin: 'https://evil.example' }, json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Cross-site request refused.')
  })
})

describe('the same-origin check never trusts the Host header', () => {
  it('Host: evil.example with Origin http://evil.example is refused; the app\'s own origin (APP_URL) passes', async () => {
    const c = client()
    const body = { email: uniqueEmail('host'), password: 'whatever it is' }
    const forged = await c.request('POST', '/api/auth/login', { json: body, headers: { host: 'evil.example', origin: 'http://evil.example' } })
    expect(forged.status).toBe(403)
    expect(forged.body.message).toBe('Cross-site request refused.')
    const own = await c.request('POST', '/api/auth/login', { json: body, headers: { origin: testEnv().appUrl } })
    expect(own.status).toBe(400) // reaches the sign-in: wrong password, not refused
  })
})

describe('failed API keys are throttled per address and listed for the admins', () => {
  it('10 failures from one address, then 429 with Retry-After for any key from it; other addresses unaffected', async () => {
    const attacker = client('127.0.0.51')
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await attacker.request('GET', '/api/v1/me', { headers: { authorization: `Bearer abv_${'x'.repeat(40)}${i}` } })
      statuses.push(res.status)
      if (res.status === 429) {
        const retry = Number(res.headers['retry-after'])
        // The window is 10 minutes from the first failure: more than 0, at most 600 s.
        expect(retry).toBeGreaterThan(0)
        expect(retry).toBeLessThanOrEqual(600)
        expect(res.body.error.code).toBe('rate_limited')
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
    // A valid key from the throttled address is refused too (no guess can be confirmed while throttled).
    const owner = await signUp()
    const { key } = await createKey(owner, 'Valid', ['read'])
    expect((await attacker.request('GET', '/api/v1/me', { headers: { authorization: `Bearer ${key}` } })).status).toBe(429)
    expect((await new KeyClient(key).call('/api/v1/me')).status).toBe(200)

    const admin = await signUpAdmin()
    const profile = await admin.json('/profile?_data=routes%2Fprofile')
    const row = profile.body.failedKeyAttempts.find((r: any) => r.address === '127.0.0.51')
    // 10 counted failures; the refused (429) attempts are not guesses that reached a key check.
    expect(row).toMatchObject({ total: 10, inWindow: 10, throttled: true, lastTried: expect.stringMatching(/^abv_x{8}… GET \/api\/v1\/me$/) })
    expect((await owner.json('/profile?_data=routes%2Fprofile')).body.failedKeyAttempts).toBeNull()
  })
})

describe('sign-ups are throttled per address', () => {
  it('counts each sign-up of an address and refuses the one past SIGNUPS_PER_ADDRESS_PER_HOUR (50 in the test stack) with 429', async () => {
    const c = client('127.0.0.52')
    const signup = () => c.request('POST', '/api/auth/signup', { json: { email: uniqueEmail('throttle'), password: 'quiet lantern over the marsh' } })
    expect((await signup()).status).toBe(201)
    expect((await signup()).status).toBe(201)
    const db = await sql()
    const count = async () => (await db<{ count: number }[]>`select count from address_counters where key = 'signup:127.0.0.52'`)[0]?.count
    expect(await count()).toBe(2)
    // 47 more in the same hour, written directly (no test waits for 47 hashes): the 50th passes, the 51st is refused.
    await db`update address_counters set count = 49 where key = 'signup:127.0.0.52'`
    expect((await signup()).status).toBe(201)
    const refused = await signup()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body.message).toMatch(/^Too many accounts created from this address\. Try again in \d+ minutes?\.$/)
    expect(await count()).toBe(50)
    // Another address is not affected.
    expect((await client('127.0.0.53').request('POST', '/api/auth/signup', { json: { email: uniqueEmail('other'), password: 'quiet lantern over the marsh' } })).status).toBe(201)
  })
})

describe('admin only for proven identities', () => {
  const isAdmin = async (email: string) => (await (await sql())<{ is_admin: boolean }[]>`select is_admin from users where email = ${email}`)[0]?.is_admin

  it('the one-time setup code makes a local account admin once; a wrong or used code creates no account', async () => {
    const c = client()
    const wrongEmail = uniqueEmail('wrong-code')
    const wrong = await c.request('POST', '/api/auth/signup', { json: { email: wrongEmail, password: 'quiet lantern over the marsh', setupCode: 'not-the-code-at-all' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fieldErrors.setupCode).toMatch(/^This setup code is not valid/)
    expect(await isAdmin(wrongEmail)).toBeUndefined()

    // The sign-up page offers the field while the code is unused.
    expect((await client().request('GET', '/signup?_data=routes%2Fsignup')).body.setupCode).toBe(true)
    const email = uniqueEmail('setup-admin')
    const ok = await client().request('POST', '/api/auth/signup', { json: { email, password: 'quiet lantern over the marsh', setupCode: ` ${testEnv().adminSetupCode} ` } })
    expect(ok.status).toBe(201)
    expect(ok.body.user).toMatchObject({ email, isAdmin: true, maxProjects: null, maxAnalyses: null })

    const againEmail = uniqueEmail('second-claim')
    const again = await client().request('POST', '/api/auth/signup', { json: { email: againEmail, password: 'quiet lantern over the marsh', setupCode: testEnv().adminSetupCode } })
    expect(again.status).toBe(400)
    expect(again.body.fieldErrors.setupCode).toMatch(/^This setup code was already used/)
    expect(await isAdmin(againEmail)).toBeUndefined()
    expect((await client().request('GET', '/signup?_data=routes%2Fsignup')).body.setupCode).toBe(false)
  })

  it('`npm run admin -- grant <email>` on the server makes an existing account admin (and audits it); revoke takes it back', async () => {
    const u = await signUp()
    expect(await isAdmin(u.email)).toBe(false)
    const cli = (...args: string[]) =>
      spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: testEnv().databaseUrl } })
    const grant = cli('grant', u.email.toUpperCase())
    expect(grant.stdout.trim()).toBe(`${u.email} is now an admin`)
    expect(grant.status).toBe(0)
    expect(await isAdmin(u.email)).toBe(true)
    expect((await u.json('/api/auth/user')).body).toMatchObject({ isAdmin: true, maxProjects: null })
    const db = await sql()
    const [audit] = await db<{ admin_email: string; action: string }[]>`select admin_email, action from admin_audit_log where target_user_id = ${u.userId} order by id desc limit 1`
    expect(audit).toEqual({ admin_email: 'server console', action: 'grant_admin' })
    expect(cli('revoke', u.email).stdout.trim()).toBe(`${u.email} is no longer an admin`)
    expect(await isAdmin(u.email)).toBe(false)
    const missing = cli('grant', 'nobody-here@example.test')
    expect([missing.status, missing.stderr.trim()]).toEqual([1, 'No account with the e-mail nobody-here@example.test: it signs up first, then run this again.'])
  })
})

describe('GET /api/analyses/{id}: the Analysis entity with its modelResults', () => {
  it('has modelResults and the source search fields, the insights as counts with a link', async () => {
    const seeded = await seedHandWorkedSources()
    const db = await sql()
    const answer = (modelId: number, queryIndex: number, sample: number, mentions: object, rankings: object) => ({
      analysis_id: seeded.analysisId, model_id: modelId, query_index: queryIndex, sample, query: queryIndex === 0 ? 'best running shoes' : 'trail shoes for beginners',
      response: 'an answer', mentions: db.json(mentions as any), rankings: db.json(rankings as any),
    })
    await db`insert into api_responses ${db([
      answer(8, 0, 1, { Brooks: 2, Nike: 1 }, { Brooks: 1, Nike: 3 }),
      answer(8, 0, 2, { Brooks: 1, Nike: 0 }, { Brooks: 2 }),
      answer(6, 1, 1, { Hoka: 1 }, {}),
    ])}`
    const res = await seeded.owner.json(`/api/analyses/${seeded.analysisId}`)
    expect(res.status).toBe(200)
    const href = `/api/analyses/${seeded.analysisId}/search-insights`
    // Seeded: enhanced Gemini q0, ChatGPT q0, Gemini q1; basic ChatGPT q0; no search row.
    expect(res.body).toMatchObject({
      searchInsightsStatus: null,
      searchInsights: { count: 1, byModel: { 8: 1 }, href },
      enhancedSearchInsights: { count: 3, byModel: { 6: 2, 8: 1 }, href },
      dualSearchInsights: { geminiInsights: 2, openaiInsights: 1, grokInsights: 0, claudeInsights: 0, perplexityInsights: 0, href },
      // ChatGPT: Brooks 2 + 1, Nike 1 + 0; ranks on q0 Brooks (1 + 2) / 2, Nike 3. Gemini: Hoka 1, never ranked.
      modelResults: {
        8: { brandMentions: { Brooks: 3, Nike: 1 }, brandRanking: { 'best running shoes': { Brooks: 1.5, Nike: 3 } } },
        6: { brandMentions: { Hoka: 1 }, brandRanking: {} },
      },
    })
    // The link holds the full insights.
    const full = await seeded.owner.json(href)
    expect(full.body.enhancedSearchInsights).toHaveLength(3)
  })
})

describe('enumeration errors name the field, the value and the accepted values on every route', () => {
  it('REST, the app\'s JSON routes and the report query', async () => {
    const owner = await signUp()
    const c = new KeyClient((await createKey(owner, 'Enum', ['read'])).key)
    const res = await c.call('/api/v1/analyses/1/sources?set=best')
    expect(res.body.error).toEqual({ code: 'invalid_request', message: "set 'best' is not one of: enhanced, basic, all" })
    const project = await owner.json('/api/projects', { method: 'POST', json: sampleProject({ marketType: 'B2G' }) })
    expect(project.status).toBe(400)
    expect(project.body.message).toBe("marketType 'B2G' is not one of: B2C, B2B")
  })
})
