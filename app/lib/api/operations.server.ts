/**
 * The operations of the REST API and the MCP tools: each calls the same app/lib functions the app's own routes call
 * (projects, analyses, results, sources, trends, model budget, schedule, report), so access rules, quotas,
 * rate limits and the cost cap are theirs.
 */
import { db } from '../db.server'
import type { User } from '../auth.server'
import { getProject, listProjects } from '../projects.server'
import { cancelAnalysis, getAnalysis, isActiveStatus, progressOf, startAddModel, startAnalysis, type AnalysisRow } from '../analyses.server'
import { loadResultsView } from '../results.server'
import { loadSourcesView } from '../sources.server'
import { searchInsightsOf } from '../sources-data.server'
import { loadTrends } from '../trends.server'
import { reportForUser } from '../report.server'
import { admitModelWork } from '../model-budget.server'
import { insightsSummaryOf, modelResultsOf, type AnswerFigures } from '../../domain/api/analysis-details'
import { brandList, isoDay } from '../../domain/analyses'
import { ALL_MODEL_IDS, modelById } from '../../domain/models'
import { ANALYSE_AGAIN_QUESTION } from '../../domain/limits'
import { decodeCursor, pageOf, visibilitySummary } from '../../domain/api'
import type * as S from '../../domain/api/schemas'
import { ApiError, badRequest } from './errors.server'
import type { ApiPrincipal } from './keys.server'
import { toApiAnalysis, toApiAnswer, toApiProject, type AnswerRow, type Out } from './mappers.server'

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
  if (q.tab && h.tab !== q.tab) throw badRequest(`This analysis has no ${q.tab} tab (tabs: ${h.tabs.filter((t) => t !== 'model-admin' && t !== 'accuracy').join(', ')})`)
  if (q.model && h.filters.model !== q.model) throw badRequest(`model ${q.model} has no answers in this analysis (models: ${h.options.models.map((m) => m.value).join(', ')})`)
  if (q.topic && h.filters.topic !== q.topic) throw badRequest(`"${q.topic}" is not a topic of this analysis`)
  if (q.audience && h.filters.audience !== q.audience) throw badRequest(`"${q.audience}" is not an audience of this analysis`)
  const data = view.data
  // RESULT_API_TABS has no model-admin, and an unknown tab was refused above.
  if (data.tab === 'model-admin') throw badRequest('This analysis has no model-admin tab')
  if (data.tab === 'accuracy') throw badRequest('The accuracy of an analysis is GET /analyses/{analysisId}/accuracy')
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

export async function opGetTrends({ principal }: OpContext, projectId: number, q: { query?: string; topicBrand?: string; modelBrand?: string }) {
  const t = await loadTrends(principal.user, projectId, { query: q.query ?? null, topicBrand: q.topicBrand ?? null, modelBrand: q.modelBrand ?? null })
  return {
    projectId,
    brands: t.brands,
    models: t.models,
    modelBrand: t.modelBrand,
    days: t.days,
    queries: t.queries,
    query: t.query,
    queryRanks: t.queryRanks,
    topics: t.topics,
    topicBrand: t.topicBrand,
    topicTrend: t.topicTrend,
    queryModels: t.queryModels,
    queryModelTotals: t.queryModelTotals,
    alerts: t.alerts,
  }
}

export async function opStartAnalysis({ principal, clientAddress }: OpContext, projectId: number, again: boolean) {
  await getProject(principal.user, projectId, 'write')
  const ticket = await admitModelWork({ user: principal.user, clientAddress })
  const row = await startAnalysis(principal.user, projectId, ticket, { again }).catch(async (err: unknown) => {
    // The app asks the admin to confirm; an API client confirms with the body's `again`.
    if (err instanceof Response && err.status === 409 && ((await err.clone().json().catch(() => null)) as { error?: string } | null)?.error === ANALYSE_AGAIN_QUESTION) {
      throw new ApiError(409, 'conflict', `${ANALYSE_AGAIN_QUESTION} To confirm, send {"again": true}.`)
    }
    throw err
  })
  const [run] = row.workflow_id ? await db()<{ id: number }[]>`select id from model_runs where workflow_id = ${row.workflow_id}` : []
  return { analysis: toApiAnalysis(row, row.progress), runId: run?.id ?? null, workflowId: row.workflow_id }
}

export async function opStartAddModel({ principal, clientAddress }: OpContext, analysisId: number, modelId: number) {
  await getAnalysis(principal.user, analysisId, 'write')
  if (!modelById(modelId)) throw badRequest(`Unknown model ${modelId}: use ${ALL_MODEL_IDS.slice(0, -1).join(', ')} or ${ALL_MODEL_IDS[ALL_MODEL_IDS.length - 1]}`)
  const ticket = await admitModelWork({ user: principal.user, clientAddress })
  const run = await startAddModel(principal.user, analysisId, modelId, ticket)
  return { analysisId: run.analysisId, modelId: run.modelId, model: run.model, runId: run.runId, workflowId: run.workflowId }
}

export async function opCancelAnalysis({ principal }: OpContext, analysisId: number) {
  const row = await cancelAnalysis(principal.user, analysisId)
  return toApiAnalysis(row, row.progress)
}

/** The analysis a project-level route reads: the one given (it must belong to the project), else the latest completed one. */
export async function analysisOf({ principal }: OpContext, projectId: number, analysisId?: number): Promise<number> {
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
