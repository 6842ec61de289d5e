/**
 * The engine's guarantees under restarts and simultaneous requests: a restart asks again exactly the answers
 * that failed (keeping the good ones, one row per answer), and requests that race start or finish a run once.
 */
import { CARD_MODEL_IDS } from '../../app/domain/models'
import { testEnv } from '../support/env'
import { createProject, resetSimulator, signUp, simulator, sql, startAnalysis, until, waitForAnalysis } from '../support/flows'

interface Row {
  id: string
  model_id: number
  query_index: number
  sample: number
  ok: boolean
  response: string
  created_at: Date
}

async function rowsOf(analysisId: number) {
  const db = await sql()
  return db<Row[]>`select id, model_id, query_index, sample, ok, response, created_at from api_responses where analysis_id = ${analysisId} order by id`
}

async function simulatorRequests(): Promise<number> {
  const res = await fetch(`${testEnv().simulatorUrl}/__sim/stats`)
  return (await res.json()).requests
}

beforeEach(async () => {
  await resetSimulator()
})

describe('restarting an analysis', () => {
  it('asks again every answer that failed, keeps every good one, and stores one row per answer', async () => {
    // Every provider rejects its first two calls (a bad key): of 3 queries, 2 answers fail for good and 1 is
    // stored per model, and every model stops, so the analysis fails.
    await simulator({ providers: Object.fromEntries(['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek'].map((p) => [p, { faults: [{ type: '401', times: 2 }] }])) })
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    const failed = await waitForAnalysis(s, a.id)
    expect(failed.status).toBe('failed')
    const before = await rowsOf(a.id)
    expect(before).toHaveLength(18)
    expect(before.filter((r) => r.ok)).toHaveLength(6)
    for (const id of CARD_MODEL_IDS) expect(before.filter((r) => r.model_id === id && !r.ok)).toHaveLength(2)

    // The key is fixed; the owner restarts today's analysis.
    await resetSimulator()
    const restart = await s.json(`/api/projects/${project.id}/analyze-today`, { method: 'POST' })
    expect(restart.status).toBe(201)
    expect(restart.body.id).toBe(a.id)
    const done = await waitForAnalysis(s, a.id)
    expect(done.status).toBe('completed')
    for (const id of CARD_MODEL_IDS) expect(done.progressDetails.modelStatus[id]).toMatchObject({ status: 'completed', completed: 3, failed: 0 })

    // Only the 12 failed answers were asked again.
    expect(await simulatorRequests()).toBe(12)
    const after = await rowsOf(a.id)
    expect(after).toHaveLength(18)
    expect(after.every((r) => r.ok)).toBe(true)
    expect(new Set(after.map((r) => `${r.model_id}:${r.query_index}:${r.sample}`)).size).toBe(18)
    // Failed rows were replaced in place (same ids); good rows are untouched.
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    for (const good of before.filter((r) => r.ok)) {
      const now = after.find((r) => r.id === good.id)!
      expect(now.response).toBe(good.response)
      expect(now.created_at.toISOString()).toBe(good.created_at.toISOString())
    }
  })
})

describe('simultaneous requests', () => {
  it('two clicks on Add Gemini start one run', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id)
    const del = await s.json(`/api/analyses/${a.id}/manage`, { method: 'POST', json: { action: 'delete', modelId: 6 } })
    expect(del.status).toBe(200)

    const both = await Promise.all([1, 2].map(() => s.json('/api/analyses/add-gemini', { method: 'POST', json: { analysisId: a.id, projectId: project.id } })))
    const statuses = both.map((r) => r.status).sort()
    expect(statuses[0]).toBe(202)
    // The other sees the run the first started (409), or, had that run already finished, its answers (400).
    expect([400, 409]).toContain(statuses[1])

    const db = await sql()
    await until('the add-model run to finish', async () => (await db`select 1 from model_runs where analysis_id = ${a.id} and status = 'running'`).length === 0)
    const runs = await db<{ n: number }[]>`select count(*)::int as n from model_runs where analysis_id = ${a.id} and kind = 'add-model'`
    expect(runs[0].n).toBe(1)
    const gemini = (await rowsOf(a.id)).filter((r) => r.model_id === 6)
    expect(gemini).toHaveLength(3)
    expect(new Set(gemini.map((r) => r.query_index)).size).toBe(3)
  })

  it('two restarts of a failed analysis at once start one run', async () => {
    await simulator({ providers: Object.fromEntries(['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek'].map((p) => [p, { faults: [{ type: '401', times: 1 }] }])) })
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    expect((await waitForAnalysis(s, a.id)).status).toBe('failed')
    await resetSimulator()

    const both = await Promise.all([1, 2].map(() => s.json(`/api/projects/${project.id}/analyze-today`, { method: 'POST' })))
    expect(both.map((r) => r.status).sort()).toEqual([201, 403])
    expect(both.find((r) => r.status === 403)!.body.message).toBe('Daily limit reached for this project')
    expect((await waitForAnalysis(s, a.id)).status).toBe('completed')
    const db = await sql()
    const runs = await db<{ n: number }[]>`select count(*)::int as n from model_runs where analysis_id = ${a.id} and kind = 'analysis'`
    expect(runs[0].n).toBe(2)
    expect(await rowsOf(a.id)).toHaveLength(18)
  })

  it('two rebuilds of the mentions at once store one set of results', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id)
    const both = await Promise.all([1, 2].map(() => s.json(`/api/analyses/${a.id}/rebuild-mentions`, { method: 'POST', json: {} })))
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.body.updatedResponses)).toEqual([18, 18])
    const db = await sql()
    const parts = await db<{ key: string }[]>`select key from analysis_result_parts where analysis_id = ${a.id}`
    const brands = both[0].body.brands as number
    expect(parts).toHaveLength(3 + 2 * brands)
  })

  it('two administrators completing stale analyses at once complete each analysis once', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const db = await sql()
    const stale = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, model_ids, queries, brands, workflow_id, created_at)
      select ${project.id}, ${s.userId}, 'in_progress', '{8}', '[{"index":0,"query":"q"}]',
        '{"brand":{"name":"Brooks","alternativeNames":[],"domains":[]},"competitors":[]}', 'analysis-stale-' || ${project.id} || '-' || n, now() - interval '2 days'
      from generate_series(1, 2) as n
      returning id`
    const admins = await Promise.all([signUp(), signUp()])
    await db`update users set is_admin = true where id in ${db(admins.map((x) => x.userId))}`

    const answers = await Promise.all(admins.map((x) => x.json('/api/admin/complete-stale-analyses', { method: 'POST' })))
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const mine = new Set(stale.map((r) => r.id))
    const reported = answers.flatMap((r) => (r.body.ids as number[]).filter((id) => mine.has(id)))
    expect(reported.sort()).toEqual([...mine].sort())
    const rows = await db<{ status: string; has_results: boolean }[]>`select status, results is not null as has_results from analyses where id in ${db([...mine])}`
    expect(rows).toEqual([
      { status: 'completed', has_results: true },
      { status: 'completed', has_results: true },
    ])
  })
})
