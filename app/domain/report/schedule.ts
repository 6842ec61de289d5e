/**
 * The report e-mail schedule's form: weekly or monthly, the PDF attached or a link, and the
 * recipients. Pure: the zod schema and the Temporal Schedule's calendar.
 *
 * Decisions where the issue is silent: weekly on Mondays and monthly on the 1st, at 07:00 UTC (after the small hours
 * when daily analyses usually run); at most 20 recipients a project; a link e-mail carries a new 30-day share link.
 */
import { z } from 'zod'

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const
export const REPORT_DELIVERIES = ['attachment', 'link'] as const
export const MAX_RECIPIENTS = 20
export const REPORT_SEND_HOUR_UTC = 7

const email = z.string().trim().toLowerCase().max(254).email({ error: (i) => `'${String(i.input)}' is not an e-mail address` })

export const reportScheduleChangeSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('save'),
    frequency: z.enum(REPORT_FREQUENCIES, { error: 'frequency must be weekly or monthly' }),
    delivery: z.enum(REPORT_DELIVERIES, { error: 'delivery must be attachment or link' }),
    recipients: z
      .union([z.array(z.string()), z.string()])
      .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((x) => x.trim()).filter(Boolean))
      .pipe(z.array(email).min(1, 'Add at least one recipient').max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients`))
      .transform((list) => [...new Set(list)]),
  }),
  z.object({ action: z.literal('disable') }),
  z.object({ action: z.literal('trigger') }),
], { error: 'action must be save, disable or trigger' })
export type ReportScheduleChange = z.output<typeof reportScheduleChangeSchema>

/** The Temporal Schedule's calendar of a frequency. */
export function reportCalendar(frequency: (typeof REPORT_FREQUENCIES)[number]) {
  return frequency === 'weekly'
    ? { dayOfWeek: 'MONDAY' as const, hour: REPORT_SEND_HOUR_UTC, minute: 0, comment: 'Weekly report e-mail' }
    : { dayOfMonth: 1, hour: REPORT_SEND_HOUR_UTC, minute: 0, comment: 'Monthly report e-mail' }
}

export interface ReportScheduleState {
  projectId: number
  smtpConfigured: boolean
  schedule: { frequency: string; delivery: string; enabled: boolean; lastRunAt: string | null; lastOutcome: string | null; nextRunAt: string | null } | null
  recipients: { email: string; unsubscribed: boolean }[]
  sends: { email: string; status: string; error: string | null; at: string; attempts: number }[]
}
