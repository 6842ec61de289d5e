/**
 * Fact-check end to end: brand facts on a project → an analysis in demo mode, whose simulated answers
 * restate the facts and, for some models, a wrong founding year → the analysis starts factcheck-<id> → the judge
 * (the simulator's, through the gateway and the SDKs) labels each claim → the contradicted claims through the app's
 * API and the public API, an alert in the header bell, the cost of every judge call recorded.
 *
 * The contradicted answers are not counted by the code under test: the test reads the stored answers itself and
 * finds, with its own pattern, every "founded in <year>" that is not 1914 — those and only those must be listed.
 */
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createKey, KeyClient } from '../support/api-keys'
import { createProject, resetSimulator, signUp, simulator, sql, startAnalysis, waitForAnalysis } from '../support/flows'

const temporal = temporalClientForTests()

beforeAll(async () => {
  await resetSimulator()
  // Answers depend on the day and seed: pinned. Every answer names the brand (brand rate 1), so most restate a fact.
  await simulator({ day: '2026-03-02', seed: 'factcheck', brandRate: 1 })
})
afterAll(async () => {
  await resetSimulator()
})

const FACTS = [
  { statement: 'Brooks was founded in 1914.', sourceUrl: 'https://www.brooksrunning.com/en_us/about' },
  { statement: 'Brooks is headquartered in Seattle.' },
  { statement: 'Brooks does not make football boots.' },
]

describe('fact-check', () => {
  it('checks a completed analysis against the brand facts and lists the wrong claims by fact and model', async () => {
    const owner = await signUp()
    const other = await signUp()
    const project = await createProject(owner)

    // The facts sheet: validated, the owner's to change, unseen by others.
    const bad = await owner.json(`/api/projects/${project.id}/facts`, { method: 'PUT', json: { facts: [{ statement: 'x', sourceUrl: 'javascript:alert(1)' }] } })
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ error: expect.stringContaining('Source URL must be an http or https address') }) })
    expect((await other.json(`/api/projects/${project.id}/facts`)).status).toBe(404)
    expect((await other.json(`/api/projects/${project.id}/facts`, { method: 'PUT', json: { facts: [] } })).status).toBe(404)
    const saved = await owner.json(`/api/projects/${project.id}/facts`, { method: 'PUT', json: { facts: FACTS.slice(0, 2) } })
    expect(saved.status).toBe(200)
    // CSV import adds the third; a row without a statement is reported, not imported.
    const imported = await owner.json(`/api/projects/${project.id}/facts`, { method: 'POST', json: { csv: `statement,source\n${FACTS[2].statement},\n,https://example.com\n` } })
    expect(imported.status).toBe(200)
    expect(imported.body).toMatchObject({ imported: 1, errors: ['Row 3: Fact is required'] })
    expect(imported.body.facts.map((f: any) => f.statement)).toEqual(FACTS.map((f) => f.statement))
    const factIds: number[] = imported.body.facts.map((f: any) => f.id)
    // Saving the same words again keeps the facts' ids (their history stays one group on the Accuracy tab).
    const again = await owner.json(`/api/projects/${project.id}/facts`, { method: 'PUT', json: { facts: FACTS } })
    expect(again.body.facts.map((f: any) => f.id)).toEqual(factIds)

    const started = await startAnalysis(owner, project.id)
    expect((await waitForAnalysis(owner, started.id)).status).toBe('completed')
    const outcome = await temporal.client.workflow.getHandle(`factcheck-${started.id}`).result()

    // Worked out from the stored answers with the test's own pattern, not the judge's.
    const db = await sql()
    const answers = await db<{ id: string; model_id: number; response: string }[]>`select id, model_id, response from api_responses where analysis_id = ${started.id} and ok order by id`
    // 6 models × 3 queries × 1 sample, all naming Brooks (brand rate 1).
    expect(answers).toHaveLength(18)
    const wrongYear = answers.filter((a) => /Brooks was founded in (?!1914)\d{4}/.test(a.response))
    const rightYear = answers.filter((a) => a.response.includes('Brooks was founded in 1914.'))
    expect(wrongYear.length).toBeGreaterThan(0)
    expect(outcome).toMatchObject({ phase: 'done', total: 18, checked: 18, stopped: null })

    const view = await owner.json(`/api/analyses/${started.id}/accuracy`)
    expect(view.status).toBe(200)
    const founded = view.body.facts.find((f: any) => f.fact === FACTS[0].statement)
    expect(founded.sourceUrl).toBe(FACTS[0].sourceUrl)
    const listed = founded.claims.flatMap((c: any) => c.answers.map((a: any) => a.responseId)).sort((x: number, y: number) => x - y)
    expect(listed).toEqual(wrongYear.map((a) => Number(a.id)))
    expect(founded.contradictions).toBe(wrongYear.length)
    // Per model: the models whose answers hold a wrong year, each with its count.
    const perModel = new Map<number, number>()
    for (const a of wrongYear) perModel.set(a.model_id, (perModel.get(a.model_id) ?? 0) + 1)
    expect(Object.fromEntries(founded.byModel.map((m: any) => [m.modelId, m.claims]))).toEqual(Object.fromEntries(perModel))
    for (const c of founded.claims) {
      expect(c.isNew).toBe(true)
      expect(c.firstSeen).toBe(c.lastSeen)
      for (const a of c.answers) expect(a.sentence).toMatch(/^Good to know about Brooks: Brooks was founded in \d{4}\.$/)
    }
    // The right year is supported, never listed.
    expect(view.body.totals.supported).toBeGreaterThanOrEqual(rightYear.length)
    expect(view.body.totals.answersChecked).toBe(18)
    expect(view.body.newContradictions).toBe(founded.claims.length + view.body.facts.filter((f: any) => f !== founded).reduce((n: number, f: any) => n + f.claims.length, 0))

    // One model only; another user sees nothing; a bad model filter names the accepted values.
    const oneModel = [...perModel.keys()][0]
    const filter = { 3: 'claude', 5: 'perplexity', 6: 'gemini', 8: 'gpt41', 9: 'grok3', 10: 'deepseek' }[oneModel]
    const narrowed = await owner.json(`/api/analyses/${started.id}/accuracy?model=${filter}`)
    expect(narrowed.body.facts.find((f: any) => f.fact === FACTS[0].statement).contradictions).toBe(perModel.get(oneModel))
    expect((await other.json(`/api/analyses/${started.id}/accuracy`)).status).toBe(404)
    const wrongFilter = await owner.json(`/api/analyses/${started.id}/accuracy?model=gpt4`)
    expect(wrongFilter.status).toBe(400)
    expect(wrongFilter.body.error).toContain('claude')

    // The CSV export: a header and one row per listed answer.
    const csv = await owner.request(`/api/analyses/${started.id}/accuracy?format=csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split(/\r?\n/)
    expect(lines.length).toBe(1 + view.body.facts.reduce((n: number, f: any) => n + f.claims.reduce((m: number, c: any) => m + c.answers.length, 0), 0))

    // The public API answers the same view.
    const client = new KeyClient((await createKey(owner, 'Accuracy', ['read'])).key)
    const viaApi = await client.call(`/api/v1/analyses/${started.id}/accuracy`)
    expect(viaApi.status).toBe(200)
    expect(viaApi.body.facts).toEqual(view.body.facts)

    // The alert: one line in the header bell for the new contradicted claims.
    const bell = await owner.json('/api/trends/alerts')
    expect(bell.body.alerts).toContainEqual(expect.objectContaining({ projectId: project.id, metric: 'factcheck', message: expect.stringMatching(/^New wrong claim about Brooks: .+ says "/) }))

    // Every judge call is recorded (simulated in demo mode), one per answer.
    const [usage] = await db<{ n: number }[]>`select count(*)::int as n from model_usage where user_id = ${owner.userId} and kind = 'factcheck'`
    expect(usage.n).toBe(18)

    // Checking again judges nothing twice: no new calls, the same claims.
    const recheck = await owner.json(`/api/analyses/${started.id}/accuracy`, { method: 'POST', json: {} })
    expect(recheck.status).toBe(202)
    expect(await temporal.client.workflow.getHandle(`factcheck-${started.id}`).result()).toMatchObject({ total: 0, checked: 0 })
    const [usage2] = await db<{ n: number }[]>`select count(*)::int as n from model_usage where user_id = ${owner.userId} and kind = 'factcheck'`
    expect(usage2.n).toBe(18)
    expect((await owner.json(`/api/analyses/${started.id}/accuracy`)).body.facts).toEqual(view.body.facts)
    // Only the owner may start one.
    expect((await other.json(`/api/analyses/${started.id}/accuracy`, { method: 'POST', json: {} })).status).toBe(404)

    // The budget: once the owner's real spend today reaches the daily cap, the app refuses a new check (429), and a
    // run that starts anyway (here: from Temporal directly, for two answers made unchecked) calls no judge and says why.
    await db`delete from factcheck_answers where response_id in ${db(answers.slice(0, 2).map((a) => a.id))}`
    await db`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${owner.userId}, 'test-spend', 'openai', 1000, false)`
    const refused = await owner.json(`/api/analyses/${started.id}/accuracy`, { method: 'POST', json: {} })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/^Daily AI spending limit reached/)
    const stopped = await temporal.client.workflow.execute('factcheckWorkflow', { taskQueue: testEnv().taskQueue, workflowId: `factcheck-${started.id}`, args: [{ analysisId: started.id }] })
    expect(stopped).toMatchObject({ phase: 'stopped', total: 2, checked: 0, stopped: 'budget' })
    const [usage3] = await db<{ n: number }[]>`select count(*)::int as n from model_usage where user_id = ${owner.userId} and kind = 'factcheck'`
    expect(usage3.n).toBe(18)
    expect((await owner.json(`/api/analyses/${started.id}/accuracy`)).body.run).toMatchObject({ stopped: 'budget', answersTotal: 18, answersChecked: 16 })
  })
})
