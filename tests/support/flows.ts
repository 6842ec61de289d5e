/** Steps a user takes, over real HTTP against the test app. */
import { randomBytes, randomInt } from 'node:crypto'
import { Agent, fetch as fetchFrom } from 'undici'
import { testEnv } from './env'

/**
 * Each session's requests come from a loopback address of its own (127.a.b.c with a ≠ 0; Linux
 * routes all of 127/8 to lo), as from one client per user: the app's per-address budgets (model
 * calls, sign-in throttling) then never add up across the tests of a file or across files on a
 * fast machine. Tests of those budgets pick fixed addresses in 127.0.0.x.
 */
const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`

export class Session {
  cookie = ''
  readonly address = loopbackAddress()
  private readonly dispatcher = new Agent({ localAddress: this.address })
  constructor(public readonly base = testEnv().appUrl) {}

  async request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    if (this.cookie) headers.set('cookie', this.cookie)
    headers.set('origin', this.base)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const res = (await fetchFrom(this.base + path, { ...(init as any), headers, body: body as any, redirect: 'manual', dispatcher: this.dispatcher })) as unknown as Response
    const set = res.headers.getSetCookie?.() ?? []
    for (const c of set) {
      const [pair] = c.split(';')
      if (pair.startsWith('__session=')) this.cookie = pair.endsWith('=') ? '' : pair
    }
    return res
  }

  async json<T = any>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T }> {
    const res = await this.request(path, init)
    const text = await res.text()
    let body: any = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {}
    return { status: res.status, body }
  }
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`
}

/** A new local account, signed in. */
export async function signUp(email = uniqueEmail(), password = 'correct horse battery') {
  const s = new Session()
  const res = await s.json('/api/auth/signup', { method: 'POST', json: { email, password } })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`)
  return Object.assign(s, { email, password, userId: res.body.user.id as number })
}

export async function sql() {
  const { getSql } = await import('../../db/client')
  return getSql(testEnv().databaseUrl)
}

/** Raises a user's limits (tests that need several projects or analyses). */
export async function setLimits(userId: number, limits: { maxProjects?: number | null; maxAnalyses?: number | null; isActive?: boolean; tier?: string }) {
  const db = await sql()
  if ('maxProjects' in limits) await db`update users set max_projects = ${limits.maxProjects ?? null} where id = ${userId}`
  if ('maxAnalyses' in limits) await db`update users set max_analyses = ${limits.maxAnalyses ?? null} where id = ${userId}`
  if (limits.isActive !== undefined) await db`update users set is_active = ${limits.isActive} where id = ${userId}`
  if (limits.tier) await db`update users set tier = ${limits.tier} where id = ${userId}`
}

export const sampleProject = (over: Record<string, unknown> = {}) => ({
  name: `Running shoes ${randomBytes(3).toString('hex')}`,
  brandDomain: 'Brooks',
  marketDescription: 'running shoes for road runners',
  marketRegion: 'United Kingdom',
  language: 'en-GB',
  competitors: ['Nike', 'Asics', 'Hoka', 'New Balance'],
  queries: ['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk'],
  ...over,
})

export async function createProject(s: Session, over: Record<string, unknown> = {}) {
  const res = await s.json('/api/projects', { method: 'POST', json: sampleProject(over) })
  if (res.status !== 201 && res.status !== 200) throw new Error(`create project failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { id: number; name: string; [k: string]: any }
}

export async function startAnalysis(s: Session, projectId: number) {
  const res = await s.json(`/api/projects/${projectId}/analyse-today`, { method: 'POST' })
  if (res.status !== 201) throw new Error(`start analysis failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { id: number; status: string }
}

export async function waitForAnalysis(s: Session, id: number, until: (a: any) => boolean = (a) => ['completed', 'failed', 'cancelled'].includes(a.status), timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs
  let last: any
  while (Date.now() < deadline) {
    const res = await s.json(`/api/analyses/${id}/progress`)
    last = res.body
    if (res.status === 200 && until(res.body)) return (await s.json(`/api/analyses/${id}`)).body
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`analysis ${id} did not reach the expected state: ${JSON.stringify(last)?.slice(0, 500)}`)
}

/**
 * A demo project made as the setup screen makes it (the framework first, then the project with its competitors
 * and queries), in Light Mode unless told otherwise, and its first analysis run to the end. For projects in other languages.
 */
export async function analyseDemoProject(s: Session, input: { name: string; market: string; region: string; language: string; queries?: number; isLightMode?: boolean }) {
  const isLightMode = input.isLightMode ?? true
  const fw = await s.json('/api/generate-framework', {
    method: 'POST',
    json: { name: input.name, brandDomain: input.name, marketDescription: input.market, marketRegion: input.region, language: input.language, isLightMode },
  })
  if (fw.status !== 200) throw new Error(`generate framework failed: ${fw.status} ${JSON.stringify(fw.body)}`)
  const project = await createProject(s, {
    name: `${input.name} ${input.market}`,
    brandDomain: input.name,
    marketDescription: input.market,
    marketRegion: input.region,
    language: input.language,
    isLightMode,
    competitors: (fw.body.competitors as string[]).slice(0, 6),
    queries: (fw.body.queries as string[]).slice(0, input.queries ?? 5),
  })
  const started = await startAnalysis(s, project.id)
  const done = await waitForAnalysis(s, started.id, undefined, 300_000)
  return { project, analysisId: started.id, status: done.status as string, queries: fw.body.queries as string[] }
}

/** Polls `check` until it is true; fails with `what` after `timeoutMs`. Every wait loop in the tests has a deadline. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 200) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${Math.round(timeoutMs / 1000)} s for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

export async function simulator(config: unknown) {
  const res = await fetch(`${testEnv().simulatorUrl}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(config) })
  if (!res.ok) throw new Error(`simulator config failed: ${res.status}`)
}

export async function resetSimulator() {
  await fetch(`${testEnv().simulatorUrl}/__sim/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
}

/**
 * A new local account made an admin through a proven path: what `npm run admin -- grant <email>` does on the server
 * (db/admins.ts), without starting the CLI for every test. A local sign-up alone never makes an admin.
 */
export async function signUpAdmin() {
  const admin = await signUp()
  const { setAdmin } = await import('../../db/admins')
  const granted = await setAdmin(await sql(), admin.email, true)
  if (!granted.ok) throw new Error(granted.message)
  return admin
}
