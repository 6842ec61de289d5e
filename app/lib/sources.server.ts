/**
 * Source Insights (phase 4): starting, cancelling and deleting an analysis's source search (a
 * Temporal workflow `source-search-<analysisId>`), its progress, and the view of the eight tabs.
 *
 * Decisions where the spec is silent:
 * - Only the project owner (or an admin acting as owner) may run, cancel or delete a search; people
 *   a project is shared with, visitors of a public project and admins may read the tabs.
 * - A search runs on completed full-mode analyses only (light mode: 403 'Source Insights are not
 *   available in Light Mode'); one at a time per analysis (409 while one runs). Running again keeps
 *   the insights already stored and asks only what is missing.
 * - Deleting search insights while a search runs terminates it first.
 * - The default analysis is the latest with insights, else the latest completed (§4).
 * - Tabs read the enhanced insights by default; the insight set selector offers the analysis
 *   answers' (basic) insights or both.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import type postgres from 'postgres'
import { db } from './db.server'
import type { User } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { badRequest, conflict, forbidden, idSearchParam, notFound } from './http.server'
import { getProject, type Project } from './projects.server'
import { getAnalysis, type AnalysisRow } from './analyses.server'
import { forgetWorkflow, readWorkflow, startWorkflow, temporal } from './temporal.server'
import { loadProviderConfigs } from './models.server'
import { modelById } from '../domain/models'
import { brandList, isoDay } from '../domain/analyses'
import { SOURCE_SEARCH_PHASES, type ProgressDetails } from '../../workflows/shared'
import type { SourceType } from '../domain/sources/classify'
import { keywordTerms } from '../domain/sources/keywords'
import type { InsightKind } from '../domain/sources/insights'
import { mergeKinds } from '../domain/sources/parts'
import { deleteSourceParts, insightFingerprints, packSourceParts, readSourceParts } from '../../db/sources-parts'
import {
  citationCards, citationShare, gapList, legacyCitations, keywordInsights, ownedCitationRate, siteModelComparison, sitePriorities, sourceAnalytics, topicsAudiences,
  COMPARISON_DEFAULT, SOURCE_TYPES, type InsightLite, type SourceBrands,
} from '../domain/sources/views'
import {
  EXPANSION_MODEL_ID, SEARCH_MODEL_IDS, SOURCE_LIMITS, SOURCE_TAB_IDS, insightKindsLabel, type ApiResponseItem, type InsightSet, type ModelExportRow,
  type SearchProgressView, type SearchStatus, type SourceTab, type SourceTabData, type SourcesViewData,
} from '../domain/sources/types'
import { sourceSearchWorkflowId } from '../../workflows/shared'

type Sql = postgres.Sql<any>


export const DELETE_SEARCH_INSIGHTS_CONFIRM = 'Are you sure you want to delete all search insights data? This cannot be undone.'

interface SearchRow {
  analysis_id: number
  workflow_id: string
  status: SearchStatus
  model_ids: number[]
  progress: ProgressDetails | null
  error: string | null
  started_at: Date
  completed_at: Date | null
}

const RUNNING: SearchStatus[] = ['pending', 'in_progress']

const TEMPORAL_ENDS: Record<string, { status: SearchStatus; message: string }> = {
  CANCELLED: { status: 'cancelled', message: 'The source search was cancelled in Temporal.' },
  TERMINATED: { status: 'cancelled', message: 'The source search was terminated by an operator in Temporal.' },
  FAILED: { status: 'failed', message: 'The source search workflow failed in Temporal.' },
  TIMED_OUT: { status: 'failed', message: 'The source search workflow timed out in Temporal.' },
  NOT_FOUND: { status: 'failed', message: 'The source search workflow no longer exists in Temporal.' },
}

// ------------------------------------------------------------------ status and progress

function progressView(row: SearchRow, live: ProgressDetails | null, note: string | null): SearchProgressView {
  const p = live ?? row.progress
  return {
    status: row.status,
    phase: p?.phase ?? (row.status === 'pending' ? 'Waiting for Source Search' : row.status),
    message: p?.message ?? '',
    percent: p?.progressPercent ?? 0,
    completed: p?.queriesCompleted ?? 0,
    total: p?.queriesTotal ?? 0,
    error: row.error,
    models: Object.entries(p?.modelStatus ?? {}).map(([id, m]) => ({ modelId: Number(id), name: m.name, status: m.status, completed: m.completed, total: m.total, error: m.error })),
    note,
  }
}

/** The phase texts the source-search workflow itself writes when it ends. */
const ENDED_PHASE: Partial<Record<SearchStatus, string>> = { cancelled: SOURCE_SEARCH_PHASES.cancelled, failed: SOURCE_SEARCH_PHASES.failed }

/** A run's last stored progress, closed because Temporal ended it: phase and message say so, unfinished models end too. */
function endedProgress(p: ProgressDetails | null, status: SearchStatus, message: string): ProgressDetails | null {
  if (!p) return null
  const modelStatus = Object.fromEntries(
    Object.entries(p.modelStatus ?? {}).map(([id, m]) => [id, m.status === 'completed' || m.status === 'failed' ? m : { ...m, status: 'failed' as const }]),
  ) as ProgressDetails['modelStatus']
  return { ...p, phase: ENDED_PHASE[status] ?? p.phase, message, modelStatus, isComplete: true, estimatedTimeRemaining: null }
}

/** The search's stored row, reconciled with Temporal while it claims to run (an operator may have terminated it). */
async function searchOf(sql: Sql, analysisId: number): Promise<{ row: SearchRow; live: ProgressDetails | null; note: string | null } | null> {
  const [row] = await sql<SearchRow[]>`select * from source_searches where analysis_id = ${analysisId}`
  if (!row) return null
  if (!RUNNING.includes(row.status)) return { row, live: null, note: null }
  const read = await readWorkflow(row.workflow_id)
  if (read.state === 'RUNNING') return { row, live: read.progress, note: null }
  const end = TEMPORAL_ENDS[read.state]
  if (!end) return { row, live: null, note: null }
  // Recorded as pending a moment before its workflow starts: not gone yet.
  if (read.state === 'NOT_FOUND' && Date.now() - new Date(row.started_at).getTime() < 60_000) return { row, live: null, note: null }
  // The last progress the workflow stored still reads as running: end it the way the workflow ends its own.
  const ended = endedProgress(row.progress, end.status, end.message)
  const [fresh] = await sql<SearchRow[]>`
    update source_searches set status = ${end.status}, error = coalesce(error, ${end.message}), completed_at = coalesce(completed_at, now()),
      progress = ${ended ? sql.json(ended as any) : null}
    where analysis_id = ${analysisId} and workflow_id = ${row.workflow_id} and status in ('pending', 'in_progress') returning *`
  // The workflow may have recorded its own end meanwhile.
  const after = fresh ?? (await sql<SearchRow[]>`select * from source_searches where analysis_id = ${analysisId}`)[0] ?? row
  return { row: after, live: null, note: fresh ? end.message : null }
}

/** GET /api/analyses/{id}/source-search: the search's status and progress (null when none ran). */
export async function sourceSearchStatus(user: User, analysisId: number) {
  const { analysis } = await getAnalysis(user, analysisId)
  const s = await searchOf(db(), analysis.id)
  return { analysisId: analysis.id, searchInsightsStatus: s?.row.status ?? null, progress: s ? progressView(s.row, s.live, s.note) : null }
}

/** An entry of GET /api/analyses?activeOnly=true for a running source search (§4: its phase text contains 'Search' or 'Enhanced'). */
export interface ActiveSourceSearch {
  id: number
  kind: 'source-search'
  projectId: number
  status: 'completed'
  searchInsightsStatus: SearchStatus
  progressDetails: Pick<ProgressDetails, 'phase' | 'message' | 'progressPercent' | 'queriesCompleted' | 'queriesTotal'>
  project: { id: number; name: string; brandDomain: string; isLightMode: boolean }
}

/** The running source searches of the projects the user owns or has been shared, each reconciled with Temporal. */
export async function activeSourceSearches(user: User): Promise<ActiveSourceSearch[]> {
  const sql = db()
  const rows = await sql<{ analysis_id: number; project_id: number; project_name: string; brand_domain: string; is_light_mode: boolean }[]>`
    select s.analysis_id, a.project_id, p.name as project_name, p.brand_domain, p.is_light_mode
    from source_searches s join analyses a on a.id = s.analysis_id join projects p on p.id = a.project_id
    left join project_shares sh on sh.project_id = p.id and sh.user_id = ${user.id}
    where s.status in ('pending', 'in_progress') and (p.user_id = ${user.id} or sh.user_id is not null)
    order by s.started_at desc limit 20`
  const found = await Promise.all(rows.map(async (r) => ({ r, s: await searchOf(sql, r.analysis_id) })))
  return found
    .filter(({ s }) => s && RUNNING.includes(s.row.status))
    .map(({ r, s }) => {
      const v = progressView(s!.row, s!.live, s!.note)
      return {
        id: r.analysis_id,
        kind: 'source-search' as const,
        projectId: r.project_id,
        status: 'completed' as const,
        searchInsightsStatus: s!.row.status,
        progressDetails: { phase: v.phase, message: v.message, progressPercent: v.percent, queriesCompleted: v.completed, queriesTotal: v.total },
        project: { id: r.project_id, name: r.project_name, brandDomain: r.brand_domain, isLightMode: r.is_light_mode },
      }
    })
}

// ------------------------------------------------------------------ start, cancel, delete

/** The search models of an analysis, with their provider's concurrency. */
function planModels(analysis: AnalysisRow) {
  const configs = loadProviderConfigs()
  return analysis.model_ids
    .filter((id) => SEARCH_MODEL_IDS.includes(id))
    .map((id) => {
      const m = modelById(id)!
      return { modelId: id, name: m.name, concurrency: configs[m.provider]?.concurrency ?? 8 }
    })
}

/** Starts (or restarts) the source search of a completed full-mode analysis. */
export async function startSourceSearch(user: User, analysisId: number, ticket: BudgetTicket) {
  const { analysis, project } = await getAnalysis(user, analysisId, 'write')
  if (!user.isActive) forbidden('Account paused - contact admin')
  if (analysis.is_light_mode || project.isLightMode) forbidden('Source Insights are not available in Light Mode')
  if (analysis.status !== 'completed') conflict('Wait for the analysis to complete before running the source search')
  const models = planModels(analysis)
  if (!models.length) badRequest('This analysis has no model with web search')
  const sql = db()
  const workflowId = sourceSearchWorkflowId(analysis.id)
  const current = await searchOf(sql, analysis.id)
  if (current && RUNNING.includes(current.row.status)) conflict('A source search is already running for this analysis')
  await sql`
    insert into source_searches (analysis_id, workflow_id, status, model_ids, progress, error, started_at, completed_at)
    values (${analysis.id}, ${workflowId}, 'pending', ${models.map((m) => m.modelId)}, null, null, now(), null)
    on conflict (analysis_id) do update set workflow_id = excluded.workflow_id, run_id = null, status = 'pending', model_ids = excluded.model_ids,
      progress = null, error = null, started_at = now(), completed_at = null`
  const input = { analysisId: analysis.id, workflowId, models, queries: analysis.queries.map((q) => ({ index: q.index, query: q.query })) }
  const brand = analysis.brands.brand.name
  try {
    const start = () =>
      startWorkflow('sourceSearchWorkflow', {
        workflowId,
        args: [input],
        labels: { projectId: analysis.project_id, userEmail: user.email, brand, runKind: 'source-search' },
        summary: `Source search of analysis ${analysis.id}: ${models.length} search models × ${input.queries.length} queries · ${brand} · project ${analysis.project_id} · ${user.email}`,
        ticket,
      })
    // A search that has just recorded its end (cancelled, failed) closes a moment later: wait for it briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await start()
        break
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError) || attempt >= 20) throw err
        await new Promise((r) => setTimeout(r, 250))
      }
    }
    forgetWorkflow(workflowId)
  } catch (err) {
    const message = err instanceof WorkflowExecutionAlreadyStartedError ? 'A source search is already running for this analysis' : 'The analysis service (Temporal) is not reachable. Try again in a minute.'
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) await sql`update source_searches set status = 'failed', error = ${message}, completed_at = now() where analysis_id = ${analysis.id}`
    if (err instanceof WorkflowExecutionAlreadyStartedError) conflict(message)
    throw new Response(JSON.stringify({ error: message, message }), { status: 503, headers: { 'content-type': 'application/json' } })
  }
  return { analysisId: analysis.id, workflowId, searchInsightsStatus: 'pending' as const, models: models.map((m) => m.modelId) }
}

/** POST /api/analyses/{id}/cancel-search: Temporal cancellation; the workflow records 'cancelled' itself. */
export async function cancelSourceSearch(user: User, analysisId: number) {
  const { analysis } = await getAnalysis(user, analysisId, 'write')
  const sql = db()
  const current = await searchOf(sql, analysis.id)
  if (!current || !RUNNING.includes(current.row.status)) conflict('No source search is running for this analysis')
  const client = await temporal()
  await client.workflow.getHandle(current.row.workflow_id).cancel().catch(() => {})
  forgetWorkflow(current.row.workflow_id)
  for (let i = 0; i < 50; i++) {
    const [row] = await sql<SearchRow[]>`select * from source_searches where analysis_id = ${analysis.id}`
    if (!row || !RUNNING.includes(row.status)) return { analysisId: analysis.id, searchInsightsStatus: row?.status ?? 'cancelled', cancelled: true }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { analysisId: analysis.id, searchInsightsStatus: 'cancelled' as const, cancelled: true }
}

/** POST /api/analyses/{id}/delete-search-insights: clears basic and enhanced insights (a running search is terminated). */
export async function deleteSearchInsights(user: User, analysisId: number) {
  const { analysis } = await getAnalysis(user, analysisId, 'write')
  const sql = db()
  const [row] = await sql<SearchRow[]>`select * from source_searches where analysis_id = ${analysis.id}`
  if (row && RUNNING.includes(row.status)) {
    const client = await temporal()
    await client.workflow.getHandle(row.workflow_id).terminate('Search insights deleted by the owner').catch(() => {})
    forgetWorkflow(row.workflow_id)
  }
  const deleted = await sql.begin(async (tx) => {
    const gone = await tx`delete from search_insights where analysis_id = ${analysis.id}`
    await deleteSourceParts(tx, analysis.id)
    await tx`delete from source_searches where analysis_id = ${analysis.id}`
    return gone.count
  })
  return { analysisId: analysis.id, deleted, ok: true }
}

// ------------------------------------------------------------------ reading insights

interface LiteRow {
  kind: 'basic' | 'enhanced'
  model_id: number
  query_index: number
  query: string
  citations: InsightLite['citations']
  sources: InsightLite['sources']
  web_search_queries: string[]
}

/** Every field of the insights, snippets included: the Citations tab reads these. */
async function readLite(sql: Sql, analysisId: number, set: InsightSet): Promise<InsightLite[]> {
  const rows = await sql<LiteRow[]>`
    select kind, model_id, query_index, query, citations, sources, web_search_queries from search_insights
    where analysis_id = ${analysisId} ${set === 'all' ? sql`` : sql`and kind = ${set}`}
    order by query_index, model_id, kind`
  return rows.map((r) => ({ kind: r.kind, modelId: r.model_id, queryIndex: r.query_index, query: r.query, citations: r.citations, sources: r.sources, webSearchQueries: r.web_search_queries }))
}

type Fingerprints = Awaited<ReturnType<typeof insightFingerprints>>

/** Unpacked parts of the last few analyses read, by analysis, kind and fingerprint (read-only: the views never change an insight). */
const compactCache = new Map<string, InsightLite[]>()
const COMPACT_CACHE_MAX = 16

function remember(key: string, list: InsightLite[]) {
  compactCache.delete(key)
  compactCache.set(key, list)
  while (compactCache.size > COMPACT_CACHE_MAX) compactCache.delete(compactCache.keys().next().value!)
}

/**
 * The insights of a set in compact form (app/domain/sources/parts.ts), for every tab but Citations: from this
 * process's cache, else the stored part, else packed from the rows (and stored) when the part is missing or older
 * than the insights. The same figures as readLite, at a fraction of the reading.
 */
async function readCompact(sql: Sql, analysisId: number, set: InsightSet, fps: Fingerprints): Promise<InsightLite[]> {
  const kinds: InsightKind[] = set === 'all' ? ['basic', 'enhanced'] : [set]
  const got = new Map<InsightKind, InsightLite[]>()
  const missing: { kind: InsightKind; fingerprint: string }[] = []
  for (const kind of kinds) {
    const hit = fps[kind].count === 0 ? [] : compactCache.get(`${analysisId}|${kind}|${fps[kind].fingerprint}`)
    if (hit) got.set(kind, hit)
    else missing.push({ kind, fingerprint: fps[kind].fingerprint })
  }
  if (missing.length) {
    const stored = await readSourceParts(sql, analysisId, missing)
    for (const m of missing) {
      let list = stored.get(m.kind)
      if (list) remember(`${analysisId}|${m.kind}|${m.fingerprint}`, list)
      else {
        const packed = await packSourceParts(sql, analysisId, m.kind)
        remember(`${analysisId}|${m.kind}|${packed.fingerprint}`, (list = packed.list))
      }
      got.set(m.kind, list)
    }
  }
  return set === 'all' ? mergeKinds(got.get('basic')!, got.get('enhanced')!) : got.get(set)!
}

/** GET /api/analyses/{id}/search-insights: the §3 Analysis fields searchInsights, enhancedSearchInsights, dualSearchInsights. */
export async function searchInsightsOf(user: User, analysisId: number) {
  const { analysis } = await getAnalysis(user, analysisId)
  const sql = db()
  const rows = await sql<(LiteRow & { model_name: string; response: string; details: Record<string, unknown> })[]>`
    select kind, model_id, query_index, query, model_name, response, citations, sources, web_search_queries, details from search_insights
    where analysis_id = ${analysis.id} order by query_index, model_id`
  const insight = (r: (typeof rows)[number]) => ({
    query: r.query, queryIndex: r.query_index, model: modelById(r.model_id)?.filter ?? String(r.model_id), modelId: r.model_id, modelName: r.model_name,
    response: r.response, citations: r.citations, sources: r.sources, webSearchQueries: r.web_search_queries, ...r.details,
  })
  const enhanced = rows.filter((r) => r.kind === 'enhanced')
  const byProvider = (id: number) => enhanced.filter((r) => r.model_id === id).map(insight)
  const s = await searchOf(sql, analysis.id)
  return {
    analysisId: analysis.id,
    searchInsightsStatus: s?.row.status ?? null,
    searchInsights: rows.filter((r) => r.kind === 'basic').map(insight),
    enhancedSearchInsights: enhanced.map(insight),
    dualSearchInsights: { geminiInsights: byProvider(6), openaiInsights: byProvider(8), grokInsights: byProvider(9), claudeInsights: byProvider(3), perplexityInsights: byProvider(5) },
  }
}

// ------------------------------------------------------------------ the phase-4 view

interface QueryMeta {
  index: number
  query: string
  topic: string | null
  audience: string | null
}

const queriesOf = (a: Pick<AnalysisRow, 'queries'>): QueryMeta[] => a.queries.map((q) => ({ index: q.index, query: q.query, topic: q.topic ?? null, audience: q.audience ?? null }))

/** The analysis's brand list (own brand first), split as the source classification reads it. */
function brandsFor(a: Pick<AnalysisRow, 'brands'>): SourceBrands {
  const [own, ...competitors] = brandList(a.brands)
  return { own, competitors }
}

function parseQueries(raw: string | null, known: QueryMeta[]): number[] {
  if (!raw) return []
  const ok = new Set(known.map((q) => q.index))
  return [...new Set(raw.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && ok.has(n)))]
}

/** The insights the filters keep: model, topic, audience and the chosen queries (§2 header). */
function applyFilters(list: InsightLite[], f: SourcesViewData['filters'], meta: Map<number, QueryMeta>): InsightLite[] {
  return list.filter((i) => {
    if (f.model !== null && i.modelId !== f.model) return false
    const q = meta.get(i.queryIndex)
    if (f.topic && q?.topic !== f.topic) return false
    if (f.audience && q?.audience !== f.audience) return false
    if (f.queries.length && !f.queries.includes(i.queryIndex)) return false
    return true
  })
}

interface AnalysisListRow {
  id: number
  status: string
  date: Date | string
  created_at: Date
  is_light_mode: boolean
}

/** The view for /?phase=4&project=…&analysis=…&tab=… (404 for projects the user may not see). */
export async function loadSourcesView(user: User, url: URL): Promise<SourcesViewData> {
  const sql = db()
  const g = (k: string) => url.searchParams.get(k)?.trim() || null
  const projectId = idSearchParam(url, 'project')
  if (projectId === null) notFound('Project not found')
  const project: Project = await getProject(user, projectId, 'read')
  const runs = await sql<(AnalysisListRow & { basic: number; enhanced_models: number[] })[]>`
    select a.id, a.status, a.date, a.created_at, a.is_light_mode,
      (select count(*)::int from search_insights s where s.analysis_id = a.id and s.kind = 'basic') as basic,
      coalesce((select array_agg(distinct s.model_id) from search_insights s where s.analysis_id = a.id and s.kind = 'enhanced'), '{}') as enhanced_models
    from analyses a where a.project_id = ${project.id} and a.status = 'completed' order by a.created_at desc`
  const requested = idSearchParam(url, 'analysis')
  const shown = runs.find((r) => r.id === requested) ?? runs.find((r) => r.basic > 0 || r.enhanced_models.length > 0) ?? runs[0]
  const tab = (SOURCE_TAB_IDS.includes(g('tab') ?? '') ? g('tab') : 'site-priorities') as SourceTab
  const isOwner = project.accessType === 'owner'
  const base: SourcesViewData = {
    kind: 'view',
    project: { id: project.id, name: project.name, brandName: project.brandDomain, isLightMode: project.isLightMode, isOwner },
    analyses: runs.map((r) => ({ id: r.id, date: isoDay(r.date), createdAt: new Date(r.created_at).toISOString(), kinds: insightKindsLabel(r.basic, r.enhanced_models) })),
    analysisId: shown?.id ?? null,
    analysisStatus: shown?.status ?? null,
    search: null,
    counts: { basic: shown?.basic ?? 0, enhanced: 0 },
    enhancedModels: shown?.enhanced_models ?? [],
    tab,
    filters: { model: null, set: 'enhanced', topic: null, audience: null, queries: [] },
    options: { models: [], topics: [], audiences: [], queries: [] },
    required: true,
    canRun: false,
    data: null,
  }
  if (!shown) return base
  const [analysis] = await sql<Pick<AnalysisRow, 'queries' | 'brands' | 'is_light_mode'>[]>`select queries, brands, is_light_mode from analyses where id = ${shown.id}`
  const search = await searchOf(sql, shown.id)
  base.search = search ? progressView(search.row, search.live, search.note) : null
  const fps = await insightFingerprints(sql, shown.id)
  base.counts.enhanced = fps.enhanced.count
  base.canRun = isOwner && user.isActive && !analysis.is_light_mode && !project.isLightMode && !(search && RUNNING.includes(search.row.status))

  const set: InsightSet = g('set') === 'basic' ? 'basic' : g('set') === 'all' ? 'all' : 'enhanced'
  const queries = queriesOf(analysis)
  const meta = new Map(queries.map((q) => [q.index, q]))
  const modelParam = Number(g('model'))
  const topic = g('topic')
  const audience = g('audience')
  base.filters = {
    model: Number.isInteger(modelParam) && modelById(modelParam) ? modelParam : null,
    set,
    topic,
    audience,
    // §4: a topic or audience filter clears the selected queries (the screen drops them on change).
    queries: parseQueries(g('queries'), queries),
  }
  // Citations shows snippets and titles: it reads the rows; every other tab reads the compact parts.
  const all = tab === 'content-priorities' ? await readLite(sql, shown.id, set) : await readCompact(sql, shown.id, set, fps)
  base.required = all.length === 0
  base.options = {
    models: [...new Set(all.map((i) => i.modelId))].sort((a, b) => a - b),
    topics: [...new Set(queries.map((q) => q.topic).filter((t): t is string => Boolean(t)))].sort(),
    audiences: [...new Set(queries.map((q) => q.audience).filter((t): t is string => Boolean(t)))].sort(),
    queries,
  }
  if (base.required) return base
  const list = applyFilters(all, base.filters, meta)
  base.data = await tabData(sql, tab, list, brandsFor(analysis), meta, url, shown.id, project.language, set)
  return base
}

async function tabData(sql: Sql, tab: SourceTab, list: InsightLite[], brands: SourceBrands, meta: Map<number, QueryMeta>, url: URL, analysisId: number, language: string, set: InsightSet): Promise<SourceTabData> {
  const selectedQuery = () => {
    const q = Number(url.searchParams.get('q'))
    const present = [...new Set(list.map((i) => i.queryIndex))].sort((a, b) => a - b)
    return Number.isInteger(q) && present.includes(q) ? q : (present[0] ?? null)
  }
  switch (tab) {
    case 'site-priorities': {
      const view = sitePriorities(list, brands)
      // The screen shows neither titles nor per-model query lists: keep them out of the page's JSON.
      view.sites = view.sites.map((site) => ({ ...site, titles: [], queriesByModel: {} }))
      const share = citationShare(list, brands, 20)
      return {
        tab,
        view,
        citationShare: share.rows,
        citationShareModels: share.models,
        gaps: gapList(list, brands),
        ownedRate: ownedCitationRate(list, brands),
      }
    }
    case 'source-analytics': {
      const types = (url.searchParams.get('types')?.split(',').filter((t): t is SourceType => (SOURCE_TYPES as readonly string[]).includes(t)) ?? []) as SourceType[]
      const chosen = types.length ? types : [...SOURCE_TYPES]
      return { tab, view: sourceAnalytics(list, brands, chosen), types: chosen }
    }
    case 'topics-audiences':
      return { tab, view: topicsAudiences(list, brands, (q) => ({ topic: meta.get(q)?.topic ?? null, audience: meta.get(q)?.audience ?? null })) }
    case 'keyword-insights':
      return { tab, view: keywordInsights(list, EXPANSION_MODEL_ID, (texts) => keywordTerms(texts, language)) }
    case 'content-priorities': {
      const selected = url.searchParams.get('q') === null ? null : selectedQuery()
      const chosen = selected === null ? list : list.filter((i) => i.queryIndex === selected)
      // The legacy view (layout=legacy) numbers each response's citations; the cards view does not need them.
      const layout = url.searchParams.get('layout') === 'legacy' ? 'legacy' : 'cards'
      return { tab, view: citationCards(chosen, brands), selected, layout, legacy: layout === 'legacy' ? legacyCitations(chosen) : null }
    }
    case 'api-response': {
      const selected = selectedQuery()
      const present = [...new Set(list.map((i) => i.queryIndex))].sort((a, b) => a - b)
      const models = [...new Set(list.map((i) => i.modelId))]
      const items = selected === null ? [] : await apiResponseItems(sql, analysisId, selected, models, set)
      return { tab, queries: present.map((index) => ({ index, query: meta.get(index)?.query ?? '' })), selected, items }
    }
    case 'site-model-comparison': {
      const filter = (url.searchParams.get('domain') ?? '').slice(0, 200)
      const limit = Number(url.searchParams.get('top')) || COMPARISON_DEFAULT
      const view = siteModelComparison(list, brands, filter, limit)
      return { tab, view, filter, limit: Math.min(limit, 100) }
    }
    case 'model-export': {
      const rows = await exportRows(sql, analysisId, list, set, SOURCE_LIMITS.exportTable)
      return { tab, rows, total: list.length }
    }
  }
}

async function apiResponseItems(sql: Sql, analysisId: number, queryIndex: number, models: number[], set: InsightSet): Promise<ApiResponseItem[]> {
  if (!models.length) return []
  const rows = await sql<{ kind: 'basic' | 'enhanced'; model_id: number; model_name: string; response: string; citations: any[]; sources: any[]; web_search_queries: string[]; details: any; raw: unknown }[]>`
    select kind, model_id, model_name, response, citations, sources, web_search_queries, details, raw from search_insights
    where analysis_id = ${analysisId} and query_index = ${queryIndex} and model_id in ${sql(models)} ${set === 'all' ? sql`` : sql`and kind = ${set}`}
    order by model_id, kind`
  return rows.map((r) => ({
    modelId: r.model_id,
    modelName: r.model_name,
    kind: r.kind,
    timestamp: r.details?.timestamp ?? null,
    response: r.response,
    citations: r.citations,
    sources: r.sources,
    webSearchQueries: r.web_search_queries,
    searchMetadata: r.details?.searchMetadata ?? null,
    groundingMetadata: r.details?.groundingMetadata ?? null,
    usage: r.details?.usage ?? null,
    raw: r.raw,
  }))
}

/** Model Export rows (model, prompt, response, source URLs) for the filtered insights; `limit` null for all. */
async function exportRows(sql: Sql, analysisId: number, list: InsightLite[], set: InsightSet, limit: number | null): Promise<ModelExportRow[]> {
  const chosen = limit === null ? list : list.slice(0, limit)
  if (!chosen.length) return []
  const keys = new Set(chosen.map((i) => `${i.kind}|${i.modelId}|${i.queryIndex}`))
  const rows = await sql<{ kind: string; model_id: number; query_index: number; response: string }[]>`
    select kind, model_id, query_index, response from search_insights
    where analysis_id = ${analysisId} and query_index in ${sql([...new Set(chosen.map((i) => i.queryIndex))])} ${set === 'all' ? sql`` : sql`and kind = ${set}`}`
  const text = new Map(rows.filter((r) => keys.has(`${r.kind}|${r.model_id}|${r.query_index}`)).map((r) => [`${r.kind}|${r.model_id}|${r.query_index}`, r.response]))
  return chosen.map((i) => ({
    modelId: i.modelId,
    modelName: modelById(i.modelId)?.name ?? String(i.modelId),
    prompt: i.query,
    response: text.get(`${i.kind}|${i.modelId}|${i.queryIndex}`) ?? '',
    urls: [...new Set((i.citations.length ? i.citations : i.sources).map((c) => c.url))],
  }))
}

/** The Model Export file's rows for an analysis the user may read (the same filters as the screen). */
export async function modelExport(user: User, analysisId: number, url: URL): Promise<{ rows: ModelExportRow[]; project: string; model: string }> {
  const { analysis, project } = await getAnalysis(user, analysisId)
  const sql = db()
  const set: InsightSet = url.searchParams.get('set') === 'basic' ? 'basic' : url.searchParams.get('set') === 'all' ? 'all' : 'enhanced'
  const queries = queriesOf(analysis)
  const modelParam = Number(url.searchParams.get('model'))
  const filters: SourcesViewData['filters'] = {
    model: Number.isInteger(modelParam) && modelById(modelParam) ? modelParam : null,
    set,
    topic: url.searchParams.get('topic') || null,
    audience: url.searchParams.get('audience') || null,
    queries: parseQueries(url.searchParams.get('queries'), queries),
  }
  const list = applyFilters(await readCompact(sql, analysis.id, set, await insightFingerprints(sql, analysis.id)), filters, new Map(queries.map((q) => [q.index, q])))
  return { rows: await exportRows(sql, analysis.id, list, set, null), project: project.name, model: filters.model ? (modelById(filters.model)?.name ?? 'model') : 'all-models' }
}

// ------------------------------------------------------------------ admin source explorers (§2, §6)

export const EXPLORER_PAGE_SIZE = 25

export interface ExplorerRow {
  domain: string
  citations: number
  projects: { id: number; name: string; owner: string }[]
  byModel: Record<number, number>
  queries: string[]
}

/**
 * /admin/source-explorer (basic insights) and /admin/source-explorer-enhanced: the cited domains of every
 * project, most cited first, filtered by a domain substring; which projects, queries and models cite each.
 * Admin only (the route checks). A citation is one distinct URL of one insight, as on the tabs.
 */
export async function exploreSources(kind: 'basic' | 'enhanced', search: string, page: number): Promise<{ rows: ExplorerRow[]; total: number; page: number; pageSize: number }> {
  const sql = db()
  const term = search.trim().toLowerCase().slice(0, 200)
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const p = Math.max(1, Math.floor(page) || 1)
  const cited = sql`
    select distinct s.id as insight_id, s.analysis_id, s.model_id, s.query, e->>'domain' as domain, e->>'url' as url
    from search_insights s
    cross join lateral jsonb_array_elements(case when jsonb_array_length(s.citations) > 0 then s.citations else s.sources end) e
    where s.kind = ${kind} and e->>'domain' is not null ${term ? sql`and e->>'domain' ilike ${like}` : sql``}`
  const [{ total }] = await sql<{ total: number }[]>`select count(distinct domain)::int as total from (${cited}) c`
  const top = await sql<{ domain: string; citations: number }[]>`
    select domain, count(*)::int as citations from (${cited}) c group by domain order by citations desc, domain limit ${EXPLORER_PAGE_SIZE} offset ${(p - 1) * EXPLORER_PAGE_SIZE}`
  if (!top.length) return { rows: [], total, page: p, pageSize: EXPLORER_PAGE_SIZE }
  const details = await sql<{ domain: string; model_id: number; query: string; project_id: number; project_name: string; owner: string }[]>`
    select c.domain, c.model_id, c.query, p.id as project_id, p.name as project_name, u.email as owner
    from (${cited}) c join analyses a on a.id = c.analysis_id join projects p on p.id = a.project_id join users u on u.id = p.user_id
    where c.domain in ${sql(top.map((t) => t.domain))}`
  const rows = top.map((t) => {
    const mine = details.filter((d) => d.domain === t.domain)
    const projects = new Map(mine.map((d) => [d.project_id, { id: d.project_id, name: d.project_name, owner: d.owner }]))
    const byModel: Record<number, number> = {}
    for (const d of mine) byModel[d.model_id] = (byModel[d.model_id] ?? 0) + 1
    return { domain: t.domain, citations: t.citations, projects: [...projects.values()], byModel, queries: [...new Set(mine.map((d) => d.query))].slice(0, 10) }
  })
  return { rows, total, page: p, pageSize: EXPLORER_PAGE_SIZE }
}

/** The explorers' loader: 'Access Denied' (403) for anyone but an admin, else one page of domains. */
export async function explorerData(user: User, kind: 'basic' | 'enhanced', url: URL) {
  if (!user.isAdmin) return { denied: true as const, kind }
  const search = url.searchParams.get('q') ?? ''
  return { denied: false as const, kind, search, ...(await exploreSources(kind, search, Number(url.searchParams.get('page')) || 1)) }
}
