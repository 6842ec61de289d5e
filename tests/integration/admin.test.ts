/**
 * The admin dashboard's calls over HTTP: refused to non-admins, user edits with the limits
 * parsed (integers, empty = unlimited), last-admin and self protection, the audit log, latest analyses and feedback.
 */
import { createProject, Session, signUp, signUpAdmin, sql } from '../support/flows'
import { testEnv } from '../support/env'
import { createAdminActivities } from '../../activities/admin'

const ADMIN_CALLS: [string, string, unknown][] = [
  ['GET', '/api/admin/users', undefined],
  ['PUT', '/api/admin/users/1', { isActive: false }],
  ['DELETE', '/api/admin/users/1', undefined],
  ['POST', '/api/admin/users/1/unlink', undefined],
  ['POST', '/api/admin/users/1/link', { oid: '00000000-0000-0000-0000-000000000001' }],
  ['GET', '/api/admin/latest-analyses', undefined],
  ['GET', '/api/admin/audit-log', undefined],
  ['GET', '/api/admin/feedback', undefined],
  ['PATCH', '/api/admin/feedback', { id: 1, handled: true }],
  ['GET', '/api/admin/projects', undefined],
  ['POST', '/api/admin/complete-stale-analyses', undefined],
  ['GET', '/api/test-gemini-keys', undefined],
]

describe('admin calls', () => {
  it('are refused to a non-admin (403 Access Denied) and to a visitor (401)', async () => {
    const user = await signUp()
    const visitor = new Session()
    for (const [method, path, json] of ADMIN_CALLS) {
      const res = await user.json(path, { method, json })
      expect([method, path, res.status, res.body?.error]).toEqual([method, path, 403, 'Access Denied'])
      expect([method, path, (await visitor.json(path, { method, json })).status]).toEqual([method, path, 401])
    }
    // The admin pages show the Access Denied screen.
    for (const path of ['/admin', '/admin/source-explorer', '/admin/source-explorer-enhanced', '/debug-auth']) {
      const page = await user.request(path)
      expect([path, page.status]).toEqual([path, 403])
      expect(await page.text()).toContain('Access Denied')
    }
  })

  it('lists users with the seven summary cards', async () => {
    const admin = await signUpAdmin()
    const user = await signUp()
    await createProject(user)
    const res = await admin.json('/api/admin/users')
    expect(res.status).toBe(200)
    const row = res.body.users.find((u: any) => u.id === user.userId)
    expect(row).toMatchObject({ email: user.email, isActive: true, userType: 'legacy', projectCount: 1, maxProjects: 1, maxAnalyses: 1, totalAnalysesRun: 0 })
    expect(Object.keys(res.body.summary)).toEqual(['totalUsers', 'activeUsers', 'legacyUsers', 'azureLinked', 'azureOnly', 'totalProjects', 'currentAnalyses'])
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from users`
    expect(res.body.summary.totalUsers).toBe(n)
  })

  it('edits status, tier and limits (empty = unlimited, invalid = 1) and writes the audit log', async () => {
    const admin = await signUpAdmin()
    const user = await signUp()
    const edited = await admin.json(`/api/admin/users/${user.userId}`, { method: 'PUT', json: { isActive: false, tier: 'light', maxProjects: '', maxAnalyses: 'seven' } })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ isActive: false, tier: 'light', maxProjects: null, maxAnalyses: 1 })
    // The paused user is told so when creating a project.
    const refused = await user.json('/api/projects', { method: 'POST', json: { name: 'x', brandDomain: 'y', marketDescription: 'z' } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Account is paused - contact admin to reactivate')
    const again = await admin.json(`/api/admin/users/${user.userId}`, { method: 'PUT', json: { isActive: true, maxProjects: 3 } })
    expect(again.body).toMatchObject({ isActive: true, tier: 'light', maxProjects: 3, maxAnalyses: 1 })

    const log = await admin.json(`/api/admin/audit-log?userId=${user.userId}`)
    expect(log.body.entries).toHaveLength(2)
    const [second, first] = log.body.entries
    expect(first).toMatchObject({
      adminEmail: admin.email,
      action: 'user.update',
      targetEmail: user.email,
      before: { isActive: true, tier: 'full', maxProjects: 1, maxAnalyses: 1 },
      after: { isActive: false, tier: 'light', maxProjects: null, maxAnalyses: 1 },
    })
    expect(second.before).toMatchObject({ isActive: false, maxProjects: null })
    expect(second.after).toMatchObject({ isActive: true, maxProjects: 3 })

    const bad = await admin.json(`/api/admin/users/${user.userId}`, { method: 'PUT', json: { tier: 'gold' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("tier 'gold' is not one of: light, standard, full")
    expect((await admin.json('/api/admin/users/2147483647', { method: 'PUT', json: { isActive: true } })).status).toBe(404)
  })

  it('an admin cannot delete or pause themselves, nor the last active admin', async () => {
    const db = await sql()
    // Only this test's admins are active while it runs; the others are restored after.
    const others = await db<{ id: number }[]>`update users set is_active = false where is_admin and is_active returning id`
    try {
      const [a, b] = await Promise.all([signUpAdmin(), signUpAdmin()])
      const self = await a.json(`/api/admin/users/${a.userId}`, { method: 'DELETE' })
      expect(self.status).toBe(400)
      expect(self.body.message).toBe('You cannot delete your own account')
      const pause = await a.json(`/api/admin/users/${a.userId}`, { method: 'PUT', json: { isActive: false } })
      expect(pause.body.message).toBe('You cannot pause your own account')
      // Two active admins: b may pause a. Now b is the last active admin, and paused a has no admin rights at all:
      // every admin call, the dashboard and others' projects are refused until a is reactivated.
      expect((await b.json(`/api/admin/users/${a.userId}`, { method: 'PUT', json: { isActive: false } })).status).toBe(200)
      for (const [method, path, json] of [...ADMIN_CALLS, ['DELETE', `/api/admin/users/${b.userId}`, undefined], ['PUT', `/api/admin/users/${b.userId}`, { isActive: false }]] as const) {
        const refused = await a.json(path, { method, json })
        expect([method, path, refused.status, refused.body?.error]).toEqual([method, path, 403, 'Access Denied'])
      }
      expect((await a.request('/admin')).status).toBe(403)
      expect((await a.request('/debug-auth')).status).toBe(403)
      expect((await a.json('/api/auth/user')).body).toMatchObject({ isAdmin: false, isActive: false })
      const bProject = await createProject(b)
      expect((await a.json(`/api/projects/${bProject.id}`)).status).toBe(404)
      // The last-admin rule itself (a paused admin cannot remove the last active one) is app/domain/admin/users.test.ts's.
      expect((await b.json(`/api/admin/users/${a.userId}`, { method: 'PUT', json: { isActive: true } })).status).toBe(200)
      expect((await a.json(`/api/projects/${bProject.id}`)).body).toMatchObject({ accessType: 'admin' })
      expect((await b.json(`/api/admin/users/${a.userId}`, { method: 'PUT', json: { isActive: false } })).status).toBe(200)
      // b deletes a: the deleted account's audit rows outlive it.
      expect((await b.json(`/api/admin/users/${a.userId}`, { method: 'DELETE' })).status).toBe(200)
      expect((await db`select 1 from users where id = ${a.userId}`).length).toBe(0)
      const log = await b.json(`/api/admin/audit-log?userId=${a.userId}`)
      // Oldest last: a was made admin on the server (signUpAdmin goes through `npm run admin`'s grant, audited as "server console").
      expect(log.body.entries.map((e: any) => e.action)).toEqual(['user.delete', 'user.update', 'user.update', 'user.update', 'grant_admin'])
      expect(log.body.entries[4]).toMatchObject({ adminEmail: 'server console', targetEmail: a.email })
      expect(log.body.entries[0]).toMatchObject({ adminEmail: b.email, targetEmail: a.email, after: null })
    } finally {
      if (others.length) await db`update users set is_active = true where id in ${db(others.map((o) => o.id))}`
    }
  })

  it('lists the latest analyses and collects feedback', async () => {
    const admin = await signUpAdmin()
    const user = await signUp()
    const project = await createProject(user)
    const db = await sql()
    const [{ id }] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, model_ids, queries, brands, progress)
      values (${project.id}, ${user.userId}, 'failed', '{8}', '[{"index":0,"query":"a"},{"index":1,"query":"b"}]',
        '{"brand":{"name":"Brooks","alternativeNames":[],"domains":[]},"competitors":[]}', '{"progressPercent": 42.4}')
      returning id`
    const latest = await admin.json('/api/admin/latest-analyses')
    expect(latest.body.length).toBeLessThanOrEqual(10)
    expect(latest.body.find((a: any) => a.id === id)).toMatchObject({
      projectId: project.id,
      projectName: project.name,
      brandName: 'Brooks',
      userEmail: user.email,
      status: 'failed',
      progressPercentage: 42,
      queryCount: 2,
    })

    const sent = await user.json('/api/feedback', { method: 'POST', json: { message: '  The export is great  ', rating: 5 } })
    expect(sent.status).toBe(201)
    expect((await user.json('/api/feedback', { method: 'POST', json: { message: ' ' } })).body.message).toBe('Please write your feedback.')
    const list = await admin.json('/api/admin/feedback')
    const item = list.body.feedback.find((f: any) => f.id === sent.body.id)
    expect(item).toMatchObject({ message: 'The export is great', rating: 5, userEmail: user.email, handledAt: null })
    const handled = await admin.json('/api/admin/feedback', { method: 'PATCH', json: { id: sent.body.id, handled: true } })
    expect(handled.status).toBe(200)
    expect((await admin.json('/api/admin/feedback')).body.feedback.find((f: any) => f.id === sent.body.id).handledAt).not.toBeNull()
  })
})

describe('API key test (GET /api/test-gemini-keys)', () => {
  it('reports every key slot; without keys each is missing with "Key not configured"', async () => {
    const admin = await signUpAdmin()
    const res = await admin.json('/api/test-gemini-keys')
    expect(res.status).toBe(200)
    // The test stack runs in demo mode with no key set.
    expect(res.body.providers.map((p: any) => [p.keySource, p.status, p.error, p.keyLength])).toEqual(
      ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'PERPLEXITY_API_KEY', 'XAI_API_KEY', 'DEEPSEEK_API_KEY'].map((k) => [k, 'missing', 'Key not configured', 0]),
    )
    expect(res.body.key1).toMatchObject({ keySource: 'GEMINI_API_KEY', status: 'missing' })
    expect(res.body.key2).toMatchObject({ keySource: 'GOOGLE_API_KEY', status: 'missing' })
    expect(res.body.loadBalancer).toEqual({ enabled: false, callCount: 0, currentKey: null })
    expect(res.body.summary).toMatchObject({ workingKeys: 0, failedKeys: 0 })
    expect(res.body.debug.flags.demoMode).toBe(true)
    expect(res.body.debug.env_keys.find((k: any) => k.name === 'OPENAI_API_KEY')).toEqual({ name: 'OPENAI_API_KEY', exists: false, length: 0 })
    // The test is an audited admin action.
    const log = await admin.json('/api/admin/audit-log')
    expect(log.body.entries.find((e: any) => e.adminEmail === admin.email && e.action === 'keys.test')).toBeTruthy()
  })

  it('a working key, a failing key and a missing one; no key ever appears in the answer', async () => {
    const sim = testEnv().simulatorUrl.replace(/\/+$/, '')
    const openaiKey = 'sk-test-0123456789abcdefWXYZ'
    const xaiKey = 'xai-secret-9876543210qrstuv'
    const { testProviderKeys } = createAdminActivities({
      env: {
        OPENAI_API_KEY: openaiKey,
        OPENAI_BASE_URL: `${sim}/openai/v1`,
        // A base URL the simulator does not serve: the vendor call fails.
        XAI_API_KEY: xaiKey,
        XAI_BASE_URL: `${sim}/no-such-vendor/v1`,
      },
    })
    const results = await testProviderKeys()
    const by = Object.fromEntries(results.map((r) => [r.id, r]))
    expect(by.openai).toMatchObject({ status: 'working', keySource: 'OPENAI_API_KEY', keyLength: openaiKey.length, model: 'gpt-5', error: null })
    expect(by.openai.responseLength).toBeGreaterThan(0)
    expect(by.xai).toMatchObject({ status: 'error', keySource: 'XAI_API_KEY', keyLength: xaiKey.length })
    expect(by.xai.error).toBeTruthy()
    for (const id of ['anthropic', 'gemini', 'gemini-2', 'perplexity', 'deepseek']) expect(by[id]).toMatchObject({ status: 'missing', error: 'Key not configured' })
    const text = JSON.stringify(results)
    for (const secret of [openaiKey, xaiKey, openaiKey.slice(-8), xaiKey.slice(-8)]) expect(text).not.toContain(secret)
  })
})

describe('User Migration', () => {
  it('links a local account to a Microsoft identity by its object ID, and unlinks it; both audited', async () => {
    const admin = await signUpAdmin()
    const [user, other] = await Promise.all([signUp(), signUp()])
    const oid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301'
    const link = (id: number, body: unknown) => admin.json(`/api/admin/users/${id}/link`, { method: 'POST', json: body })

    expect((await link(user.userId, { oid: 'not-a-guid' })).body.message).toBe('The Microsoft Entra object ID is a GUID like 00000000-0000-0000-0000-000000000000')
    expect((await link(user.userId, {})).status).toBe(400)
    const linked = await link(user.userId, { oid: oid.toUpperCase() })
    expect(linked.status).toBe(200)
    expect(linked.body).toMatchObject({ id: user.userId, userType: 'azure_linked' })
    const db = await sql()
    const [row] = await db<{ azure_oid: string }[]>`select azure_oid from users where id = ${user.userId}`
    expect(row.azure_oid).toBe(oid)
    // One identity, one account; only legacy accounts are linked.
    const taken = await link(other.userId, { oid })
    expect(taken).toMatchObject({ status: 409, body: { message: 'That Microsoft identity is already linked to another account' } })
    expect((await link(user.userId, { oid: '3f2504e0-4f89-11d3-9a0c-0305e82c3302' })).body.message).toBe('Only a local (legacy) account can be linked')

    // The account keeps its password: unlinking makes it legacy again.
    const unlinked = await admin.json(`/api/admin/users/${user.userId}/unlink`, { method: 'POST' })
    expect(unlinked.body).toMatchObject({ userType: 'legacy' })
    const log = await admin.json(`/api/admin/audit-log?userId=${user.userId}`)
    expect(log.body.entries.map((e: any) => [e.action, e.before.userType, e.after.userType])).toEqual([
      ['user.unlink', 'azure_linked', 'legacy'],
      ['user.link', 'legacy', 'azure_linked'],
    ])
  })
})

describe('Clear Stuck is audited when an admin runs it', () => {
  it('writes analyses.cleanup-stuck with what it cleared; a user clearing their own is not an admin action', async () => {
    const db = await sql()
    const user = await signUp()
    const project = await createProject(user)
    const stuck = async () => {
      const [{ id }] = await db<{ id: number }[]>`
        insert into analyses (project_id, user_id, status, model_ids, queries, brands, workflow_id, last_progress_at, created_at)
        values (${project.id}, ${user.userId}, 'in_progress', '{8}', '[{"index":0,"query":"q"}]', '{"brand":{"name":"Brooks","alternativeNames":[],"domains":[]},"competitors":[]}',
          ${`analysis-gone-audit-${project.id}-${Date.now()}`}, now() - interval '1 hour', now() - interval '2 hours')
        returning id`
      return id
    }
    const audited = async (email: string) =>
      db<{ action: string; after: any }[]>`select action, after from admin_audit_log where admin_email = ${email} and action = 'analyses.cleanup-stuck' order by id`

    // The owner clears their own stuck run: no audit row.
    await stuck()
    expect((await user.json('/api/cleanup-stuck-analyses', { method: 'POST' })).status).toBe(200)
    expect(await audited(user.email)).toEqual([])

    // An admin clears another user's stuck run: audited, with the ids it cleared.
    const id = await stuck()
    const admin = await signUpAdmin()
    const res = await admin.json('/api/cleanup-stuck-analyses', { method: 'POST' })
    expect(res.status).toBe(200)
    const [{ status }] = await db<{ status: string }[]>`select status from analyses where id = ${id}`
    expect(status).toBe('failed')
    const rows = await audited(admin.email)
    expect(rows).toHaveLength(1)
    expect(rows[0].after.ids).toContain(id)
    expect(rows[0].after.cleaned).toBe(res.body.cleaned)
    // It shows in the log the dashboard reads.
    const log = await admin.json('/api/admin/audit-log')
    expect(log.body.entries.find((e: any) => e.adminEmail === admin.email && e.action === 'analyses.cleanup-stuck')).toMatchObject({ after: { cleaned: res.body.cleaned } })

    // Running it again with nothing stuck is still an audited action.
    await admin.json('/api/cleanup-stuck-analyses', { method: 'POST' })
    expect(await audited(admin.email)).toHaveLength(2)
  })
})
