/**
 * The cluster profile's smoke test, every request through nginx to either of the two web processes:
 * sign up, an analysis, a daily schedule triggered now, an AI Chat stream, an export; the request budgets counted
 * once across both processes.
 */
import { createProject, signUp, sql, startAnalysis, until, waitForAnalysis, type Session } from '../../tests/support/flows'
import { CARD_MODEL_IDS } from '../../app/domain/models'

let owner: Session & { userId: number }
let analysisId: number
let projectId: number

/** Server-sent events of one AI Chat reply, read to the end. */
async function chatEvents(s: Session, body: unknown) {
  const res = await s.request('/api/ai-chat', { method: 'POST', headers: { accept: 'text/event-stream' }, json: body })
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const events: { event?: string; data: any }[] = []
  for (const frame of (await res.text()).split('\n\n').filter(Boolean)) {
    events.push({ event: /^event: (.*)$/m.exec(frame)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') })
  }
  return events
}

describe('the product through nginx and two web processes', () => {
  it('signs up and stays signed in whichever process answers', async () => {
    owner = await signUp()
    // nginx alternates the two processes: six reads land three times on each, all with the one session.
    for (let i = 0; i < 6; i++) expect((await owner.json('/api/user/profile')).status).toBe(200)
  })

  it('runs an analysis on the Temporal cluster: every query of every model answered once', async () => {
    projectId = (await createProject(owner)).id
    analysisId = (await startAnalysis(owner, projectId)).id
    const done = await waitForAnalysis(owner, analysisId, undefined, 300_000)
    expect(done.status).toBe('completed')
    // 3 queries × 6 models = 18 answers, one per (model, query).
    const db = await sql()
    const [row] = await db<{ n: number; keys: number; models: number[] }[]>`
      select count(*)::int as n, count(distinct (model_id, query_index))::int as keys, array_agg(distinct model_id order by model_id) as models
      from api_responses where analysis_id = ${analysisId}`
    expect(row).toEqual({ n: 18, keys: 18, models: [...CARD_MODEL_IDS] })
  })

  it('creates a daily schedule and triggers it: the scheduled run starts an analysis of its own', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const path = `/api/projects/${project.id}/daily-schedule`
    expect((await s.json(path, { method: 'POST', json: { action: 'enable', hour: 7, timeZone: 'UTC' } })).status).toBe(200)
    expect((await s.json(path, { method: 'POST', json: { action: 'trigger' } })).status).toBe(200)
    const db = await sql()
    let started: { analysis_id: number | null } | undefined
    await until('the scheduled run to start an analysis', async () => {
      ;[started] = await db<{ analysis_id: number | null }[]>`select analysis_id from scheduled_runs where project_id = ${project.id} and outcome = 'started'`
      return Boolean(started?.analysis_id)
    }, 300_000, 500)
    expect((await waitForAnalysis(s, started!.analysis_id!, undefined, 300_000)).status).toBe('completed')
  })

  it('streams an AI Chat reply (PostgreSQL NOTIFY reaches the web process that holds the stream)', async () => {
    const events = await chatEvents(owner, { projectId, analysisId, message: 'Give me an overview of the whole analysis.' })
    const text = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')
    expect(text.length).toBeGreaterThan(20)
    expect(events.map((e) => e.event)).toContain('done')
  })

  it('exports the analysis: the share link opens on either process', async () => {
    const created = await owner.json(`/api/projects/${projectId}/export`, { method: 'POST', json: { analysisId } })
    expect(created.status).toBe(201)
    // Two reads of the link, one per process.
    for (let i = 0; i < 2; i++) {
      const res = await owner.request(`/export/${created.body.exportId}/report?format=xlsx`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('spreadsheet')
      await res.arrayBuffer()
    }
  })

  it('counts the model-call budget once across both processes (10 per user per minute)', async () => {
    const s = await signUp()
    const body = { name: 'Brooks', brandDomain: 'Brooks', marketDescription: 'running shoes', marketRegion: 'United Kingdom', language: 'en-GB', isLightMode: true }
    const statuses: number[] = []
    // 12 calls alternate between the two processes; with a budget per process each would allow 10 (20 in all).
    for (let i = 0; i < 12; i++) statuses.push((await s.json('/api/generate-framework', { method: 'POST', json: body })).status)
    // The first 10 pass (10 of 10 spent), the 11th and 12th are refused.
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
  })
})
