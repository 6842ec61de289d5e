/**
 * The MCP server (issue 18 §2): the official TypeScript SDK's McpServer over its web-standard streamable HTTP
 * transport at /mcp, authenticated with a personal API key (Authorization: Bearer abv_…). Each tool calls the
 * same operations as the REST API (app/lib/api.server.ts), so access rules, quotas, rate limits and the cost cap
 * are the app's own. Stateless: a fresh server and transport per POST, JSON answers (no SSE stream), so any
 * number of web processes can serve it; GET and DELETE answer 405 as the transport's stateless mode expects.
 * Every HTTP request and every tool call is logged against the key.
 */
import type { AppLoadContext } from '@remix-run/node'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { z } from 'zod'
import { db } from './db.server'
import { getProject } from './projects.server'
import { clientAddressOf } from './load-context'
import {
  ApiError, authenticateKey, errorResponse, logCall, opGetResults, opGetSources, opGetTrends, opGetVisibility, opListProjects,
  opStartAnalysis, requireScope, toApiError, type OpContext,
} from './api.server'
import { API_VERSION } from '../domain/api/openapi'
import { MODEL_FILTERS } from '../domain/results/types'
import type { ApiScope } from '../domain/api'
import { FIELD_LIMITS, id as idField, text } from '../domain/validation'

/**
 * Tool arguments go through the shared primitives of app/domain/validation (issue 8): an id fits PostgreSQL's
 * integer, text is trimmed, without control characters and bounded. The leading z.number().int() only gives
 * the tool's JSON Schema its type (the SDK publishes the input side of a pipe); the bounds are the primitive's.
 */
// zod 4 types a pipe's second schema by the first one's output (number); the primitive accepts any input, hence the cast.
const id = (label: string, what: string) => z.number().int().pipe(idField(label) as unknown as z.ZodType<number, number>).describe(what)
const requiredText = (label: string, max: number, what: string) => text(label, max, { required: `${label} must not be blank` }).describe(what)

/** The analysis a tool reads: the one named, else the project's latest completed one. */
async function analysisOf(ctx: OpContext, projectId: number, analysisId?: number): Promise<number> {
  if (analysisId) return analysisId
  await getProject(ctx.principal.user, projectId, 'read')
  const [row] = await db()<{ id: number }[]>`
    select id from analyses where project_id = ${projectId} and status = 'completed' order by date desc, id desc limit 1`
  if (!row) throw new ApiError(409, 'analysis_not_completed', `Project ${projectId} has no completed analysis yet.`)
  return row.id
}

function buildServer(ctx: OpContext) {
  const server = new McpServer({ name: 'ai-brand-visibility', version: API_VERSION })
  const tool = <A extends z.ZodRawShape>(name: string, scope: ApiScope, description: string, shape: A, run: (args: z.infer<z.ZodObject<A>>) => Promise<unknown>) =>
    server.registerTool(name, { description, inputSchema: shape }, (async (args: z.infer<z.ZodObject<A>>) => {
      let status = 200
      try {
        requireScope(ctx.principal, scope)
        const result = await run(args)
        // Structured content must be an object: every tool answers one.
        return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> }
      } catch (err) {
        const e = await toApiError(err)
        status = e.status
        return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify({ error: { code: e.code, message: e.message } }) }] }
      } finally {
        await logCall(ctx.principal.key.id, { method: 'TOOL', path: `/mcp/${name}` }, status, ctx.clientAddress)
      }
    }) as any)

  tool(
    'list_projects',
    'read',
    'Lists (as "projects") the brand projects this API key may see (its user\'s own, shared with them, public), newest first: id, name, own brand, competitors, ' +
      'queries, and the latest analysis (id, status, createdAt). Use a project id with the other tools.',
    {},
    async () => ({
      projects: (await opListProjects(ctx, { limit: 200 })).items.map((p) => ({
        id: p.id, name: p.name, brand: p.brand, competitors: p.competitors, queries: p.queries.map((q) => q.query), access: p.access, latestAnalysis: p.latestAnalysis,
      })),
    }),
  )

  tool(
    'get_visibility_summary',
    'read',
    'How visible each brand is in one completed analysis (default: the project\'s latest), per AI model and for all models together. ' +
      '"answered" is n, the number of answers that came back (every query x sample). Per brand: mentionShare = the brand\'s mention count / all brands\' mentions ' +
      '(x of n), rankRate = answers that rank the brand in a list / answered answers (x of n; answer-level, over the models that ran - not the results screen\'s ' +
      'Visibility %, which is the share of the six models that ranked the brand, see get_query_ranks; `visibility` repeats rankRate under its deprecated old name); each has value (percent, 1 decimal) and interval, ' +
      'the 95 % Wilson score interval in percent (null when n is 0) - a wide interval means few answers, so differences inside it are noise. ' +
      'rank = combined rank, the mean of the per-model average list positions (1 is best; null when never ranked).',
    { projectId: id('projectId', 'The project id (from list_projects).'), analysisId: id('analysisId', 'An analysis id of that project; default the latest completed one.').optional() },
    async ({ projectId, analysisId }) => {
      const a = await analysisOf(ctx, projectId, analysisId)
      const v = await opGetVisibility(ctx, a)
      if (v.projectId !== projectId) throw new ApiError(404, 'not_found', 'Analysis not found in this project')
      return v
    },
  )

  tool(
    'get_query_ranks',
    'read',
    'Where one brand (default the own brand) ranks for each query of a completed analysis: per query, byModel maps model id to that model\'s average list ' +
      'position over the samples (1 is best, null when the model did not rank the brand), combined is the mean over the models that ranked it, and ' +
      'visibility is the percent of the six AI models that ranked it. Model ids: 3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT 5, 9 Grok-4, 10 DeepSeek.',
    {
      projectId: id('projectId', 'The project id.'),
      analysisId: id('analysisId', 'An analysis id of that project; default the latest completed one.').optional(),
      brand: requiredText('brand', FIELD_LIMITS.competitor, 'Brand name (own brand or a competitor); default the own brand.').optional(),
      model: z.enum(MODEL_FILTERS).optional().describe('One model only, or combined (default).'),
    },
    async ({ projectId, analysisId, brand, model }) => {
      const a = await analysisOf(ctx, projectId, analysisId)
      const r = await opGetResults(ctx, a, { tab: 'ranking-detail', brand, model })
      if (r.projectId !== projectId) throw new ApiError(404, 'not_found', 'Analysis not found in this project')
      return { analysisId: r.analysisId, date: r.date, filters: r.filters, ...(r.data as object) }
    },
  )

  tool(
    'get_sources',
    'read',
    'The web sources the AI models cited in a completed analysis: sites (domain; type Owned = the brand\'s own domains, Competitor, Earned = everyone else; ' +
      'citations = times cited; share = percent of all citations; weightedShare = share weighted by citation position) and the gap list (sites that cite ' +
      'competitors but never the own brand: citations, withCompetitor = citations next to a competitor, queries = queries where it was cited), plus ownedRate: ' +
      'answers citing at least one owned site / answers, with a 95 % Wilson interval. set: enhanced (the Enhanced Source Analysis, default), basic or all.',
    {
      projectId: id('projectId', 'The project id.'),
      analysisId: id('analysisId', 'An analysis id of that project; default the latest completed one.').optional(),
      set: z.enum(['enhanced', 'basic', 'all']).optional().describe('Which insights; default enhanced.'),
    },
    async ({ projectId, analysisId, set }) => {
      const a = await analysisOf(ctx, projectId, analysisId)
      const s = await opGetSources(ctx, a, { set })
      if (s.projectId !== projectId) throw new ApiError(404, 'not_found', 'Analysis not found in this project')
      return s
    },
  )

  tool(
    'get_trends',
    'read',
    'How the project\'s numbers move over its completed daily analyses (the latest one of each date). Per day and brand: mentions (summed over models and ' +
      'queries, mean over samples), change (percent change on the previous day), share = mention share and rankRate = answers ranking the brand / ' +
      'answered (also sent as the deprecated `visibility`), each with x, n and a 95 % Wilson interval (so a change inside the intervals may be noise), and rank (combined rank, lower is better). ' +
      'queryRanks: the combined rank of one query per day; alerts: shifts beyond |z| >= 3.29 against the previous 7 runs.',
    { projectId: id('projectId', 'The project id.'), query: requiredText('query', FIELD_LIMITS.query, 'The query of the per-query rank series; default the first.').optional() },
    async ({ projectId, query }) => opGetTrends(ctx, projectId, { query }),
  )

  tool(
    'start_analysis',
    'run',
    'Starts today\'s analysis of a project (needs a key with the run scope): every query is asked to each AI model, as Add Analysis does in the app. ' +
      'One analysis per project per day; counts against the user\'s analysis quota, rate limit and daily cost cap. Returns the analysis (status pending) - ' +
      'poll it with the REST API GET /api/v1/analyses/{id}; results exist once its status is completed.',
    { projectId: id('projectId', 'The project id (you must own it).') },
    async ({ projectId }) => opStartAnalysis(ctx, projectId),
  )

  return server
}

const methodNotAllowed = () =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to /mcp.' }, id: null }), {
    status: 405,
    headers: { 'Content-Type': 'application/json', Allow: 'POST' },
  })

/** POST /mcp: one JSON-RPC exchange with a fresh server bound to the key's user. */
export async function handleMcpRequest(request: Request, context: AppLoadContext): Promise<Response> {
  const clientAddress = clientAddressOf(context)
  let ctx: OpContext
  try {
    ctx = { principal: await authenticateKey(request, clientAddress), clientAddress }
  } catch (err) {
    return errorResponse(await toApiError(err))
  }
  let response: Response
  if (request.method !== 'POST') response = methodNotAllowed()
  else {
    const server = buildServer(ctx)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    try {
      await server.connect(transport)
      response = await transport.handleRequest(request)
      // The JSON answer is complete once handleRequest resolves: the per-request server can go.
      const body = await response.arrayBuffer()
      response = new Response(body.byteLength ? body : null, { status: response.status, headers: response.headers })
    } finally {
      await server.close().catch(() => {})
    }
  }
  await logCall(ctx.principal.key.id, request, response.status, clientAddress)
  response.headers.set('Cache-Control', 'no-store')
  return response
}
