/**
 * The optional model rewrite of a report summary's style. The setting "Rewrite the summary's style with a model" is
 * the account's, with a project override (report_brandings.rewrite_summary), off by default. With it on, the
 * project's owner (or an admin) asks for a rewrite of an analysis's summary: it is model work, so it passes
 * admitModelWork and runs as reportRewriteWorkflow; the activity stores the guard's verdict and the report shows an
 * accepted rewrite, or its computed summary with a notice when the guard refused one.
 *
 * In demo mode the built-in simulator writes the rewrite, and the report says it is simulated: demo mode shows
 * every feature as it works with keys, and the guard is exercised the same way.
 */
import { z } from 'zod'
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest, notFound } from './http.server'
import { getAnalysis } from './analyses.server'
import { getProject } from './projects.server'
import { isDemoMode } from './models.server'
import { admitModelWork } from './model-budget.server'
import { startWorkflow } from './temporal.server'
import { reportSummaryOf } from './report.server'
import { REPORT_MESSAGES } from '../domain/report'
import { errorMessage } from '../domain/validation'
import { latestRewrite, rewriteEnabled, rewriteFactsKey } from '../../db/report-rewrites'
import { reportRewriteWorkflowId } from '../../workflows/shared'

export const REWRITE_MESSAGES = {
  off: 'Turn on “Rewrite the summary’s style with a model” in Report branding first',
  accountInherit: 'The account setting is on or off: inherit is only for a project',
  stale: 'The rewrite did not finish within 10 minutes: ask for it again',
} as const

export const rewriteSettingSchema = z.object({
  rewriteSummary: z.enum(['on', 'off', 'inherit'], { error: 'rewriteSummary must be on, off or inherit' }),
})

/** Saves the setting: the account's (on/off), or a project's (on/off, or inherit the account's). */
export async function saveRewriteSetting(user: User, projectId: number | null, body: unknown) {
  const parsed = rewriteSettingSchema.safeParse(body)
  if (!parsed.success) badRequest(errorMessage(parsed.error, 'Invalid setting', body))
  const v = parsed.data.rewriteSummary
  if (projectId === null && v === 'inherit') badRequest(REWRITE_MESSAGES.accountInherit)
  if (projectId !== null) await getProject(user, projectId, 'write')
  const value = v === 'inherit' ? null : v === 'on'
  const sql = db()
  const owner = projectId === null ? { user_id: user.id, project_id: null } : { user_id: null, project_id: projectId }
  const conflict = projectId === null ? sql`(user_id) where user_id is not null` : sql`(project_id) where project_id is not null`
  await sql`
    insert into report_brandings ${sql({ ...owner, rewrite_summary: value })}
    on conflict ${conflict} do update set rewrite_summary = excluded.rewrite_summary, updated_at = now()`
  return { rewriteSummary: v }
}

/** The setting as the branding page shows it: the account's, and the project's own value and the one in force. */
export async function rewriteSettingOf(user: User, projectId: number | null) {
  const sql = db()
  if (projectId === null) {
    const [r] = await sql<{ rewrite_summary: boolean | null }[]>`select rewrite_summary from report_brandings where user_id = ${user.id}`
    return { own: r?.rewrite_summary ?? false, enabled: r?.rewrite_summary ?? false, simulated: isDemoMode() }
  }
  await getProject(user, projectId, 'read')
  const s = await rewriteEnabled(sql, projectId)
  return { own: s.project, account: s.account ?? false, enabled: s.enabled, simulated: isDemoMode() }
}

/** GET: whether the analysis's summary may be rewritten, and where its latest rewrite stands. */
export async function reportRewriteState(user: User, analysisId: number) {
  const { analysis, project } = await getAnalysis(user, analysisId, 'read')
  const { enabled } = await rewriteEnabled(db(), project.id)
  if (analysis.status !== 'completed') return { enabled, rewriteId: null, status: null, unknownFigures: [], paragraphs: null, error: null, simulated: isDemoMode() }
  const summary = await reportSummaryOf(analysisId)
  const r = await latestRewrite(db(), analysisId, rewriteFactsKey(summary.lang, summary.sections))
  return {
    enabled,
    rewriteId: r?.id ?? null,
    // Pending past its workflow's time will never be judged: failed, so a client following it stops.
    status: r?.stale ? ('failed' as const) : (r?.status ?? null),
    unknownFigures: r?.unknownFigures ?? [],
    // Only an accepted text: a refused one is never shown.
    paragraphs: r?.status === 'accepted' ? r.paragraphs : null,
    error: r?.stale ? REWRITE_MESSAGES.stale : (r?.error ?? null),
    simulated: r ? r.simulated : isDemoMode(),
  }
}

/**
 * POST: starts a model's rewrite of the analysis's (unfiltered) summary. Write access; the setting must be on; the
 * model budget is taken before anything is written. A rewrite of the same facts already running is answered as is.
 */
export async function startReportRewrite(user: User, analysisId: number, clientAddress: string) {
  const { analysis, project } = await getAnalysis(user, analysisId, 'write')
  if (analysis.status !== 'completed') badRequest(REPORT_MESSAGES.notCompleted)
  if (!(await rewriteEnabled(db(), project.id)).enabled) badRequest(REWRITE_MESSAGES.off)
  const ticket = await admitModelWork({ user, clientAddress })
  const summary = await reportSummaryOf(analysisId)
  if (!summary.sections.length) notFound('This report has no summary to rewrite')
  const key = rewriteFactsKey(summary.lang, summary.sections)
  const sql = db()
  const running = await latestRewrite(sql, analysisId, key)
  if (running?.status === 'pending' && !running.stale) return { rewriteId: running.id, status: 'pending' as const, simulated: isDemoMode() }
  const [row] = await sql<{ id: string }[]>`
    insert into report_rewrites (analysis_id, facts_key, user_id, status) values (${analysisId}, ${key}, ${user.id}, 'pending') returning id`
  const rewriteId = Number(row.id)
  try {
    await startWorkflow('reportRewriteWorkflow', {
      workflowId: reportRewriteWorkflowId(rewriteId),
      args: [{ rewriteId, userId: user.id, task: { lang: summary.lang, brand: summary.brand, project: summary.projectName, sections: summary.sections } }],
      timeout: '10 minutes',
      summary: `Report summary rewrite · ${summary.brand} · project ${project.id} · analysis ${analysisId} · ${user.email}`,
      ticket,
    })
  } catch (err) {
    await sql`update report_rewrites set status = 'failed', error = 'The rewrite could not be started' where id = ${rewriteId}`
    throw err
  }
  return { rewriteId, status: 'pending' as const, simulated: isDemoMode() }
}
