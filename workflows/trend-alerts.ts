/**
 * The alert check of a completed analysis (the daily run in workflows/trends.ts checks its own too; both are
 * idempotent and a delivery claims its alerts): the trend point, the alerts, then the webhook, retried with backoff.
 * A module of its own so that the analysis workflow (which starts it) and the daily run (which starts the analysis)
 * import each other's functions without an import cycle.
 */
import { proxyActivities } from '@temporalio/workflow'
import type { TrendActivities } from '../activities/trends'

export const trendActivities = proxyActivities<TrendActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
})

/** Webhook deliveries: retried with backoff for about an hour, then left recorded as failed on the alerts. */
export const alertDelivery = proxyActivities<TrendActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '15 minutes', maximumAttempts: 8, nonRetryableErrorTypes: ['webhook-refused'] },
})


export async function trendAlertsWorkflow(input: { analysisId: number }): Promise<{ alerts: number }> {
  const { alerts } = await trendActivities.checkTrendAlerts({ analysisId: input.analysisId })
  if (alerts > 0) await alertDelivery.deliverTrendAlerts({ analysisId: input.analysisId }).catch(() => undefined)
  return { alerts }
}
