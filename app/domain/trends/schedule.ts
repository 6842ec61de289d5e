/** Trends: the daily schedule's state and the validation of a change to it. */
import { z } from 'zod'
import { text } from '../validation'

/** Trends is locked in Light Mode. */
export const LIGHT_MODE_LOCKED = 'Not available in Light Mode'

export interface ScheduledRun {
  workflowId: string
  outcome: 'started' | 'skipped'
  reason: string | null
  analysisId: number | null
  at: string
}

export interface DailyScheduleState {
  scheduleId: string
  exists: boolean
  paused: boolean
  note: string | null
  hour: number | null
  timeZone: string | null
  nextRunAt: string | null
  /** Runs Temporal skipped because the previous one was still going. */
  skippedOverlap: number
  running: boolean
  actionsTaken: number
  recentRuns: ScheduledRun[]
}

/** An IANA time zone the runtime knows (Europe/London, America/New_York, UTC). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz })
    return tz.length <= 64
  } catch {
    return false
  }
}

const HOUR_MESSAGE = 'Hour must be a whole number from 0 to 23'

/** POST /api/projects/{id}/daily-schedule body: {action: enable, hour, timeZone} or {action: pause|resume|delete|trigger}. */
export const scheduleChangeSchema = z
  .object({
    action: z.enum(['enable', 'pause', 'resume', 'delete', 'trigger'], { error: 'Action must be one of enable, pause, resume, delete, trigger' }),
    hour: z.coerce.number({ error: HOUR_MESSAGE }).int(HOUR_MESSAGE).min(0, HOUR_MESSAGE).max(23, HOUR_MESSAGE).optional(),
    timeZone: text('Time zone', 64).refine((tz) => tz === '' || isTimeZone(tz), 'Unknown time zone').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'enable') return
    if (v.hour === undefined) ctx.addIssue({ code: 'custom', path: ['hour'], message: HOUR_MESSAGE })
    if (!v.timeZone) ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'Time zone is required' })
  })
  .transform((v) => (v.action === 'enable' ? { action: 'enable' as const, hour: v.hour!, timeZone: v.timeZone! } : { action: v.action }))

export type ScheduleChange = z.infer<typeof scheduleChangeSchema>
