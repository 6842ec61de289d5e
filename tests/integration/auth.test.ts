/**
 * Accounts and sign-in against the real app over HTTP, a real PostgreSQL and the OIDC stand-in
 * for Microsoft Entra ID (all started by tests/setup/global-setup.ts).
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testEnv } from '../support/env'
import { setStandInNextUser } from '../support/oidc-stand-in'

const USER_FIELDS = [
  'id', 'email', 'firstName', 'lastName', 'isAdmin', 'isActive', 'userType', 'tier', 'maxProjects', 'maxAnalyses',
  'projectCount', 'analysisCount', 'totalAnalysesRun', 'lastLoginAt', 'createdAt',
]
const PROFILE_FIELDS = [
  'email', 'isAdmin', 'isActive', 'tier', 'projectCount', 'maxProjects', 'totalAnalysesRun', 'maxAnalyses',
  'canRunAnalysis', 'analysesRemaining', 'canCreateProject', 'projectsRemaining',
  'firstName', 'lastName', 'userType', 'analysisCount', 'lastLoginAt',
]

const app = () => testEnv().appUrl
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`

/** Cookies per origin (host:port), enough to follow a redirect chain across the app and the stand-in. */
class CookieJar {
  private jars = new Map<string, Map<string, string>>()
  store(url: string, res: Response) {
    const host = new URL(url).host
    const jar = this.jars.get(host) ?? new Map<string, string>()
    this.jars.set(host, jar)
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) jar.delete(name)
      else jar.set(name, value)
    }
  }
  header(url: string): string {
    const jar = this.jars.get(new URL(url).host)
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : ''
  }
  get(url: string, name: string) {
    return this.jars.get(new URL(url).host)?.get(name)
  }
}

async function request(jar: CookieJar, path: string, init: RequestInit = {}) {
  const url = path.startsWith('http') ? path : `${app()}${path}`
  const headers = new Headers(init.headers)
  const cookie = jar.header(url)
  if (cookie) headers.set('Cookie', cookie)
  // Same-origin writes, as a browser would send them (the server refuses cross-site ones).
  if (init.method && init.method !== 'GET' && !headers.has('Origin')) headers.set('Origin', new URL(url).origin)
  const res = await fetch(url, { ...init, headers, redirect: 'manual' })
  jar.store(url, res)
  return res
}

/** GETs `path` and follows redirects by hand (keeping cookies per origin); returns the last response and every URL seen. */
async function follow(jar: CookieJar, path: string) {
  let url = path.startsWith('http') ? path : `${app()}${path}`
  const seen = [url]
  for (let hop = 0; hop < 20; hop++) {
    const res = await request(jar, url)
    const location = res.headers.get('Location')
    if (res.status < 300 || res.status >= 400 || !location) return { res, url, seen }
    url = new URL(location, url).toString()
    seen.push(url)
  }
  throw new Error(`too many redirects: ${seen.join(' -> ')}`)
}

const postJson = (jar: CookieJar, path: string, body: unknown) =>
  request(jar, path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
const postForm = (jar: CookieJar, path: string, fields: Record<string, string>) =>
  request(jar, path, { method: 'POST', headers: { Accept: 'text/html' }, body: new URLSearchParams(fields) })

async function signUp(fields: { email: string; password?: string; firstName?: string; lastName?: string }) {
  const jar = new CookieJar()
  const res = await postJson(jar, '/api/auth/signup', { password: 'correct horse battery', ...fields })
  expect(res.status).toBe(201)
  return { jar, body: (await res.json()) as { user: Record<string, unknown> } }
}

describe('signed out', () => {
  it('answers 401 for the user and profile, and authenticated false for the status', async () => {
    const jar = new CookieJar()
    const user = await request(jar, '/api/auth/user')
    expect(user.status).toBe(401)
    expect(user.headers.get('content-type')).toContain('application/json')
    expect((await request(jar, '/api/user/profile')).status).toBe(401)
    const status = await request(jar, '/api/auth/status')
    expect(status.status).toBe(200)
    expect(await status.json()).toEqual({ authenticated: false, authType: null })
  })

  it('/api/login sends the browser to Microsoft when configured (else /login), keeping redirectTo', async () => {
    const res = await request(new CookieJar(), '/api/login?redirectTo=%2Fprojects')
    expect(res.status).toBe(302)
    const expected = testEnv().oidc.clientId ? '/login/azure' : '/login'
    expect(res.headers.get('Location')).toBe(`${expected}?redirectTo=%2Fprojects`)
  })

  it('serves the sign-in and sign-up pages', async () => {
    const login = await request(new CookieJar(), '/login')
    expect(login.status).toBe(200)
    const html = await login.text()
    expect(html).toContain('name="email"')
    expect(html).toContain('href="/signup"')
    if (testEnv().oidc.clientId) expect(html).toContain('Sign in with Microsoft')
    expect((await request(new CookieJar(), '/signup')).status).toBe(200)
  })
})

describe('local sign-up', () => {
  it('creates a legacy user, sets the session cookie, and /api/auth/user shows every User field', async () => {
    const email = uniqueEmail('Signup')
    const { jar, body } = await signUp({ email, firstName: 'Ada', lastName: 'Lovelace' })
    expect(body.user).toMatchObject({ email: email.toLowerCase(), firstName: 'Ada', userType: 'legacy', isAdmin: false })
    expect(jar.get(app(), '__session')).toBeTruthy()

    const res = await request(jar, '/api/auth/user')
    expect(res.status).toBe(200)
    const user = await res.json()
    for (const field of USER_FIELDS) expect(user).toHaveProperty(field)
    expect(user).toMatchObject({
      email: email.toLowerCase(), firstName: 'Ada', lastName: 'Lovelace', isActive: true, userType: 'legacy',
      maxProjects: 1, maxAnalyses: 1, projectCount: 0, analysisCount: 0, totalAnalysesRun: 0, authType: 'local',
    })
    expect(user.lastLoginAt).toEqual(expect.any(String))
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt/i)

    const status = await request(jar, '/api/auth/status')
    expect(await status.json()).toEqual({ authenticated: true, authType: 'local' })

    const profile = await (await request(jar, '/api/user/profile')).json()
    for (const field of PROFILE_FIELDS) expect(profile).toHaveProperty(field)
    expect(profile).toMatchObject({ canCreateProject: true, projectsRemaining: 1, canRunAnalysis: true, analysesRemaining: 1 })
  })

  it('answers 400 with field messages for an invalid email, a short password and an existing email', async () => {
    const jar = new CookieJar()
    let res = await postJson(jar, '/api/auth/signup', { email: 'not-an-email', password: 'long enough pass' })
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors.email).toBe('Enter a valid email address')

    res = await postJson(jar, '/api/auth/signup', { email: uniqueEmail('short'), password: 'short' })
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors.password).toBe('Password must be at least 12 characters')

    const email = uniqueEmail('taken')
    await signUp({ email })
    res = await postJson(jar, '/api/auth/signup', { email: email.toUpperCase(), password: 'another password' })
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors.email).toBe('An account with this email already exists')
    expect(jar.get(app(), '__session')).toBeUndefined()

    // The page shows the same messages to a form post.
    const page = await postForm(jar, '/signup', { email: 'nope', password: 'x' })
    expect(page.status).toBe(400)
    const html = await page.text()
    expect(html).toContain('Enter a valid email address')
    expect(html).toContain('Password must be at least 12 characters')
  })

  it('a form post redirects to a same-origin redirectTo only', async () => {
    const jar = new CookieJar()
    let res = await postForm(jar, '/signup', { email: uniqueEmail('form'), password: 'form password', redirectTo: '/projects?tab=1' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/projects?tab=1')
    expect(jar.get(app(), '__session')).toBeTruthy()

    // multipart (FormData) works too
    const multipart = new FormData()
    multipart.set('email', uniqueEmail('multipart'))
    multipart.set('password', 'form password')
    res = await request(new CookieJar(), '/api/auth/signup', { method: 'POST', body: multipart })
    expect(res.status).toBe(201)

    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      res = await postForm(new CookieJar(), '/signup', { email: uniqueEmail('redir'), password: 'form password', redirectTo: evil })
      expect(res.status).toBe(302)
      expect(res.headers.get('Location')).toBe('/')
    }
  })

  it('a local sign-up with an ADMIN_EMAILS address is not an admin: the address is not proven', async () => {
    const jar = new CookieJar()
    const email = 'admin@example.test' // ADMIN_EMAILS in the test stack
    let res = await postJson(jar, '/api/auth/signup', { email, password: 'admin password' })
    if (res.status === 400) res = await postJson(jar, '/api/auth/login', { email, password: 'admin password' })
    expect(res.status).toBeLessThan(300)
    const user = await (await request(jar, '/api/auth/user')).json()
    expect(user).toMatchObject({ isAdmin: false, maxProjects: 1, maxAnalyses: 1 })
    // Signing in again with the password still proves nothing.
    await postJson(jar, '/api/auth/login', { email, password: 'admin password' })
    expect((await (await request(jar, '/api/auth/user')).json()).isAdmin).toBe(false)
  })
})

describe('local sign-in', () => {
  it('signs in with the right password (JSON and form) and gives one generic message otherwise', async () => {
    const email = uniqueEmail('signin')
    await signUp({ email, password: 'the right password' })

    const jar = new CookieJar()
    const ok = await postJson(jar, '/api/auth/login', { email: ` ${email.toUpperCase()} `, password: 'the right password' })
    expect(ok.status).toBe(200)
    expect((await request(jar, '/api/auth/user')).status).toBe(200)

    const form = await postForm(new CookieJar(), '/login?redirectTo=%2Fprofile', { email, password: 'the right password' })
    expect(form.status).toBe(302)
    expect(form.headers.get('Location')).toBe('/profile')

    const wrong = await postJson(new CookieJar(), '/api/auth/login', { email, password: 'a wrong password' })
    const unknown = await postJson(new CookieJar(), '/api/auth/login', { email: uniqueEmail('nobody'), password: 'a wrong password' })
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    const wrongBody = await wrong.json()
    expect(wrongBody.error).toBe('Invalid email or password')
    expect(await unknown.json()).toEqual(wrongBody)

    const page = await postForm(new CookieJar(), '/login', { email, password: 'a wrong password' })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('Invalid email or password')
  })

  it('signing in again replaces the session of that browser (the old cookie is revoked)', async () => {
    const email = uniqueEmail('resign')
    const { jar } = await signUp({ email, password: 'the right password' })
    const oldCookie = jar.header(app())
    expect((await postJson(jar, '/api/auth/login', { email, password: 'the right password' })).status).toBe(200)
    expect(jar.header(app())).not.toBe(oldCookie)
    expect((await request(jar, '/api/auth/user')).status).toBe(200)
    expect((await fetch(`${app()}/api/auth/user`, { headers: { Cookie: oldCookie } })).status).toBe(401)
  })

  it('refuses further attempts with 429 after 5 failures for one email, even with the right password', async () => {
    const email = uniqueEmail('throttle')
    await signUp({ email, password: 'the right password' })
    for (let i = 0; i < 5; i++) {
      const res = await postJson(new CookieJar(), '/api/auth/login', { email, password: `wrong ${i}` })
      expect(res.status).toBe(400)
    }
    const blocked = await postJson(new CookieJar(), '/api/auth/login', { email, password: 'the right password' })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await blocked.json()).error).toMatch(/^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/)

    const page = await postForm(new CookieJar(), '/login', { email, password: 'the right password' })
    expect(page.status).toBe(429)
    expect(await page.text()).toContain('Too many failed sign-in attempts.')
  })

  it('answers 400, never 500, to malformed bodies', async () => {
    const cases: Array<[string, RequestInit]> = [
      ['bad JSON', { headers: { 'Content-Type': 'application/json' }, body: '{"email":' }],
      ['JSON array', { headers: { 'Content-Type': 'application/json' }, body: '[1,2]' }],
      ['JSON null', { headers: { 'Content-Type': 'application/json' }, body: 'null' }],
      ['wrong types', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 42, password: { x: 1 } }) }],
      ['empty', {}],
      ['text', { headers: { 'Content-Type': 'text/plain' }, body: 'hello' }],
      ['missing fields', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'foo=bar' }],
      ['bad multipart', { headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'garbage' }],
      ['too large', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }) }],
      ['long password', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5_000) }) }],
    ]
    for (const path of ['/api/auth/login', '/api/auth/signup', '/login', '/signup']) {
      for (const [name, init] of cases) {
        const res = await request(new CookieJar(), path, { method: 'POST', ...init })
        expect(res.status, `${path} ${name}`).toBe(400)
      }
    }
  })
})

describe('logout', () => {
  it('POST /logout revokes the session: the old cookie no longer works', async () => {
    const { jar } = await signUp({ email: uniqueEmail('logout') })
    const oldCookie = jar.header(app())
    const res = await request(jar, '/logout', { method: 'POST', headers: { Accept: 'application/json' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ logoutUrl: '/' })
    expect(jar.get(app(), '__session')).toBeUndefined()

    const replay = await fetch(`${app()}/api/auth/user`, { headers: { Cookie: oldCookie } })
    expect(replay.status).toBe(401)
  })

  it('a form post redirects and revokes; GET /api/auth/logout only leads to the sign-out page', async () => {
    const first = await signUp({ email: uniqueEmail('logout-form') })
    const form = await request(first.jar, '/logout', { method: 'POST', headers: { Accept: 'text/html' }, body: new URLSearchParams() })
    expect(form.status).toBe(302)
    expect(form.headers.get('Location')).toBe('/')
    expect((await request(first.jar, '/api/auth/user')).status).toBe(401)

    // A GET (a link from anywhere) changes nothing: sign-out needs the page's button, a POST.
    const second = await signUp({ email: uniqueEmail('logout-get') })
    const get = await request(second.jar, '/api/auth/logout')
    expect(get.status).toBe(302)
    expect(get.headers.get('Location')).toBe('/sign-out')
    expect((await request(second.jar, '/api/auth/user')).status).toBe(200)
    const page = await request(second.jar, '/sign-out')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Sign out')
    expect((await request(second.jar, '/api/auth/user')).status).toBe(200)
  })
})

describe('cross-site requests', () => {
  it('refuses POSTs whose Origin is another site', async () => {
    const { jar } = await signUp({ email: uniqueEmail('csrf') })
    for (const path of ['/api/auth/login', '/api/auth/signup', '/login', '/logout']) {
      const res = await request(jar, path, {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=x%40example.test&password=whatever1',
      })
      expect(res.status, path).toBe(403)
    }
    // Still signed in: the cross-site logout did nothing.
    expect((await request(jar, '/api/auth/user')).status).toBe(200)
  })
})

describe('Microsoft Entra ID (OIDC stand-in)', () => {
  const configured = () => Boolean(testEnv().oidc.clientId)

  async function entraSignIn(claims: { sub: string; email: string; oid?: string; name?: string; given_name?: string; family_name?: string }, redirectTo = '/profile') {
    await setStandInNextUser(testEnv().oidc.issuer, claims)
    const jar = new CookieJar()
    const { res, url, seen } = await follow(jar, `/login/azure?redirectTo=${encodeURIComponent(redirectTo)}`)
    return { jar, res, url, seen }
  }

  it('runs the whole redirect flow and signs in a new azure_unlinked user', async (ctx) => {
    if (!configured()) return ctx.skip()
    const { issuer } = testEnv().oidc
    const email = uniqueEmail('entra')
    const oid = randomUUID()
    const { jar, url, seen } = await entraSignIn({ sub: `sub-${oid}`, oid, email, given_name: 'Grace', family_name: 'Hopper' })

    expect(seen.some((u) => u.startsWith(issuer))).toBe(true)
    expect(seen.some((u) => u.startsWith(`${app()}/auth/microsoft/callback?`))).toBe(true)
    expect(new URL(url).pathname).toBe('/profile')
    expect(jar.get(app(), '__session')).toBeTruthy()

    const user = await (await request(jar, '/api/auth/user')).json()
    expect(user).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', userType: 'azure_unlinked', authType: 'azure' })
    expect(await (await request(jar, '/api/auth/status')).json()).toEqual({ authenticated: true, authType: 'azure' })

    // Signing in again finds the same user by oid.
    const again = await entraSignIn({ sub: `sub-${oid}`, oid, email })
    expect((await (await request(again.jar, '/api/auth/user')).json()).id).toBe(user.id)

    // Logout hands back the provider's end-session URL.
    const out = await request(jar, '/logout', { method: 'POST', headers: { Accept: 'application/json' } })
    const { logoutUrl } = await out.json()
    expect(logoutUrl.startsWith(issuer)).toBe(true)
    expect(new URL(logoutUrl).searchParams.get('post_logout_redirect_uri')).toBe(`${app()}/`)
    expect((await request(jar, '/api/auth/user')).status).toBe(401)
  })

  it('a Microsoft sign-in with an ADMIN_EMAILS address proves it: admin with unlimited quotas', async (ctx) => {
    if (!configured()) return ctx.skip()
    const email = 'admin@example.test' // ADMIN_EMAILS in the test stack; a local account may exist already (not admin)
    const oid = randomUUID()
    const { jar } = await entraSignIn({ sub: `sub-${oid}`, oid, email })
    const user = await (await request(jar, '/api/auth/user')).json()
    expect(user).toMatchObject({ email, isAdmin: true, maxProjects: null, maxAnalyses: null })
    const profile = await (await request(jar, '/api/user/profile')).json()
    expect(profile).toMatchObject({ canCreateProject: true, projectsRemaining: null, analysesRemaining: null })
    // Another Microsoft address not in ADMIN_EMAILS stays an ordinary user.
    const other = randomUUID()
    const plain = await entraSignIn({ sub: `sub-${other}`, oid: other, email: uniqueEmail('entra-plain') })
    expect((await (await request(plain.jar, '/api/auth/user')).json()).isAdmin).toBe(false)
  })

  it('links an existing local account with the same email (azure_linked)', async (ctx) => {
    if (!configured()) return ctx.skip()
    const email = uniqueEmail('link')
    const local = await signUp({ email })
    const oid = randomUUID()
    const { jar } = await entraSignIn({ sub: `sub-${oid}`, oid, email: email.toUpperCase(), name: 'Linked Person' })
    const user = await (await request(jar, '/api/auth/user')).json()
    expect(user).toMatchObject({ id: local.body.user.id, userType: 'azure_linked', authType: 'azure' })
    // The password still works for the linked account.
    expect((await postJson(new CookieJar(), '/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(200)
  })

  it('refuses a callback whose state does not match, without a session', async (ctx) => {
    if (!configured()) return ctx.skip()
    const jar = new CookieJar()
    const res = await request(jar, '/auth/microsoft/callback?code=forged&state=forged')
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/login?error=microsoft')
    expect(jar.get(app(), '__session')).toBeUndefined()
    const page = await request(jar, '/login?error=microsoft')
    expect(await page.text()).toContain('Microsoft sign-in failed. Please try again.')
  })

  it('refuses a made-up authorization code for a real state', async (ctx) => {
    if (!configured()) return ctx.skip()
    const jar = new CookieJar()
    const start = await request(jar, '/login/azure')
    expect(start.status).toBe(302)
    const state = new URL(start.headers.get('Location')!).searchParams.get('state')
    const res = await request(jar, `/auth/microsoft/callback?code=made-up&state=${state}`)
    expect(res.headers.get('Location')).toBe('/login?error=microsoft')
    expect((await request(jar, '/api/auth/user')).status).toBe(401)
  })

  it('asks for a nonce and PKCE, and a signed-in visitor skips the provider', async (ctx) => {
    if (!configured()) return ctx.skip()
    const start = await request(new CookieJar(), '/login/azure')
    const location = new URL(start.headers.get('Location')!)
    expect(location.origin).toBe(new URL(testEnv().oidc.issuer).origin)
    expect(location.searchParams.get('nonce')).toBeTruthy()
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('redirect_uri')).toBe(`${app()}/auth/microsoft/callback`)

    const { jar } = await signUp({ email: uniqueEmail('already') })
    const res = await request(jar, '/login/azure?redirectTo=%2Fprojects')
    expect(res.headers.get('Location')).toBe('/projects')
  })
})
