import { createProject, resetSimulator, setLimits, signUp, simulator, sql, startAnalysis, waitForAnalysis } from '../support/flows'

/** The project fields of a B2B payroll product (the simulator knows the market from the words typed). */
const payroll = { name: 'Payroll UK', brandDomain: 'PayFlow', marketDescription: 'Payroll software for small and medium businesses', marketRegion: 'United Kingdom', language: 'en-GB', marketType: 'B2B' }

beforeEach(async () => {
  await resetSimulator()
  await simulator({ seed: 'audiences-test', day: '2026-03-02' })
})

const audienceFields = ['id', 'name', 'description', 'type', 'topics', 'characteristics', 'searchBehavior', 'painPoints', 'decisionFactors']

describe('POST /api/generate-audiences-topics (app → Temporal → worker → simulator)', () => {
  it('answers about 20 personas, need-based first, and topics sorted by relevance with their audiences', async () => {
    const s = await signUp()
    const res = await s.json('/api/generate-audiences-topics', { method: 'POST', json: payroll })
    expect(res.status).toBe(200)
    const { audiences, topics } = res.body
    expect(audiences).toHaveLength(20)
    for (const a of audiences) expect(Object.keys(a).sort()).toEqual([...audienceFields].sort())
    expect(audiences.slice(0, 10).every((a: any) => a.type === 'need-based')).toBe(true)
    expect(audiences.slice(10).every((a: any) => a.type === 'demographic')).toBe(true)
    expect(audiences[0]).toMatchObject({ id: 'aud-1', name: 'Finance Manager' })
    expect(audiences.map((a: any) => a.name)).toContain('Payroll Administrator')
    const relevances = topics.map((t: any) => t.relevance)
    expect(relevances).toEqual([...relevances].sort((a: number, b: number) => b - a))
    expect(topics[0].id).toBe('topic-1')
    for (const t of topics) {
      expect(t.name.length).toBeLessThanOrEqual(30)
      expect(t.audienceIds).toEqual(audiences.filter((a: any) => a.topics.includes(t.id)).map((a: any) => a.id))
    }
  })

  it('validates the project fields with the spec messages', async () => {
    const s = await signUp()
    const res = await s.json('/api/generate-audiences-topics', { method: 'POST', json: { ...payroll, brandDomain: '  ' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Brand name is required')
    const type = await s.json('/api/generate-audiences-topics', { method: 'POST', json: { ...payroll, marketType: 'B2G' } })
    expect(type.status).toBe(400)
    expect(type.body.message).toBe("marketType 'B2G' is not one of: B2C, B2B")
  })

  it('answers with the failure texts users see, not a 500, when the model keeps sending unusable JSON', async () => {
    await simulator({ providers: { openai: { faults: [{ type: 'malformed', times: 3 }] } } })
    const s = await signUp()
    const res = await s.json('/api/generate-audiences-topics', { method: 'POST', json: payroll })
    expect(res.status).toBe(502)
    expect(res.body).toEqual({ error: 'Failed to generate audiences and topics', message: 'Invalid response from server - please try again' })
  }, 60_000)
})

describe('query generation for a selection', () => {
  it('spreads 40 audience queries evenly over three audiences, each with its audience context', async () => {
    const s = await signUp()
    const generated = (await s.json('/api/generate-audiences-topics', { method: 'POST', json: payroll })).body
    const selected = [generated.audiences[0], generated.audiences[1], generated.audiences[11]]
    const res = await s.json('/api/generate-audience-queries', { method: 'POST', json: { ...payroll, audiences: selected, topics: generated.topics } })
    expect(res.status).toBe(200)
    const { queries, competitors, competitorDetails, brandDetails } = res.body
    // 40 over 3 audiences: 14, 13, 13.
    expect(queries).toHaveLength(40)
    expect(selected.map((a: any) => queries.filter((q: any) => q.audience === a.name).length)).toEqual([14, 13, 13])
    expect(queries[0].audienceContext).toBe(`${selected[0].name}: ${selected[0].description}`)
    expect(new Set(queries.map((q: any) => q.query.toLowerCase())).size).toBe(40)
    expect(queries.some((q: any) => /payroll software/.test(q.query) && /the UK/.test(q.query))).toBe(true)
    expect(competitors.length).toBeGreaterThan(3)
    expect(competitors.length).toBeLessThanOrEqual(19)
    expect(competitorDetails.map((c: any) => c.name)).toEqual(competitors)
    expect(competitors).not.toContain('PayFlow')
    expect(brandDetails.name).toBe('PayFlow')
  })

  it('refuses an empty audience selection with a message saying so', async () => {
    const s = await signUp()
    const res = await s.json('/api/generate-audience-queries', { method: 'POST', json: { ...payroll, audiences: [] } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Please select at least one audience to generate queries for.')
  })

  it('writes 5 queries per selected topic, at most maxQueries, 20 in Light Mode', async () => {
    const s = await signUp()
    const topics = [
      { id: 'topic-1', name: 'Pricing per employee', relevance: 9 },
      { id: 'topic-2', name: 'Compliance', relevance: 8 },
      { id: 'custom-1', name: 'Auto-enrolment pensions', relevance: 5 },
    ]
    const res = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics, maxQueries: 50 } })
    expect(res.status).toBe(200)
    expect(res.body.queries).toHaveLength(15)
    expect(topics.map((t) => res.body.queries.filter((q: any) => q.topic === t.name).length)).toEqual([5, 5, 5])
    expect(res.body.queries.every((q: any) => q.audience === null)).toBe(true)

    // With connected audiences, each topic's queries are asked on behalf of them in turn.
    const audiences = [
      { id: 'aud-1', name: 'Finance Manager', description: 'Signs off payroll' },
      { id: 'aud-2', name: 'Startup Founder', description: 'Hires fast' },
    ]
    const withAudiences = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: [{ ...topics[0], audienceIds: ['aud-1', 'aud-2'] }], audiences } })
    expect(withAudiences.body.queries.map((q: any) => q.audience)).toEqual(['Finance Manager', 'Startup Founder', 'Finance Manager', 'Startup Founder', 'Finance Manager'])
    expect(withAudiences.body.queries[1].audienceContext).toBe('Startup Founder: Hires fast')

    const ten = Array.from({ length: 10 }, (_, i) => ({ id: `topic-${i + 1}`, name: `Topic number ${i + 1}`, relevance: 5 }))
    const light = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: ten, isLightMode: true } })
    expect(light.status).toBe(200)
    expect(light.body.queries).toHaveLength(20)
    const full = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: ten } })
    expect(full.body.queries).toHaveLength(50)
  })

  it('refuses more than 10 topics, a topic name over 30 characters and maxQueries over 50', async () => {
    const s = await signUp()
    const topic = (i: number) => ({ id: `topic-${i}`, name: `Topic ${i}`, relevance: 5 })
    const eleven = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: Array.from({ length: 11 }, (_, i) => topic(i)) } })
    expect([eleven.status, eleven.body.message]).toEqual([400, 'Select at most 10 topics'])
    const long = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: [{ id: 'custom-1', name: 'x'.repeat(31) }] } })
    expect([long.status, long.body.message]).toEqual([400, 'Topic name must be at most 30 characters'])
    const max = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: [topic(1)], maxQueries: 51 } })
    expect([max.status, max.body.message]).toEqual([400, 'maxQueries must be at most 50'])
    const none = await s.json('/api/generate-topic-queries', { method: 'POST', json: { ...payroll, topics: [] } })
    expect([none.status, none.body.message]).toEqual([400, 'Please select at least one topic to generate queries for.'])
  })
})

describe('tiers and access', () => {
  it('refuses the light tier on all three generation calls with 403 and the upgrade advice', async () => {
    const s = await signUp()
    await setLimits(s.userId, { tier: 'light' })
    const calls = [
      ['/api/generate-audiences-topics', payroll],
      ['/api/generate-audience-queries', { ...payroll, audiences: [{ id: 'aud-1', name: 'Finance Manager' }] }],
      ['/api/generate-topic-queries', { ...payroll, topics: [{ id: 'topic-1', name: 'Pricing' }] }],
    ] as const
    for (const [path, json] of calls) {
      const res = await s.json(path, { method: 'POST', json })
      expect([path, res.status, res.body.message]).toEqual([path, 403, 'Audience and topic generation is for Standard and Full tiers. Please use Legacy mode.'])
    }
  })

  it('keeps audiences, topics and query assignments with the project; another user can neither read nor save them', async () => {
    const owner = await signUp()
    const topicQueries = Array.from({ length: 45 }, (_, i) => ({ query: `payroll question ${i + 1}`, topic: i < 25 ? 'Pricing' : 'Compliance' }))
    const project = await createProject(owner, {
      queries: topicQueries.map((q) => q.query),
      queriesWithAudience: topicQueries,
      topics: [
        { id: 'topic-1', name: 'Pricing', relevance: 9 },
        { id: 'topic-2', name: 'Compliance', relevance: 7 },
      ],
      audiences: [{ id: 'aud-1', name: 'Finance Manager', description: 'Signs off payroll', type: 'need-based', topics: ['topic-1'], isSelectedForAnalysis: true }],
    })
    // Topic-generated lists may hold up to 50 queries.
    expect(project.queries).toHaveLength(45)
    expect(project.queriesWithAudience[0]).toMatchObject({ query: 'payroll question 1', topic: 'Pricing' })

    const read = await owner.json(`/api/projects/${project.id}/audiences`)
    expect(read.status).toBe(200)
    expect(read.body.audiences).toEqual([{ id: 'aud-1', name: 'Finance Manager', description: 'Signs off payroll', type: 'need-based', topics: ['topic-1'], isSelectedForAnalysis: true }])
    // Topics not sent as selected come back unselected.
    expect(read.body.topics).toEqual([
      { id: 'topic-1', name: 'Pricing', relevance: 9, isSelected: false },
      { id: 'topic-2', name: 'Compliance', relevance: 7, isSelected: false },
    ])

    const saved = await owner.json('/api/audiences/save', {
      method: 'POST',
      json: { projectId: project.id, audiences: [{ id: 'custom-1', name: 'Founder', description: 'Hires fast', isSelectedForAnalysis: true, isAiGenerated: false }] },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ success: true, count: 1 })
    const after = (await owner.json(`/api/projects/${project.id}/audiences`)).body.audiences
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({
      id: 'custom-1',
      name: 'Founder',
      isSelectedForAnalysis: true,
      isAiGenerated: false,
      llmBehavior: { promptStyle: 'conversational', searchPatterns: [], languagePreferences: 'clear, concise', expectedOutputs: 'detailed analysis, recommendations' },
    })

    // Editing the project (queries sent as plain text, one removed) keeps topics, audiences and assignments.
    const patched = await owner.json(`/api/projects/${project.id}`, { method: 'PATCH', json: { queries: topicQueries.slice(1).map((q) => q.query) } })
    expect(patched.status).toBe(200)
    expect(patched.body.queriesWithAudience).toHaveLength(44)
    expect(patched.body.queriesWithAudience[0]).toMatchObject({ query: 'payroll question 2', topic: 'Pricing' })
    expect(patched.body.queriesWithAudience[43]).toMatchObject({ query: 'payroll question 45', topic: 'Compliance' })
    expect(patched.body.topics).toHaveLength(2)
    expect(patched.body.audiences).toHaveLength(1)

    const other = await signUp()
    expect((await other.json(`/api/projects/${project.id}/audiences`)).status).toBe(404)
    const foreign = await other.json('/api/audiences/save', { method: 'POST', json: { projectId: project.id, audiences: [] } })
    expect(foreign.status).toBe(404)
    expect((await owner.json(`/api/projects/${project.id}/audiences`)).body.audiences).toHaveLength(1)

    const bad = await owner.json('/api/audiences/save', { method: 'POST', json: { projectId: 'abc', audiences: [] } })
    expect([bad.status, bad.body.message]).toEqual([400, 'projectId must be a positive whole number (at most 2147483647)'])
  })
})

describe('persona as asker', () => {
  const FM = 'Finance Manager: Signs off payroll at a 50-person UK company'
  const SF = 'Startup Founder: Hires the first ten people'
  const items = [
    { query: 'best payroll software for 50 employees UK', topic: null, audience: 'Finance Manager', audienceContext: FM },
    { query: 'payroll software with pension auto-enrolment', topic: null, audience: 'Finance Manager', audienceContext: FM },
    { query: 'easiest payroll for a new startup', topic: null, audience: 'Startup Founder', audienceContext: SF },
    { query: 'cheapest payroll software', topic: null, audience: null, audienceContext: null },
  ]
  // The prompts as the persona asks them, written out by hand.
  const asPersona = [
    "I'm asking as Finance Manager (signs off payroll at a 50-person UK company). best payroll software for 50 employees UK",
    "I'm asking as Finance Manager (signs off payroll at a 50-person UK company). payroll software with pension auto-enrolment",
    "I'm asking as Startup Founder (hires the first ten people). easiest payroll for a new startup",
  ]
  const project = (over: Record<string, unknown> = {}) => ({
    brandDomain: 'PayFlow',
    marketDescription: 'Payroll software for small and medium businesses',
    competitors: ['Sage', 'Xero', 'QuickBooks'],
    queries: items.map((q) => q.query),
    queriesWithAudience: items,
    audiences: [
      { id: 'aud-1', name: 'Finance Manager', description: 'Signs off payroll at a 50-person UK company', type: 'need-based', isSelectedForAnalysis: true },
      { id: 'aud-2', name: 'Startup Founder', description: 'Hires the first ten people', type: 'need-based', isSelectedForAnalysis: true },
    ],
    isLightMode: true,
    ...over,
  })

  it('is off by default; turned on, each audience query is asked again as its persona and the Audiences view compares visibility with n and a 95 % interval', async () => {
    // Pinned list answers (ChatGPT 5, the one Light Mode model): which prompts rank PayFlow.
    const ranked = (order: string[]) => ({ format: 'numbered', order })
    await simulator({
      listFormats: {
        [items[0].query]: ranked(['PayFlow', 'Sage']), // ranked 1
        [asPersona[0]]: ranked(['Xero', 'PayFlow']), // ranked 2
        [items[1].query]: ranked(['Sage', 'Xero']), // not ranked
        [asPersona[1]]: ranked(['PayFlow', 'QuickBooks']), // ranked 1
        [items[2].query]: ranked(['Sage', 'PayFlow']), // ranked 2
        [asPersona[2]]: ranked(['QuickBooks', 'Sage']), // not ranked
        [items[3].query]: ranked(['PayFlow']),
      },
    })
    const owner = await signUp()
    await setLimits(owner.userId, { maxProjects: 5, maxAnalyses: 5 })
    const db = await sql()

    // Off by default: the analysis asks each query once, and the view says nothing was asked as a persona.
    const plain = await createProject(owner, project({ name: `Payroll plain ${owner.userId}` }))
    expect((await owner.json(`/api/projects/${plain.id}/audiences`)).body.askAsPersona).toBe(false)
    const first = await startAnalysis(owner, plain.id)
    expect((await waitForAnalysis(owner, first.id)).status).toBe('completed')
    expect((await db`select count(*)::int as n from persona_responses where analysis_id = ${first.id}`)[0].n).toBe(0)
    const off = await owner.json(`/api/analyses/${first.id}/audiences`)
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ asked: false, askAsPersona: false, isOwner: true })
    expect(off.body.personas.map((p: any) => [p.audience, p.queries, p.with.n])).toEqual([
      ['Finance Manager', 2, 0],
      ['Startup Founder', 1, 0],
    ])

    // On: three audience queries, one model, one sample -> three more answers, none of them in api_responses.
    const withPersonas = await createProject(owner, project({ name: `Payroll personas ${owner.userId}` }))
    const set = await owner.json(`/api/projects/${withPersonas.id}/audiences`, { method: 'POST', json: { askAsPersona: true } })
    expect([set.status, set.body]).toEqual([200, { success: true, askAsPersona: true }])
    const second = await startAnalysis(owner, withPersonas.id)
    const done = await waitForAnalysis(owner, second.id)
    expect(done.status).toBe('completed')
    const rows = await db<{ query_index: number; audience: string; prompt: string; ok: boolean; model_id: number }[]>`
      select query_index, audience, prompt, ok, model_id from persona_responses where analysis_id = ${second.id} order by query_index`
    expect(rows.map((r) => [r.query_index, r.audience, r.prompt, r.ok, r.model_id])).toEqual([
      [0, 'Finance Manager', asPersona[0], true, 8],
      [1, 'Finance Manager', asPersona[1], true, 8],
      [2, 'Startup Founder', asPersona[2], true, 8],
    ])
    expect((await db`select count(*)::int as n from api_responses where analysis_id = ${second.id}`)[0].n).toBe(4)
    expect((await db`select count(*)::int as n from model_usage where user_id = ${owner.userId} and kind = 'persona-asker'`)[0].n).toBe(3)
    // Progress: the queries are the four ordinary ones; the calls bar counts the three persona answers as well.
    expect(done.progressDetails.queriesTotal).toBe(4)
    expect(done.progressDetails.progressBars.calls).toMatchObject({ current: 7, total: 7 })

    const view = await owner.json(`/api/analyses/${second.id}/audiences`)
    expect(view.status).toBe(200)
    expect(view.body).toMatchObject({ analysisId: second.id, asked: true, askAsPersona: true, isOwner: true })
    expect(view.body.personas).toEqual([
      {
        audience: 'Finance Manager',
        queries: 2,
        // As written: ranked in 1 of 2 answers = 50 %, Wilson 9.5–90.5; as persona: 2 of 2 = 100 %, Wilson 34.2–100.
        without: { value: 50, x: 1, n: 2, interval: { low: 9.5, high: 90.5 } },
        with: { value: 100, x: 2, n: 2, interval: { low: 34.2, high: 100 } },
        difference: 50,
      },
      {
        audience: 'Startup Founder',
        queries: 1,
        // 1 of 1 = 100 %, Wilson 20.7–100; as persona 0 of 1 = 0 %, Wilson 0–79.3.
        without: { value: 100, x: 1, n: 1, interval: { low: 20.7, high: 100 } },
        with: { value: 0, x: 0, n: 1, interval: { low: 0, high: 79.3 } },
        difference: -100,
      },
    ])
    // All persona queries: 2 of 3 either way = 66.7 %, Wilson 20.8–93.9.
    expect(view.body.total).toEqual({
      audience: 'All personas',
      queries: 3,
      without: { value: 66.7, x: 2, n: 3, interval: { low: 20.8, high: 93.9 } },
      with: { value: 66.7, x: 2, n: 3, interval: { low: 20.8, high: 93.9 } },
      difference: 0,
    })
    // The model filter: Claude did not answer this Light Mode analysis.
    const claude = await owner.json(`/api/analyses/${second.id}/audiences?model=claude`)
    expect(claude.body.total).toMatchObject({ without: { n: 0 }, with: { n: 0 }, difference: null })
    // The audience and topic filters of the results screen keep only their queries.
    const founder = await owner.json(`/api/analyses/${second.id}/audiences?audience=${encodeURIComponent('Startup Founder')}`)
    expect(founder.body.personas.map((p: any) => [p.audience, p.without.n, p.with.n])).toEqual([['Startup Founder', 1, 1]])
    expect((await owner.json(`/api/analyses/${second.id}/audiences?topic=Pricing`)).body).toMatchObject({ personas: [], total: null })
    const badModel = await owner.json(`/api/analyses/${second.id}/audiences?model=gpt99`)
    expect(badModel.status).toBe(400)
    expect(badModel.body.message).toMatch(/^model 'gpt99' is not one of: combined, /)

    // Validation and access: a clear 400; another user can neither read the view nor change the option.
    const bad = await owner.json(`/api/projects/${withPersonas.id}/audiences`, { method: 'POST', json: { askAsPersona: 'yes' } })
    expect([bad.status, bad.body.message]).toEqual([400, 'askAsPersona must be true or false'])
    const other = await signUp()
    expect((await other.json(`/api/analyses/${second.id}/audiences`)).status).toBe(404)
    expect((await other.json(`/api/projects/${withPersonas.id}/audiences`, { method: 'POST', json: { askAsPersona: false } })).status).toBe(404)
    expect((await owner.json(`/api/projects/${withPersonas.id}/audiences`)).body.askAsPersona).toBe(true)
  }, 240_000)
})

describe('generation failures from the model (server texts through the simulator)', () => {
  /** The route's JSON answer, with its status and content type (a crash would be Remix's 500 HTML page). */
  const post = async (s: Awaited<ReturnType<typeof signUp>>, path: string, json: unknown) => {
    const res = await s.request(path, { method: 'POST', json })
    const type = res.headers.get('content-type') ?? ''
    const text = await res.text()
    return { status: res.status, type, body: type.includes('application/json') ? JSON.parse(text) : text }
  }
  /** Requests the simulator's OpenAI endpoint has had since the last reset (the first provider configured answers these calls). */
  const openaiRequests = async () => {
    const { testEnv } = await import('../support/env')
    const stats = (await (await fetch(`${testEnv().simulatorUrl}/__sim/stats`)).json()) as { providers: { openai: { requests: number } } }
    return stats.providers.openai.requests
  }
  const topics = [{ id: 'topic-1', name: 'Pricing per employee', relevance: 9, audienceIds: [] }]
  const audiences = [{ id: 'aud-1', name: 'Finance Manager', description: 'Signs off payroll', topics: [], characteristics: '', searchBehavior: '', painPoints: '', decisionFactors: '' }]

  it('an empty reply on every attempt answers 502 with "Invalid response from server - please try again"; the next good reply works', async () => {
    const { audienceFailureText } = await import('~/domain/audiences')
    await simulator({ providers: { openai: { faults: [{ type: 'empty' }] } } })
    const s = await signUp()
    const before = await openaiRequests()
    const res = await post(s, '/api/generate-audiences-topics', payroll)
    expect([res.status, res.type]).toEqual([502, expect.stringContaining('application/json')])
    expect(res.body).toEqual({ error: 'Failed to generate audiences and topics', message: 'Invalid response from server - please try again' })
    // The toast the screen shows for it.
    expect(audienceFailureText(res.body.message)).toBe("Failed to generate audiences and topics. You can retry by clicking 'Generate Audiences & Topics' again.")
    // An empty reply is worth asking again (the activity's three attempts) before giving up.
    expect((await openaiRequests()) - before).toBe(3)

    const topicQueries = await post(s, '/api/generate-topic-queries', { ...payroll, topics, maxQueries: 50 })
    expect([topicQueries.status, topicQueries.body]).toEqual([502, { error: 'Failed to generate topic-based queries', message: 'Invalid response from server - please try again' }])

    // Once the model answers again, so does the route: the failure came from the empty reply.
    await simulator({ providers: { openai: { faults: [] } } })
    const ok = await post(s, '/api/generate-audiences-topics', payroll)
    expect(ok.status).toBe(200)
    expect(ok.body.audiences).toHaveLength(20)
  }, 120_000)

  it('a rejected API key (401) answers 502 with an "API configuration issue" message naming the key, at once, for all three calls', async () => {
    const { audienceFailureText } = await import('~/domain/audiences')
    await simulator({ providers: { openai: { faults: [{ type: '401' }] } } })
    const s = await signUp()
    const before = await openaiRequests()
    const res = await post(s, '/api/generate-audiences-topics', payroll)
    expect([res.status, res.type]).toEqual([502, expect.stringContaining('application/json')])
    expect(res.body.error).toBe('Failed to generate audiences and topics')
    expect(res.body.message).toMatch(/^API configuration issue: .*API key was rejected \(401\)/)
    // Asked once: a configuration problem fails the same way every time, so it is not retried.
    expect((await openaiRequests()) - before).toBe(1)
    // The screen turns it into the configuration toast.
    expect(audienceFailureText(res.body.message)).toBe("API configuration issue. Please contact support. You can retry by clicking 'Generate Audiences & Topics' again.")

    for (const [path, json, error] of [
      ['/api/generate-audience-queries', { ...payroll, audiences, topics }, 'Failed to generate audience queries'],
      ['/api/generate-topic-queries', { ...payroll, topics, maxQueries: 50 }, 'Failed to generate topic-based queries'],
    ] as const) {
      const r = await post(s, path, json)
      expect([path, r.status, r.body.error]).toEqual([path, 502, error])
      expect(r.body.message).toMatch(/^API configuration issue: .*API key/)
    }
  }, 120_000)
})
