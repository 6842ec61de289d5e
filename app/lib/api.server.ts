/**
 * The public REST API (/api/v1) and the personal API keys it runs on (issue 18 §1).
 *
 * - A key is `Authorization: Bearer abv_…`; only its SHA-256 is stored. A key acts as its user: every
 *   operation calls the same app/lib functions the app's own routes call (projects, analyses, results,
 *   sources, trends, model budget), so access rules (§6), quotas, rate limits and the cost cap are theirs.
 * - The session cookie is never read here: a signed-in browser without a key gets 401.
 * - Every call made with a known key is logged in api_key_calls (also those refused because the key is
 *   revoked or expired, or lacks the scope); last_used_at moves on each accepted call.
 * - Errors are `{ error: { code, message } }`; an app function's thrown 4xx keeps its status and message.
 */
import { createHash, randomBytes } from 'node:crypto'
import { json, type AppLoadContext } from '@remix-run/node'
import type { z } from 'zod'
import { db } from './db.server'
import { getUserById, type User } from './auth.server'
import { getProject, listProjects, type Project } from './projects.server'
import {
  cancelAnalysis, getAnalysis, isActiveStatus, progressOf, serializeApiResponse, startAddModel, startAnalysis,
  type AnalysisRow, type ApiResponseRow,
} from './analyses.server'
import { loadResultsView } from './results.server'
import { loadSourcesView, searchInsightsOf } from './sources.server'
import { insightsSummaryOf, modelResultsOf, type AnswerFigures } from '../domain/api/analysis-details'
import { changeDailySchedule, dailySchedule, loadTrends } from './trends.server'
import { reportForUser } from './report.server'
import { clientAddressOf } from './load-context'
import { API_KEY_THROTTLE, countEvent, retryAfter } from './throttle.server'
import { requireModelBudget } from './model-budget.server'
import { brandList, isoDay } from '../domain/analyses'
import { modelById } from '../domain/models'
import {
  API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_VISIBLE, decodeCursor, keyStatus, MAX_ACTIVE_API_KEYS, pageOf, visibilitySummary,
  apiKeyInputSchema, type ApiKeyInput, type ApiKeyView, type ApiScope,
} from '../domain/api'
import { errorMessage, idFrom } from '../domain/validation'
import { openApiDocument } from '../domain/api/openapi'
import { referenceOf } from '../domain/api/reference'
import { API_ROUTES, matchRoute, type ApiRouteDef, type ApiRouteId } from '../domain/api/routes'
import type * as S from '../domain/api/schemas'
import type { Collection } from '../domain/evidence'
import type { ProgressDetails } from '../../workflows/shared'

export { openApiDocument }

/** The reference page's content (GET /api/v1/docs), from the OpenAPI document. */
export function apiReference() {
  const doc = openApiDocument()
  return { title: doc.info.title, version: doc.info.version, intro: doc.info.description ?? '', operations: referenceOf(doc as any) }
}

// ------------------------------------------------------------------ errors

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

const CODES: Record<number, string> = {
  400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 409: 'conflict',
  410: 'gone', 413: 'payload_too_large', 429: 'rate_limited', 503: 'unavailable',
}

/** Whatever a handler threw as an ApiError: an app function's thrown JSON Response keeps its status and message. */
export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof ApiError) return err
  if (err instanceof Response && err.status >= 400 && err.status < 600) {
    let message = err.statusText || 'Request failed'
    try {
      const body = (await err.clone().json()) as { message?: unknown; error?: unknown }
      const m = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null
      if (m) message = m
    } catch {}
    const retry = err.headers.get('Retry-After')
    return new ApiError(err.status, CODES[err.status] ?? (err.status >= 500 ? 'internal_error' : 'invalid_request'), message, retry ? { 'Retry-After': retry } : {})
  }
  console.error('api: unexpected error', err)
  return new ApiError(500, 'internal_error', 'Something went wrong on our side. Try again later.')
}

export function errorResponse(e: ApiError): Response {
  return json({ error: { code: e.code, message: e.message } }, { status: e.status, headers: { 'Cache-Control': 'no-store', ...e.headers } })
}

// ------------------------------------------------------------------ keys

interface KeyRow {
  id: number
  user_id: number
  name: string
  prefix: string
  scopes: ApiScope[]
  expires_at: Date | null
  last_used_at: Date | null
  revoked_at: Date | null
  created_at: Date
  calls?: number
  owner_email?: string
}

export interface ApiPrincipal {
  user: User
  key: KeyRow
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

function viewOf(k: KeyRow, withOwner = false): ApiKeyView {
  const base = {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    createdAt: k.created_at.toISOString(),
    expiresAt: k.expires_at?.toISOString() ?? null,
    lastUsedAt: k.last_used_at?.toISOString() ?? null,
    revokedAt: k.revoked_at?.toISOString() ?? null,
    calls: k.calls ?? 0,
  }
  return { ...base, status: keyStatus(base, new Date()), ...(withOwner ? { owner: { id: k.user_id, email: k.owner_email ?? '' } } : {}) }
}

/** A new key for the user; the whole key is returned this once and never stored. */
export async function createApiKey(user: User, input: ApiKeyInput): Promise<{ key: string; view: ApiKeyView }> {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url')
  const sql = db()
  const row = await sql.begin(async (tx) => {
    await tx`select id from users where id = ${user.id} for update`
    const [{ n }] = await tx<{ n: number }[]>`
      select count(*)::int as n from api_keys where user_id = ${user.id} and revoked_at is null and (expires_at is null or expires_at > now())`
    if (n >= MAX_ACTIVE_API_KEYS) throw json({ error: 'Too many keys', message: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first.` }, { status: 400 })
    const [created] = await tx<KeyRow[]>`
      insert into api_keys (user_id, name, prefix, key_hash, scopes, expires_at)
      values (${user.id}, ${input.name}, ${key.slice(0, API_KEY_VISIBLE)}, ${hashKey(key)}, ${input.scopes},
        ${input.expiresInDays === null ? null : tx`now() + ${input.expiresInDays} * interval '1 day'`})
      returning *`
    return created
  })
  return { key, view: viewOf(row) }
}

/** The user's own keys, newest first, with their call counts. */
export async function listApiKeys(user: User): Promise<ApiKeyView[]> {
  const rows = await db()<KeyRow[]>`
    select k.*, (select count(*)::int from api_key_calls c where c.key_id = k.id) as calls
    from api_keys k where k.user_id = ${user.id} order by k.created_at desc, k.id desc`
  return rows.map((r) => viewOf(r))
}

/** Admins: every user's keys, newest first. */
export async function listAllApiKeys(admin: User): Promise<ApiKeyView[]> {
  if (!admin.isAdmin) throw json({ error: 'Access Denied', message: 'Administrator access is required.' }, { status: 403 })
  const rows = await db()<KeyRow[]>`
    select k.*, u.email as owner_email, (select count(*)::int from api_key_calls c where c.key_id = k.id) as calls
    from api_keys k join users u on u.id = k.user_id order by k.created_at desc, k.id desc limit 500`
  return rows.map((r) => viewOf(r, true))
}

/** Revokes a key of the user's own, or (admins) anyone's; an admin revoking another user's key is audited. */
export async function revokeApiKey(user: User, keyId: number): Promise<ApiKeyView> {
  const sql = db()
  const [row] = await sql<(KeyRow & { owner_email: string })[]>`select k.*, u.email as owner_email from api_keys k join users u on u.id = k.user_id where k.id = ${keyId}`
  if (!row || (row.user_id !== user.id && !user.isAdmin)) throw json({ error: 'Not found', message: 'API key not found' }, { status: 404 })
  if (row.revoked_at) return viewOf(row)
  const [updated] = await sql.begin(async (tx) => {
    const out = await tx<KeyRow[]>`update api_keys set revoked_at = now(), revoked_by = ${user.id} where id = ${keyId} and revoked_at is null returning *`
    if (row.user_id !== user.id)
      await tx`
        insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_email, before, after)
        values (${user.id}, ${user.email}, 'revoke_api_key', ${row.user_id}, ${row.owner_email},
          ${tx.json({ keyId, name: row.name, prefix: row.prefix, revoked: false })}, ${tx.json({ keyId, revoked: true })})`
    return out
  })
  return viewOf(updated ?? row)
}

/**
 * The Profile & Limits action: create-api-key {name, scopes[], expiresInDays} or revoke-api-key {keyId}.
 * Answers { ok, intent, created? | error? }; a bad form is a 400 with the first problem.
 */
export async function apiKeysAction(user: User, request: Request) {
  if (request.method !== 'POST') return json({ ok: false, error: `Method ${request.method} not allowed` }, { status: 405 })
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return json({ ok: false, error: 'The form could not be read.' }, { status: 400 })
  }
  const intent = String(form.get('intent') ?? '')
  if (intent === 'create-api-key') {
    const expires = form.get('expiresInDays')
    const parsed = apiKeyInputSchema.safeParse({ name: form.get('name') ?? undefined, scopes: form.getAll('scopes').map(String), expiresInDays: expires === null ? undefined : String(expires) })
    if (!parsed.success) return json({ ok: false, intent, error: errorMessage(parsed.error, 'Invalid key', { scopes: form.getAll('scopes').map(String) }) }, { status: 400 })
    const created = await createApiKey(user, parsed.data).catch(async (err) => ({ error: (await toApiError(err)).message }))
    if ('error' in created) return json({ ok: false, intent, error: created.error }, { status: 400 })
    return json({ ok: true, intent, created }, { headers: { 'Cache-Control': 'no-store' } })
  }
  if (intent === 'revoke-api-key') {
    const keyId = idFrom(form.get('keyId'))
    if (keyId === null) return json({ ok: false, intent, error: 'No such API key' }, { status: 404 })
    const view = await revokeApiKey(user, keyId)
    return json({ ok: true, intent, revoked: view })
  }
  return json({ ok: false, error: 'Unknown action' }, { status: 400 })
}

const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="api"' })

export const KEY_REQUIRED_MESSAGE = 'API key required: send it as "Authorization: Bearer <key>". Create one on Profile & Limits.'

/**
 * The key of a request (Authorization: Bearer …) and its user. Cookies are never read. A request without a key
 * is a 401 "API key required"; a key that fails (malformed, unknown, revoked, expired) is a 401 counted against
 * the client address (API_KEY_THROTTLE, listed for the admins), and past the limit every key from that address
 * is refused with 429 and Retry-After until the window ends. A revoked or expired key's refusal is also logged
 * against the key.
 */
export async function authenticateKey(request: Request, clientAddress: string): Promise<ApiPrincipal> {
  const header = request.headers.get('authorization') ?? ''
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!m) throw unauthorized(KEY_REQUIRED_MESSAGE)
  const wait = await retryAfter(API_KEY_THROTTLE, clientAddress)
  if (wait > 0)
    throw new ApiError(429, 'rate_limited', `Too many failed API key attempts from this address: try again in ${wait} s.`, { 'Retry-After': String(wait) })
  const key = m[1]
  const fail = async (message: string, keyId?: number) => {
    await countEvent(API_KEY_THROTTLE, clientAddress, `${key.slice(0, API_KEY_VISIBLE)}… ${request.method} ${new URL(request.url).pathname}`.slice(0, 200))
    if (keyId !== undefined) await logCall(keyId, request, 401, clientAddress)
    return unauthorized(message)
  }
  if (!API_KEY_PATTERN.test(key)) throw await fail('This API key is not valid.')
  const sql = db()
  const [row] = await sql<(KeyRow & { expired: boolean })[]>`
    select *, (expires_at is not null and expires_at <= now()) as expired from api_keys where key_hash = ${hashKey(key)}`
  if (!row) throw await fail('This API key is not valid.')
  if (row.revoked_at) throw await fail('This API key was revoked.', row.id)
  if (row.expired) throw await fail(`This API key expired at ${row.expires_at!.toISOString()}.`, row.id)
  const user = await getUserById(row.user_id)
  if (!user) throw await fail('This API key is not valid.', row.id)
  await sql`update api_keys set last_used_at = now() where id = ${row.id}`
  return { user, key: row }
}

export function requireScope(p: ApiPrincipal, scope: ApiScope) {
  if (!p.key.scopes.includes(scope)) throw new ApiError(403, 'insufficient_scope', `This API key does not have the "${scope}" scope.`)
}

/** One row per call made with a key (REST route, MCP request or MCP tool). */
export async function logCall(keyId: number, request: Request | { method: string; path: string }, status: number, clientAddress: string) {
  const method = request instanceof Request ? request.method : request.method
  const path = request instanceof Request ? new URL(request.url).pathname : request.path
  await db()`insert into api_key_calls (key_id, method, path, status, client_address) values (${keyId}, ${method}, ${path.slice(0, 500)}, ${status}, ${clientAddress})`
}

// ------------------------------------------------------------------ mapping to the API's stable shapes

type Out<T extends z.ZodTypeAny> = z.input<T>

function toApiProject(p: Project): Out<typeof S.projectSchema> {
  return {
    id: p.id,
    name: p.name,
    brand: p.brandDomain,
    marketDescription: p.marketDescription,
    marketType: p.marketType,
    marketRegion: p.marketRegion,
    language: p.language,
    competitors: p.competitors,
    queries: p.queriesWithAudience.map((q) => ({ query: q.query, topic: q.topic ?? null, audience: q.audience ?? null })),
    topics: p.topics.map((t) => ({ id: t.id, name: t.name, relevance: t.relevance })),
    samplesPerQuery: p.samplesPerQuery,
    isLightMode: p.isLightMode,
    isArchived: p.isArchived,
    isPublic: p.isPublic,
    access: p.accessType,
    ownerEmail: p.ownerEmail,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    latestAnalysis: p.latestAnalysis as Out<typeof S.projectSchema>['latestAnalysis'],
  }
}

function toApiProgress(d: ProgressDetails | null): Out<typeof S.progressSchema> | null {
  if (!d) return null
  return {
    phase: d.phase,
    message: d.message,
    percent: d.progressPercent ?? 0,
    queriesCompleted: d.queriesCompleted,
    queriesTotal: d.queriesTotal,
    currentModel: d.currentModel ?? null,
    estimatedSecondsRemaining: d.estimatedTimeRemaining ?? null,
    isComplete: Boolean(d.isComplete),
    models: Object.entries(d.modelStatus ?? {}).map(([id, m]) => ({
      modelId: Number(id),
      name: m.name,
      status: m.status,
      completed: m.completed,
      failed: m.failed,
      total: m.total,
      error: m.error ?? null,
    })),
  }
}

function toApiAnalysis(a: AnalysisRow, progress: ProgressDetails | null): Out<typeof S.analysisSchema> {
  return {
    id: a.id,
    projectId: a.project_id,
    status: a.status,
    date: isoDay(a.date),
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
    completedAt: a.completed_at?.toISOString() ?? null,
    isLightMode: a.is_light_mode,
    samplesPerQuery: a.samples_per_query,
    queryCount: a.queries.length,
    models: a.model_ids.map((id) => ({ id, name: modelById(id)?.name ?? String(id) })),
    error: a.error,
    progress: toApiProgress(progress),
  }
}

/** An answer row as /answers reads it: the stored row and how it was collected (null before that was recorded). */
type AnswerRow = ApiResponseRow & { collection: Collection | null }

function toApiAnswer(analysisId: number, r: AnswerRow): Out<typeof S.answerSchema> {
  const s = serializeApiResponse(r)
  const numbers = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k, Number(v) || 0]))
  return {
    id: s.id,
    analysisId,
    modelId: s.model_id,
    model: s.model_name,
    queryIndex: s.query_index,
    query: s.query,
    sample: s.sample,
    ok: s.ok,
    error: s.error,
    incomplete: r.parsed_data?.incomplete === true,
    text: s.response,
    createdAt: s.timestamp,
    mentions: numbers(s.mentions),
    rankings: numbers(s.rankings),
    sentiment: s.sentiment ?? {},
    citations: Array.isArray(s.citations) ? s.citations : [],
    sources: Array.isArray(s.sources) ? s.sources : [],
    searchQueries: Array.isArray(s.searchMetadata.webSearchQueries) ? s.searchMetadata.webSearchQueries.map(String) : [],
    collection: r.collection
      ? { provider: r.collection.provider, api: r.collection.api, model: r.collection.model ?? null, webSearch: r.collection.webSearch === true, endpoint: r.collection.endpoint ?? null, demo: r.collection.demo === true }
      : null,
  }
}

const badRequest = (message: string) => new ApiError(400, 'invalid_request', message)

function cursorOf(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null
  const id = decodeCursor(cursor)
  if (id === null) throw badRequest('cursor is not valid: pass the nextCursor of the previous page')
  return id
}

/** The analysis, readable by the user and completed (results, visibility and sources need one). */
async function completedAnalysis(user: User, analysisId: number) {
  const found = await getAnalysis(user, analysisId)
  if (found.analysis.status !== 'completed')
    throw new ApiError(409, 'analysis_not_completed', `Analysis ${analysisId} is ${found.analysis.status.replace('_', ' ')}: its results exist once it is completed.`)
  return found
}

// ------------------------------------------------------------------ operations (REST routes and MCP tools)

export interface OpContext {
  principal: ApiPrincipal
  clientAddress: string
}

export async function opListProjects({ principal }: OpContext, q: { limit: number; cursor?: string }) {
  const after = cursorOf(q.cursor)
  const all = (await listProjects(principal.user)).sort((a, b) => b.id - a.id).filter((p) => after === null || p.id < after)
  const page = pageOf(all, q.limit, (p) => p.id)
  return { items: page.items.map(toApiProject), nextCursor: page.nextCursor }
}

export async function opGetProject({ principal }: OpContext, projectId: number) {
  return toApiProject(await getProject(principal.user, projectId, 'read'))
}

export async function opListAnalyses({ principal }: OpContext, projectId: number, q: { limit: number; cursor?: string }) {
  await getProject(principal.user, projectId, 'read')
  const after = cursorOf(q.cursor)
  const sql = db()
  const rows = await sql<AnalysisRow[]>`
    select * from analyses where project_id = ${projectId} ${after !== null ? sql`and id < ${after}` : sql``}
    order by id desc limit ${q.limit + 1}`
  const page = pageOf(rows, q.limit, (a) => a.id)
  const items = await Promise.all(
    page.items.map(async (row) => {
      if (!isActiveStatus(row.status)) return toApiAnalysis(row, row.progress)
      // A run still going: the same reconciled status and live progress as GET /analyses/{id}.
      const { analysis } = await getAnalysis(principal.user, row.id)
      return toApiAnalysis(analysis, isActiveStatus(analysis.status) ? await progressOf(analysis) : analysis.progress)
    }),
  )
  return { items, nextCursor: page.nextCursor }
}

export async function opGetAnalysis({ principal }: OpContext, analysisId: number): Promise<Out<typeof S.analysisDetailSchema>> {
  const { analysis } = await getAnalysis(principal.user, analysisId)
  const rows = await db()<AnswerFigures[]>`
    select model_id as "modelId", query, ok and btrim(response) <> '' as ok, mentions, rankings from api_responses where analysis_id = ${analysisId}`
  const insights = insightsSummaryOf(analysisId, await searchInsightsOf(principal.user, analysisId))
  return {
    ...toApiAnalysis(analysis, isActiveStatus(analysis.status) ? await progressOf(analysis) : analysis.progress),
    modelResults: modelResultsOf(rows),
    ...insights,
    searchInsightsStatus: insights.searchInsightsStatus as Out<typeof S.analysisDetailSchema>['searchInsightsStatus'],
  }
}

export async function opGetResults(
  { principal }: OpContext,
  analysisId: number,
  q: { tab?: string; model?: string; topic?: string; audience?: string; brand?: string },
) {
  const { analysis, project } = await completedAnalysis(principal.user, analysisId)
  const url = new URL('http://api.local/')
  url.searchParams.set('project', String(project.id))
  url.searchParams.set('analysis', String(analysisId))
  for (const k of ['tab', 'model', 'topic', 'audience', 'brand'] as const) if (q[k]) url.searchParams.set(k, q[k]!)
  const view = await loadResultsView(principal.user, url)
  if (view.kind !== 'results' || view.header.analysis?.id !== analysisId || !view.data)
    throw new ApiError(409, 'analysis_not_completed', `Analysis ${analysisId} has no results yet.`)
  const h = view.header
  if (q.tab && h.tab !== q.tab) throw badRequest(`This analysis has no ${q.tab} tab (tabs: ${h.tabs.filter((t) => t !== 'model-admin').join(', ')})`)
  if (q.model && h.filters.model !== q.model) throw badRequest(`model ${q.model} has no answers in this analysis (models: ${h.options.models.map((m) => m.value).join(', ')})`)
  if (q.topic && h.filters.topic !== q.topic) throw badRequest(`"${q.topic}" is not a topic of this analysis`)
  if (q.audience && h.filters.audience !== q.audience) throw badRequest(`"${q.audience}" is not an audience of this analysis`)
  const data = view.data
  // RESULT_API_TABS has no model-admin, and an unknown tab was refused above.
  if (data.tab === 'model-admin') throw badRequest('This analysis has no model-admin tab')
  // A tab with a brand selector falls back to the own brand on the screen; the API says so instead.
  if (q.brand && 'brand' in data && data.brand !== q.brand) throw badRequest(`"${q.brand}" is not a brand of this analysis`)
  const out: Out<typeof S.resultsSchema> = {
    analysisId,
    projectId: project.id,
    date: isoDay(analysis.date),
    tab: h.tab,
    filters: h.filters,
    options: { models: h.options.models, topics: h.options.topics, audiences: h.options.audiences },
    data,
  }
  return out
}

export async function opGetVisibility({ principal }: OpContext, analysisId: number) {
  const { analysis, project } = await completedAnalysis(principal.user, analysisId)
  // The stored parse results (as the Trends point reads them), never the texts re-parsed.
  const rows = await db()<{ model_id: number; query_index: number; sample: number; ok: boolean; blank: boolean; mentions: Record<string, number>; rankings: Record<string, number> }[]>`
    select model_id, query_index, sample, ok, btrim(response) = '' as blank, mentions, rankings from api_responses where analysis_id = ${analysisId}`
  const brands = brandList(analysis.brands).map((b) => ({ name: b.name, isOwn: b.isOwn === true }))
  const summary = visibilitySummary({
    analysisId,
    date: isoDay(analysis.date),
    queries: analysis.queries,
    brands,
    answers: rows.map((r) => ({ modelId: r.model_id, queryIndex: r.query_index, sample: r.sample, ok: r.ok && !r.blank, mentions: r.mentions ?? {}, rankings: r.rankings ?? {} })),
  })
  return { analysisId, projectId: project.id, date: isoDay(analysis.date), ...summary }
}

export async function opListAnswers({ principal }: OpContext, analysisId: number, q: { limit: number; cursor?: string; model?: number }) {
  await getAnalysis(principal.user, analysisId)
  const after = cursorOf(q.cursor)
  const sql = db()
  const rows = await sql<AnswerRow[]>`
    select id, model_id, model_name, query_index, sample, query, response, ok, error, citations, sources, search_queries,
      mentions, rankings, sentiment, parsed_data, usage, latency_ms, cost_usd, created_at, collection
    from api_responses where analysis_id = ${analysisId}
      ${after !== null ? sql`and id > ${after}` : sql``}
      ${q.model !== undefined ? sql`and model_id = ${q.model}` : sql``}
    order by id limit ${q.limit + 1}`
  const page = pageOf(rows, q.limit, (r) => Number(r.id))
  return { items: page.items.map((r) => toApiAnswer(analysisId, r)), nextCursor: page.nextCursor }
}

export async function opGetSources({ principal }: OpContext, analysisId: number, q: { set?: 'enhanced' | 'basic' | 'all'; model?: string }) {
  const { project } = await completedAnalysis(principal.user, analysisId)
  const set = q.set ?? 'enhanced'
  const url = new URL('http://api.local/')
  url.searchParams.set('project', String(project.id))
  url.searchParams.set('analysis', String(analysisId))
  url.searchParams.set('tab', 'site-priorities')
  url.searchParams.set('set', set)
  if (q.model) url.searchParams.set('model', q.model)
  const view = await loadSourcesView(principal.user, url)
  if (view.analysisId !== analysisId) throw new ApiError(409, 'analysis_not_completed', `Analysis ${analysisId} has no source insights.`)
  const data = view.data?.tab === 'site-priorities' && !view.required ? view.data : null
  return {
    analysisId,
    projectId: project.id,
    set,
    counts: view.counts,
    available: data !== null,
    sites: data?.citationShare ?? [],
    gaps: data?.gaps ?? [],
    ownedRate: data?.ownedRate ?? null,
  }
}

export async function opGetTrends({ principal }: OpContext, projectId: number, q: { query?: string; topicBrand?: string }) {
  const t = await loadTrends(principal.user, projectId, { query: q.query ?? null, topicBrand: q.topicBrand ?? null })
  return {
    projectId,
    brands: t.brands,
    days: t.days,
    queries: t.queries,
    query: t.query,
    queryRanks: t.queryRanks,
    topics: t.topics,
    topicBrand: t.topicBrand,
    topicTrend: t.topicTrend,
    alerts: t.alerts,
  }
}

export async function opStartAnalysis({ principal, clientAddress }: OpContext, projectId: number) {
  await getProject(principal.user, projectId, 'write')
  await requireModelBudget(principal.user, clientAddress)
  const row = await startAnalysis(principal.user, projectId)
  const [run] = row.workflow_id ? await db()<{ id: number }[]>`select id from model_runs where workflow_id = ${row.workflow_id}` : []
  return { analysis: toApiAnalysis(row, row.progress), runId: run?.id ?? null, workflowId: row.workflow_id }
}

export async function opStartAddModel({ principal, clientAddress }: OpContext, analysisId: number, modelId: number) {
  await getAnalysis(principal.user, analysisId, 'write')
  if (!modelById(modelId)) throw badRequest(`Unknown model ${modelId}: use 3, 5, 6, 8, 9 or 10`)
  await requireModelBudget(principal.user, clientAddress)
  const run = await startAddModel(principal.user, analysisId, modelId)
  return { analysisId: run.analysisId, modelId: run.modelId, model: run.model, runId: run.runId, workflowId: run.workflowId }
}

export async function opCancelAnalysis({ principal }: OpContext, analysisId: number) {
  const row = await cancelAnalysis(principal.user, analysisId)
  return toApiAnalysis(row, row.progress)
}

/** The analysis a project-level route reads: the one given (it must belong to the project), else the latest completed one. */
async function analysisOf({ principal }: OpContext, projectId: number, analysisId?: number): Promise<number> {
  await getProject(principal.user, projectId, 'read')
  const sql = db()
  const [row] = await sql<{ id: number }[]>`
    select id from analyses where project_id = ${projectId} ${analysisId !== undefined ? sql`and id = ${analysisId}` : sql`and status = 'completed'`}
    order by date desc, id desc limit 1`
  if (row) return row.id
  if (analysisId !== undefined) throw new ApiError(404, 'not_found', 'Analysis not found in this project')
  throw new ApiError(409, 'analysis_not_completed', `Project ${projectId} has no completed analysis yet.`)
}

export async function opGetQueryRanks(c: OpContext, projectId: number, q: { analysisId?: number; brand?: string; model?: string }) {
  const r = await opGetResults(c, await analysisOf(c, projectId, q.analysisId), { tab: 'ranking-detail', brand: q.brand, model: q.model })
  return { analysisId: r.analysisId, date: r.date, filters: r.filters, ...(r.data as Extract<typeof r.data, { tab: 'ranking-detail' }>) }
}

export async function opExportReport({ principal }: OpContext, analysisId: number, q: Record<string, string | null | undefined>) {
  const url = new URL('http://api.local/')
  for (const [k, v] of Object.entries(q)) if (v) url.searchParams.set(k, v)
  const file = await reportForUser(principal.user, analysisId, url)
  const bytes = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : Buffer.from(file.body)
  return { fileName: file.fileName, contentType: file.contentType, bytes: bytes.length, base64: bytes.toString('base64') }
}

// ------------------------------------------------------------------ the REST dispatcher

type Handler = (c: OpContext, input: { params: any; query: any; body: any }) => Promise<unknown>

const HANDLERS: Record<ApiRouteId, Handler> = {
  getMe: async ({ principal: { user, key } }) => ({
    user: { id: user.id, email: user.email, isAdmin: user.isAdmin, isActive: user.isActive, tier: user.tier },
    key: { id: key.id, name: key.name, prefix: key.prefix, scopes: key.scopes, createdAt: key.created_at.toISOString(), expiresAt: key.expires_at?.toISOString() ?? null },
  }),
  listProjects: (c, i) => opListProjects(c, i.query),
  getProject: (c, i) => opGetProject(c, i.params.projectId),
  listAnalyses: (c, i) => opListAnalyses(c, i.params.projectId, i.query),
  getAnalysis: (c, i) => opGetAnalysis(c, i.params.analysisId),
  getResults: (c, i) => opGetResults(c, i.params.analysisId, i.query),
  getVisibility: (c, i) => opGetVisibility(c, i.params.analysisId),
  listAnswers: (c, i) => opListAnswers(c, i.params.analysisId, i.query),
  getSources: (c, i) => opGetSources(c, i.params.analysisId, i.query),
  getTrends: (c, i) => opGetTrends(c, i.params.projectId, i.query),
  startAnalysis: (c, i) => opStartAnalysis(c, i.params.projectId),
  startAddModel: (c, i) => opStartAddModel(c, i.params.analysisId, i.body.modelId),
  cancelAnalysis: (c, i) => opCancelAnalysis(c, i.params.analysisId),
  getProjectVisibility: async (c, i) => opGetVisibility(c, await analysisOf(c, i.params.projectId, i.query.analysisId)),
  getQueryRanks: (c, i) => opGetQueryRanks(c, i.params.projectId, i.query),
  getProjectSources: async (c, i) => opGetSources(c, await analysisOf(c, i.params.projectId, i.query.analysisId), i.query),
  getSchedule: (c, i) => dailySchedule(c.principal.user, i.params.projectId),
  changeSchedule: (c, i) => changeDailySchedule(c.principal.user, i.params.projectId, i.body),
  exportReport: (c, i) => opExportReport(c, i.params.analysisId, i.query),
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
