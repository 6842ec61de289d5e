/**
 * The MCP server at /mcp, driven end to end by the official SDK's client over streamable HTTP with a
 * personal API key: the tool list and what the tools say their numbers mean, every tool against the hand-worked
 * analysis (figures worked out by hand in tests/support/hand-worked-analysis.ts), the run scope, another user's
 * project, a revoked key, and the per-key call log.
 */
import * as XLSX from 'xlsx'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { createProject, setLimits, signUp, sql } from '../support/flows'
import { CHATGPT, CLAUDE, QUERIES, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { seedHandWorkedSources } from '../support/hand-worked-sources'
import { connectMcp, createKey, KeyClient, revokeKey } from '../support/api-keys'
import { API_ROUTES } from '../../app/domain/api/routes'

const connect = (key: string) => connectMcp(key)

const payload = (result: any) => JSON.parse(result.content[0].text)

describe('MCP server driven by the SDK client', () => {
  let seeded: HandWorkedAnalysis
  let key: string
  let keyId: number
  let client: Client
  beforeAll(async () => {
    seeded = await seedHandWorkedAnalysis()
    await setLimits(seeded.owner.userId, { maxProjects: null, maxAnalyses: null })
    const created = await createKey(seeded.owner, 'Agent', ['read', 'run'])
    key = created.key
    keyId = created.body.created.view.id
    client = await connect(key)
  })
  afterAll(async () => {
    await client?.close()
  })

  it('lists one tool per /api/v1 operation (the route table), each saying what its numbers mean', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(Object.values(API_ROUTES).map((r) => r.tool.name).sort())
    expect(tools).toHaveLength(Object.keys(API_ROUTES).length)
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]))
    expect(byName.get_visibility_summary.description).toMatch(/95 % Wilson score interval/)
    expect(byName.get_visibility_summary.description).toMatch(/"answered" is n/)
    // Its visibility is the answer-level rate, not the screens' share of the six models: the description says which.
    expect(byName.get_visibility_summary.description).toMatch(/not the results screen's Visibility %/)
    expect(byName.get_query_ranks.description).toMatch(/1 is best/)
    expect(byName.start_analysis.description).toMatch(/run scope/)
    expect(byName.get_visibility_summary.inputSchema.required).toEqual(['projectId'])
  })

  it('tool arguments go through the shared validation primitives (ids fit an integer; text is bounded, without control characters)', async () => {
    const { tools } = await client.listTools()
    const ranks = tools.find((t) => t.name === 'get_query_ranks')!
    expect((ranks.inputSchema.properties as any).projectId.type).toBe('integer')
    expect((ranks.inputSchema.properties as any).brand.type).toBe('string')
    const refused = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args })
      expect(r.isError, JSON.stringify(r)).toBe(true)
      return (r.content as any)[0].text as string
    }
    // The same schemas as REST: an id that cannot exist is "No such project" (404), as GET /api/v1/projects/2147483648/visibility.
    expect(await refused('get_visibility_summary', { projectId: 2147483648 })).toMatch(/No such project/)
    expect(await refused('get_visibility_summary', { projectId: seeded.projectId, analysisId: 0 })).toMatch(/analysisId must be a positive whole number/)
    expect(await refused('get_query_ranks', { projectId: seeded.projectId, brand: 'Ni\u0000ke' })).toMatch(/brand must not contain control characters/)
    expect(await refused('get_query_ranks', { projectId: seeded.projectId, colour: 'red' })).toMatch(/Unknown argument colour \(arguments: projectId, analysisId, brand, model\)/)
    expect(await refused('get_trends', { projectId: seeded.projectId, query: 'x'.repeat(301) })).toMatch(/query must be at most 300 characters/)
    // Text is trimmed before use: " Nike " is the brand Nike.
    const nike = await client.callTool({ name: 'get_query_ranks', arguments: { projectId: seeded.projectId, brand: ' Nike ' } })
    expect(nike.isError).toBeFalsy()
    expect(payload(nike).brand).toBe('Nike')
    // A brand the analysis does not have is refused rather than silently replaced by the own brand.
    expect(JSON.parse(await refused('get_query_ranks', { projectId: seeded.projectId, brand: 'Puma' }))).toEqual({
      error: { code: 'invalid_request', message: '"Puma" is not a brand of this analysis' },
    })
  })

  it('list_projects and get_visibility_summary (n and Wilson intervals worked by hand)', async () => {
    const { items: projects } = payload(await client.callTool({ name: 'list_projects', arguments: {} }))
    expect(projects.find((p: any) => p.id === seeded.projectId)).toMatchObject({ name: seeded.projectName, brand: 'Brooks', competitors: ['Nike', 'Asics', 'Hoka'] })

    const result = await client.callTool({ name: 'get_visibility_summary', arguments: { projectId: seeded.projectId } })
    expect(result.isError).toBeFalsy()
    const v = payload(result)
    expect(v.analysisId).toBe(seeded.analysisId)
    expect(result.structuredContent).toEqual(v)
    const brooks = (g: any) => g.brands.find((b: any) => b.name === 'Brooks')
    // All six answers: Brooks 10 of 25 mentions (40 %, Wilson 23.4-59.3), ranked in 5 of 6 (83.3 %, Wilson 43.6-97.0).
    expect(v.combined.answered).toBe(6)
    expect(brooks(v.combined).mentionShare).toEqual({ value: 40, x: 10, n: 25, interval: { low: 23.4, high: 59.3 } })
    expect(brooks(v.combined).visibility).toEqual(brooks(v.combined).rankRate)
    expect(brooks(v.combined).rankRate).toEqual({ value: 83.3, x: 5, n: 6, interval: { low: 43.6, high: 97 } })
    // Per model: Claude ranked Brooks in 2 of its 3 answers (66.7 %, Wilson 20.8-93.9), ChatGPT in 3 of 3 (Wilson 43.9-100).
    const claude = v.models.find((g: any) => g.modelId === CLAUDE)
    const chatgpt = v.models.find((g: any) => g.modelId === CHATGPT)
    expect(claude.answered).toBe(3)
    expect(brooks(claude).rankRate).toEqual({ value: 66.7, x: 2, n: 3, interval: { low: 20.8, high: 93.9 } })
    expect(brooks(chatgpt).rankRate).toEqual({ value: 100, x: 3, n: 3, interval: { low: 43.9, high: 100 } })
  })

  it('get_query_ranks, get_sources and get_trends read the same numbers as the app', async () => {
    const ranks = payload(await client.callTool({ name: 'get_query_ranks', arguments: { projectId: seeded.projectId } }))
    expect(ranks.brand).toBe('Brooks')
    // Brooks per query: Claude 1, ChatGPT 2 -> 1.5; Claude 2, ChatGPT 1 -> 1.5; only ChatGPT 2 -> 2 (1 of 6 models = 17 %).
    expect(ranks.rows.map((r: any) => ({ query: r.query, claude: r.byModel[CLAUDE], chatgpt: r.byModel[CHATGPT], combined: r.combined, visibility: r.visibility }))).toEqual([
      { query: QUERIES[0].query, claude: 1, chatgpt: 2, combined: 1.5, visibility: 33 },
      { query: QUERIES[1].query, claude: 2, chatgpt: 1, combined: 1.5, visibility: 33 },
      { query: QUERIES[2].query, claude: null, chatgpt: 2, combined: 2, visibility: 17 },
    ])
    const nike = payload(await client.callTool({ name: 'get_query_ranks', arguments: { projectId: seeded.projectId, brand: 'Nike', model: 'claude' } }))
    expect(nike.rows[0].combined).toBe(3)


    // The hand-worked analysis stores answers but no source insights: an empty, unavailable set (the next test reads real ones).
    const noSources = payload(await client.callTool({ name: 'get_sources', arguments: { projectId: seeded.projectId, set: 'basic' } }))
    expect(noSources).toEqual({ analysisId: seeded.analysisId, projectId: seeded.projectId, set: 'basic', counts: { basic: 0, enhanced: 0 }, available: false, sites: [], gaps: [], ownedRate: null })

    const trends = payload(await client.callTool({ name: 'get_trends', arguments: { projectId: seeded.projectId } }))
    expect(trends.days).toHaveLength(1)
    expect(trends.days[0].brands.Brooks.rankRate).toEqual({ value: 83.3, x: 5, n: 6, interval: { low: 43.6, high: 97 } })
  })

  it('get_sources reads the hand-worked source insights (tests/support/hand-worked-sources.ts)', async () => {
    // Brooks (own name rule) against Nike and Hoka. Enhanced: E1 q0 Gemini [runnersworld a @1, nike x @2],
    // E2 q0 ChatGPT [brooksrunning g @1, runnersworld b @2], E3 q1 Gemini [reddit r @1, nike y @2]; basic: B1 q0 ChatGPT [wikipedia @1].
    const hw = await seedHandWorkedSources()
    const own = await connect((await createKey(hw.owner, 'Sources agent', ['read'])).key)
    try {
      const enhanced = payload(await own.callTool({ name: 'get_sources', arguments: { projectId: hw.projectId } }))
      expect(enhanced).toMatchObject({ analysisId: hw.analysisId, projectId: hw.projectId, set: 'enhanced', counts: { basic: 1, enhanced: 3 }, available: true })
      // 6 citations; weight 1 / position: runnersworld 1 + 0.5 = 1.5, nike 0.5 + 0.5 = 1, brooksrunning 1, reddit 1; total 4.5.
      // share 2/6 = 33.3 %, 1/6 = 16.7 %; weighted 1.5/4.5 = 33.3 %, 1/4.5 = 22.2 %. Most cited first, then weighted share, then name.
      expect(enhanced.sites.map((x: any) => [x.domain, x.type, x.citations, x.share, x.weightedShare])).toEqual([
        ['runnersworld.com', 'Earned', 2, 33.3, 33.3],
        ['nike.com', 'Competitor', 2, 33.3, 22.2],
        ['brooksrunning.com', 'Owned', 1, 16.7, 22.2],
        ['reddit.com', 'Earned', 1, 16.7, 22.2],
      ])
      // reddit is cited in E3 beside nike (a competitor) and never beside an owned site; runnersworld is cited beside brooksrunning in E2
      expect(enhanced.gaps).toEqual([{ domain: 'reddit.com', citations: 1, withCompetitor: 1, queries: 1 }])
      // answers citing an owned site: E2 only. Overall 1/3 (Wilson 95 %: 6.1–79.2 %), Gemini 0/2 (0–65.8 %), ChatGPT 1/1 (20.7–100 %);
      expect(enhanced.ownedRate).toEqual({
        overall: { cited: 1, n: 3, rate: 33.3, ci: { low: 6.1, high: 79.2 } },
        byModel: [
          { modelId: 6, cited: 0, n: 2, rate: 0, ci: { low: 0, high: 65.8 } },
          { modelId: 8, cited: 1, n: 1, rate: 100, ci: { low: 20.7, high: 100 } },
        ],
        // per query: best running shoes 1/2 (E2 of E1, E2; 9.5–90.5 %), trail shoes 0/1 (E3; 0–79.3 %)
        byQuery: [
          { queryIndex: 0, query: 'best running shoes', cited: 1, n: 2, rate: 50, ci: { low: 9.5, high: 90.5 } },
          { queryIndex: 1, query: 'trail shoes for beginners', cited: 0, n: 1, rate: 0, ci: { low: 0, high: 79.3 } },
        ],
      })

      const basic = payload(await own.callTool({ name: 'get_sources', arguments: { projectId: hw.projectId, set: 'basic' } }))
      expect(basic).toMatchObject({ analysisId: hw.analysisId, set: 'basic', available: true })
      // one answer, one citation
      expect(basic.sites.map((x: any) => [x.domain, x.type, x.citations, x.share, x.weightedShare])).toEqual([['wikipedia.org', 'Earned', 1, 100, 100]])
      expect(basic.gaps).toEqual([])
      expect(basic.ownedRate.overall).toEqual({ cited: 0, n: 1, rate: 0, ci: { low: 0, high: 79.3 } })
    } finally {
      await own.close()
    }
  })

  it('start_analysis needs the run scope and starts the analysis as Add Analysis does', async () => {
    const reader = await connect((await createKey(seeded.owner, 'Read-only agent', ['read'])).key)
    const refused = await reader.callTool({ name: 'start_analysis', arguments: { projectId: seeded.projectId } })
    expect(refused.isError).toBe(true)
    expect(payload(refused)).toEqual({ error: { code: 'insufficient_scope', message: 'This API key does not have the "run" scope.' } })
    await reader.close()

    const project = await createProject(seeded.owner)
    const started = await client.callTool({ name: 'start_analysis', arguments: { projectId: project.id } })
    expect(started.isError).toBeFalsy()
    const { analysis, workflowId, runId } = payload(started)
    expect(analysis).toMatchObject({ projectId: project.id, status: 'pending' })
    expect(workflowId).toBe(`analysis-${analysis.id}`)
    const db = await sql()
    const [row] = await db<{ project_id: number }[]>`select project_id from analyses where id = ${analysis.id}`
    expect(row.project_id).toBe(project.id)
    const [run] = await db<{ id: number; kind: string }[]>`select id, kind from model_runs where workflow_id = ${workflowId}`
    expect(run).toEqual({ id: runId, kind: 'analysis' })
    // A second start the same day is refused by the app's own rule.
    const again = await client.callTool({ name: 'start_analysis', arguments: { projectId: project.id } })
    expect(payload(again).error).toEqual({ code: 'forbidden', message: 'Daily limit reached for this project' })
    // Stop the run (REST, run scope): the test does not need its answers.
    expect((await new KeyClient(key).call(`/api/v1/analyses/${analysis.id}/cancel`, { method: 'POST' })).status).toBe(200)
  })

  it('schedules, exports and the analysis read keep the REST schemas and access rules through MCP', async () => {
    const reader = await connect((await createKey(seeded.owner, 'Reader for schedules', ['read'])).key)
    const pause = await reader.callTool({ name: 'change_schedule', arguments: { projectId: seeded.projectId, action: 'pause' } })
    expect(payload(pause)).toEqual({ error: { code: 'insufficient_scope', message: 'This API key does not have the "run" scope.' } })
    const bad = await client.callTool({ name: 'change_schedule', arguments: { projectId: seeded.projectId, action: 'explode' } })
    expect(payload(bad).error.message).toBe("action 'explode' is not one of: enable, pause, resume, delete, trigger")
    expect(payload(await reader.callTool({ name: 'get_schedule', arguments: { projectId: seeded.projectId } }))).toMatchObject({ exists: false, recentRuns: [] })

    const file = payload(await reader.callTool({ name: 'export_report', arguments: { analysisId: seeded.analysisId, format: 'xlsx' } }))
    expect(file).toMatchObject({ contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: expect.stringMatching(/\.xlsx$/) })
    const bytes = Buffer.from(file.base64, 'base64')
    expect(bytes.length).toBe(file.bytes)
    expect(XLSX.read(bytes, { type: 'buffer' }).SheetNames[0]).toBe('Cover')
    const docx = await reader.callTool({ name: 'export_report', arguments: { analysisId: seeded.analysisId, format: 'docx' } })
    expect(payload(docx).error.message).toBe("format 'docx' is not one of: pdf, xlsx, pptx, html")

    const analysis = payload(await reader.callTool({ name: 'get_analysis', arguments: { analysisId: seeded.analysisId } }))
    expect(analysis).toMatchObject({ id: seeded.analysisId, searchInsightsStatus: null, searchInsights: { count: 0, href: `/api/analyses/${seeded.analysisId}/search-insights` } })
    expect(Object.keys(analysis.modelResults).sort()).toEqual([String(CHATGPT), String(CLAUDE)].sort())
    await reader.close()

    const stranger = await connect((await createKey(await signUp(), 'Stranger 2', ['read', 'run'])).key)
    for (const [name, args] of [
      ['get_schedule', { projectId: seeded.projectId }],
      ['change_schedule', { projectId: seeded.projectId, action: 'pause' }],
      ['export_report', { analysisId: seeded.analysisId, format: 'xlsx' }],
      ['get_analysis', { analysisId: seeded.analysisId }],
      ['cancel_analysis', { analysisId: seeded.analysisId }],
    ] as const) {
      const r = await stranger.callTool({ name, arguments: args })
      expect(payload(r).error.code, name).toBe('not_found')
    }
    await stranger.close()
  })

  it("another user's key cannot read this project; a revoked key cannot connect; every call is logged", async () => {
    const other = await signUp()
    const stranger = await connect((await createKey(other, 'Stranger', ['read'])).key)
    const denied = await stranger.callTool({ name: 'get_visibility_summary', arguments: { projectId: seeded.projectId } })
    expect(denied.isError).toBe(true)
    expect(payload(denied).error.code).toBe('not_found')
    const { items: projects } = payload(await stranger.callTool({ name: 'list_projects', arguments: {} }))
    expect(projects.map((p: any) => p.id)).not.toContain(seeded.projectId)
    await stranger.close()

    const db = await sql()
    const logged = await db<{ path: string; status: number }[]>`select path, status from api_key_calls where key_id = ${keyId} and method = 'TOOL' order by id`
    expect(logged.map((c) => c.path)).toEqual(expect.arrayContaining(['/mcp/list_projects', '/mcp/get_visibility_summary', '/mcp/get_query_ranks', '/mcp/get_sources', '/mcp/get_trends', '/mcp/start_analysis']))
    const [{ posts }] = await db<{ posts: number }[]>`select count(*)::int as posts from api_key_calls where key_id = ${keyId} and method = 'POST' and path = '/mcp'`
    expect(posts).toBeGreaterThan(5)

    const created = await createKey(seeded.owner, 'Soon revoked', ['read'])
    await revokeKey(seeded.owner, created.body.created.view.id)
    await expect(connect(created.key)).rejects.toThrow()
    // The session cookie alone never opens /mcp.
    const cookieOnly = await seeded.owner.json('/mcp', { method: 'POST', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: { accept: 'application/json, text/event-stream' } })
    expect(cookieOnly.status).toBe(401)
  })
})
