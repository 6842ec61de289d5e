/**
 * Share links of an analysis ("exports"): a 30-day read-only link of a completed analysis, created by the
 * project owner; the export history is visible to the owner, people the project is shared with and admins
 * (not to visitors of a public project). The public page itself is loadExportView (results.server.ts).
 */
import { randomBytes } from 'node:crypto'
import type postgres from 'postgres'
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest, notFound } from './http.server'
import { getProject } from './projects.server'
import { admitModelWork, type BudgetTicket } from './model-budget.server'
import { summaryFactsOf } from './report.server'
import { startWorkflow } from './temporal.server'
import { EXPORT_TTL_DAYS } from '../domain/limits'
import { isoDay } from '../domain/analyses'
import { exportSummaryWorkflowId } from '../../workflows/shared'
import type { Db } from '../../db/client'

export interface ExportListItem {
  id: string
  exportId: string
  analysisId: number
  createdAt: string
  analysisDate: string
  expiresAt: string
  expired: boolean
  aiSummary: string | null
  hasAiSummary: boolean
  url: string
}

/** POST /api/projects/{id}/export: a 30-day share link of a completed analysis (owner only). */
export async function createExport(user: User, projectId: number, analysisId?: number | null, clientAddress = 'unknown') {
  const project = await getProject(user, projectId, 'write')
  const sql = db()
  const [analysis] = analysisId
    ? await sql<{ id: number; status: string; date: Date }[]>`select id, status, date from analyses where id = ${analysisId} and project_id = ${project.id}`
    : await sql<{ id: number; status: string; date: Date }[]>`
        select id, status, date from analyses where project_id = ${project.id} and status = 'completed' order by created_at desc limit 1`
  if (!analysis) {
    if (analysisId) notFound('Analysis not found')
    badRequest('There is no completed analysis to export yet')
  }
  if (analysis.status !== 'completed') badRequest('Only completed analyses can be exported')
  const id = randomBytes(24).toString('base64url')
  const [row] = await sql<{ created_at: Date; expires_at: Date }[]>`
    insert into exports (id, project_id, analysis_id, user_id, ai_summary, expires_at)
    values (${id}, ${project.id}, ${analysis.id}, ${user.id}, null, now() + ${EXPORT_TTL_DAYS} * interval '1 day')
    returning created_at, expires_at`
  const aiSummary = await startSummary(user, id, analysis.id, project, clientAddress)
  return {
    success: true,
    exportId: id,
    id,
    analysisId: analysis.id,
    url: `/export/${id}`,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    aiSummary: null,
    aiSummaryStatus: aiSummary,
  }
}

/**
 * Starts the link's 'AI Insights' (exportSummaryWorkflow, through the gateway). The link never waits for it nor
 * depends on it: over the model budget (rate limit, daily cost cap) or with Temporal away, it has none.
 */
async function startSummary(user: User, exportId: string, analysisId: number, project: { id: number; name: string; brandDomain: string; marketDescription: string }, clientAddress: string): Promise<'generating' | 'skipped'> {
  let ticket: BudgetTicket
  try {
    ticket = await admitModelWork({ user, clientAddress })
  } catch (err) {
    if (err instanceof Response) return 'skipped'
    throw err
  }
  try {
    const facts = await summaryFactsOf(analysisId, { name: project.name, brandName: project.brandDomain, marketDescription: project.marketDescription })
    await startWorkflow('exportSummaryWorkflow', {
      workflowId: exportSummaryWorkflowId(exportId),
      args: [{ exportId, userId: user.id, facts }],
      timeout: '10 minutes',
      summary: `AI Insights of share link · ${project.brandDomain} · project ${project.id} · analysis ${analysisId} · ${user.email}`,
      ticket,
    })
    return 'generating'
  } catch (err) {
    console.warn(`export ${exportId}: AI Insights not started (${err instanceof Error ? err.message : String(err)})`)
    return 'skipped'
  }
}

/** The 'AI Insights' of a live share link (shown on /export/{id}), or null. */
export async function exportSummary(exportId: string): Promise<string | null> {
  const [row] = await db()<{ ai_summary: string | null }[]>`select ai_summary from exports where id = ${exportId} and expires_at > now()`
  return row?.ai_summary ?? null
}

/** The export links of a project: owner, sharees and admins (a public project's viewers get 404). */
const readableProject = (user: User, projectId: number) => getProject(user, projectId, 'exports')

async function exportRows(sql: Db, where: postgres.Fragment): Promise<ExportListItem[]> {
  const rows = await sql<{ id: string; analysis_id: number; created_at: Date; expires_at: Date; expired: boolean; ai_summary: string | null; date: Date }[]>`
    select e.id, e.analysis_id, e.created_at, e.expires_at, e.expires_at <= now() as expired, e.ai_summary, a.date
    from exports e join analyses a on a.id = e.analysis_id
    where ${where}
    order by e.created_at desc
    limit 500`
  return rows.map((r) => ({
    id: r.id,
    exportId: r.id,
    analysisId: r.analysis_id,
    createdAt: r.created_at.toISOString(),
    analysisDate: isoDay(r.date),
    expiresAt: r.expires_at.toISOString(),
    expired: r.expired,
    aiSummary: r.ai_summary,
    hasAiSummary: Boolean(r.ai_summary),
    url: `/export/${r.id}`,
  }))
}

/** GET /api/projects/{id}/exports */
export async function listProjectExports(user: User, projectId: number): Promise<ExportListItem[]> {
  const project = await readableProject(user, projectId)
  const sql = db()
  return exportRows(sql, sql`e.project_id = ${project.id}`)
}

/** GET /api/analyses/{id}/exports */
export async function listAnalysisExports(user: User, analysisId: number): Promise<ExportListItem[]> {
  const sql = db()
  const [a] = await sql<{ project_id: number }[]>`select project_id from analyses where id = ${analysisId}`
  if (!a) notFound('Analysis not found')
  await readableProject(user, a.project_id).catch((err) => {
    if (err instanceof Response && err.status === 404) notFound('Analysis not found')
    throw err
  })
  return exportRows(sql, sql`e.analysis_id = ${analysisId}`)
}

/**
 * POST /api/projects/{id}/exports/{exportId}/revoke: ends a share link now (whoever may create links);
 * the page, its report and its web-page report then answer 410 like an expired link.
 */
export async function revokeExport(user: User, projectId: number, exportId: string) {
  const project = await getProject(user, projectId, 'write')
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(exportId)) notFound('Export not found')
  const [row] = await db()<{ expires_at: Date }[]>`
    update exports set expires_at = least(expires_at, now()) where id = ${exportId} and project_id = ${project.id} returning expires_at`
  if (!row) notFound('Export not found')
  return { revoked: true, exportId, expiresAt: row.expires_at.toISOString() }
}
