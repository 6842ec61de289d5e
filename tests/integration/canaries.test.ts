/**
 * Canaries over the real stack: a real analysis through the simulator, whose OpenAI side has a planted
 * model update; the canary workflow (as the daily run starts it after its analysis) asks the canary questions through
 * the gateway, fingerprints them, flags ChatGPT 5 against a seeded history of the old version, and alerts; the
 * cost is shown; the owner turns the canaries off. Dates come from the analysis row, never the clock.
 */
import { DEFAULT_TASK_QUEUE } from '../../workflows/shared'
import { testEnv } from '../support/env'
import { createProject, signUp, simulator, sql, startAnalysis, waitForAnalysis } from '../support/flows'
import { temporalClientForTests } from '../support/temporal-client'
import { dayOf } from '../support/experiments-fixtures'

const temporal = temporalClientForTests()
const runCanaries = (analysisId: number, workflowId = `canaries-${analysisId}`) =>
  temporal.client.workflow.execute('canaryWorkflow', { taskQueue: testEnv().taskQueue || DEFAULT_TASK_QUEUE, workflowId, args: [{ analysisId }] }) as Promise<{ asked: number; skipped?: string; flagged: string[] }>

describe('canaries', () => {
  it('flag a planted model update, alert it, show their cost, and stop when turned off', async () => {
    const owner = await signUp()
    const project = await createProject(owner, { isLightMode: false })
    await simulator({ day: '2026-03-12', modelChanges: [{ provider: 'openai', from: '2026-03-12', version: 'gpt-5-2026-03-12' }] })
    const started = await startAnalysis(owner, project.id)
    expect((await waitForAnalysis(owner, started.id)).status).toBe('completed')
    const db = await sql()
    const [a] = await db<{ date: string; model_ids: number[] }[]>`select date::text as date, model_ids from analyses where id = ${started.id}`
    expect(a.model_ids).toContain(8)
    // The day before, ChatGPT 5 answered the canaries as the old version.
    const [prev] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
      select project_id, user_id, 'completed', date - 1, model_ids, samples_per_query, queries, brands, now() from analyses where id = ${started.id} returning id`
    const old = { length: 900, listItems: 10, shape: 'numbered', items: ['russia', 'canada'], domains: [], version: 'gpt-5-2025-08-07' }
    await db`insert into canary_answers ${db([1, 2].map((sample) => ({ project_id: project.id, analysis_id: prev.id, date: dayOf(a.date, -1), model_id: 8, query_index: 0, sample, ok: true, fingerprint: db.json(old) })))}`

    const out = await runCanaries(started.id)
    // 3 English canary questions x 2 samples for each of the analysis's models.
    expect(out.asked).toBe(3 * 2 * a.model_ids.length)
    const [, mm, dd] = a.date.split('-')
    const message = `ChatGPT 5 answers changed on ${dd}/${mm}: trend moves on that day are more likely the model than your content`
    // Only ChatGPT 5 has a day before to compare with: its version moved from gpt-5-2025-08-07 to gpt-5-2026-03-12.
    expect(out.flagged).toEqual([message])
    const view = await owner.json(`/api/projects/${project.id}/canaries`)
    expect(view.body.modelChanges).toEqual([expect.objectContaining({ date: a.date, modelId: 8, model: 'ChatGPT 5', message, reasons: expect.arrayContaining(['version']) })])
    expect(view.body.cost).toMatchObject({ answers: 2 + 6 * a.model_ids.length, simulated: true })
    expect(view.body.cost.totalUsd).toBeGreaterThan(0)
    const bell = await owner.json('/api/trends/alerts')
    expect(bell.body.alerts.map((x: any) => x.message)).toContain(message)

    // Read access is not enough to switch them; the owner turns them off and the next run asks nothing.
    const stranger = await signUp()
    expect((await stranger.json(`/api/projects/${project.id}/canaries`, { method: 'POST', json: { enabled: false } })).status).toBe(404)
    const bad = await owner.json(`/api/projects/${project.id}/canaries`, { method: 'POST', json: { enabled: 'no' } })
    expect([bad.status, bad.body.message]).toEqual([400, 'enabled must be true or false'])
    expect((await owner.json(`/api/projects/${project.id}/canaries`, { method: 'POST', json: { enabled: false } })).body.enabled).toBe(false)
    expect(await runCanaries(started.id, `canaries-${started.id}-off`)).toEqual({ asked: 0, skipped: 'Canaries are turned off for this project', flagged: [] })
  })
})
