/**
 * Trends ('Trends & Historical Data') over the real stack: a project with 30 daily analyses seeded in the
 * database, read through GET /api/projects/{id}/trends and checked against figures worked out by hand;
 * access and Light Mode; the daily run as a Temporal Schedule created, triggered (trigger-now, never the
 * clock), paused, resumed and deleted from the app and from the Temporal CLI, with the app showing each;
 * a scheduled run refused by the daily limit, the quota and a paused account; an alert stored for a real shift.
 */
import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, resetSimulator, setLimits, signUp, simulator, sql, until, waitForAnalysis } from '../support/flows'
import { seedTrendProject, TREND_QUERIES, trendDate } from '../support/trends-fixtures'
import { temporalBinary } from '../../scripts/stack'

const run = promisify(execFile)

const DAYS = Array.from({ length: 30 }, (_, d) => d)

/**
 * Worked out by hand from the fixture's rules (tests/support/trends-fixtures.ts), two models, four queries:
 * - Brooks on a day d: Claude sum over q of (d + q) % 3, ChatGPT of (d + q + 1) % 3. d % 3 = 0: 0+1+2+0 = 3 and
 *   1+2+0+1 = 4 -> 7; d % 3 = 1: 1+2+0+1 = 4 and 2+0+1+2 = 5 -> 9; d % 3 = 2: 2+0+1+2 = 5 and 0+1+2+0 = 3 -> 8.
 * - Nike: (q + d) % 2 + 1 over four queries is 1+2+1+2 = 6 per model -> 12 every day. Asics: 0, then 1 per answer
 *   from day 15 -> 8.
 * - Ranks of one query, per day (mean over the models that rank the brand): Brooks ranks 1 + (q % 2) whenever
 *   mentioned, and on any day at least one of the two models mentions it ((d + q) % 3 and (d + q + 1) % 3 are never
 *   both 0), so 1 on queries 0 and 2; Nike 2 + (d % 2) from both models; Asics is never ranked -> null.
 * - Topic trend of a brand: its day's mentions x (queries of the topic / 4 queries), 1 decimal: Comfort has 2 of 4
 *   queries, Price 1 of 4.
 */
const BROOKS_MENTIONS = [7, 9, 8] as const
const brooksMentions = (d: number) => BROOKS_MENTIONS[d % 3]
const BROOKS_TOPICS = [{ Comfort: 3.5, Price: 1.8 }, { Comfort: 4.5, Price: 2.3 }, { Comfort: 4, Price: 2 }] as const // 7/2, 7/4 = 1.75; 9/2, 9/4 = 2.25; 8/2, 8/4
const queryRanksOnQuery0or2 = DAYS.map((d) => ({ date: trendDate(d), ranks: { Brooks: 1, Nike: d % 2 === 0 ? 2 : 3, Asics: null } }))

describe('Trends page data from 30 seeded daily analyses', () => {
  let seeded: Awaited<ReturnType<typeof seedTrendProject>>
  beforeAll(async () => {
    seeded = await seedTrendProject(30)
  })
  const trends = (qs = '') => seeded.owner.json(`/api/projects/${seeded.projectId}/trends${qs}`)

  it('day 1 and day 2 worked by hand', async () => {
    const { status, body } = await trends()
    expect(status).toBe(200)
    expect(body.days).toHaveLength(30)
    expect(body.days[0].date).toBe('2025-03-01')
    expect(body.days[29].date).toBe('2025-03-30')
    // Day 0: Brooks claude 0+1+2+0 = 3, chatgpt 1+2+0+1 = 4 -> 7; Nike 1+2+1+2 per model -> 12; Asics 0; all 19.
    const b = body.days[0].brands.Brooks
    expect(b.mentions).toBe(7)
    expect(body.days[0].brands.Nike.mentions).toBe(12)
    // Share 7/19 = 36.8 %, Wilson 19.1-59.0; rank rate: ranked in 2 claude + 3 chatgpt answers of 8 = 62.5 %, Wilson 30.6-86.3.
    expect(b.share).toEqual({ value: 36.8, x: 7, n: 19, interval: { low: 19.1, high: 59 } })
    expect(b.rankRate).toEqual({ value: 62.5, x: 5, n: 8, interval: { low: 30.6, high: 86.3 } })
    // the old name (deprecated) still carries the same figure
    expect(b.visibility).toEqual(b.rankRate)
    // Rank: claude q1 -> 2, q2 -> 1: 1.5; chatgpt q0 1, q1 2, q3 2: 1.7; combined (1.5 + 1.7) / 2 = 1.6. Nike 2 everywhere.
    expect(b.rank).toBe(1.6)
    expect(body.days[0].brands.Nike.rank).toBe(2)
    // Day 1: Brooks claude 1+2+0+1 = 4, chatgpt 2+0+1+2 = 5 -> 9: +28.6 % on 7.
    expect(body.days[1].brands.Brooks).toMatchObject({ mentions: 9, change: 28.6 })
    // Topic trend of Brooks on day 0: Comfort 2 of 4 queries -> 3.5; Price 1 of 4 -> 1.75 -> 1.8.
    expect(body.topicBrand).toBe('Brooks')
    expect(body.topicTrend[0]).toEqual({ date: '2025-03-01', values: { Comfort: 3.5, Price: 1.8 } })
    // The long query's label is cut at 50 characters (the 50th is the space after 'distance') plus an ellipsis.
    expect(body.queries.find((q: any) => q.query === TREND_QUERIES[1].query).label).toBe('most comfortable marathon shoes for long distance ...')
    expect(body.brands.map((x: any) => [x.name, x.isOwn])).toEqual([['Nike', false], ['Brooks', true], ['Asics', false]])
  })

  it('every series worked out by hand, for the default view and a filtered one (query and topic brand)', async () => {
    const { body } = await trends()
    expect(body.project).toMatchObject({ id: seeded.projectId, accessType: 'owner' })
    expect(body.days.map((d: any) => [d.date, d.answered, d.brands.Brooks.mentions, d.brands.Nike.mentions, d.brands.Asics.mentions])).toEqual(
      DAYS.map((d) => [trendDate(d), 8, brooksMentions(d), 12, d < 15 ? 0 : 8]),
    )
    // 10 days each of 7, 9 and 8 = 240; 30 x 12 = 360; 15 x 8 = 120
    expect(body.totals).toEqual({ Brooks: 240, Nike: 360, Asics: 120 })
    // Default: the first query and the own brand
    expect(body.query).toBe(TREND_QUERIES[0].query)
    expect(body.queryRanks).toEqual(queryRanksOnQuery0or2)
    expect(body.topics).toEqual(['Comfort', 'Price'])
    expect(body.topicBrand).toBe('Brooks')
    expect(body.topicTrend).toEqual(DAYS.map((d) => ({ date: trendDate(d), values: BROOKS_TOPICS[d % 3] })))

    const q = TREND_QUERIES[2].query
    const other = await trends(`?query=${encodeURIComponent(q)}&topicBrand=Nike`)
    expect(other.body.query).toBe(q)
    expect(other.body.queryRanks).toEqual(queryRanksOnQuery0or2)
    expect(other.body.topicBrand).toBe('Nike')
    // Nike 12 every day: Comfort 12 x 2/4 = 6, Price 12 x 1/4 = 3
    expect(other.body.topicTrend).toEqual(DAYS.map((d) => ({ date: trendDate(d), values: { Comfort: 6, Price: 3 } })))
    // The filters change only those series: the days are the same
    expect(other.body.days).toEqual(body.days)
  })

  it('reads stored points, rebuilt when an analysis changes', async () => {
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from analysis_trend_points where project_id = ${seeded.projectId}`
    expect(n).toBe(30)
    // A model's answers of day 0 removed (as Model Admin's delete does): the point follows the analysis.
    await db`delete from api_responses where analysis_id = ${seeded.analysisIds[0]} and model_id = 8`
    await db`update analyses set updated_at = now() + interval '1 second' where id = ${seeded.analysisIds[0]}`
    const { body } = await trends()
    // Claude alone on day 0: Brooks 3 of 3 + 6 mentions = 9.
    expect(body.days[0].brands.Brooks.mentions).toBe(3)
    expect(body.days[0].brands.Brooks.share).toMatchObject({ x: 3, n: 9 })
  })

  it('another user gets 404; a user it is shared with reads but may not schedule', async () => {
    const stranger = await signUp()
    expect((await stranger.json(`/api/projects/${seeded.projectId}/trends`)).status).toBe(404)
    expect((await stranger.json(`/api/projects/${seeded.projectId}/daily-schedule`)).status).toBe(404)
    expect((await stranger.json(`/api/projects/${seeded.projectId}/daily-schedule`, { method: 'POST', json: { action: 'trigger' } })).status).toBe(404)
    const db = await sql()
    await db`insert into project_shares (project_id, user_id) values (${seeded.projectId}, ${stranger.userId})`
    expect((await stranger.json(`/api/projects/${seeded.projectId}/trends`)).status).toBe(200)
    const post = await stranger.json(`/api/projects/${seeded.projectId}/daily-schedule`, { method: 'POST', json: { action: 'enable', hour: 9, timeZone: 'UTC' } })
    expect(post.status).toBe(403)
    expect((await stranger.json(`/api/projects/999999999/trends`)).status).toBe(404)
    expect((await stranger.json(`/api/projects/abc/trends`)).status).toBe(404)
  })

  it('Light Mode: locked with the spec text', async () => {
    const light = await seedTrendProject(2, { lightMode: true })
    const res = await light.owner.json(`/api/projects/${light.projectId}/trends`)
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Not available in Light Mode')
  })

  it('a project without completed analyses has no days (the page shows No Historical Data)', async () => {
    const empty = await seedTrendProject(0)
    const { status, body } = await empty.owner.json(`/api/projects/${empty.projectId}/trends`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ days: [], brands: [], alerts: [], queries: [] })
  })

  it('bad schedule bodies answer 400 with a clear message', async () => {
    const post = (json: unknown) => seeded.owner.json(`/api/projects/${seeded.projectId}/daily-schedule`, { method: 'POST', json })
    expect((await post({ action: 'enable', hour: 24, timeZone: 'UTC' })).body.message).toBe('Hour must be a whole number from 0 to 23')
    expect((await post({ action: 'enable', hour: 9, timeZone: 'Mars/Olympus' })).body.message).toBe('Unknown time zone')
    expect((await post({ action: 'enable', hour: 9 })).body.message).toBe('Time zone is required')
    const bad = await post({ action: 'explode' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("action 'explode' is not one of: enable, pause, resume, delete, trigger")
  })
})

describe('alerts', () => {
  it('a run whose own-brand share jumps is stored as an alert; stable runs raise none', async () => {
    // 8 stable days from the fixture, then day 8 with Brooks mentioned 6 times in every answer.
    const seeded = await seedTrendProject(9)
    const db = await sql()
    const last = seeded.analysisIds[8]
    await db`update api_responses set mentions = jsonb_set(mentions, '{Brooks}', '6'::jsonb), rankings = rankings || '{"Brooks": 1}'::jsonb where analysis_id = ${last}`
    await db`update analyses set updated_at = now() + interval '1 second' where id = ${last}`
    const { createTrendActivities } = await import('../../activities/trends')
    const acts = createTrendActivities({ sql: db })
    for (const id of seeded.analysisIds.slice(0, 8)) expect(await acts.checkTrendAlerts({ analysisId: id })).toEqual({ alerts: 0 })
    // Day 8: Brooks 6 x 8 answers = 48 of 48 + 12 (Nike) = 60 occurrences, 80 %. Days 1-7 pooled: Brooks
    // 9+8+7+9+8+7+9 = 57 of 57 + 7 x 12 = 141, 40.4 %: z = (.8 - .4043) / sqrt(.5224 x .4776 x (1/60 + 1/141)) = 5.14.
    // Visibility 8 of 8 against 38 of 56 (67.9 %): z = 1.89, within chance, so no alert for it.
    expect(await acts.checkTrendAlerts({ analysisId: last })).toEqual({ alerts: 1 })
    const rows = await db<{ metric: string; message: string }[]>`select metric, message from trend_alerts where analysis_id = ${last} order by metric`
    expect(rows).toEqual([{ metric: 'share', message: 'Mention share of Brooks rose to 80% (n=60) from 40.4% (n=141) over the previous 7 runs' }])
    expect(await acts.checkTrendAlerts({ analysisId: last })).toEqual({ alerts: 1 })
    expect((await db`select id from trend_alerts where analysis_id = ${last}`).length).toBe(1)
    const { body } = await seeded.owner.json(`/api/projects/${seeded.projectId}/trends`)
    expect(body.alerts.map((a: any) => [a.analysisId, a.metric, a.z])).toEqual([[last, 'share', 5.14]])
  })
})

describe('alert bell and webhook', () => {
  it('the bell counts unread alerts and marks them read', async () => {
    const seeded = await seedTrendProject(9)
    const db = await sql()
    await db`update api_responses set mentions = jsonb_set(mentions, '{Brooks}', '6'::jsonb) where analysis_id = ${seeded.analysisIds[8]}`
    await db`update analyses set updated_at = now() + interval '1 second' where id = ${seeded.analysisIds[8]}`
    const path = `/api/projects/${seeded.projectId}/trends`
    // A read writes nothing: the page computes day 8's alert, but none is stored and the bell stays at 0.
    const before = await seeded.owner.json(path)
    expect(before.body.alerts.map((a: any) => [a.analysisId, a.metric])).toEqual([[seeded.analysisIds[8], 'share']])
    expect(before.body.unreadAlerts).toBe(0)
    expect((await db`select id from trend_alerts where project_id = ${seeded.projectId}`).length).toBe(0)
    // The check trendAlertsWorkflow runs after each completed analysis stores it; the bell counts it.
    const { createTrendActivities } = await import('../../activities/trends')
    expect(await createTrendActivities({ sql: db }).checkTrendAlerts({ analysisId: seeded.analysisIds[8] })).toEqual({ alerts: 1 })
    expect((await seeded.owner.json(path)).body.unreadAlerts).toBe(1)
    expect((await seeded.owner.json(`/api/projects/${seeded.projectId}/alerts`, { method: 'POST', json: { action: 'read' } })).body).toEqual({ marked: 1, unreadAlerts: 0 })
    expect((await seeded.owner.json(path)).body.unreadAlerts).toBe(0)
    expect((await seeded.owner.json(`/api/projects/${seeded.projectId}/alerts`, { method: 'POST', json: { action: 'nope' } })).status).toBe(400)
  })

  it('https and public addresses only when set; delivered signed to an allowed loopback receiver; refused otherwise', async () => {
    const seeded = await seedTrendProject(0)
    const hook = `/api/projects/${seeded.projectId}/alert-webhook`
    const set = (url: string) => seeded.owner.json(hook, { method: 'POST', json: { url } })
    expect((await set('http://hooks.example.com/x')).body.message).toBe('Webhook URL must use https')
    expect((await set('https://10.1.2.3/x')).body.message).toBe('Webhook URL must point to a public address: 10.1.2.3 is a private address')
    expect((await set('https://[::1]/x')).body.message).toBe('Webhook URL must point to a public address: ::1 is a loopback address')
    expect((await set('https://localhost/x')).body.message).toBe('Webhook URL must point to a public address: localhost is a local name')
    expect((await set('https://localhost./x')).body.message).toBe('Webhook URL must point to a public address: localhost. is a local name')
    expect((await set('not a url')).body.message).toBe('Webhook URL is not a valid URL')
    const ok = await set('https://hooks.example.com/brand-alerts')
    expect(ok.status).toBe(200)
    expect(ok.body.secret).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect((await seeded.owner.json(hook)).body.url).toBe('https://hooks.example.com/brand-alerts')
    const stranger = await signUp()
    expect((await stranger.json(hook)).status).toBe(404)

    // A loopback receiver (what the tests may reach; the worker allows no such address).
    const received: { headers: Record<string, any>; body: string }[] = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    try {
      const db = await sql()
      const [{ id: analysisId }] = await db<{ id: number }[]>`
        insert into analyses (project_id, user_id, status, model_ids, queries, brands) values (${seeded.projectId}, ${seeded.owner.userId}, 'completed', '{8}', '[]', '{}') returning id`
      await db`insert into trend_alerts (project_id, analysis_id, metric, message, data) values (${seeded.projectId}, ${analysisId}, 'share', 'Mention share of Brooks rose', ${db.json({ metric: 'share', z: 5.14 })})`
      // The stored URL points at the receiver (the API refuses such a URL; a name could resolve there later).
      await db`update trend_webhooks set url = ${`http://127.0.0.1:${port}/hook`} where project_id = ${seeded.projectId}`
      const { createTrendActivities } = await import('../../activities/trends')
      await expect(createTrendActivities({ sql: db }).deliverTrendAlerts({ projectId: seeded.projectId })).rejects.toThrow('Webhook refused: Webhook URL must point to a public address: 127.0.0.1 is a loopback address')
      expect(received).toHaveLength(0)
      const [failed] = await db<{ delivery_error: string; delivered_at: Date | null }[]>`select delivery_error, delivered_at from trend_alerts where analysis_id = ${analysisId}`
      expect(failed).toMatchObject({ delivered_at: null, delivery_error: expect.stringContaining('loopback') })

      const allowed = createTrendActivities({ sql: db, webhook: { allowAddresses: ['127.0.0.1'] } })
      expect(await allowed.deliverTrendAlerts({ projectId: seeded.projectId })).toEqual({ delivered: 1 })
      expect(received).toHaveLength(1)
      const { headers, body } = received[0]
      const ts = headers['x-brand-visibility-timestamp']
      expect(headers['x-brand-visibility-signature']).toBe(`sha256=${createHmac('sha256', ok.body.secret).update(`${ts}.${body}`).digest('hex')}`)
      expect(JSON.parse(body)).toMatchObject({ type: 'trend-alerts', projectId: seeded.projectId, alerts: [{ metric: 'share', z: 5.14 }] })
      // Delivered once: nothing left to send.
      expect(await allowed.deliverTrendAlerts({ projectId: seeded.projectId })).toEqual({ delivered: 0 })
    } finally {
      server.close()
    }
    expect((await seeded.owner.json(hook, { method: 'DELETE' })).body).toEqual({ url: null })
  })
})

describe('Add Analysis on the Trends page: can-analyse-today', () => {
  it('applies the admission rule of a click: a run still going from an earlier day, then the quota', async () => {
    const seeded = await seedTrendProject(2)
    await setLimits(seeded.owner.userId, { maxAnalyses: null })
    const db = await sql()
    const can = async () => (await seeded.owner.json(`/api/projects/${seeded.projectId}/can-analyse-today`)).body
    // Two completed runs on 2025-03-01 and 02, none today, no quota: admitted.
    expect(await can()).toEqual({ canAnalyse: true, reason: null, confirm: null, analysesToday: 0, analysesRemaining: null })
    // The run of 2025-03-02 still going: the button says what the click answers (409).
    await db`update analyses set status = 'in_progress', completed_at = null, last_progress_at = now() where id = ${seeded.analysisIds[1]}`
    expect(await can()).toEqual({ canAnalyse: false, reason: 'The previous analysis of this project is still running', confirm: null, analysesToday: 0, analysesRemaining: null })
    const click = await seeded.owner.json(`/api/projects/${seeded.projectId}/analyse-today`, { method: 'POST' })
    expect([click.status, click.body.message]).toEqual([409, 'The previous analysis of this project is still running'])
    // Ended; a quota of 2 with the 2 seeded analyses used: 0 remaining.
    await db`update analyses set status = 'completed', completed_at = now() where id = ${seeded.analysisIds[1]}`
    await setLimits(seeded.owner.userId, { maxAnalyses: 2 })
    expect(await can()).toMatchObject({ canAnalyse: false, reason: 'Analysis limit reached (0 remaining)', analysesToday: 0 })
  })
})

describe('daily analysis as a Temporal Schedule', () => {
  const temporal = temporalClientForTests()
  const cli = async (...args: string[]) => {
    const bin = temporalBinary()
    if (!bin) throw new Error('no temporal CLI')
    await run(bin, [...args, '--address', testEnv().temporalAddress, '--namespace', 'default'])
  }
  afterAll(async () => {
    await resetSimulator()
  })

  async function ownerWithProject(limits: Parameters<typeof setLimits>[1] = { maxAnalyses: 5 }) {
    const owner = await signUp()
    await setLimits(owner.userId, { maxProjects: 5, ...limits })
    const project = await createProject(owner)
    return { owner, project }
  }
  const runsOf = async (projectId: number) => {
    const db = await sql()
    return db<{ outcome: string; reason: string | null; analysis_id: number | null; workflow_id: string }[]>`
      select outcome, reason, analysis_id, workflow_id from scheduled_runs where project_id = ${projectId} order by id`
  }

  it('created, triggered, refused by the daily limit, paused, resumed and deleted from the app and the CLI', async () => {
    await simulator({ day: '2025-05-20', seed: 'trends-schedule' })
    const { owner, project } = await ownerWithProject()
    const path = `/api/projects/${project.id}/daily-schedule`
    expect((await owner.json(path)).body).toMatchObject({ scheduleId: `daily-analysis-${project.id}`, exists: false })

    const created = await owner.json(path, { method: 'POST', json: { action: 'enable', hour: 7, timeZone: 'Europe/London' } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ exists: true, paused: false, hour: 7, timeZone: 'Europe/London', skippedOverlap: 0 })
    expect(created.body.nextRunAt).toEqual(expect.any(String))
    const described = await temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).describe()
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'dailyAnalysisWorkflow', args: [{ projectId: project.id }] })
    expect(described.policies).toMatchObject({ overlap: 'SKIP', catchupWindow: 23 * 3600 * 1000 })

    // Trigger now: the schedule's workflow starts the analysis as analysis-<id>.
    expect((await owner.json(path, { method: 'POST', json: { action: 'trigger' } })).status).toBe(200)
    await until('the scheduled run to start an analysis', async () => (await runsOf(project.id)).length > 0, 150_000)
    const [first] = await runsOf(project.id)
    expect(first).toMatchObject({ outcome: 'started', reason: null })
    const analysis = await waitForAnalysis(owner, first.analysis_id!)
    expect({ status: analysis.status, error: analysis.error }).toEqual({ status: 'completed', error: null })
    await until('the scheduled workflow to finish', async () => !(await owner.json(path)).body.running, 60_000)
    const state = (await owner.json(path)).body
    expect(state.recentRuns[0]).toMatchObject({ outcome: 'started', analysisId: first.analysis_id })
    expect(state.actionsTaken).toBe(1)
    // The trends page has the new day.
    expect((await owner.json(`/api/projects/${project.id}/trends`)).body.days.map((d: any) => d.analysisId)).toEqual([first.analysis_id])

    // A second run the same day is refused by the one-per-day rule, and says so. Temporal names a triggered run
    // after the second it was triggered in (`…-run-<RFC 3339 second>`) and drops a second trigger within that
    // same second as already started; a person cannot click that fast, the test can. The first trigger lies in
    // the past, so 1.1 s from now is always a later second (whatever either process's clock says).
    expect(first.workflow_id).toMatch(/-run-\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    await new Promise((r) => setTimeout(r, 1100))
    expect((await owner.json(path, { method: 'POST', json: { action: 'trigger' } })).status).toBe(200)
    // Temporal's scheduler starts a triggered action on its own time; on a loaded machine that can take a while.
    await until('the second run to be skipped', async () => (await runsOf(project.id)).length > 1, 150_000)
    expect((await runsOf(project.id))[1]).toMatchObject({ outcome: 'skipped', reason: 'Daily limit reached for this project', analysis_id: null })
    expect((await owner.json(path)).body.recentRuns[0]).toMatchObject({ outcome: 'skipped', reason: 'Daily limit reached for this project' })

    // Pause from the app, resume and pause from the CLI (what an operator does in the Temporal UI), delete from the CLI.
    expect((await owner.json(path, { method: 'POST', json: { action: 'pause' } })).body).toMatchObject({ paused: true, nextRunAt: null })
    expect((await temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).describe()).state.paused).toBe(true)
    await cli('schedule', 'toggle', '--schedule-id', `daily-analysis-${project.id}`, '--unpause', '--reason', 'resumed by ops')
    expect((await owner.json(path)).body).toMatchObject({ exists: true, paused: false })
    await cli('schedule', 'toggle', '--schedule-id', `daily-analysis-${project.id}`, '--pause', '--reason', 'paused by ops')
    expect((await owner.json(path)).body).toMatchObject({ paused: true, note: 'paused by ops' })
    expect((await owner.json(path, { method: 'POST', json: { action: 'resume' } })).body).toMatchObject({ paused: false })
    await cli('schedule', 'delete', '--schedule-id', `daily-analysis-${project.id}`)
    expect((await owner.json(path)).body).toMatchObject({ exists: false })

    // On again, then deleted from the app: Temporal has no schedule left.
    expect((await owner.json(path, { method: 'POST', json: { action: 'enable', hour: 22, timeZone: 'America/New_York' } })).body).toMatchObject({ exists: true, hour: 22, timeZone: 'America/New_York' })
    expect((await owner.json(path, { method: 'POST', json: { action: 'delete' } })).body).toMatchObject({ exists: false })
    await expect(temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).describe()).rejects.toThrow()
  })

  it('refused by the quota and by a paused account, like a click', async () => {
    const quota = await ownerWithProject({ maxAnalyses: 0 })
    const paused = await ownerWithProject({ maxAnalyses: 5 })
    for (const { owner, project } of [quota, paused])
      expect((await owner.json(`/api/projects/${project.id}/daily-schedule`, { method: 'POST', json: { action: 'enable', hour: 3, timeZone: 'UTC' } })).status).toBe(200)
    await setLimits(paused.owner.userId, { isActive: false })
    for (const { project } of [quota, paused]) await temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).trigger()
    await until('both runs to be recorded', async () => (await runsOf(quota.project.id)).length > 0 && (await runsOf(paused.project.id)).length > 0, 60_000)
    expect(await runsOf(quota.project.id)).toMatchObject([{ outcome: 'skipped', reason: 'Analysis limit reached (0 remaining)' }])
    expect(await runsOf(paused.project.id)).toMatchObject([{ outcome: 'skipped', reason: 'Account paused - contact admin' }])
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from analyses where project_id in (${quota.project.id}, ${paused.project.id})`
    expect(n).toBe(0)
    for (const { project } of [quota, paused]) await temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).delete()
  })
})
