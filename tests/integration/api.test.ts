/**
 * The public REST API over the real stack: API keys created and revoked on Profile & Limits, used as
 * Bearer tokens (never the session cookie), their expiry and scopes, the per-key call log; a key cannot read another
 * user's data; the hand-worked analysis (tests/support/hand-worked-analysis.ts) read through /api/v1 with figures
 * worked out by hand; and the contract test: every route of /api/v1/openapi.json called, every answer validated
 * against the document with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 */
import { createHash } from 'node:crypto'
import { Agent, fetch as fetchFrom } from 'undici'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { testEnv } from '../support/env'
import { createProject, setLimits, signUp, signUpAdmin, sql } from '../support/flows'
import {
  ANSWER_FIGURES, ANSWERS, CHATGPT, CLAUDE, DURABILITY_ONLY, QUERIES, QUERY_RANK, SHARE, TOPICS, seedHandWorkedAnalysis, type HandWorkedAnalysis,
} from '../support/hand-worked-analysis'
import { createKey, KeyClient, revokeKey } from '../support/api-keys'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * Audiences for the hand-worked queries, in the analysis's query snapshot (what the results filter reads): Q0 and Q1
 * "Beginners" (the same queries as topic Comfort), Q2 "Marathoners" (as topic Durability), so the hand-worked topic
 * figures are the audience figures.
 */
async function giveAudiences(analysisId: number) {
  const db = await sql()
  await db`
    update analyses set queries = (
      select jsonb_agg(q || jsonb_build_object('audience', case when (q->>'index')::int < 2 then 'Beginners' else 'Marathoners' end) order by (q->>'index')::int)
      from jsonb_array_elements(queries) q)
    where id = ${analysisId}`
}

/** A brand-to-value map from arrays aligned with the tab's brands. */
const byBrand = (brands: { name: string }[], values: unknown[]) => Object.fromEntries(brands.map((b, i) => [b.name, values[i]]))

/**
 * A schema with unknown fields refused: an object that lists its properties and says nothing about others gets
 * additionalProperties: false, so a field an answer carries that the document does not declare fails the contract.
 */
function closed(schema: any): any {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!schema || typeof schema !== 'object') return schema
  const out: any = {}
  for (const [k, v] of Object.entries<any>(schema)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries<any>(v).map(([p, x]) => [p, closed(x)])) : closed(v)
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false
  return out
}

describe('API key lifecycle', () => {
  let seeded: HandWorkedAnalysis
  beforeAll(async () => {
    seeded = await seedHandWorkedAnalysis()
  })

  it('is created on Profile & Limits, shown once, stored hashed, used, logged and revoked (then 401)', async () => {
    const created = await createKey(seeded.owner, 'Weekly report', ['read', 'run'])
    expect(created.status).toBe(200)
    const { key } = created
    expect(key).toMatch(/^abv_[A-Za-z0-9_-]{43}$/)
    const view = created.body.created.view
    expect(view).toMatchObject({ name: 'Weekly report', prefix: key.slice(0, 12), scopes: ['read', 'run'], status: 'active', expiresAt: null, lastUsedAt: null })

    // Stored as its SHA-256 only; the profile page lists the prefix, never the key.
    const db = await sql()
    const [row] = await db<{ key_hash: string; prefix: string }[]>`select key_hash, prefix from api_keys where id = ${view.id}`
    expect(row.key_hash).toBe(sha256(key))
    expect(JSON.stringify(await db`select * from api_keys where id = ${view.id}`)).not.toContain(key)
    const profile = await seeded.owner.json('/profile?_data=routes%2Fprofile')
    expect(profile.body.apiKeys.map((k: any) => k.prefix)).toContain(key.slice(0, 12))
    expect(JSON.stringify(profile.body)).not.toContain(key)

    const client = new KeyClient(key)
    const me = await client.call('/api/v1/me')
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ id: seeded.owner.userId, email: seeded.owner.email })
    expect(me.body.key).toMatchObject({ id: view.id, scopes: ['read', 'run'] })
    const projects = await client.call('/api/v1/projects')
    expect(projects.body.items.map((p: any) => p.id)).toContain(seeded.projectId)

    const calls = await db<{ method: string; path: string; status: number }[]>`select method, path, status from api_key_calls where key_id = ${view.id} order by id`
    expect(calls).toEqual([
      { method: 'GET', path: '/api/v1/me', status: 200 },
      { method: 'GET', path: '/api/v1/projects', status: 200 },
    ])
    const [{ last_used_at }] = await db<{ last_used_at: Date | null }[]>`select last_used_at from api_keys where id = ${view.id}`
    expect(last_used_at).not.toBeNull()

    const revoked = await revokeKey(seeded.owner, view.id)
    expect(revoked.status).toBe(200)
    expect(revoked.body.revoked.status).toBe('revoked')
    const after = await client.call('/api/v1/me')
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ error: { code: 'unauthorized', message: 'This API key was revoked.' } })
    const [last] = await db<{ status: number }[]>`select status from api_key_calls where key_id = ${view.id} order by id desc limit 1`
    expect(last.status).toBe(401)
  })

  it('expires: a key past its expiry answers 401; the expiry must be 1 to 365 days', async () => {
    const bad = await createKey(seeded.owner, 'Too long', ['read'], '400')
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Expiry must be a whole number of days from 1 to 365, or blank for no expiry')
    expect((await createKey(seeded.owner, 'No scope', [])).body.error).toBe('Choose at least one scope: read or run')

    const created = await createKey(seeded.owner, 'One day', ['read'], '1')
    expect(created.status).toBe(200)
    const id = created.body.created.view.id
    const db = await sql()
    const [{ days }] = await db<{ days: number }[]>`select extract(epoch from expires_at - created_at) / 86400 as days from api_keys where id = ${id}`
    expect(Number(days)).toBeCloseTo(1, 3)
    const client = new KeyClient(created.key)
    expect((await client.call('/api/v1/me')).status).toBe(200)
    // Moved into the past in the database: no test waits for the clock.
    await db`update api_keys set expires_at = now() - interval '1 minute' where id = ${id}`
    const res = await client.call('/api/v1/me')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('unauthorized')
    expect(res.body.error.message).toMatch(/^This API key expired at \d{4}-\d\d-\d\dT/)
  })

  it('refuses a route outside the key\'s scopes (403 insufficient_scope)', async () => {
    const readOnly = new KeyClient((await createKey(seeded.owner, 'Reader', ['read'])).key)
    const runOnly = new KeyClient((await createKey(seeded.owner, 'Runner', ['run'])).key)
    const start = await readOnly.call(`/api/v1/projects/${seeded.projectId}/analyses`, { method: 'POST' })
    expect(start.status).toBe(403)
    expect(start.body).toEqual({ error: { code: 'insufficient_scope', message: 'This API key does not have the "run" scope.' } })
    const list = await runOnly.call('/api/v1/projects')
    expect(list.status).toBe(403)
    expect(list.body.error.code).toBe('insufficient_scope')
  })

  it('a session never authorises /api/v1; a Bearer key is exempt from the cross-site check', async () => {
    const withCookie = await seeded.owner.json('/api/v1/projects')
    expect(withCookie.status).toBe(401)
    expect(withCookie.body.error.code).toBe('unauthorized')
    const bogus = await seeded.owner.json('/api/v1/projects', { headers: { authorization: 'Bearer abv_not-a-key' } })
    expect(bogus.status).toBe(401)

    const { key } = await createKey(seeded.owner, 'Cross-site', ['read', 'run'])
    const agent = new Agent()
    const post = (headers: Record<string, string>) =>
      fetchFrom(`${testEnv().appUrl}/api/v1/analyses/${seeded.analysisId}/cancel`, { method: 'POST', headers: { origin: 'https://evil.example', ...headers }, dispatcher: agent })
    const keyed = await post({ authorization: `Bearer ${key}` })
    expect(keyed.status).toBe(200)
    expect(((await keyed.json()) as any).status).toBe('completed')
    // Without a key the same cross-site POST is refused before any route, as everywhere else.
    const cookieOnly = await post({ cookie: seeded.owner.cookie })
    expect(cookieOnly.status).toBe(403)
    expect(((await cookieOnly.json()) as any).message).toBe('Cross-site request refused.')
    await agent.close()
  })

  it('a key cannot read or change another user\'s data (404, as for the app\'s own routes)', async () => {
    const other = await signUp()
    const client = new KeyClient((await createKey(other, 'Other', ['read', 'run'])).key)
    const list = await client.call('/api/v1/projects')
    expect(list.status).toBe(200)
    expect(list.body.items.map((p: any) => p.id)).not.toContain(seeded.projectId)
    for (const path of [
      `/api/v1/projects/${seeded.projectId}`,
      `/api/v1/projects/${seeded.projectId}/analyses`,
      `/api/v1/projects/${seeded.projectId}/trends`,
      `/api/v1/analyses/${seeded.analysisId}`,
      `/api/v1/analyses/${seeded.analysisId}/results`,
      `/api/v1/analyses/${seeded.analysisId}/visibility`,
      `/api/v1/analyses/${seeded.analysisId}/answers`,
      `/api/v1/analyses/${seeded.analysisId}/sources`,
    ]) {
      const res = await client.call(path)
      expect(res.status, path).toBe(404)
      expect(res.body.error.code, path).toBe('not_found')
    }
    for (const [path, json] of [
      [`/api/v1/projects/${seeded.projectId}/analyses`, undefined],
      [`/api/v1/analyses/${seeded.analysisId}/models`, { modelId: 5 }],
      [`/api/v1/analyses/${seeded.analysisId}/cancel`, undefined],
    ] as const) {
      const res = await client.call(path, { method: 'POST', json })
      expect(res.status, path).toBe(404)
    }
    // Nor revoke their key from Profile & Limits.
    const ownerKey = await createKey(seeded.owner, 'Mine', ['read'])
    expect((await revokeKey(other, ownerKey.body.created.view.id)).status).toBe(404)
  })

  it('admins see every user\'s keys and revoke them (audited)', async () => {
    const created = await createKey(seeded.owner, 'Seen by admin', ['read'])
    const admin = await signUpAdmin()
    const profile = await admin.json('/profile?_data=routes%2Fprofile')
    const row = profile.body.allApiKeys.find((k: any) => k.id === created.body.created.view.id)
    expect(row).toMatchObject({ name: 'Seen by admin', owner: { id: seeded.owner.userId, email: seeded.owner.email }, status: 'active' })
    expect((await revokeKey(admin, row.id)).status).toBe(200)
    expect((await new KeyClient(created.key).call('/api/v1/me')).status).toBe(401)
    const db = await sql()
    const [audit] = await db<{ action: string; target_user_id: number }[]>`select action, target_user_id from admin_audit_log where admin_id = ${admin.userId}`
    expect(audit).toEqual({ action: 'revoke_api_key', target_user_id: seeded.owner.userId })
    // A non-admin gets no list of everyone's keys.
    expect((await seeded.owner.json('/profile?_data=routes%2Fprofile')).body.allApiKeys).toBeNull()
  })
})

describe('/api/v1 reads the hand-worked analysis', () => {
  let seeded: HandWorkedAnalysis
  let client: KeyClient
  beforeAll(async () => {
    seeded = await seedHandWorkedAnalysis()
    client = new KeyClient((await createKey(seeded.owner, 'Reader', ['read'])).key)
  })

  it('visibility per model with n and 95 % Wilson intervals, worked by hand', async () => {
    const res = await client.call(`/api/v1/analyses/${seeded.analysisId}/visibility`)
    expect(res.status).toBe(200)
    const brooks = (g: any) => g.brands.find((b: any) => b.name === 'Brooks')
    // All models: 6 answers. Brooks 10 of 25 mentions = 40 %, Wilson (z = 1.959964) 23.4-59.3;
    // ranked in A1, A2, A3, A4, A6 = 5 of 6 = 83.3 %, Wilson 43.6-97.0; combined rank (1.5 + 1.7) / 2 = 1.6.
    expect(res.body.combined.answered).toBe(6)
    expect(brooks(res.body.combined)).toEqual({
      name: 'Brooks', isOwn: true, mentions: 10,
      mentionShare: { value: 40, x: 10, n: 25, interval: { low: 23.4, high: 59.3 } },
      rankRate: { value: 83.3, x: 5, n: 6, interval: { low: 43.6, high: 97 } },
      // its old name, deprecated, with the same figure
      visibility: { value: 83.3, x: 5, n: 6, interval: { low: 43.6, high: 97 } },
      rank: 1.6,
    })
    const byModel = Object.fromEntries(res.body.models.map((g: any) => [g.modelId, g]))
    expect(Object.keys(byModel).map(Number).sort((a, b) => a - b)).toEqual([CLAUDE, CHATGPT])
    // Claude (A1, A3, A5): 6 of 14 mentions = 42.9 %, Wilson 21.4-67.4; ranked in A1 and A3 = 2 of 3 = 66.7 %, Wilson 20.8-93.9; rank (1 + 2) / 2 = 1.5.
    expect(brooks(byModel[CLAUDE])).toMatchObject({
      mentionShare: { value: 42.9, x: 6, n: 14, interval: { low: 21.4, high: 67.4 } },
      rankRate: { value: 66.7, x: 2, n: 3, interval: { low: 20.8, high: 93.9 } },
      rank: 1.5,
    })
    // ChatGPT (A2, A4, A6): 4 of 11 = 36.4 %, Wilson 15.2-64.6; ranked in all 3 = 100 %, Wilson 43.9-100; rank (2 + 1 + 2) / 3 = 1.7.
    expect(brooks(byModel[CHATGPT])).toMatchObject({
      mentionShare: { value: 36.4, x: 4, n: 11, interval: { low: 15.2, high: 64.6 } },
      rankRate: { value: 100, x: 3, n: 3, interval: { low: 43.9, high: 100 } },
      rank: 1.7,
    })
    // Nike is never ranked by ChatGPT: rank null, rank rate 0 of 3.
    expect(byModel[CHATGPT].brands.find((b: any) => b.name === 'Nike')).toMatchObject({ rank: null, rankRate: { value: 0, x: 0, n: 3 } })
  })

  it('results per tab, per model and combined, with topic filters; unknown filters are a 400', async () => {
    const share = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?tab=share-of-model`)
    expect(share.status).toBe(200)
    expect(share.body).toMatchObject({ analysisId: seeded.analysisId, projectId: seeded.projectId, date: '2025-05-20', tab: 'share-of-model' })
    const rows = share.body.data.rows.map((r: any) => ({ name: r.name, claude: r.byModel[CLAUDE], chatgpt: r.byModel[CHATGPT], combined: r.combined }))
    expect(rows).toEqual(SHARE.rows)
    const claude = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?tab=overview&model=claude`)
    expect(claude.body.filters.model).toBe('claude')
    expect(claude.body.data.summary.totalMentions).toBe(14) // 6 + 3 + 3 + 2
    const durability = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?tab=brand-rank&topic=Durability`)
    expect(durability.body.data.queryCounts).toEqual({ included: 1, total: 3 })
    const badTopic = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?topic=Speed`)
    expect(badTopic.status).toBe(400)
    expect(badTopic.body).toEqual({ error: { code: 'invalid_request', message: '"Speed" is not a topic of this analysis' } })
    const badTab = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?tab=nope`)
    expect(badTab.status).toBe(400)
    expect(badTab.body.error.message).toMatch(/^tab 'nope' is not one of: overview, /)
  })

  it('results filters: audience and brand, worked by hand; an audience or brand the analysis lacks is a 400', async () => {
    await giveAudiences(seeded.analysisId)
    const results = async (qs: string) => {
      const res = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?${qs}`)
      expect(res.status, `${qs}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200)
      return res.body
    }
    // The audience options come from the analysis's queries.
    const overview = await results('tab=overview')
    expect(overview.options.audiences).toEqual(['Beginners', 'Marathoners'])
    expect(overview.filters.audience).toBeNull()

    // Audience Marathoners = Q2 only (as topic Durability): Filtered 1/3 queries, Brooks 2.0 (ChatGPT only, 1/6 = 17 %).
    const marathoners = await results('tab=brand-rank&audience=Marathoners')
    expect(marathoners.filters).toEqual({ model: 'combined', topic: null, audience: 'Marathoners' })
    expect(marathoners.data.queryCounts).toEqual(DURABILITY_ONLY.queryCounts)
    expect(marathoners.data.filtered).toBe(true)
    const rows = marathoners.data.rows.map((r: any) => ({ name: r.name, combined: r.combined, visibility: r.visibility }))
    // Own brand first, then Hoka; the two unranked brands last, in an order the spec does not set.
    expect(rows.slice(0, 2)).toEqual(DURABILITY_ONLY.rows.slice(0, 2))
    expect(rows.slice(2)).toHaveLength(2)
    expect(rows.slice(2)).toEqual(expect.arrayContaining(DURABILITY_ONLY.rows.slice(2)))
    // Audience Beginners = Q0 + Q1 (as topic Comfort): 17 mentions, Brooks 6 = 35.3 %.
    const beginners = await results('tab=share-of-model&audience=Beginners')
    expect(Object.fromEntries(beginners.data.rows.map((r: any) => [r.name, r.combined]))).toEqual(TOPICS.Comfort.shares)
    expect(beginners.data.rows.find((r: any) => r.name === 'Brooks').ci).toEqual({ x: 6, n: 17, ci: { low: 17.3, high: 58.7 } })
    // The Audiences tab: each audience's combined share and rank per brand.
    const audiences = await results('tab=audiences')
    expect(audiences.data.groups.map((g: any) => g.group)).toEqual(['Beginners', 'Marathoners'])
    const group = (name: string) => audiences.data.groups.find((g: any) => g.group === name)
    expect(byBrand(audiences.data.brands, group('Beginners').shares)).toEqual(TOPICS.Comfort.shares)
    expect(byBrand(audiences.data.brands, group('Beginners').ranks)).toEqual(TOPICS.Comfort.ranks)
    expect(byBrand(audiences.data.brands, group('Marathoners').shares)).toEqual(TOPICS.Durability.shares)
    expect(byBrand(audiences.data.brands, group('Marathoners').ranks)).toEqual(TOPICS.Durability.ranks)
    expect(audiences.data.brand).toBe('Brooks')

    // Brand: Query Rank for Nike (default is the own brand), and combined with the audience filter.
    const nike = await results('tab=ranking-detail&brand=Nike')
    expect(nike.data.brand).toBe('Nike')
    expect(nike.data.rows.map((r: any) => ({ query: r.query, claude: r.byModel[CLAUDE], chatgpt: r.byModel[CHATGPT], combined: r.combined, visibility: r.visibility }))).toEqual(QUERY_RANK.Nike)
    const nikeBeginners = await results('tab=ranking-detail&brand=Nike&audience=Beginners')
    expect(nikeBeginners.data.rows.map((r: any) => [r.query, r.combined])).toEqual([[QUERIES[0].query, 3], [QUERIES[1].query, null]])
    // Sentiment Detail for Nike: the one statement with a tone ("poor", Claude, Q0).
    const nikeSentiment = await results('tab=sentiment-detail&brand=Nike')
    expect(nikeSentiment.data.brand).toBe('Nike')
    expect(nikeSentiment.data.cards.map((c: any) => ({ query: c.query, statements: c.statements.map((x: any) => [x.polarity, x.words, x.modelId]) }))).toEqual([
      { query: QUERIES[0].query, statements: [['negative', ['poor'], CLAUDE]] },
    ])
    expect((await results('tab=audiences&brand=Hoka')).data.brand).toBe('Hoka')
    // A brand-less tab ignores the brand.
    expect((await results('tab=overview&brand=Hoka')).data.tab).toBe('overview')

    const badAudience = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?audience=Kids`)
    expect(badAudience.status).toBe(400)
    expect(badAudience.body).toEqual({ error: { code: 'invalid_request', message: '"Kids" is not an audience of this analysis' } })
    const badBrand = await client.call(`/api/v1/analyses/${seeded.analysisId}/results?tab=ranking-detail&brand=Puma`)
    expect(badBrand.status).toBe(400)
    expect(badBrand.body).toEqual({ error: { code: 'invalid_request', message: '"Puma" is not a brand of this analysis' } })
  })

  it('answers are paged with a cursor and carry text, mentions and ranks', async () => {
    const first = await client.call(`/api/v1/analyses/${seeded.analysisId}/answers?limit=4`)
    expect(first.status).toBe(200)
    expect(first.body.items).toHaveLength(4)
    expect(first.body.nextCursor).toEqual(expect.any(String))
    const second = await client.call(`/api/v1/analyses/${seeded.analysisId}/answers?limit=4&cursor=${first.body.nextCursor}`)
    expect(second.body.items).toHaveLength(2)
    expect(second.body.nextCursor).toBeNull()
    const all = [...first.body.items, ...second.body.items]
    expect(new Set(all.map((a: any) => a.id)).size).toBe(6)
    for (const [i, a] of ANSWERS.entries()) {
      const got = all.find((x: any) => x.queryIndex === a.queryIndex && x.modelId === a.modelId)
      expect(got.text).toBe(a.text)
      const positive = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v > 0))
      expect(positive(got.mentions)).toEqual(ANSWER_FIGURES[i].mentions)
      expect(positive(got.rankings)).toEqual(ANSWER_FIGURES[i].rankings)
      expect(Date.parse(got.createdAt)).not.toBeNaN()
    }
    // How each answer was collected: the hand-worked answers were written without it (null); a recorded one is returned as stored.
    expect(all.map((a: any) => a.collection)).toEqual(Array(6).fill(null))
    const db = await sql()
    const collection = { provider: 'deepseek', api: 'DeepSeek Chat Completions', model: 'deepseek-chat', webSearch: false, endpoint: 'api.deepseek.com', demo: false }
    await db`update api_responses set collection = ${db.json(collection)} where id = ${all[0].id}`
    const again = await client.call(`/api/v1/analyses/${seeded.analysisId}/answers?limit=1`)
    expect(again.body.items[0]).toMatchObject({ id: all[0].id, collection })
    const claudeOnly = await client.call(`/api/v1/analyses/${seeded.analysisId}/answers?model=${CLAUDE}`)
    expect(claudeOnly.body.items.map((a: any) => a.modelId)).toEqual([CLAUDE, CLAUDE, CLAUDE])
    const bad = await client.call(`/api/v1/analyses/${seeded.analysisId}/answers?cursor=zzz`)
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_request')
    expect((await client.call(`/api/v1/analyses/${seeded.analysisId}/answers?limit=0`)).status).toBe(400)
  })

  it('projects are paged newest first; unknown routes and methods answer in the error format', async () => {
    await setLimits(seeded.owner.userId, { maxProjects: null })
    const a = await createProject(seeded.owner)
    const b = await createProject(seeded.owner)
    // Other users' public projects (made by other tests on the shared stack) are listed too: page through them all.
    const first = await client.call('/api/v1/projects?limit=2')
    expect(first.body.items.map((p: any) => p.id)).toEqual([b.id, a.id])
    const ids: number[] = []
    let cursor: string | null = first.body.nextCursor
    for (let page = 0; cursor && page < 100; page++) {
      const next = await client.call(`/api/v1/projects?limit=2&cursor=${cursor}`)
      expect(next.body.items.length).toBeLessThanOrEqual(2)
      for (const p of next.body.items) ids.push(p.id)
      cursor = next.body.nextCursor
    }
    expect(cursor).toBeNull()
    // The owner's third project comes next, and no project is listed twice.
    expect(ids[0]).toBe(seeded.projectId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.filter((id) => [a.id, b.id].includes(id))).toEqual([])
    const missing = await client.call('/api/v1/nothing-here')
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('not_found')
    const method = await client.call('/api/v1/projects', { method: 'DELETE' })
    expect(method.status).toBe(405)
    expect(method.body.error.code).toBe('method_not_allowed')
    const badId = await client.call('/api/v1/projects/99999999999')
    expect(badId.status).toBe(404)
  })
})

describe('OpenAPI contract', () => {
  it('serves an OpenAPI 3.1 document and a readable reference page', async () => {
    const res = await fetch(`${testEnv().appUrl}/api/v1/openapi.json`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as any
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    const page = await fetch(`${testEnv().appUrl}/api/v1/docs`)
    expect(page.status).toBe(200)
    const html = await page.text()
    for (const [path, item] of Object.entries<any>(doc.paths)) for (const method of Object.keys(item)) expect(html).toContain(`${method.toUpperCase()} /api/v1${path}`)
  })

  it('every route answers what the document says, for success and for a refused key', async () => {
    const doc = (await (await fetch(`${testEnv().appUrl}/api/v1/openapi.json`)).json()) as any
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    ajv.addFormat('date', /^\d{4}-\d\d-\d\d$/)
    // Unknown fields are refused (closed): an answer field the document does not declare is drift too.
    const components = closed(doc.components)
    const validate = (schema: any, body: unknown, what: string) => {
      const check = ajv.compile({ ...closed(schema), components })
      if (!check(body)) throw new Error(`${what}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 800)}`)
    }

    const seeded = await seedHandWorkedAnalysis()
    await giveAudiences(seeded.analysisId)
    // One answer with its collection recorded, so the contract sees both shapes (recorded and null).
    const db = await sql()
    const [first] = await db<{ id: string }[]>`select id from api_responses where analysis_id = ${seeded.analysisId} order by id limit 1`
    await db`update api_responses set collection = ${db.json({ provider: 'anthropic', api: 'Anthropic Messages API', model: 'claude-sonnet-4', webSearch: true, endpoint: null, demo: true })} where id = ${first.id}`
    const resultsBodies: Record<string, any> = {}
    // A brand fact and one contradicted claim on the first answer, so the accuracy answer has every shape filled.
    const [fact] = await db<{ id: number }[]>`insert into brand_facts (project_id, position, statement, source_url) values (${seeded.projectId}, 0, 'Founded in 1964.', 'https://example.com/about') returning id`
    await db`insert into factcheck_claims (response_id, analysis_id, project_id, model_id, label, claim, sentence, fact_id, fact_statement)
      select id, analysis_id, ${seeded.projectId}, model_id, 'contradicted', 'Founded in 1972', 'Nike was founded in 1972.', ${fact.id}, 'Founded in 1964.' from api_responses where id = ${first.id}`
    await db`insert into report_brandings (project_id, rewrite_summary) values (${seeded.projectId}, true)`
    await setLimits(seeded.owner.userId, { maxProjects: null, maxAnalyses: null })
    const fresh = await createProject(seeded.owner)
    const client = new KeyClient((await createKey(seeded.owner, 'Contract', ['read', 'run'])).key)
    const A = seeded.analysisId
    const P = seeded.projectId
    let started = 0
    let experimentId = 0
    const projectQueries = (await db<{ query: string }[]>`select query from project_queries where project_id = ${P} order by position`).map((r) => r.query)
    // One or more calls per operation; a POST that starts a run comes after the reads of the analysis it changes.
    const calls: { op: string; path: string; method?: string; json?: unknown; after?: (body: any) => void }[] = [
      { op: 'getMe', path: '/me' },
      { op: 'listProjects', path: '/projects?limit=1' },
      { op: 'getProject', path: `/projects/${P}` },
      { op: 'listAnalyses', path: `/projects/${P}/analyses` },
      { op: 'getAnalysis', path: `/analyses/${A}` },
      ...['overview', 'share-of-model', 'topics', 'audiences', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data'].map((tab) => ({
        op: 'getResults',
        path: `/analyses/${A}/results?tab=${tab}`,
        after: (b: any) => (resultsBodies[tab] = b),
      })),
      { op: 'getResults', path: `/analyses/${A}/results?model=gpt41&topic=Comfort` },
      { op: 'getResults', path: `/analyses/${A}/results?tab=brand-rank&audience=Beginners` },
      { op: 'getResults', path: `/analyses/${A}/results?tab=ranking-detail&brand=Nike&audience=Marathoners&model=claude` },
      { op: 'getResults', path: `/analyses/${A}/results?tab=sentiment-detail&brand=Nike` },
      { op: 'getResults', path: `/analyses/${A}/results?tab=topics&brand=Hoka` },
      { op: 'getVisibility', path: `/analyses/${A}/visibility` },
      { op: 'getEngines', path: `/analyses/${A}/engines` },
      { op: 'listAnswers', path: `/analyses/${A}/answers?limit=2` },
      { op: 'getSources', path: `/analyses/${A}/sources` },
      { op: 'getSources', path: `/analyses/${A}/sources?set=basic` },
      { op: 'getTrends', path: `/projects/${P}/trends` },
      // Added for MCP parity: project-level reads of the latest completed analysis, the schedule, the export.
      { op: 'getProjectVisibility', path: `/projects/${P}/visibility` },
      { op: 'getQueryRanks', path: `/projects/${P}/query-ranks?brand=Nike&model=claude` },
      { op: 'getProjectSources', path: `/projects/${P}/sources?set=basic&analysisId=${A}` },
      { op: 'getSchedule', path: `/projects/${P}/schedule` },
      { op: 'exportReport', path: `/analyses/${A}/report?format=xlsx` },
      // The report summary's model rewrite, with the project's setting on (seeded below): started, then read.
      { op: 'startReportRewrite', path: `/analyses/${A}/report-rewrite`, method: 'POST' },
      { op: 'getReportRewrite', path: `/analyses/${A}/report-rewrite` },
      // Fact-check: the facts, the accuracy view (one claim seeded below), and a new check.
      { op: 'getBrandFacts', path: `/projects/${P}/facts` },
      { op: 'getAccuracy', path: `/analyses/${A}/accuracy` },
      { op: 'getAccuracy', path: `/analyses/${A}/accuracy?model=claude` },
      { op: 'startFactcheck', path: `/analyses/${A}/accuracy`, method: 'POST' },
      // Agent analytics: an upload, its list, the overview and the page join.
      { op: 'uploadLogs', path: `/projects/${P}/logs`, method: 'POST', json: { content: '20.171.206.7 - - [03/Nov/2026:06:00:00 +0000] "GET /a HTTP/1.1" 200 1 "-" "GPTBot/1.1"\nnot a line\n' } },
      { op: 'listLogUploads', path: `/projects/${P}/logs` },
      { op: 'getCrawlers', path: `/projects/${P}/crawlers?days=7` },
      { op: 'getCrawlerPages', path: `/projects/${P}/crawlers/pages` },
      // Experiments: record a change, list it, read its estimate.
      {
        op: 'createExperiment', path: `/projects/${P}/experiments`, method: 'POST', after: (b) => (experimentId = b.experiment.id),
        json: { description: 'New comparison page', urls: ['https://example.com/compare'], changeDate: '2025-01-02', treated: [projectQueries[0]], control: projectQueries.slice(1, 2) },
      },
      { op: 'listExperiments', path: `/projects/${P}/experiments` },
      { op: 'getExperiment', path: '' },
      { op: 'startAnalysis', path: `/projects/${fresh.id}/analyses`, method: 'POST', after: (b) => (started = b.analysis.id) },
      { op: 'cancelAnalysis', path: '', method: 'POST' },
      { op: 'startAddModel', path: `/analyses/${A}/models`, method: 'POST', json: { modelId: 5 } },
      { op: 'changeSchedule', path: `/projects/${fresh.id}/schedule`, method: 'POST', json: { action: 'enable', hour: 9, timeZone: 'UTC' } },
      { op: 'changeSchedule', path: `/projects/${fresh.id}/schedule`, method: 'POST', json: { action: 'delete' } },
    ]
    const covered = new Set<string>()
    for (const c of calls) {
      const path = c.op === 'cancelAnalysis' ? `/analyses/${started}/cancel` : c.op === 'getExperiment' ? `/projects/${P}/experiments/${experimentId}` : c.path
      const template = Object.entries<any>(doc.paths).find(([, item]) => Object.values<any>(item).some((o) => o.operationId === c.op))!
      const method = (c.method ?? 'GET').toLowerCase()
      const op = template[1][method]
      const res = await client.call(`/api/v1${path}`, { method: method.toUpperCase(), json: c.json })
      const success = Object.keys(op.responses).find((s) => s.startsWith('2'))!
      expect(`${c.op} ${res.status}`).toBe(`${c.op} ${success}`)
      validate(op.responses[success].content['application/json'].schema, res.body, `${c.op} ${path}`)
      c.after?.(res.body)
      // The same route without a key: 401 in the documented error shape.
      const refused = await new KeyClient('').session.json(`/api/v1${path}`, { method: method.toUpperCase(), headers: method === 'post' ? { 'content-type': 'application/json' } : {} })
      expect(refused.status).toBe(401)
      validate(op.responses['401'].content['application/json'].schema, refused.body, `${c.op} 401`)
      covered.add(c.op)
    }
    const documented = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item).map((o) => o.operationId))
    expect([...covered].sort()).toEqual([...documented].sort())
    // Every tab's data has its own schema, told apart by tab: a field the document does not declare, a missing one,
    // or one tab's fields under another tab's name fail the contract.
    const resultsSchema = doc.paths['/analyses/{analysisId}/results'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(resultsBodies).sort()).toEqual(Object.keys(doc.components.schemas.Results.properties.data.discriminator.mapping).sort())
    const overview = resultsBodies.overview
    expect(() => validate(resultsSchema, overview, 'as served')).not.toThrow()
    expect(() => validate(resultsSchema, { ...overview, data: { ...overview.data, undocumented: 1 } }, 'extra field')).toThrow(/additional properties/)
    expect(() => validate(resultsSchema, { ...overview, data: { ...overview.data, summary: { ...overview.data.summary, totalMentions: 'many' } } }, 'wrong type')).toThrow()
    const { ownRankPosition: _dropped, ...withoutField } = overview.data
    expect(() => validate(resultsSchema, { ...overview, data: withoutField }, 'missing field')).toThrow(/ownRankPosition/)
    expect(() => validate(resultsSchema, { ...overview, data: { ...overview.data, tab: 'mentions' } }, 'wrong tab')).toThrow()
    expect(() => validate(resultsSchema, { ...resultsBodies['brand-rank'], data: { ...resultsBodies['brand-rank'].data, rows: [{ ...resultsBodies['brand-rank'].data.rows[0], visibility: '33%' }] } }, 'nested')).toThrow()
    // A refused request keeps the documented error shape.
    const bad = await client.call(`/api/v1/analyses/${A}/models`, { method: 'POST', json: { modelId: 99 } })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: { code: 'invalid_request', message: 'Unknown model 99: use 3, 5, 6, 8, 9, 10, 11, 12, 13 or 14' } })
    validate(doc.paths['/analyses/{analysisId}/models'].post.responses['400'].content['application/json'].schema, bad.body, 'startAddModel 400')
  })
})

describe('malformed input to /api/v1 with a valid key', () => {
  it('never answers 5xx, and every refusal is in the error format', async () => {
    const seeded = await seedHandWorkedAnalysis()
    const client = new KeyClient((await createKey(seeded.owner, 'Fuzz', ['read', 'run'])).key)
    const doc = (await (await fetch(`${testEnv().appUrl}/api/v1/openapi.json`)).json()) as any
    // (A malformed escape such as %zz in the path is refused by express itself with a 400 before any route.)
    const badIds = ['0', '-1', '2147483648', '99999999999', 'abc', '1.5', '%00', '%E2%80%AE', "'1"]
    const badValues = ['', ' ', '\u0000', 'x'.repeat(400), '-1', '0', '1e308', 'NaN', '<script>', '%zz', 'claude;drop', '[]']
    const badBodies = ['{', '[]', 'null', '"x"', '{"modelId":"3"}', '{"modelId":1e308}', '{"modelId":-1}', '{"modelId":3.5}', '{"modelId":null}', '{}']
    const seen: string[] = []
    const check = async (path: string, init: RequestInit = {}) => {
      const res = await client.call(path, init)
      seen.push(`${init.method ?? 'GET'} ${path} ${res.status}`)
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500)
      if (res.status >= 400) expect(typeof res.body?.error?.code, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe('string')
    }
    for (const [template, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const real = template.replace('{projectId}', String(seeded.projectId)).replace('{analysisId}', String(seeded.analysisId))
        // Bad path ids (a run route with a bad id never reaches a run).
        for (const id of badIds) await check(`/api/v1${template.replace(/\{\w+\}/, id)}`, { method: method.toUpperCase() })
        if (method === 'get') {
          for (const p of (op.parameters ?? []).filter((p: any) => p.in === 'query'))
            for (const v of badValues) await check(`/api/v1${real}?${p.name}=${encodeURIComponent(v)}`)
        } else if (op.requestBody) {
          for (const body of badBodies) await check(`/api/v1${real}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
        }
      }
    }
    expect(seen.length).toBeGreaterThan(150)
    // Twenty more operations (schedule, export and project-level reads): more calls than before.
  }, 360_000)
})
