import { spawnSync } from 'node:child_process'
import { temporalBinary } from '../../scripts/stack'
import { testEnv, controlWorker } from '../support/env'
import { Session, createProject, resetSimulator, sampleProject, setLimits, signUp, signUpAdmin, simulator, sql, startAnalysis, until, waitForAnalysis } from '../support/flows'
import { CARD_MODEL_IDS } from '../../app/domain/models'
import { createKey, KeyClient } from '../support/api-keys'

const temporalCli = () => temporalBinary() ?? 'temporal'

async function answerCounts(analysisId: number) {
  const db = await sql()
  const rows = await db<{ model_id: number; n: number; distinct_keys: number }[]>`
    select model_id, count(*)::int as n, count(distinct (query_index, sample))::int as distinct_keys
    from api_responses where analysis_id = ${analysisId} group by model_id order by model_id`
  return rows
}

beforeEach(async () => {
  await resetSimulator()
})

describe('framework generation (app → Temporal → worker → simulator → app)', () => {
  it('returns competitors and queries for a brand and market', async () => {
    const s = await signUp()
    const res = await s.json('/api/generate-framework', {
      method: 'POST',
      json: { name: 'P', brandDomain: 'Brooks', marketDescription: 'running shoes', marketRegion: 'UK', language: 'en-GB' },
    })
    expect(res.status).toBe(200)
    expect(res.body.competitors.length).toBeGreaterThan(3)
    expect(res.body.competitors.length).toBeLessThanOrEqual(19)
    expect(res.body.competitors.map((c: string) => c.toLowerCase())).not.toContain('brooks')
    expect(res.body.queries.length).toBeGreaterThan(10)
    expect(res.body.queries.length).toBeLessThanOrEqual(40)
    expect(new Set(res.body.queries).size).toBe(res.body.queries.length)
  })

  it('caps queries at 20 in light mode and rejects bad input with the spec message', async () => {
    const s = await signUp()
    const light = await s.json('/api/generate-framework', { method: 'POST', json: { brandDomain: 'Monzo', marketDescription: 'UK banks', isLightMode: true } })
    expect(light.status).toBe(200)
    expect(light.body.queries.length).toBeLessThanOrEqual(20)
    const bad = await s.json('/api/generate-framework', { method: 'POST', json: { brandDomain: '  ', marketDescription: 'x' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Brand name is required')
  })
})

describe('a full analysis', () => {
  it('asks every query of every model once, parses and aggregates the answers', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const started = await startAnalysis(s, project.id)
    expect(started.status).toBe('pending')
    const done = await waitForAnalysis(s, started.id)
    expect(done.status).toBe('completed')
    const counts = await answerCounts(started.id)
    expect(counts.map((c) => c.model_id)).toEqual([...CARD_MODEL_IDS])
    for (const c of counts) {
      expect(c.n).toBe(3)
      expect(c.distinct_keys).toBe(3)
    }
    expect(done.progressDetails.isComplete).toBe(true)
    expect(done.progressDetails.progressPercent).toBe(100)
    for (const id of CARD_MODEL_IDS) expect(done.progressDetails.modelStatus[id].status).toBe('completed')
    expect(done.apiResponses).toHaveLength(18)
    // Parsed per answer and aggregated once.
    const withMentions = done.apiResponses.filter((r: any) => Object.values(r.mentions).some((n: any) => n > 0))
    expect(withMentions.length).toBeGreaterThan(0)
    expect(done.results).toBeTruthy()
    const list = await s.json('/api/analyses')
    expect(list.body.find((a: any) => a.id === started.id)?.status).toBe('completed')
    const responses = await s.json(`/api/analyses/${started.id}/api-responses`)
    expect(responses.body.totalCalls).toBe(18)
  })

  it('allows one analysis per project per day', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: 5 })
    const project = await createProject(s)
    // Two clicks at once: exactly one analysis starts.
    const both = await Promise.all([1, 2].map(() => s.json(`/api/projects/${project.id}/analyse-today`, { method: 'POST' })))
    expect(both.map((r) => r.status).sort()).toEqual([201, 403])
    const a = both.find((r) => r.status === 201)!.body
    const again = await s.json(`/api/projects/${project.id}/analyse-today`, { method: 'POST' })
    expect(again.status).toBe(403)
    expect(again.body.message).toBe('Daily limit reached for this project')
    const can = await s.json(`/api/projects/${project.id}/can-analyse-today`)
    expect(can.body.canAnalyse).toBe(false)
    // Only an admin may confirm a second run: ?again=true changes nothing for anyone else.
    expect((await s.json(`/api/projects/${project.id}/analyse-today?again=true`, { method: 'POST' })).status).toBe(403)
    await waitForAnalysis(s, a.id)
  })

  it('lets an admin run a project a second time the same day, after a confirmation', async () => {
    const admin = await signUpAdmin()
    const project = await createProject(admin)
    const first = await startAnalysis(admin, project.id)
    await waitForAnalysis(admin, first.id)
    // The second click is answered with the question, and the button says it will ask it.
    const asked = await admin.json(`/api/projects/${project.id}/analyse-today`, { method: 'POST' })
    expect(asked.status).toBe(409)
    expect(asked.body.message).toBe('This project was already analysed today. Run it again? It counts as another analysis.')
    expect((await admin.json(`/api/projects/${project.id}/can-analyse-today`)).body).toMatchObject({ canAnalyse: true, confirm: asked.body.message })
    // Confirmed: a new analysis of the same day.
    const again = await admin.json(`/api/projects/${project.id}/analyse-today?again=true`, { method: 'POST' })
    expect(again.status).toBe(201)
    expect(again.body.analysisId).not.toBe(first.id)
    expect(again.body.date).toBe((first as unknown as { date: string }).date)
    expect((await waitForAnalysis(admin, again.body.analysisId)).status).toBe('completed')
    // The REST API (and its MCP tool start_analysis) asks the same question and takes the confirmation as `again`.
    const api = new KeyClient((await createKey(admin, 'Runs', ['read', 'run'])).key)
    const apiAsked = await api.call(`/api/v1/projects/${project.id}/analyses`, { method: 'POST' })
    expect(apiAsked.status).toBe(409)
    expect(apiAsked.body.error).toMatchObject({ code: 'conflict', message: 'This project was already analysed today. Run it again? It counts as another analysis. To confirm, send {"again": true}.' })
    const badAgain = await api.call(`/api/v1/projects/${project.id}/analyses`, { method: 'POST', json: { again: 'yes' } })
    expect(badAgain.status).toBe(400)
    expect(badAgain.body.error.message).toMatch(/again must be true or false/)
    const apiAgain = await api.call(`/api/v1/projects/${project.id}/analyses`, { method: 'POST', json: { again: true } })
    expect(apiAgain.status).toBe(201)
    expect(apiAgain.body.analysis.id).not.toBe(again.body.analysisId)
    expect((await waitForAnalysis(admin, apiAgain.body.analysis.id)).status).toBe('completed')
  })
})

describe('reliability', () => {
  it('retries 429 (Retry-After), 500, timeouts and empty answers; a model that always fails is marked failed, the others complete', async () => {
    await simulator({
      providers: {
        perplexity: { faults: [{ type: '429', times: 2, retryAfterSeconds: 1 }] },
        gemini: { faults: [{ type: '500', times: 2 }] },
        xai: { faults: [{ type: 'empty', times: 1 }] },
        deepseek: { faults: [{ type: 'timeout', times: 1 }] },
        anthropic: { faults: [{ type: '401' }] },
      },
    })
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    const done = await waitForAnalysis(s, a.id)
    expect(done.status).toBe('completed')
    const claude = done.progressDetails.modelStatus['3']
    expect(claude.status).toBe('failed')
    expect(claude.error).toMatch(/key|401|auth/i)
    for (const id of [5, 6, 8, 9, 10]) {
      expect(done.progressDetails.modelStatus[id].status).toBe('completed')
      expect(done.progressDetails.modelStatus[id].failed).toBe(0)
    }
    const counts = await answerCounts(a.id)
    for (const c of counts.filter((c) => c.model_id !== 3)) expect(c.n).toBe(3)
  })

  it('survives the worker being killed (SIGKILL) mid-analysis: exactly queries × models answers, no duplicates', async () => {
    // The simulator answers exactly 3 calls and holds every later one, so the kill lands at a point
    // the test chooses: 3 answers stored, the rest in flight, whatever the machine's speed.
    await simulator({ gate: { allow: 3 } })
    const s = await signUp()
    const project = await createProject(s, { queries: ['best trail running shoes', 'best running shoes for beginners', 'lightest racing flats', 'best shoes for overpronation', 'most durable running shoes'] })
    const a = await startAnalysis(s, project.id)
    const db = await sql()
    const stored = async () => (await db<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${a.id}`)[0].n
    await until('3 stored answers', async () => (await stored()) >= 3, 60_000, 100)
    await controlWorker('kill')
    expect(await stored()).toBe(3)
    await simulator({ gate: null })
    await controlWorker('start')
    const done = await waitForAnalysis(s, a.id, undefined, 170_000)
    expect(done.status).toBe('completed')
    const counts = await answerCounts(a.id)
    expect(counts).toHaveLength(6)
    for (const c of counts) {
      expect(c.n).toBe(5)
      expect(c.distinct_keys).toBe(5)
    }
  }, 240_000)
})

describe('cancel and restart', () => {
  const slow = () => simulator({ providers: Object.fromEntries(['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek'].map((p) => [p, { latencyMs: 3000 }])) })

  it('cancel from the app: the app and Temporal agree', async () => {
    await slow()
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id, (p) => p.status === 'in_progress')
    const res = await s.json(`/api/analyses/${a.id}/cancel`, { method: 'POST' })
    expect(res.status).toBe(200)
    const done = await waitForAnalysis(s, a.id)
    expect(done.status).toBe('cancelled')
    const describe = spawnSync(temporalCli(), ['workflow', 'describe', '--workflow-id', `analysis-${a.id}`, '--address', testEnv().temporalAddress, '-o', 'json'], { encoding: 'utf8' })
    expect(JSON.parse(describe.stdout).workflowExecutionInfo.status).toMatch(/CANCELED|CANCELLED/)
    // A cancelled run of today can be restarted; stored answers are kept.
    const restart = await s.json(`/api/projects/${project.id}/analyze-today`, { method: 'POST' })
    expect(restart.status).toBe(201)
    expect(restart.body.id).toBe(a.id)
    await resetSimulator()
    const finished = await waitForAnalysis(s, a.id)
    expect(finished.status).toBe('completed')
    for (const c of await answerCounts(a.id)) expect(c.n).toBe(3)
  })

  it.each([['cancel'], ['terminate']])('%s from the Temporal CLI shows truthfully in the app', async (verb) => {
    await slow()
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id, (p) => p.status === 'in_progress')
    const args = ['workflow', verb, '--workflow-id', `analysis-${a.id}`, '--address', testEnv().temporalAddress]
    if (verb === 'terminate') args.push('--reason', 'ops test')
    const r = spawnSync(temporalCli(), args, { encoding: 'utf8' })
    expect(r.status, r.stderr).toBe(0)
    const done = await waitForAnalysis(s, a.id)
    expect(done.status).toBe('cancelled')
    expect(done.error).toMatch(verb === 'terminate' ? /terminated/i : /cancelled/i)
    const active = await s.json('/api/analyses?activeOnly=true')
    expect(active.body.find((x: any) => x.id === a.id)).toBeUndefined()
  })
})

describe('limits and validation (server-side)', () => {
  it('answers 400 with the spec message for every bad project input', async () => {
    const s = await signUp()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /^Project name is required$/],
      [{ brandDomain: ' ' }, /^Brand name is required$/],
      [{ marketDescription: '' }, /^Market description is required$/],
      [{ competitors: ['Nike', 'nike'] }, /unique/],
      [{ competitors: Array.from({ length: 20 }, (_, i) => `Brand ${i}`) }, /at most 19 competitors/],
      [{ queries: Array.from({ length: 41 }, (_, i) => `query number ${i}`) }, /Maximum of 40 queries/],
      [{ isLightMode: true, queries: Array.from({ length: 21 }, (_, i) => `query number ${i}`) }, /Maximum of 20 queries/],
      [{ queries: ['same query', 'Same Query'] }, /unique/],
      [{ brandDetails: { alternativeNames: ['Brooks'] } }, /cannot be the same as the main brand name/],
      [{ brandDetails: { alternativeNames: ['  '] } }, /cannot be empty/],
      [{ marketType: 'B2X' }, /^marketType 'B2X' is not one of: B2C, B2B$/],
      [{ samplesPerQuery: 6 }, /between 1 and 5/],
    ]
    for (const [over, message] of cases) {
      const res = await s.json('/api/projects', { method: 'POST', json: sampleProject(over) })
      expect(res.status, JSON.stringify(over)).toBe(400)
      expect(res.body.message, JSON.stringify(over)).toMatch(message)
    }
    const notJson = await s.request('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' })
    expect(notJson.status).toBe(400)
  })

  it('enforces project and analysis quotas and paused accounts with 403', async () => {
    const s = await signUp()
    const p1 = await createProject(s)
    const second = await s.json('/api/projects', { method: 'POST', json: sampleProject() })
    expect(second.status).toBe(403)
    expect(second.body.message).toBe('Project limit reached (0 remaining)')
    // Same name and brand updates the existing project instead of counting as a new one.
    const same = await s.json('/api/projects', { method: 'POST', json: sampleProject({ name: p1.name }) })
    expect(same.status).toBe(200)
    expect(same.body.id).toBe(p1.id)
    const a = await startAnalysis(s, p1.id)
    await waitForAnalysis(s, a.id)
    await setLimits(s.userId, { maxProjects: 3 })
    const p2 = await createProject(s)
    const over = await s.json(`/api/projects/${p2.id}/analyse-today`, { method: 'POST' })
    expect(over.status).toBe(403)
    expect(over.body.message).toBe('Analysis limit reached (0 remaining)')
    await setLimits(s.userId, { isActive: false })
    const paused = await s.json('/api/projects', { method: 'POST', json: sampleProject() })
    expect(paused.status).toBe(403)
    expect(paused.body.message).toBe('Account is paused - contact admin to reactivate')
    const profile = await s.json('/api/user/profile')
    expect(profile.body.canCreateProject).toBe(false)
  })
})

describe('nobody sees what is not theirs', () => {
  it('another user cannot read, change, analyse or delete a project or analysis', async () => {
    const owner = await signUp()
    const project = await createProject(owner)
    const a = await startAnalysis(owner, project.id)
    await waitForAnalysis(owner, a.id)
    const other = await signUp()
    await setLimits(other.userId, { maxProjects: 5, maxAnalyses: 5 })
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/projects/${project.id}`],
      ['PATCH', `/api/projects/${project.id}`, { name: 'mine now' }],
      ['DELETE', `/api/projects/${project.id}`],
      ['GET', `/api/projects/${project.id}/analyses`],
      ['GET', `/api/projects/${project.id}/can-analyse-today`],
      ['POST', `/api/projects/${project.id}/analyse-today`],
      ['POST', `/api/projects/${project.id}/analyze-today`],
      ['GET', `/api/analyses/${a.id}`],
      ['GET', `/api/analyses/${a.id}/progress`],
      ['GET', `/api/analyses/${a.id}/api-responses`],
      ['POST', `/api/analyses/${a.id}/cancel`],
      ['POST', `/api/analyses/${a.id}/manage`, { action: 'delete', modelId: 8 }],
      ['POST', `/api/analyses/${a.id}/rebuild-mentions`],
      ['DELETE', `/api/analyses/${a.id}`],
      ['POST', '/api/analyses/add-claude', { analysisId: a.id, projectId: project.id }],
      ['POST', '/api/add-deepseek-analysis', { analysisId: a.id, projectId: project.id }],
    ]
    for (const [method, url, json] of attempts) {
      const res = await other.json(url, { method, json })
      expect([403, 404], `${method} ${url} → ${res.status}`).toContain(res.status)
    }
    // Other users' public projects (made by other tests on the shared stack) may be listed; none of the owner's.
    expect((await other.json('/api/projects')).body.filter((p: { accessType: string }) => p.accessType !== 'public')).toEqual([])
    expect((await other.json('/api/projects')).body.some((p: { id: number }) => p.id === project.id)).toBe(false)
    expect((await other.json('/api/analyses')).body).toEqual([])
    const anon = new Session()
    expect((await anon.json(`/api/projects/${project.id}`)).status).toBe(401)
    expect((await anon.json('/api/analyses')).status).toBe(401)
    // Still there for its owner.
    expect((await owner.json(`/api/analyses/${a.id}`)).status).toBe(200)
  })
})

describe('add-model runs and model management', () => {
  it('deletes a model’s answers, adds them back through an add-model workflow, and refuses a duplicate', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id)
    const del = await s.json(`/api/analyses/${a.id}/manage`, { method: 'POST', json: { action: 'delete', modelId: 6 } })
    expect(del.status).toBe(200)
    expect(del.body.ok).toBe(true)
    expect((await answerCounts(a.id)).find((c) => c.model_id === 6)).toBeUndefined()
    const add = await s.json('/api/analyses/add-gemini', { method: 'POST', json: { analysisId: a.id, projectId: project.id } })
    expect(add.status).toBe(202)
    await until('3 Gemini answers', async () => ((await answerCounts(a.id)).find((c) => c.model_id === 6)?.n ?? 0) >= 3)
    expect((await answerCounts(a.id)).find((c) => c.model_id === 6)?.n).toBe(3)
    // Wait for the run to finish, then a second add is refused with the "already exists" text.
    const db = await sql()
    await until('the add-model run to finish', async () => (await db`select 1 from model_runs where analysis_id = ${a.id} and status = 'running'`).length === 0)
    const again = await s.json('/api/analyses/add-gemini', { method: 'POST', json: { analysisId: a.id } })
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/already exists/)
    const bad = await s.json(`/api/analyses/${a.id}/manage`, { method: 'POST', json: { action: 'explode', modelId: 6 } })
    expect(bad.status).toBe(400)
    const rebuild = await s.json(`/api/analyses/${a.id}/rebuild-mentions`, { method: 'POST' })
    expect(rebuild.status).toBe(200)
    expect(rebuild.body.updatedResponses).toBe(18)
  })
})

export {}
