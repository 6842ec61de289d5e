/**
 * Source Insights (phase 4), the search: starting, cancelling and deleting an analysis's source search (a Temporal
 * workflow `source-search-<analysisId>`) and its progress, reconciled with Temporal while it claims to run.
 * The other parts: sources-data.server.ts reads the stored insights, sources.server.ts builds the eight tabs,
 * sources-export.server.ts the Model Export file, sources-explorer.server.ts the admin explorers.
 *
 * Decisions where the spec is silent:
 * - Only the project owner (or an admin acting as owner) may run, cancel or delete a search; people
 *   a project is shared with, visitors of a public project and admins may read the tabs.
 * - A search runs on completed full-mode analyses only (light mode: 403 'Source Insights are not
 *   available in Light Mode'); one at a time per analysis (409 while one runs). Running again keeps
 *   the insights already stored and asks only what is missing.
 * - Deleting search insights while a search runs terminates it first.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import type { Db } from '../../db/client'
import { db } from './db.server'
import type { User } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { badRequest, conflict, forbidden } from './http.server'
import { getAnalysis, type AnalysisRow } from './analyses.server'
import { forgetWorkflow, readWorkflow, startWorkflow, temporal } from './temporal.server'
import { loadProviderConfigs } from './models.server'
import { modelById } from '../domain/models'
import { SOURCE_SEARCH_PHASES, sourceSearchWorkflowId, type ProgressDetails } from '../../workflows/shared'
import { deleteSourceParts } from '../../db/sources-parts'
import { SEARCH_MODEL_IDS, type SearchProgressView, type SearchStatus } from '../domain/sources/types'

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

export const RUNNING: SearchStatus[] = ['pending', 'in_progress']

const TEMPORAL_ENDS: Record<string, { status: SearchStatus; message: string }> = {
  CANCELLED: { status: 'cancelled', message: 'The source search was cancelled in Temporal.' },
  TERMINATED: { status: 'cancelled', message: 'The source search was terminated by an operator in Temporal.' },
  FAILED: { status: 'failed', message: 'The source search workflow failed in Temporal.' },
  TIMED_OUT: { status: 'failed', message: 'The source search workflow timed out in Temporal.' },
  NOT_FOUND: { status: 'failed', message: 'The source search workflow no longer exists in Temporal.' },
}

// ------------------------------------------------------------------ status and progress

export function progressView(row: SearchRow, live: ProgressDetails | null, note: string | null): SearchProgressView {
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
export async function searchOf(sql: Db, analysisId: number): Promise<{ row: SearchRow; live: ProgressDetails | null; note: string | null } | null> {
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

/** An entry of GET /api/analyses?activeOnly=true for a running source search (its phase text contains 'Search' or 'Enhanced'). */
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
