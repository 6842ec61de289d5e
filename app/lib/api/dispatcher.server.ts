/** The REST dispatcher of /api/v1 and runOperation, which the MCP tools share: one route table drives both. */
import { json, type AppLoadContext } from '@remix-run/node'
import type { z } from 'zod'
import { clientAddressOf } from '../load-context'
import { changeDailySchedule, dailySchedule } from '../trends.server'
import { admitModelWork } from '../model-budget.server'
import { accuracyOf, projectFacts, startFactcheck } from '../factcheck.server'
import { modelByFilter } from '../../domain/models'
import { createExperiment, experimentResults, listExperiments } from '../experiments.server'
import { enginesForUser } from '../engines.server'
import { errorMessage } from '../../domain/validation'
import { API_ROUTES, matchRoute, type ApiRouteDef, type ApiRouteId } from '../../domain/api/routes'
import { ApiError, badRequest, errorResponse, toApiError } from './errors.server'
import { authenticateKey, logCall, requireScope, type ApiPrincipal } from './keys.server'
import * as op from './operations.server'
import { crawlerJoined, crawlerOverview, listUploads } from '../crawlers.server'
import { uploadLogsFromApi } from '../crawlers-intake.server'
import { reportRewriteState, startReportRewrite } from '../report-rewrite.server'
import type { OpContext } from './operations.server'

type Handler = (c: OpContext, input: { params: any; query: any; body: any }) => Promise<unknown>

const HANDLERS: Record<ApiRouteId, Handler> = {
  getMe: async ({ principal: { user, key } }) => ({
    user: { id: user.id, email: user.email, isAdmin: user.isAdmin, isActive: user.isActive, tier: user.tier },
    key: { id: key.id, name: key.name, prefix: key.prefix, scopes: key.scopes, createdAt: key.created_at.toISOString(), expiresAt: key.expires_at?.toISOString() ?? null },
  }),
  listProjects: (c, i) => op.opListProjects(c, i.query),
  getProject: (c, i) => op.opGetProject(c, i.params.projectId),
  listAnalyses: (c, i) => op.opListAnalyses(c, i.params.projectId, i.query),
  getAnalysis: (c, i) => op.opGetAnalysis(c, i.params.analysisId),
  getResults: (c, i) => op.opGetResults(c, i.params.analysisId, i.query),
  getEngines: (c, i) => enginesForUser(c.principal.user, i.params.analysisId),
  getVisibility: (c, i) => op.opGetVisibility(c, i.params.analysisId),
  listAnswers: (c, i) => op.opListAnswers(c, i.params.analysisId, i.query),
  getSources: (c, i) => op.opGetSources(c, i.params.analysisId, i.query),
  getTrends: (c, i) => op.opGetTrends(c, i.params.projectId, i.query),
  listExperiments: async (c, i) => ({ projectId: i.params.projectId, items: (await listExperiments(c.principal.user, i.params.projectId)).experiments }),
  createExperiment: (c, i) => createExperiment(c.principal.user, i.params.projectId, i.body),
  getExperiment: (c, i) => experimentResults(c.principal.user, i.params.projectId, i.params.experimentId),
  startAnalysis: (c, i) => op.opStartAnalysis(c, i.params.projectId, i.body.again),
  startAddModel: (c, i) => op.opStartAddModel(c, i.params.analysisId, i.body.modelId),
  cancelAnalysis: (c, i) => op.opCancelAnalysis(c, i.params.analysisId),
  getProjectVisibility: async (c, i) => op.opGetVisibility(c, await op.analysisOf(c, i.params.projectId, i.query.analysisId)),
  getQueryRanks: (c, i) => op.opGetQueryRanks(c, i.params.projectId, i.query),
  getProjectSources: async (c, i) => op.opGetSources(c, await op.analysisOf(c, i.params.projectId, i.query.analysisId), i.query),
  getSchedule: (c, i) => dailySchedule(c.principal.user, i.params.projectId),
  changeSchedule: async (c, i) =>
    changeDailySchedule(c.principal.user, i.params.projectId, i.body, i.body.action === 'trigger' ? await admitModelWork({ user: c.principal.user, clientAddress: c.clientAddress }) : null),
  exportReport: (c, i) => op.opExportReport(c, i.params.analysisId, i.query),
  startReportRewrite: async (c, i) => ({ analysisId: i.params.analysisId, ...(await startReportRewrite(c.principal.user, i.params.analysisId, c.clientAddress)) }),
  getReportRewrite: async (c, i) => ({ analysisId: i.params.analysisId, ...(await reportRewriteState(c.principal.user, i.params.analysisId)) }),
  getBrandFacts: (c, i) => projectFacts(c.principal.user, i.params.projectId),
  getAccuracy: (c, i) => accuracyOf(c.principal.user, i.params.analysisId, { modelId: i.query.model && i.query.model !== 'combined' ? (modelByFilter(i.query.model)?.id ?? null) : null }),
  startFactcheck: (c, i) => startFactcheck(c.principal.user, i.params.analysisId, c.clientAddress),
  uploadLogs: (c, i) => uploadLogsFromApi(c.principal.user, i.params.projectId, i.body),
  listLogUploads: async (c, i) => ({ items: await listUploads(c.principal.user, i.params.projectId) }),
  getCrawlers: (c, i) => crawlerOverview(c.principal.user, i.params.projectId, i.query.days),
  getCrawlerPages: (c, i) => crawlerJoined(c.principal.user, i.params.projectId, i.query.days),
}

function parseWith<T extends z.ZodTypeAny>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  if (issue && issue.code === 'custom' && (issue as { params?: { notFound?: boolean } }).params?.notFound) throw new ApiError(404, 'not_found', issue.message)
  const message = errorMessage(parsed.error, 'Invalid request', data)
  // issueMessage names the field of an enumeration and of zod's type messages; other messages get the path here.
  const where = issue?.path.length && !message.startsWith(issue.path.join('.')) ? `${issue.path.join('.')}: ` : ''
  throw badRequest(`${where}${message}`)
}

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON.')
  }
}

/** The raw inputs of one operation: path and query values as text (as in a URL), the body as parsed JSON. */
export interface RawInput {
  params: Record<string, string>
  query: Record<string, string>
  body: unknown
}

/**
 * One operation of the route table, for REST and MCP alike: the key's scope, the inputs through the route's zod
 * schemas (an id that cannot exist is a 404, any other problem a 400 naming the field), then its handler.
 */
export async function runOperation(id: ApiRouteId, ctx: OpContext, raw: RawInput): Promise<unknown> {
  const def: ApiRouteDef = API_ROUTES[id]
  requireScope(ctx.principal, def.scope)
  const input = {
    params: def.params ? parseWith(def.params, raw.params) : {},
    query: def.query ? parseWith(def.query, raw.query) : {},
    body: def.body ? parseWith(def.body, raw.body ?? {}) : undefined,
  }
  return HANDLERS[id](ctx, input)
}

/** Every /api/v1/… request except the OpenAPI document: the key, the route, then runOperation. */
export async function handleApiRequest(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url)
  const clientAddress = clientAddressOf(context)
  let principal: ApiPrincipal | null = null
  let response: Response
  try {
    principal = await authenticateKey(request, clientAddress)
    const match = matchRoute(request.method, url.pathname.replace(/^\/api\/v1/, '') || '/')
    if (match.id === null) {
      if (match.allowed.length) throw new ApiError(405, 'method_not_allowed', `Method ${request.method} is not allowed here (allowed: ${match.allowed.join(', ')}).`, { Allow: match.allowed.join(', ') })
      throw new ApiError(404, 'not_found', 'No such API route. The routes are listed in /api/v1/openapi.json.')
    }
    const def: ApiRouteDef = API_ROUTES[match.id]
    const body = def.body ? await jsonBody(request) : undefined
    const out = await runOperation(match.id, { principal, clientAddress }, { params: match.params, query: Object.fromEntries(url.searchParams), body })
    response = json(out, { status: def.status, headers: { 'Cache-Control': 'no-store' } })
  } catch (err) {
    response = errorResponse(await toApiError(err))
  }
  if (principal) await logCall(principal.key.id, request, response.status, clientAddress)
  return response
}
