/**
 * The scheduled report e-mail of a project: a Temporal Schedule `report-email-<projectId>` (weekly or
 * monthly) starts this workflow; it picks the latest completed analysis and sends the report to each subscribed
 * recipient, one activity per e-mail. The scheduled run's workflow id is the run's key: with the recipient it
 * makes each e-mail's idempotency key (activities/report.ts explains how a restarted worker never sends twice).
 */
import { proxyActivities, workflowInfo } from '@temporalio/workflow'
import type { ReportActivities } from '../activities/report'

const prep = proxyActivities<ReportActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
})

/** One e-mail: printing the PDF takes a few seconds; an unreachable SMTP server is retried for about half an hour. */
const send = proxyActivities<ReportActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 6, nonRetryableErrorTypes: ['interrupted', 'configuration'] },
})

export interface ReportEmailResult {
  outcome: 'sent' | 'skipped'
  reason?: string
  sent?: number
  failed?: number
}

export async function reportEmailWorkflow(input: { projectId: number }): Promise<ReportEmailResult> {
  const runKey = workflowInfo().workflowId
  const ready = await prep.prepareReportEmail({ projectId: input.projectId, runKey })
  if (ready.outcome === 'skipped') return { outcome: 'skipped', reason: ready.reason }
  let sent = 0
  let failed = 0
  for (const recipientId of ready.recipients) {
    try {
      await send.sendReportEmail({ projectId: input.projectId, runKey, recipientId, analysisId: ready.analysisId, delivery: ready.delivery, exportId: ready.exportId })
      sent++
    } catch {
      // Recorded on the send's row (the owner sees it); the other recipients still get theirs.
      failed++
    }
  }
  await prep.finishReportRun({ projectId: input.projectId, sent, failed })
  return { outcome: 'sent', sent, failed }
}
