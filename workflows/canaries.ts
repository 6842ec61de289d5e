/**
 * The canaries of a scheduled run: ask, then test. Started by the daily run after its analysis as a
 * child `canaries-<analysisId>`; a failure here never fails the daily run.
 */
import { proxyActivities } from '@temporalio/workflow'
import type { CanaryActivities } from '../activities/canaries'

const acts = proxyActivities<CanaryActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
})

export const canaryWorkflowId = (analysisId: number) => `canaries-${analysisId}`

export async function canaryWorkflow(input: { analysisId: number }): Promise<{ asked: number; skipped?: string; flagged: string[] }> {
  const asked = await acts.askCanaries(input)
  if (asked.skipped) return { ...asked, flagged: [] }
  const { flagged } = await acts.checkCanaries(input)
  return { ...asked, flagged }
}
