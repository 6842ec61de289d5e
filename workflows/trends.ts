/**
 * The daily scheduled run of a project (a Temporal Schedule `daily-analysis-<projectId>` starts it): the same
 * checks as a click, then the project's analysis as a child workflow `analysis-<id>` (so the app, the Temporal
 * UI and ops treat it like any analysis), then the alert check. While the analysis runs this workflow runs too,
 * so the schedule's overlap policy (skip) never starts a second one on top.
 */
import { ApplicationFailure, ChildWorkflowFailure, executeChild, ParentClosePolicy, proxyActivities, workflowInfo } from '@temporalio/workflow'
import type { TrendActivities } from '../activities/trends'
import type { analysisWorkflow } from './analysis'

const acts = proxyActivities<TrendActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
})

/** Webhook deliveries: retried with backoff for about an hour, then left recorded as failed on the alerts. */
const delivery = proxyActivities<TrendActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '15 minutes', maximumAttempts: 8, nonRetryableErrorTypes: ['webhook-refused'] },
})

export interface DailyAnalysisResult {
  outcome: 'started' | 'skipped'
  reason?: string
  analysisId?: number
  status?: string
  alerts?: number
}

export async function dailyAnalysisWorkflow(input: { projectId: number }): Promise<DailyAnalysisResult> {
  const { workflowId } = workflowInfo()
  const start = await acts.startScheduledAnalysis({ projectId: input.projectId, workflowId })
  if (start.outcome === 'skipped') return { outcome: 'skipped', reason: start.reason }
  let status = 'completed'
  try {
    await executeChild<typeof analysisWorkflow>('analysisWorkflow', {
      workflowId: start.workflowId,
      args: [start.input],
      // Terminating the schedule's run leaves the analysis running; the analysis records its own end.
      parentClosePolicy: ParentClosePolicy.ABANDON,
    })
  } catch (err) {
    if (!(err instanceof ChildWorkflowFailure)) throw err
    status = 'failed'
    if (err.cause instanceof ApplicationFailure && err.cause.type === 'WorkflowExecutionAlreadyStarted') status = 'already running'
  }
  const { alerts } = await acts.checkTrendAlerts({ analysisId: start.analysisId })
  if (alerts > 0) await delivery.deliverTrendAlerts({ projectId: input.projectId }).catch(() => undefined)
  return { outcome: 'started', analysisId: start.analysisId, status, alerts }
}

/**
 * The alert check of a completed analysis started by a click (the daily run checks its own too; both are idempotent and
 * a delivery claims its alerts): the trend point, the alerts, then the webhook, retried with backoff.
 */
export async function trendAlertsWorkflow(input: { analysisId: number }): Promise<{ alerts: number }> {
  const { alerts } = await acts.checkTrendAlerts({ analysisId: input.analysisId })
  if (alerts > 0) await delivery.deliverTrendAlerts({ analysisId: input.analysisId }).catch(() => undefined)
  return { alerts }
}
