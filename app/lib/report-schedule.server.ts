/**
 * Report e-mails on a schedule: the project's settings (report_schedules, report_recipients), its
 * Temporal Schedule `report-email-<projectId>` (workflows/report.ts runs each send), the recent sends with their
 * failures for the owner, and unsubscribing by a recipient's own link. Reading: whoever may read the project;
 * changing: whoever may write it. Without SMTP_URL nothing is sent and the page says so.
 */
import { randomBytes } from 'node:crypto'
import { ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client'
import { db } from './db.server'
import { env } from './env.server'
import type { User } from './auth.server'
import { badRequest, notFound } from './http.server'
import { getProject } from './projects.server'
import { temporal, workflowFunction } from './temporal.server'
import { temporalTaskQueue } from '../../config/temporal'
import { reportCalendar, type ReportScheduleChange, type ReportScheduleState } from '../domain/report/schedule'
import { reportRunWorkflowId, reportScheduleId } from '../../workflows/shared'

export async function reportSchedule(user: User, projectId: number): Promise<ReportScheduleState> {
  await getProject(user, projectId, 'read')
  const sql = db()
  const [s] = await sql<{ frequency: string; delivery: string; enabled: boolean; last_run_at: Date | null; last_outcome: string | null }[]>`
    select frequency, delivery, enabled, last_run_at, last_outcome from report_schedules where project_id = ${projectId}`
  const recipients = await sql<{ email: string; unsubscribed_at: Date | null }[]>`
    select email, unsubscribed_at from report_recipients where project_id = ${projectId} order by id`
  const sends = await sql<{ email: string; status: string; error: string | null; updated_at: Date; attempts: number }[]>`
    select email, status, error, updated_at, attempts from report_sends where project_id = ${projectId} order by id desc limit 20`
  let nextRunAt: string | null = null
  if (s?.enabled) {
    const d = await (await temporal()).schedule.getHandle(reportScheduleId(projectId)).describe().catch(() => null)
    nextRunAt = d?.info.nextActionTimes[0]?.toISOString() ?? null
  }
  return {
    projectId,
    smtpConfigured: Boolean(env().SMTP_URL),
    schedule: s ? { frequency: s.frequency, delivery: s.delivery, enabled: s.enabled, lastRunAt: s.last_run_at?.toISOString() ?? null, lastOutcome: s.last_outcome, nextRunAt } : null,
    recipients: recipients.map((r) => ({ email: r.email, unsubscribed: r.unsubscribed_at !== null })),
    sends: sends.map((x) => ({ email: x.email, status: x.status, error: x.error, at: x.updated_at.toISOString(), attempts: x.attempts })),
  }
}

/** POST /api/projects/{id}/report-schedule: save (and turn on), disable, or send now. */
export async function changeReportSchedule(user: User, projectId: number, change: ReportScheduleChange): Promise<ReportScheduleState> {
  const project = await getProject(user, projectId, 'write')
  const sql = db()
  const client = await temporal()
  const handle = client.schedule.getHandle(reportScheduleId(projectId))
  const ignoreMissing = (err: unknown) => {
    if (!(err instanceof ScheduleNotFoundError)) throw err
  }
  if (change.action === 'save') {
    await sql.begin(async (tx) => {
      await tx`
        insert into report_schedules (project_id, user_id, frequency, delivery, enabled)
        values (${projectId}, ${user.id}, ${change.frequency}, ${change.delivery}, true)
        on conflict (project_id) do update set frequency = excluded.frequency, delivery = excluded.delivery, enabled = true, updated_at = now()`
      await tx`delete from report_recipients where project_id = ${projectId} and email <> all(${change.recipients})`
      for (const email of change.recipients) {
        await tx`
          insert into report_recipients (project_id, email, unsubscribe_token) values (${projectId}, ${email}, ${randomBytes(24).toString('base64url')})
          on conflict (project_id, email) do nothing`
      }
    })
    const spec = { calendars: [reportCalendar(change.frequency)], timezone: 'UTC' }
    try {
      await client.schedule.create({
        scheduleId: reportScheduleId(projectId),
        spec,
        action: { type: 'startWorkflow', workflowType: workflowFunction('reportEmailWorkflow'), workflowId: reportRunWorkflowId(projectId), taskQueue: temporalTaskQueue(), args: [{ projectId }] },
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
        state: { note: `Report e-mail of ${project.brandDomain} (project ${projectId}) for ${user.email}` },
      })
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err
      await handle.update((prev) => ({ ...prev, spec }))
      await handle.unpause('Saved in the app').catch(ignoreMissing)
    }
  } else if (change.action === 'disable') {
    await sql`update report_schedules set enabled = false, updated_at = now() where project_id = ${projectId}`
    await handle.delete().catch(ignoreMissing)
  } else {
    const [s] = await sql<{ enabled: boolean }[]>`select enabled from report_schedules where project_id = ${projectId}`
    if (!s?.enabled) badRequest('Turn the report e-mail on first')
    await handle.trigger(ScheduleOverlapPolicy.ALLOW_ALL)
  }
  return reportSchedule(user, projectId)
}

/** /report-unsubscribe/{token}: the recipient of that link gets no more report e-mails of that project. */
export async function unsubscribeReport(token: string): Promise<{ email: string; project: string }> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) notFound('This unsubscribe link is not valid')
  const [row] = await db()<{ email: string; name: string }[]>`
    update report_recipients r set unsubscribed_at = coalesce(r.unsubscribed_at, now())
    from projects p where p.id = r.project_id and r.unsubscribe_token = ${token}
    returning r.email, p.name`
  if (!row) notFound('This unsubscribe link is not valid')
  return { email: row.email, project: row.name }
}
