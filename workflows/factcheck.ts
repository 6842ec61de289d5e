/**
 * The fact-check of a completed analysis, `factcheck-<analysisId>`: the answers that name the brand,
 * in batches, through the judge (activities/factcheck.ts), then the run's totals and the alert for new contradicted
 * claims. The analysis workflow starts it as an abandoned child when it completes (see startFollowUps); its progress
 * is the query getFactcheckProgress (and the factcheck_runs row the app reads).
 */
import { defineQuery, isCancellation, proxyActivities, setHandler, CancellationScope } from '@temporalio/workflow'
import type { FactcheckActivities } from '../activities/factcheck'
import { alertDelivery } from './trend-alerts'

/** Transient failures only are retried (rate limits, timeouts, 5xx, malformed JSON); a refusal is not. */
const judge = proxyActivities<FactcheckActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5, nonRetryableErrorTypes: ['configuration', 'permanent', 'invalid-reply'] },
})
const bookkeeping = proxyActivities<FactcheckActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 20 },
})

/** Answers per activity; mirrors FACTCHECK_BATCH in activities/factcheck.ts (a workflow may not import its value). */
const BATCH = 8

export interface FactcheckProgress {
  phase: 'planning' | 'checking' | 'done' | 'stopped'
  total: number
  checked: number
  claims: number
  stopped: 'budget' | 'cap' | null
}

export const getFactcheckProgressQuery = defineQuery<FactcheckProgress>('getFactcheckProgress')

export async function factcheckWorkflow(input: { analysisId: number }): Promise<FactcheckProgress & { contradicted: number; newContradicted: number }> {
  const progress: FactcheckProgress = { phase: 'planning', total: 0, checked: 0, claims: 0, stopped: null }
  setHandler(getFactcheckProgressQuery, () => progress)
  const plan = await bookkeeping.planFactcheck({ analysisId: input.analysisId })
  if (!plan.facts) return { ...progress, phase: 'done', contradicted: 0, newContradicted: 0 }
  progress.total = plan.responseIds.length
  progress.stopped = plan.capped ? 'cap' : null
  progress.phase = 'checking'
  let status: 'completed' | 'failed' | 'cancelled' = 'completed'
  try {
    for (let at = 0; at < plan.responseIds.length; at += BATCH) {
      const out = await judge.checkAnswers({ analysisId: input.analysisId, responseIds: plan.responseIds.slice(at, at + BATCH) })
      progress.checked += out.checked
      progress.claims += out.claims
      if (out.stopped) {
        progress.stopped = out.stopped
        break
      }
    }
  } catch (err) {
    status = isCancellation(err) ? 'cancelled' : 'failed'
    await CancellationScope.nonCancellable(() => bookkeeping.finishFactcheck({ analysisId: input.analysisId, stopped: progress.stopped, status }))
    throw err
  }
  progress.phase = progress.stopped === 'budget' ? 'stopped' : 'done'
  const end = await bookkeeping.finishFactcheck({ analysisId: input.analysisId, stopped: progress.stopped, status })
  // The alert goes to the project's webhook like the trend alerts (same delivery, retried with backoff).
  if (end.newContradicted > 0) await alertDelivery.deliverTrendAlerts({ analysisId: input.analysisId }).catch(() => undefined)
  return { ...progress, ...end }
}
