/**
 * Query caps over the real stack: a project with 10 topics × 5 = 50 topic queries is asked every
 * query, by a click and by the daily scheduled run (before, both stopped at 40, so the last two topics got no
 * results); and a scheduled run of a user over the daily cost cap is skipped with the reason recorded, as a click
 * is refused with a 429.
 */
import { randomBytes } from 'node:crypto'
import { ScheduleOverlapPolicy } from '@temporalio/client'
import { temporalClientForTests } from '../support/temporal-client'
import { dailyScheduleId } from '../../workflows/shared'
import { createProject, resetSimulator, setLimits, signUp, simulator, sql, startAnalysis, until, waitForAnalysis } from '../support/flows'

const temporal = temporalClientForTests()

/** 10 topics × 5 queries: question 5 of topic 10 is the 50th query (index 49). */
const TOPICS = Array.from({ length: 10 }, (_, t) => `Topic ${t + 1}`)
const topicQueries = TOPICS.flatMap((topic, t) => Array.from({ length: 5 }, (_, q) => ({ query: `running shoes question ${t + 1}.${q + 1}`, topic })))

async function topicProject() {
  const owner = await signUp()
  await setLimits(owner.userId, { maxProjects: 5, maxAnalyses: 5 })
  const project = await createProject(owner, {
    queries: topicQueries.map((q) => q.query),
    queriesWithAudience: topicQueries,
    topics: TOPICS.map((name, i) => ({ id: `topic-${i + 1}`, name, relevance: 10 - i, isSelected: true })),
  })
  return { owner, project }
}

afterAll(async () => {
  await resetSimulator()
})

describe('every stored topic query is analysed', () => {
  it('a click on Add Analysis asks all 50 queries, the last two topics included', async () => {
    await simulator({ seed: 'query-caps', day: '2026-03-02' })
    const { owner, project } = await topicProject()
    expect(project.queries).toHaveLength(50)
    const started = await startAnalysis(owner, project.id)
    const done = await waitForAnalysis(owner, started.id)
    expect(done.status).toBe('completed')
    const db = await sql()
    const [row] = await db<{ queries: { index: number; query: string; topic: string }[]; model_ids: number[] }[]>`select queries, model_ids from analyses where id = ${started.id}`
    expect(row.queries).toHaveLength(50)
    expect(row.queries[49]).toMatchObject({ index: 49, query: 'running shoes question 10.5', topic: 'Topic 10' })
    // Every query answered by every model of the run: 50 distinct query indexes, 50 × models answers.
    const asked = await db<{ query_index: number; n: number }[]>`
      select query_index, count(*)::int as n from api_responses where analysis_id = ${started.id} group by query_index order by query_index`
    expect(asked.map((r) => r.query_index)).toEqual(Array.from({ length: 50 }, (_, i) => i))
    for (const r of asked) expect(r.n).toBe(row.model_ids.length)
    const [last] = await db<{ query: string }[]>`select query from api_responses where analysis_id = ${started.id} and query_index = 49 limit 1`
    expect(last.query).toBe('running shoes question 10.5')
  })

  it('the scheduled daily run takes all 50 queries too', async () => {
    const { project } = await topicProject()
    const db = await sql()
    const { createTrendActivities } = await import('../../activities/trends')
    const acts = createTrendActivities({ sql: db, dailyCostCapUsd: 0 })
    const out = await acts.startScheduledAnalysis({ projectId: project.id, workflowId: `test-scheduled-${randomBytes(4).toString('hex')}` })
    expect(out.outcome).toBe('started')
    if (out.outcome !== 'started') return
    expect(out.input.queries).toHaveLength(50)
    expect(out.input.queries[49]).toEqual({ index: 49, query: 'running shoes question 10.5' })
    const [row] = await db<{ n: number }[]>`select jsonb_array_length(queries)::int as n from analyses where id = ${out.analysisId}`
    expect(row.n).toBe(50)
    // No workflow was started for this direct call: the rows are removed again.
    await db`delete from analyses where id = ${out.analysisId}`
  })
})

describe('the daily cost cap applies to scheduled runs', () => {
  const runsOf = async (projectId: number) =>
    (await sql())<{ outcome: string; reason: string | null; analysis_id: number | null }[]>`
      select outcome, reason, analysis_id from scheduled_runs where project_id = ${projectId} order by id`

  it('over the cap: skipped with the reason recorded and no analysis; under it or as an admin: started', async () => {
    const db = await sql()
    const { createTrendActivities } = await import('../../activities/trends')
    const acts = createTrendActivities({ sql: db, dailyCostCapUsd: 5 })
    const run = (projectId: number) => acts.startScheduledAnalysis({ projectId, workflowId: `test-cap-${randomBytes(4).toString('hex')}` })

    const over = await signUp()
    await setLimits(over.userId, { maxProjects: 5, maxAnalyses: 5 })
    const overProject = await createProject(over)
    // $5.50 spent today against a $5.00 cap
    await db`insert into model_usage (user_id, kind, cost_usd) values (${over.userId}, 'test', 5.5)`
    const reason = 'Daily AI spending limit reached ($5.50 of $5.00 today). It resets at midnight UTC.'
    expect(await run(overProject.id)).toEqual({ outcome: 'skipped', reason })
    expect(await runsOf(overProject.id)).toEqual([{ outcome: 'skipped', reason, analysis_id: null }])
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from analyses where project_id = ${overProject.id}`
    expect(n).toBe(0)

    // $4.99 is under the cap; an admin has no cap at all
    const under = await signUp()
    await setLimits(under.userId, { maxProjects: 5, maxAnalyses: 5 })
    const underProject = await createProject(under)
    await db`insert into model_usage (user_id, kind, cost_usd) values (${under.userId}, 'test', 4.99)`
    await db`update users set is_admin = true where id = ${over.userId}`
    for (const projectId of [underProject.id, overProject.id]) {
      const out = await run(projectId)
      expect(out.outcome).toBe('started')
      if (out.outcome === 'started') await db`delete from analyses where id = ${out.analysisId}`
    }
  })

  it('the worker applies its configured cap to a run the schedule triggers', async () => {
    const owner = await signUp()
    await setLimits(owner.userId, { maxProjects: 5, maxAnalyses: 5 })
    const project = await createProject(owner)
    const cap = (await owner.json('/api/user/profile')).body.dailyCostCapUsd as number
    expect(cap).toBeGreaterThan(0)
    const db = await sql()
    await db`insert into model_usage (user_id, kind, cost_usd) values (${owner.userId}, 'test', ${cap + 0.5})`
    const path = `/api/projects/${project.id}/daily-schedule`
    expect((await owner.json(path, { method: 'POST', json: { action: 'enable', hour: 4, timeZone: 'UTC' } })).status).toBe(200)
    try {
      // Run Now is refused at the door over the cap (the model budget): nothing is triggered.
      const refused = await owner.json(path, { method: 'POST', json: { action: 'trigger' } })
      expect(refused.status).toBe(429)
      expect(await runsOf(project.id)).toEqual([])
      // The schedule firing at its hour has no request to refuse: the worker applies the cap itself.
      await temporal.client.schedule.getHandle(dailyScheduleId(project.id)).trigger(ScheduleOverlapPolicy.ALLOW_ALL)
      await until('the scheduled run to be recorded', async () => (await runsOf(project.id)).length > 0, 150_000)
      expect(await runsOf(project.id)).toEqual([
        { outcome: 'skipped', reason: `Daily AI spending limit reached ($${(cap + 0.5).toFixed(2)} of $${cap.toFixed(2)} today). It resets at midnight UTC.`, analysis_id: null },
      ])
    } finally {
      await owner.json(path, { method: 'POST', json: { action: 'delete' } })
    }
  })
})
