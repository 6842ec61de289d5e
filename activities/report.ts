/**
 * Scheduled report e-mails: the I/O of workflows/report.ts. The report itself is rendered by the
 * app's report module, which the worker (a composition root) passes in as `render`, so the e-mailed PDF is the one
 * the app's download gives.
 *
 * Nothing is sent twice. Each e-mail has an idempotency key — the scheduled run's workflow id (Temporal gives each
 * scheduled run its own, kept across worker restarts and retries) and the recipient — stored in report_sends
 * *before* the SMTP call ('sending') and completed *after* it ('sent' with the server's message id, or 'failed'):
 * - a retry that finds 'sent' does nothing;
 * - a retry that finds 'failed' (the SMTP server refused or was unreachable: known not delivered) sends again;
 * - a retry that finds 'sending' means the previous attempt died between those two writes (a worker killed
 *   mid-send): the mail may or may not have been accepted, so it is NOT sent again; the send is marked failed
 *   with that reason, which the owner sees on the schedule page and can resend by hand (at most once, by design).
 */
import { createHash, randomBytes } from 'node:crypto'
import { ApplicationFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import nodemailer from 'nodemailer'
import { env } from '../config/env'

export interface RenderedReport {
  body: Uint8Array | string
  contentType: string
  fileName: string
}

export interface ReportDeps {
  sql: postgres.Sql<any>
  /** The PDF of a completed analysis (HTML when no Chromium is installed). */
  render?: (analysisId: number) => Promise<RenderedReport>
}

export const REPORT_SEND_INTERRUPTED = 'Interrupted while sending (the worker stopped mid-send); not sent again so that nobody gets it twice'
export const SMTP_NOT_CONFIGURED = 'Not sent: no SMTP server is configured (SMTP_URL)'
const EXPORT_TTL_DAYS = 30

export type PrepareResult =
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'ready'; analysisId: number; delivery: 'attachment' | 'link'; exportId: string | null; recipients: number[] }

export interface SendInput {
  projectId: number
  runKey: string
  recipientId: number
  analysisId: number
  delivery: 'attachment' | 'link'
  exportId: string | null
}

const appUrl = () => (env().APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '')

export function createReportActivities({ sql, render }: ReportDeps) {
  async function outcome(projectId: number, text: string) {
    await sql`update report_schedules set last_run_at = now(), last_outcome = ${text}, updated_at = now() where project_id = ${projectId}`
  }

  return {
    /** What this run sends: the latest completed analysis, to every subscribed recipient; or why nothing is sent. */
    async prepareReportEmail(input: { projectId: number; runKey: string }): Promise<PrepareResult> {
      const [s] = await sql<{ enabled: boolean; delivery: 'attachment' | 'link'; user_id: number }[]>`
        select enabled, delivery, user_id from report_schedules where project_id = ${input.projectId}`
      const skip = async (reason: string): Promise<PrepareResult> => {
        if (s) await outcome(input.projectId, reason)
        return { outcome: 'skipped', reason }
      }
      if (!s || !s.enabled) return skip('The report e-mail is turned off')
      if (!env().SMTP_URL) return skip(SMTP_NOT_CONFIGURED)
      const [a] = await sql<{ id: number }[]>`
        select id from analyses where project_id = ${input.projectId} and status = 'completed' order by date desc, id desc limit 1`
      if (!a) return skip('Not sent: the project has no completed analysis yet')
      const recipients = await sql<{ id: number }[]>`
        select id from report_recipients where project_id = ${input.projectId} and unsubscribed_at is null order by id`
      if (recipients.length === 0) return skip('Not sent: every recipient has unsubscribed')
      let exportId: string | null = null
      if (s.delivery === 'link') {
        exportId = randomBytes(24).toString('base64url')
        await sql`
          insert into exports (id, project_id, analysis_id, user_id, ai_summary, expires_at)
          values (${exportId}, ${input.projectId}, ${a.id}, ${s.user_id}, null, now() + ${EXPORT_TTL_DAYS} * interval '1 day')`
      }
      return { outcome: 'ready', analysisId: a.id, delivery: s.delivery, exportId, recipients: recipients.map((r) => r.id) }
    },

    /** One e-mail, once (see the module comment). */
    async sendReportEmail(input: SendInput): Promise<{ status: 'sent' | 'already sent' }> {
      const key = `${input.runKey}/${input.recipientId}`
      const [r] = await sql<{ email: string; unsubscribe_token: string; unsubscribed_at: Date | null }[]>`
        select email, unsubscribe_token, unsubscribed_at from report_recipients where id = ${input.recipientId}`
      if (!r || r.unsubscribed_at) return { status: 'already sent' }
      const claimed = await sql`
        insert into report_sends (idempotency_key, project_id, recipient_id, email, analysis_id, status)
        values (${key}, ${input.projectId}, ${input.recipientId}, ${r.email}, ${input.analysisId}, 'sending')
        on conflict (idempotency_key) do nothing returning id`
      if (claimed.length === 0) {
        const [prev] = await sql<{ status: string }[]>`select status from report_sends where idempotency_key = ${key}`
        if (prev.status === 'sent') return { status: 'already sent' }
        if (prev.status === 'sending') {
          await sql`update report_sends set status = 'failed', error = ${REPORT_SEND_INTERRUPTED}, updated_at = now() where idempotency_key = ${key}`
          throw ApplicationFailure.nonRetryable(REPORT_SEND_INTERRUPTED, 'interrupted')
        }
        await sql`update report_sends set status = 'sending', error = null, attempts = attempts + 1, updated_at = now() where idempotency_key = ${key}`
      }
      // Heartbeats while the PDF prints and the mail goes out: a killed worker is noticed within the heartbeat timeout.
      const beat = setInterval(() => Context.current().heartbeat(), 5_000)
      try {
        const info = await deliver(input, r.email, r.unsubscribe_token, key)
        await sql`update report_sends set status = 'sent', message_id = ${info.messageId ?? null}, updated_at = now() where idempotency_key = ${key}`
        return { status: 'sent' }
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        await sql`update report_sends set status = 'failed', error = ${message.slice(0, 500)}, updated_at = now() where idempotency_key = ${key}`
        throw ApplicationFailure.retryable(message, 'smtp')
      } finally {
        clearInterval(beat)
      }
    },

    async finishReportRun(input: { projectId: number; sent: number; failed: number }): Promise<void> {
      await outcome(input.projectId, input.failed ? `Sent ${input.sent}, failed ${input.failed}` : `Sent ${input.sent}`)
    },
  }

  async function deliver(input: SendInput, to: string, token: string, key: string) {
    const [p] = await sql<{ brand_domain: string; name: string; frequency: string }[]>`
      select p.brand_domain, p.name, s.frequency from projects p join report_schedules s on s.project_id = p.id where p.id = ${input.projectId}`
    const unsubscribe = `${appUrl()}/report-unsubscribe/${token}`
    const subject = `${p.frequency === 'weekly' ? 'Weekly' : 'Monthly'} AI visibility report: ${p.brand_domain}`
    const attachments = []
    let body = `The ${p.frequency} AI visibility report of ${p.name}.`
    if (input.delivery === 'link') body += `\n\nOpen it here (the link works for 30 days): ${appUrl()}/export/${input.exportId}/report?format=html`
    else {
      if (!render) throw ApplicationFailure.nonRetryable('This worker cannot render reports', 'configuration')
      const file = await render(input.analysisId)
      attachments.push({ filename: file.fileName, content: typeof file.body === 'string' ? file.body : Buffer.from(file.body), contentType: file.contentType })
      body += '\n\nThe report is attached.'
    }
    body += `\n\nStop receiving these e-mails: ${unsubscribe}`
    const transport = nodemailer.createTransport(env().SMTP_URL!)
    try {
      return await transport.sendMail({
        from: env().SMTP_FROM,
        to,
        subject,
        text: body,
        attachments,
        // The same message id for every attempt of one send: a receiving server that saw it already can drop it.
        messageId: `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@report.ai-brand-visibility>`,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
    } finally {
      transport.close()
    }
  }
}

export type ReportActivities = ReturnType<typeof createReportActivities>
