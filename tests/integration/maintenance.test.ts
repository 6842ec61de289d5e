import { createProject, signUp, sql, startAnalysis, waitForAnalysis, Session, resetSimulator } from '../support/flows'

beforeEach(async () => {
  await resetSimulator()
})

describe('samples per query', () => {
  it('asks each model n times per query and stores each sample once', async () => {
    const s = await signUp()
    const project = await createProject(s, { queries: ['best running shoes uk', 'best trail shoes'], samplesPerQuery: 2 })
    expect(project.samplesPerQuery).toBe(2)
    const a = await startAnalysis(s, project.id)
    const done = await waitForAnalysis(s, a.id)
    expect(done.status).toBe('completed')
    const db = await sql()
    const rows = await db<{ model_id: number; n: number; samples: number }[]>`
      select model_id, count(*)::int as n, count(distinct sample)::int as samples from api_responses where analysis_id = ${a.id} group by model_id`
    expect(rows).toHaveLength(6)
    for (const r of rows) {
      expect(r.n).toBe(4)
      expect(r.samples).toBe(2)
    }
    expect(done.progressDetails.queriesTotal).toBe(24)
  })
})

describe('stuck and stale analyses', () => {
  it('clears stuck analyses of the caller and lets only admins complete stale ones', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const db = await sql()
    // An analysis whose workflow is gone and which made no progress for an hour.
    const [{ id }] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, model_ids, queries, brands, workflow_id, last_progress_at, created_at)
      values (${project.id}, ${s.userId}, 'in_progress', '{8}', '[{"index":0,"query":"q"}]', '{"brand":{"name":"Brooks","alternativeNames":[],"domains":[]},"competitors":[]}',
        ${'analysis-gone-' + project.id}, now() - interval '1 hour', now() - interval '2 days')
      returning id`
    const cleaned = await s.json('/api/cleanup-stuck-analyses', { method: 'POST' })
    expect(cleaned.status).toBe(200)
    expect(cleaned.body.cleaned).toBeGreaterThanOrEqual(1)
    const [row] = await db<{ status: string }[]>`select status from analyses where id = ${id}`
    expect(row.status).toBe('failed')

    await db`update analyses set status = 'in_progress' where id = ${id}`
    const denied = await s.json('/api/admin/complete-stale-analyses', { method: 'POST' })
    expect(denied.status).toBe(403)
    const admin = await signUp()
    await db`update users set is_admin = true where id = ${admin.userId}`
    const done = await admin.json('/api/admin/complete-stale-analyses', { method: 'POST' })
    expect(done.status).toBe(200)
    expect(done.body.updatedAnalyses).toBeGreaterThanOrEqual(1)
    const [after] = await db<{ status: string }[]>`select status from analyses where id = ${id}`
    expect(after.status).toBe('completed')
    const anon = await new Session().json('/api/cleanup-stuck-analyses', { method: 'POST' })
    expect(anon.status).toBe(401)
  })
})
