/**
 * Experiments over the real stack: a change recorded through the app, its estimate read through the
 * app and the public API, worked out by hand from tests/support/experiments-fixtures.ts; access and validation; and
 * a real analysis through the simulator with a planted effect (lifts), estimated against a seeded baseline.
 */
import { createKey, KeyClient } from '../support/api-keys'
import { createProject, signUp, simulator, sql, startAnalysis, waitForAnalysis } from '../support/flows'
import { dayOf, EXPERIMENT_QUERIES, EXPERIMENT_URL, seedExperimentDays, seedExperimentProject } from '../support/experiments-fixtures'

const change = (over: Record<string, unknown> = {}) => ({
  description: 'New comparison page for flat feet and trail',
  urls: [EXPERIMENT_URL],
  changeDate: '2026-03-11',
  treated: EXPERIMENT_QUERIES.slice(0, 2),
  control: EXPERIMENT_QUERIES.slice(2),
  ...over,
})

describe('an experiment over 16 seeded daily runs', () => {
  let seeded: Awaited<ReturnType<typeof seedExperimentProject>>
  let experimentId: number
  beforeAll(async () => {
    seeded = await seedExperimentProject()
  })

  it('is recorded with its baseline, proposes controls and a power hint', async () => {
    const path = `/api/projects/${seeded.projectId}/experiments`
    const proposal = await seeded.owner.json(`${path}?treated=${encodeURIComponent(EXPERIMENT_QUERIES[0])}&changeDate=2026-03-11`)
    expect(proposal.status).toBe(200)
    // No topics or audiences: the other queries in order, as many as treated and at least 2.
    expect(proposal.body.control).toEqual([EXPERIMENT_QUERIES[1], EXPERIMENT_QUERIES[2]])
    expect(proposal.body.baseline).toEqual({ runsBefore: 10, enough: true, warning: null })
    // 1 treated, 2 control, 6 answers a day (1 sample x 6 models), 10 days before, 14 planned after, p = 0.5:
    // SE = sqrt(0.25 x (1/60 + 1/84) x (1 + 1/2)) = sqrt(0.25 x 0.0285714 x 1.5) = 0.103510; x 2.800585 = 0.28989 -> 29.0
    expect(proposal.body.power).toEqual({ minimumDetectable: 29, useful: false, hint: 'add samples or queries' })

    const created = await seeded.owner.json(path, { method: 'POST', json: change() })
    expect(created.status).toBe(201)
    expect(created.body.baseline).toEqual({ runsBefore: 10, enough: true, warning: null })
    experimentId = created.body.experiment.id
    // A change on day 5 has 4 runs before it: recorded, with the warning.
    const early = await seeded.owner.json(path, { method: 'POST', json: change({ changeDate: '2026-03-05' }) })
    expect(early.body.baseline).toEqual({ runsBefore: 4, enough: false, warning: 'Fewer than 7 daily runs before the change: the estimate will be rough until there is more baseline.' })
    const list = await seeded.owner.json(path)
    expect(list.body.experiments.map((e: any) => e.changeDate)).toEqual(['2026-03-11', '2026-03-05'])
    expect(list.body.markers[0]).toMatchObject({ date: '2026-03-11', experimentId })
  })

  it('estimates the planted effect worked out by hand', async () => {
    const { status, body } = await seeded.owner.json(`/api/projects/${seeded.projectId}/experiments/${experimentId}`)
    expect(status).toBe(200)
    const by = Object.fromEntries(body.estimates.map((e: any) => [e.metric, e]))
    // Visibility (share of the 2 models ranking): treated 50 % before -> 100 % after (+50), control 50 -> 50 (0).
    // Every query and day is alike within its group, so every bootstrap draw gives 50: the interval is 50-50.
    expect(by.visibility).toEqual({ metric: 'visibility', effect: 50, low: 50, high: 50, n: { treatedQueries: 2, controlQueries: 2, daysBefore: 10, daysAfter: 6, answers: 128 } })
    expect(body.verdict).toBe('visibility up 50.0 points (interval 50.0–50.0)')
    // Mentions follow the ranks: 1 of 2 answers -> 2 of 2 on treated: +50.
    expect(by.mentionRate.effect).toBe(50)
    // Rank: treated before 2 (Claude), after (2 + 1) / 2 = 1.5: -0.5; control 2 -> 2.
    expect(by.averageRank.effect).toBe(-0.5)
    // Citations of the changed page (written https://www.brooks.example/compare/): treated 0 -> 1 of 2 answers = +50.
    expect(by.citationRate.effect).toBe(50)
    // Per model: Claude ranks everything throughout (no effect); ChatGPT goes 0 -> 100 on treated only.
    expect(body.byModel.map((m: any) => [m.modelId, m.verdict])).toEqual([
      [3, 'no detectable effect yet'],
      [8, 'visibility up 100.0 points (interval 100.0–100.0)'],
    ])
    expect(body.series[9]).toEqual({ date: '2026-03-10', treated: 50, control: 50 })
    expect(body.series[10]).toEqual({ date: '2026-03-11', treated: 100, control: 50 })
    // Exported as CSV: all models then each model, one row per metric.
    const csv = await seeded.owner.request(`/api/projects/${seeded.projectId}/experiments/${experimentId}?format=csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines).toHaveLength(1 + 4 * 3)
    expect(lines[1]).toBe('All models,visibility,50,50,50,2,2,10,6,128,visibility up 50.0 points (interval 50.0–50.0)')
  })

  it('is the same through the public API, and refused to others', async () => {
    const client = new KeyClient((await createKey(seeded.owner, 'Experiments', ['read'])).key)
    const res = await client.call(`/api/v1/projects/${seeded.projectId}/experiments/${experimentId}`)
    expect(res.status).toBe(200)
    expect(res.body.verdict).toBe('visibility up 50.0 points (interval 50.0–50.0)')
    // A read key cannot record one (run scope).
    expect((await client.call(`/api/v1/projects/${seeded.projectId}/experiments`, { method: 'POST', json: change() })).status).toBe(403)
    const stranger = await signUp()
    expect((await stranger.json(`/api/projects/${seeded.projectId}/experiments/${experimentId}`)).status).toBe(404)
    expect((await stranger.json(`/api/projects/${seeded.projectId}/experiments`, { method: 'POST', json: change() })).status).toBe(404)
  })

  it('answers 400 with a message a person reads', async () => {
    const post = (json: unknown) => seeded.owner.json(`/api/projects/${seeded.projectId}/experiments`, { method: 'POST', json })
    expect((await post(change({ changeDate: '11/03/2026' }))).body.message).toBe('The change date must be a date as YYYY-MM-DD')
    expect((await post(change({ control: ['not a query here'] }))).body.message).toBe('Not a query of this project: "not a query here"')
    const both = await post(change({ control: [EXPERIMENT_QUERIES[0]] }))
    expect([both.status, both.body.message]).toEqual([400, 'A query cannot be both treated and control'])
  })
})

describe('a real run with an effect planted in the simulator', () => {
  it('ranks the brand on the lifted query only, and the estimate shows it against the seeded baseline', async () => {
    const owner = await signUp()
    const project = await createProject(owner, { isLightMode: false })
    const queries: string[] = project.queries ?? ['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk']
    // The simulator's day is fixed; from it on the first query always names Brooks, the others never do.
    await simulator({ day: '2026-03-11', brandRate: 0, lifts: [{ queries: [queries[0]], from: '2026-03-11', brandRate: 1 }] })
    const started = await startAnalysis(owner, project.id)
    const done = await waitForAnalysis(owner, started.id)
    expect(done.status).toBe('completed')
    const db = await sql()
    const [{ date }] = await db<{ date: string }[]>`select date::text as date from analyses where id = ${started.id}`
    // Seven baseline days before the run's own date (read from the row, never the clock): no model ranks Brooks.
    await seedExperimentDays(project.id, owner.userId, { start: dayOf(date, -7), days: 7, changeDay: 7, queries, brand: 'Brooks', unranked: true })
    const created = await owner.json(`/api/projects/${project.id}/experiments`, { method: 'POST', json: { description: 'Flat feet guide', urls: [], changeDate: date, treated: [queries[0]], control: queries.slice(1) } })
    expect(created.body.baseline.enough).toBe(true)
    const { body } = await owner.json(`/api/projects/${project.id}/experiments/${created.body.experiment.id}`)
    // Mentions: treated 0 % before, every answer on the run names Brooks (odds 1); controls 0 -> 0 (odds 0): +100.
    const by = Object.fromEntries(body.estimates.map((e: any) => [e.metric, e]))
    expect(by.mentionRate).toMatchObject({ effect: 100, low: 100, high: 100 })
    // Visibility counts the models whose answer ranks Brooks in a list; some layouts (prose) name it without a rank,
    // so the size depends on the layouts drawn, but it can only go up.
    expect(by.visibility.low).toBeGreaterThan(0)
    expect(body.verdict).toMatch(/^visibility up \d+\.\d points \(interval/)
  })
})
