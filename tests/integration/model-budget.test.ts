/**
 * The model budget is enforced where model work starts: every route, API operation and MCP tool that
 * can cause a model call is listed here, and each is refused over the daily cost cap — with nothing started
 * (no analysis, run, source search or workflow). The list is checked for completeness against the code: every route
 * module that takes a ticket from admitModelWork is in it, and so is every REST operation and MCP tool of the run scope
 * that is not named as starting no model work.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { setLimits, sql } from '../support/flows'
import { seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { connectMcp, createKey, KeyClient } from '../support/api-keys'
import { MODELS } from '../../app/domain/models'
import { API_ROUTES, type ApiRouteDef, type ApiRouteId } from '../../app/domain/api/routes'

const root = path.resolve(__dirname, '../..')
const payroll = { brandDomain: 'PayFlow', marketDescription: 'Payroll software for small businesses', marketRegion: 'United Kingdom', language: 'en-GB', marketType: 'B2B' }
const topic = { id: 'topic-1', name: 'Payroll compliance', description: 'Staying compliant' }
const audience = { id: 'aud-1', name: 'Finance managers', description: 'Run payroll monthly' }

/** Every app route that can make a model call: [route module, method, path, body]. */
function appRoutes(hw: Pick<HandWorkedAnalysis, 'projectId' | 'analysisId'>): Array<[string, string, string, unknown]> {
  const a = hw.analysisId
  return [
    ['api.generate-framework.ts', 'POST', '/api/generate-framework', payroll],
    ['api.generate-audiences-topics.ts', 'POST', '/api/generate-audiences-topics', payroll],
    ['api.generate-audience-queries.ts', 'POST', '/api/generate-audience-queries', { ...payroll, audiences: [audience], topics: [topic] }],
    ['api.generate-topic-queries.ts', 'POST', '/api/generate-topic-queries', { ...payroll, topics: [topic] }],
    ['api.projects.$id.analyse-today.ts', 'POST', `/api/projects/${hw.projectId}/analyse-today`, undefined],
    ['api.analyses.$id.manage.ts', 'POST', `/api/analyses/${a}/manage`, { action: 'refresh', modelId: 3 }],
    ['api.analyses.$id.source-search.ts', 'POST', `/api/analyses/${a}/source-search`, undefined],
    ['api.projects.$id.daily-schedule.ts', 'POST', `/api/projects/${hw.projectId}/daily-schedule`, { action: 'trigger' }],
    ['api.content.optimiser-v2.relevance.ts', 'POST', '/api/content/optimiser-v2/relevance', { prompt: 'best payroll software', content: 'PayFlow runs payroll.' }],
    ['api.content.optimiser-v2.optimise.ts', 'POST', '/api/content/optimiser-v2/optimise', { originalContent: 'PayFlow runs payroll.', prompt: 'best payroll software', selectedRecommendations: ['Add a summary'] }],
    ['api.content.optimiser-v2.generate-critical-actions.ts', 'POST', '/api/content/optimiser-v2/generate-critical-actions', { prompt: 'best payroll software', analysisData: { relevance: 40 } }],
    ['api.content-recommendations.generate-ideas.ts', 'POST', '/api/content-recommendations/generate-ideas', { projectId: hw.projectId, query: 'best running shoes', isCustomQuery: true, contentType: 'blog-post', language: 'british-english' }],
    ['api.content-recommendations.generate-content.ts', 'POST', '/api/content-recommendations/generate-content', { projectId: hw.projectId, query: 'best running shoes', userBrief: '', selectedIdeas: [{ id: 'x-1', title: 'Guide', description: 'A guide' }], contentType: 'blog-post', language: 'british-english' }],
    ['api.ai-chat.ts', 'POST', '/api/ai-chat', { projectId: hw.projectId, analysisId: a, message: 'How visible is my brand?' }],
    ['api.analyses.$id.accuracy.ts', 'POST', `/api/analyses/${a}/accuracy`, undefined],
    ['api.analyses.$id.report-rewrite.ts', 'POST', `/api/analyses/${a}/report-rewrite`, {}],
    // The add-model URLs of the catalogue (one module serves them all).
    ...MODELS.flatMap((m): Array<[string, string, string, unknown]> => [
      ['api.add-model.ts', 'POST', `/api/analyses/add-${m.addKey}`, { analysisId: a }],
      ['api.add-model.ts', 'POST', `/api/add-${m.addAnalysisKey}-analysis`, { analysisId: a }],
    ]),
  ]
}

/** What the model work of a user left behind: nothing may be added while refused. */
async function footprint(userId: number) {
  const db = await sql()
  const [row] = await db<{ analyses: number; runs: number; searches: number; usage: number; rewrites: number }[]>`
    select (select count(*)::int from analyses where user_id = ${userId}) as analyses,
           (select count(*)::int from model_runs r join analyses a on a.id = r.analysis_id where a.user_id = ${userId}) as runs,
           (select count(*)::int from source_searches s join analyses a on a.id = s.analysis_id where a.user_id = ${userId}) as searches,
           (select count(*)::int from model_usage where user_id = ${userId}) as usage,
           (select count(*)::int from report_rewrites where user_id = ${userId}) as rewrites`
  return row
}

/** The cap's message for the spend we insert (cap + $0.50), as db/model-spend.ts words it. */
const capMessage = (cap: number) => `Daily AI spending limit reached ($${(cap + 0.5).toFixed(2)} of $${cap.toFixed(2)} today). It resets at midnight UTC.`

interface Owner {
  hw: HandWorkedAnalysis
  key: string
  cap: number
}

/** A user with a completed analysis, a read+run API key and real spending of cap + $0.50 today. */
async function ownerOverCap(): Promise<Owner> {
  const hw = await seedHandWorkedAnalysis()
  await setLimits(hw.owner.userId, { maxProjects: null, maxAnalyses: null })
  const key = (await createKey(hw.owner, 'Budget', ['read', 'run'])).key
  const cap = (await hw.owner.json('/api/user/profile')).body.dailyCostCapUsd as number
  expect(cap).toBeGreaterThan(0)
  // A fact to check answers against (a fact-check without facts is refused before the budget is asked).
  expect((await hw.owner.json(`/api/projects/${hw.projectId}/facts`, { method: 'PUT', json: { facts: [{ statement: 'Brooks was founded in 1914.' }] } })).status).toBe(200)
  // The report summary's model rewrite is allowed (the account's setting; off, it is refused before the budget is asked).
  await (await sql())`insert into report_brandings (user_id, rewrite_summary) values (${hw.owner.userId}, true)`
  await (await sql())`insert into model_usage (user_id, kind, cost_usd, simulated) values (${hw.owner.userId}, 'test', ${cap + 0.5}, false)`
  return { hw, key, cap }
}

async function mcpTool(key: string, name: string, args: Record<string, unknown>) {
  const client = await connectMcp(key, 'budget-test')
  try {
    const result: any = await client.callTool({ name, arguments: args })
    return { status: result.isError ? 429 : 200, body: result.content?.[0]?.text ?? '' }
  } finally {
    await client.close()
  }
}

/** The REST API operations and MCP tools that start model work (the rest of /api/v1 only reads). */
function apiCases(): Array<[string, (o: Owner) => Promise<{ status: number; body: unknown }>]> {
  const api = (o: Owner, url: string, json?: unknown) => new KeyClient(o.key).call(url, { method: 'POST', ...(json === undefined ? {} : { json }) })
  return [
    ['POST /api/v1/projects/{id}/analyses', (o) => api(o, `/api/v1/projects/${o.hw.projectId}/analyses`)],
    ['POST /api/v1/analyses/{id}/models', (o) => api(o, `/api/v1/analyses/${o.hw.analysisId}/models`, { modelId: 3 })],
    ['POST /api/v1/projects/{id}/schedule trigger', (o) => api(o, `/api/v1/projects/${o.hw.projectId}/schedule`, { action: 'trigger' })],
    ['POST /api/v1/analyses/{id}/accuracy', (o) => api(o, `/api/v1/analyses/${o.hw.analysisId}/accuracy`)],
    ['POST /api/v1/analyses/{id}/report-rewrite', (o) => api(o, `/api/v1/analyses/${o.hw.analysisId}/report-rewrite`)],
    ['MCP start_analysis', (o) => mcpTool(o.key, 'start_analysis', { projectId: o.hw.projectId })],
    ['MCP start_factcheck', (o) => mcpTool(o.key, 'start_factcheck', { analysisId: o.hw.analysisId })],
    ['MCP add_model', (o) => mcpTool(o.key, 'add_model', { analysisId: o.hw.analysisId, modelId: 3 })],
    ['MCP change_schedule trigger', (o) => mcpTool(o.key, 'change_schedule', { projectId: o.hw.projectId, action: 'trigger' })],
    ['MCP start_report_rewrite', (o) => mcpTool(o.key, 'start_report_rewrite', { analysisId: o.hw.analysisId })],
  ]
}

/** A user may make 10 model requests a minute (MODEL_CALLS_PER_USER_PER_MINUTE): 8 cases per user stay below it. */
const PER_OWNER = 8
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / PER_OWNER) }, (_, i) => xs.slice(i * PER_OWNER, (i + 1) * PER_OWNER))

/** The routes' modules and URLs do not depend on the ids: a stand-in for the completeness check. */
const anyIds = { projectId: 1, analysisId: 1 }

describe('every route that can call a model is refused over the daily cost cap', () => {
  it('app routes answer 429 with the cap message and start nothing', async () => {
    const wrong: string[] = []
    const count = appRoutes(anyIds).length
    for (const part of chunks(Array.from({ length: count }, (_, i) => i))) {
      const o = await ownerOverCap()
      const routes = appRoutes(o.hw)
      const before = await footprint(o.hw.owner.userId)
      for (const i of part) {
        const [, method, url, body] = routes[i]
        const res = await o.hw.owner.json(url, { method, ...(body === undefined ? {} : { json: body }) })
        if (res.status !== 429 || !JSON.stringify(res.body).includes(capMessage(o.cap))) wrong.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`)
      }
      expect(await footprint(o.hw.owner.userId)).toEqual(before)
    }
    expect(wrong).toEqual([])
  })

  it('the REST API operations and MCP tools that start model work are refused with the cap message', async () => {
    const wrong: string[] = []
    for (const part of chunks(apiCases())) {
      const o = await ownerOverCap()
      const before = await footprint(o.hw.owner.userId)
      for (const [name, call] of part) {
        const res = await call(o)
        if (res.status !== 429 || !JSON.stringify(res.body).includes(capMessage(o.cap))) wrong.push(`${name}: ${res.status} ${JSON.stringify(res.body)}`)
      }
      expect(await footprint(o.hw.owner.userId)).toEqual(before)
    }
    expect(wrong).toEqual([])
  })

  it('a share link is still made, without its AI Insights (the summary is skipped, not charged)', async () => {
    const o = await ownerOverCap()
    const res = await o.hw.owner.json(`/api/projects/${o.hw.projectId}/export`, { method: 'POST', json: { analysisId: o.hw.analysisId } })
    expect(res.status).toBe(201)
    expect(res.body.aiSummaryStatus).toBe('skipped')
  })
})

describe('the list above is complete', () => {
  it('every route module that admits model work, itself or through an app/lib function that does, is listed', () => {
    const listed = new Set(appRoutes(anyIds).map(([file]) => file))
    const routesDir = path.join(root, 'app/routes')
    // The app/lib functions that take a ticket themselves (e.g. startFactcheck): exported functions whose body calls admitModelWork.
    const libDir = path.join(root, 'app/lib')
    const admittingFunctions = readdirSync(libDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.server.ts') && f !== 'model-budget.server.ts')
      .flatMap((f) => readFileSync(path.join(libDir, f), 'utf8').split(/\nexport (?:async )?function /).slice(1))
      .filter((body) => body.includes('admitModelWork('))
      .map((body) => body.slice(0, body.indexOf('(')))
    expect(admittingFunctions).toContain('startFactcheck')
    const calls = (source: string) => source.includes('admitModelWork') || admittingFunctions.some((name) => new RegExp(`\\b${name}\\(`).test(source))
    const admitting = readdirSync(routesDir).filter((f) => calls(readFileSync(path.join(routesDir, f), 'utf8')))
    // The admins' key test is refused by the rate limit only: admins have no cost cap.
    const ADMINS_ONLY = ['api.test-gemini-keys.ts']
    // A share link is made over the budget too, without its AI Insights (the test above).
    const SKIPS_MODEL_WORK = ['api.projects.$id.export.ts']
    expect(admitting.filter((f) => !listed.has(f) && !ADMINS_ONLY.includes(f) && !SKIPS_MODEL_WORK.includes(f))).toEqual([])
    expect([...listed].filter((f) => !admitting.includes(f))).toEqual([])
  })

  it('every REST operation and MCP tool of the run scope is listed, or named as one that starts no model work', () => {
    // Model work needs the run scope, so a read-scope operation cannot start any.
    const NO_MODEL_WORK: ApiRouteId[] = ['createExperiment', 'cancelAnalysis', 'uploadLogs']
    const names = apiCases().map(([name]) => name)
    const listed = (name: string) => names.some((n) => n === name || n.startsWith(`${name} `))
    const missing = (Object.entries(API_ROUTES) as [ApiRouteId, ApiRouteDef][])
      .filter(([id, r]) => r.scope === 'run' && !NO_MODEL_WORK.includes(id))
      .flatMap(([, r]) => [`${r.method.toUpperCase()} /api/v1${r.path.replace(/\{\w+\}/g, '{id}')}`, `MCP ${r.tool.name}`])
      .filter((name) => !listed(name))
    expect(missing).toEqual([])
    expect(names.filter((n) => n.startsWith('MCP '))).toHaveLength(names.length / 2)
  })

  it('every app/lib module that starts a workflow is reached only with a ticket (the compiler holds it; this guards a cast)', () => {
    const libDir = path.join(root, 'app/lib')
    const starters = readdirSync(libDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.server.ts') && f !== 'temporal.server.ts')
      .filter((f) => /\b(startWorkflow|executeWorkflow|startAnalysisWorkflow|executeFrameworkWorkflow)\(/.test(readFileSync(path.join(libDir, f), 'utf8')))
    // Each call's own arguments (to its closing parenthesis) carry the ticket, not just somewhere in the file.
    const callsWithout: string[] = []
    for (const f of starters) {
      const source = readFileSync(path.join(libDir, f), 'utf8')
      for (const m of source.matchAll(/\b(?:startWorkflow|executeWorkflow|startAnalysisWorkflow|executeFrameworkWorkflow)\(/g)) {
        let depth = 0
        let end = m.index + m[0].length - 1
        for (; end < source.length; end++) {
          if (source[end] === '(') depth++
          else if (source[end] === ')' && --depth === 0) break
        }
        if (!/\bticket\b/.test(source.slice(m.index, end))) callsWithout.push(`${f}: ${source.slice(m.index, m.index + 60)}`)
      }
    }
    expect(callsWithout).toEqual([])
    expect(starters.length).toBeGreaterThanOrEqual(9)
  })
})
