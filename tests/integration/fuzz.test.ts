/**
 * Malformed input to every route, found by reading app/routes at test time (so a new route is
 * fuzzed without anyone listing it): generated bodies (fast-check, pinned seed) to every action in
 * each method it takes, bad path and query parameters to every loader. Any 5xx fails.
 * Routes that take a personal API key instead of the session (/api/v1/…, /mcp) are fuzzed with a key, so the
 * bodies and parameters get past authentication: the splat route of /api/v1 is expanded through the API's
 * route table (its OpenAPI document), and an MCP tool's error that hides a 500 (internal_error) counts as a 5xx.
 * Runs from its own local address (127.0.0.9) so its rate-limit and sign-in budgets are its own.
 */
import { addModelRoutes } from '../../app/domain/models'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { sampleProject, sql } from '../support/flows'
import { HttpClient, signedInClient } from '../support/http-client'
import { createKey, KeyedHttpClient } from '../support/api-keys'
import { seedHandWorkedAnalysis } from '../support/hand-worked-analysis'
import { openApiDocument } from '../../app/domain/api/openapi'

const ADDRESS = '127.0.0.9'
const SEED = 20_250_808
const BODIES_PER_ROUTE_METHOD = 30

interface Route {
  file: string
  /** Path segments; ':param' where the file name has $param. */
  segments: string[]
  methods: string[]
  hasAction: boolean
  hasLoader: boolean
  /** Takes a personal API key (Authorization: Bearer), never the session: /api/v1/… and /mcp. */
  keyed: boolean
}

/** Every route file of app/routes, read now: its URL pattern, whether it has an action and a loader, and which methods the action takes. */
function routes(): Route[] {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/routes')
  // The add-model module is registered once per URL of the model catalogue (remix.config.js), not by its file name.
  const addModel = addModelRoutes().map((r) => ({ file: `api.add-model.ts ${r.path}`, segments: r.path.split('/').filter(Boolean), hasAction: true, hasLoader: false, methods: ['POST'], keyed: false }))
  return readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== 'api.add-model.ts')
    .map((file) => {
      const source = readFileSync(path.join(dir, file), 'utf8')
      const name = file.replace(/\.tsx?$/, '')
      const segments = name === '$' ? ['fuzz-nowhere'] : name.split('.').filter((s) => s !== '_index').map((s) => (s.startsWith('$') ? `:${s.slice(1)}` : s.replace(/_$/, '')))
      const exported = (what: string) => new RegExp(`export\\s+(async\\s+)?function\\s+${what}\\b|export\\s+const\\s+${what}\\b|export\\s*\\{[^}]*\\b${what}\\b`).test(source)
      const declared = /requireMethod\(request,\s*([^)]*)\)/.exec(source)?.[1].match(/'([A-Z]+)'/g)?.map((m) => m.slice(1, -1))
      const keyed = /\bhandle(Api|Mcp)Request\(/.test(source)
      return { file, segments, hasAction: exported('action'), hasLoader: exported('loader'), methods: declared?.length ? declared : ['POST'], keyed }
    })
    .concat(addModel)
}

const FIELDS = [
  'name', 'brandDomain', 'marketDescription', 'marketRegion', 'language', 'marketType', 'competitors', 'competitorDetails', 'brandDetails',
  'queries', 'queriesWithAudience', 'audiences', 'topics', 'isLightMode', 'isAdvancedMode', 'samplesPerQuery', 'analysisId', 'projectId',
  'modelId', 'action', 'email', 'password', 'firstName', 'lastName', 'redirectTo',
]

const nastyString = fc.oneof(
  fc.constantFrom(
    '', ' ', 'a\u0000b', '\u0000', '\u001b[31m', '\u0085', '\ud800', '\ufeff', '%00', '../../etc/passwd', '<script>alert(1)</script>',
    "'; drop table users; --", '//evil.example', '/.//evil.example', 'x'.repeat(5000), '1e308', '2147483648', 'NaN', 'Infinity', '-1', '1.5', '0x10',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
)
const nastyNumber = fc.oneof(fc.constantFrom(0, -1, 1.5, 2147483647, 2147483648, 2 ** 53 + 2, 1e308, -1e308), fc.integer(), fc.double())
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 4 }),
  fc.array(fc.dictionary(fc.constantFrom('name', 'query', 'alternativeNames', 'domains', 'topic', 'id'), nastyString, { maxKeys: 3 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
)

/** A body valid for most routes, so one bad field reaches the code behind validation. */
const VALID = {
  ...sampleProject({ name: 'Fuzz project' }),
  analysisId: 2147483000,
  projectId: 2147483000,
  modelId: 8,
  action: 'delete',
  email: 'fuzz-nobody@example.test',
  password: 'quiet lantern over the marsh',
}

// Raw texts JSON.stringify cannot produce: unsafe integers, overflows, broken and deeply nested JSON.
const RAW = [
  '{"analysisId":9007199254740993}', '{"analysisId":1e308}', '{"analysisId":-0}', '{"projectId":2147483648,"analysisId":1}', '{"name":"a\\u0000b"}',
  '{', '[]', 'null', '"x"', '0', '{"__proto__":{"isAdmin":true}}', `{"queries":${'['.repeat(2000)}${']'.repeat(2000)}}`, '\u0000', '{"a":1}{"b":2}',
]

type Body = { contentType?: string; text: string }
const asForm = (v: unknown) =>
  new URLSearchParams(Object.entries(v && typeof v === 'object' ? v : { value: v }).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x) ?? ''])).toString()

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), nastyValue, { maxKeys: 6 }).map((v) => ({ contentType: 'application/json', text: JSON.stringify(v) })),
  fc.tuple(fc.constantFrom(...FIELDS), nastyValue).map(([k, v]) => ({ contentType: 'application/json', text: JSON.stringify({ ...VALID, [k]: v }) })),
  fc.tuple(fc.constantFrom(...FIELDS), nastyValue).map(([k, v]) => ({ contentType: 'application/x-www-form-urlencoded', text: asForm({ ...VALID, [k]: v }) })),
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ contentType: 'application/json', text: JSON.stringify(v) ?? 'null' })),
  fc.constantFrom(...RAW).map((text) => ({ contentType: 'application/json', text })),
  fc.constantFrom(
    { contentType: 'multipart/form-data; boundary=x', text: 'garbage' },
    { contentType: 'text/plain', text: 'hello' },
    { contentType: undefined, text: '{"name":1}' },
    { contentType: 'application/json; charset=utf-16', text: '{}' },
  ),
)

const BAD_IDS = ['0', '-1', '1.5', '2147483648', '9007199254740993', '1e308', 'Infinity', 'abc', '%00', '%2e%2e', 'x'.repeat(300)]

interface Tally {
  requests: number
  failures: string[]
}
const tally: Tally = { requests: 0, failures: [] }
const clients: HttpClient[] = []
afterAll(() => {
  clients.forEach((c) => c.close())
  console.log(`[fuzz] ${tally.requests} requests, ${tally.failures.length} answered 5xx`)
})

async function send(client: HttpClient, method: string, url: string, b?: Body, accept = 'application/json') {
  tally.requests++
  const headers: Record<string, string> = { accept }
  if (b?.contentType) headers['content-type'] = b.contentType
  const res = await client.request(method, url, { headers, body: b?.text }).catch((error: Error) => {
    throw new Error(`${method} ${url.slice(0, 300)}: ${error.message}`)
  })
  // An MCP tool answers a thrown 500 as a tool error (HTTP 200): its code gives it away.
  const hidden = res.status < 500 && /"code\\?":\\?"internal_error/.test(res.text)
  if (res.status >= 500 || hidden) tally.failures.push(`${method} ${url} ${b ? `${b.contentType} ${b.text.slice(0, 200)}` : ''} -> ${res.status} ${res.text.slice(0, 200)}`)
  return res
}

function urlFor(route: Route, param: (name: string) => string) {
  return `/${route.segments.map((s) => (s.startsWith(':') ? encodeURIComponent(param(s.slice(1))).replace(/%25/g, '%') : s)).join('/')}`
}

describe('fuzzing every route from app/routes', () => {
  const all = routes()
  const SIGN_OUT = new Set(['logout.ts', 'api.auth.logout.ts'])
  const AUTH = new Set(['login.tsx', 'signup.tsx', 'api.auth.login.ts', 'api.auth.signup.ts'])

  it('finds the routes the issue names', () => {
    const files = all.map((r) => r.file)
    for (const f of ['api.projects.ts', 'api.projects.$id.export.ts', 'api.add-model.ts /api/analyses/add-claude', 'api.add-model.ts /api/add-deepseek-analysis', 'analysis-progress.tsx', 'api.generate-framework.ts']) expect(files).toContain(f)
    expect(all.filter((r) => r.hasAction).length).toBeGreaterThanOrEqual(30)
  })

  it('no action answers 5xx to generated bad bodies (signed in)', async () => {
    const before = tally.failures.length
    const user = await signedInClient(ADDRESS)
    clients.push(user)
    const project = await user.request('POST', '/api/projects', { json: VALID })
    expect(project.status).toBe(201)
    const db = await sql()
    // An analysis of yesterday (not refreshable, so no model is called) for the analysis routes.
    const [analysis] = await db`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands)
      values (${project.body.id}, ${user.userId}, 'completed', current_date - 1, ${[8]}, ${db.json([])}, ${db.json({ brand: { name: 'Brooks', alternativeNames: [], domains: [] }, competitors: [] })})
      returning id`
    const own = (name: string, i: number, method: string) => {
      // The user's own ids in half the requests (never for DELETE, which would end the run early).
      if (i % 2 === 0 && method !== 'DELETE') return String(name === 'id' && i % 4 === 0 ? analysis.id : project.body.id)
      return BAD_IDS[i % BAD_IDS.length]
    }
    const targets = all.filter((r) => r.hasAction && !SIGN_OUT.has(r.file) && !AUTH.has(r.file))
    for (const route of targets) {
      for (const method of [...route.methods, 'PUT']) {
        const bodies = fc.sample(body, { numRuns: BODIES_PER_ROUTE_METHOD, seed: SEED + tally.requests })
        for (const [i, b] of bodies.entries()) await send(user, method, urlFor(route, (name) => own(name, i, method)), b)
      }
    }
    expect(tally.failures.slice(before)).toEqual([])
    // Still signed in: the run really exercised the signed-in code.
    expect((await user.request('GET', '/api/auth/user')).status).toBe(200)
  })

  it('no sign-in, sign-up or sign-out action answers 5xx to generated bad bodies', async () => {
    const before = tally.failures.length
    const anonymous = new HttpClient(ADDRESS)
    clients.push(anonymous)
    for (const route of all.filter((r) => AUTH.has(r.file) || SIGN_OUT.has(r.file))) {
      const bodies = fc.sample(body, { numRuns: BODIES_PER_ROUTE_METHOD, seed: SEED + tally.requests })
      for (const b of bodies) await send(anonymous, 'POST', urlFor(route, () => 'x'), b)
    }
    expect(tally.failures.slice(before)).toEqual([])
  })

  it('no loader answers 5xx to bad path and query parameters', async () => {
    const before = tally.failures.length
    const user = await signedInClient(ADDRESS)
    clients.push(user)
    // With a project, pages that take ?project= / ?analysis= look them up in the database.
    expect((await user.request('POST', '/api/projects', { json: sampleProject() })).status).toBe(201)
    // Ten parameters of at most 1,000 characters each keep the request line under Node's 16 KB
    // header limit (beyond it Node answers 431 and closes the connection, before any route runs).
    const values = fc.sample(nastyString, { numRuns: 8, seed: SEED }).map((v) => v.slice(0, 1000))
    for (const route of all.filter((r) => r.hasLoader && !SIGN_OUT.has(r.file))) {
      for (const [i, v] of [...BAD_IDS.slice(0, 6), ...values].entries()) {
        const query = new URLSearchParams({ analysis: v, project: v, phase: v, tab: v, model: v, topic: v, brand: v, redirectTo: v, error: v, activeOnly: v })
        await send(user, 'GET', `${urlFor(route, () => BAD_IDS[i % BAD_IDS.length])}?${query}`)
        await send(user, 'GET', `${urlFor(route, () => BAD_IDS[i % BAD_IDS.length])}?${query}&_data=root`)
      }
    }
    expect(tally.failures.slice(before)).toEqual([])
  })

  it('no route that takes an API key answers 5xx to generated bad input past the key (/api/v1, /mcp)', async () => {
    const before = tally.failures.length
    const keyedRoutes = all.filter((r) => r.keyed)
    expect(keyedRoutes.map((r) => r.file).sort()).toEqual(['api.v1.$.ts', 'mcp.ts'])
    // The key's own data (a completed analysis with answers, so results are really computed) and another user's.
    const own = await seedHandWorkedAnalysis()
    const other = await seedHandWorkedAnalysis()
    const created = await createKey(own.owner, 'Fuzz', ['read', 'run'])
    expect(created.status).toBe(200)
    const keyed = new KeyedHttpClient(created.key, ADDRESS)
    clients.push(keyed)
    expect((await keyed.request('GET', '/api/v1/me')).status).toBe(200)

    // Path ids: the key's own (reads only), another user's (runs: refused after the body is read, so no run starts), or bad.
    const idFor = (name: string, i: number, run: boolean) => {
      const mine = name === 'projectId' ? own.projectId : own.analysisId
      const theirs = name === 'projectId' ? other.projectId : other.analysisId
      if (i % 3 === 0) return String(run ? theirs : mine)
      if (i % 3 === 1) return String(run ? theirs : i % 2 ? mine : theirs)
      return BAD_IDS[i % BAD_IDS.length]
    }
    const nastyQuery = fc.dictionary(
      fc.constantFrom('tab', 'model', 'topic', 'audience', 'brand', 'limit', 'cursor', 'set', 'query', 'topicBrand', 'page', 'q'),
      fc.oneof(nastyString.map((v) => v.slice(0, 500)), fc.constantFrom('overview', 'ranking-detail', 'audiences', 'api-data', 'claude', 'Comfort', 'Nike', 'Brooks', '3', '0', 'basic')),
      { maxKeys: 5 },
    )
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> }
    for (const route of keyedRoutes.filter((r) => r.file === 'api.v1.$.ts')) {
      const base = `/${route.segments.slice(0, -1).join('/')}`
      for (const [template, item] of Object.entries(doc.paths)) {
        for (const method of Object.keys(item)) {
          const run = method === 'post'
          const queries = fc.sample(nastyQuery, { numRuns: BODIES_PER_ROUTE_METHOD, seed: SEED + tally.requests })
          const bodies = fc.sample(body, { numRuns: BODIES_PER_ROUTE_METHOD, seed: SEED + tally.requests })
          for (let i = 0; i < BODIES_PER_ROUTE_METHOD; i++) {
            const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(idFor(name, i, run)).replace(/%25/g, '%'))
            const qs = new URLSearchParams(Object.entries(queries[i]).map(([k, v]) => [k, String(v)])).toString()
            await send(keyed, method.toUpperCase(), `${base}${path}${qs ? `?${qs}` : ''}`, run ? bodies[i] : undefined)
          }
        }
      }
    }

    // MCP: generated JSON-RPC calls of every tool (and generated bodies). start_analysis only ever gets another user's project or bad ids.
    const TOOLS = ['list_projects', 'get_visibility_summary', 'get_query_ranks', 'get_sources', 'get_trends', 'start_analysis', 'no_such_tool']
    const argValue = fc.oneof(nastyValue, fc.constantFrom<unknown>(own.projectId, own.analysisId, other.projectId, other.analysisId, 'Nike', 'claude', 'basic', 'best running shoes for flat feet'))
    const call = fc.record({
      name: fc.constantFrom(...TOOLS),
      arguments: fc.oneof(fc.dictionary(fc.constantFrom('projectId', 'analysisId', 'brand', 'model', 'set', 'query'), argValue, { maxKeys: 4 }), nastyValue),
    })
    const rpc = fc.oneof(
      call.map((params) => ({ contentType: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) })),
      fc.constantFrom('tools/list', 'initialize', 'ping', 'resources/list', 'nope').map((method) => ({ contentType: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: 2, method, params: {} }) })),
      body,
    )
    const mcpRequests = fc.sample(rpc, { numRuns: 6 * BODIES_PER_ROUTE_METHOD, seed: SEED })
    let toolCalls = 0
    for (const b of mcpRequests) {
      let text = b.text
      try {
        const msg = JSON.parse(b.text)
        // Never start a run on the key's own project: start_analysis gets the other user's project id instead.
        if (msg?.params?.name === 'start_analysis' && msg.params.arguments && typeof msg.params.arguments === 'object' && msg.params.arguments.projectId === own.projectId)
          text = JSON.stringify({ ...msg, params: { ...msg.params, arguments: { ...msg.params.arguments, projectId: other.projectId } } })
        if (msg?.method === 'tools/call') toolCalls++
      } catch {}
      await send(keyed, 'POST', '/mcp', { ...b, text }, 'application/json, text/event-stream')
    }
    expect(toolCalls).toBeGreaterThan(BODIES_PER_ROUTE_METHOD)
    for (const method of ['GET', 'DELETE', 'PUT']) await send(keyed, method, '/mcp', undefined, 'application/json, text/event-stream')

    expect(tally.failures.slice(before)).toEqual([])
    // The key still works and no run was started on the key's own project.
    expect((await keyed.request('GET', '/api/v1/me')).status).toBe(200)
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from analyses where project_id = ${own.projectId}`
    expect(n).toBe(1)
    // The requests really went past the key: they are logged against it, and many were refused by validation, not by auth.
    const statuses = await db<{ status: number; n: number }[]>`select status, count(*)::int as n from api_key_calls where key_id = ${created.body.created.view.id} group by status`
    const by = Object.fromEntries(statuses.map((r) => [r.status, r.n]))
    expect(by[401] ?? 0).toBe(0)
    expect(by[400]).toBeGreaterThan(50)
    expect(by[200]).toBeGreaterThan(50)
  })
})
