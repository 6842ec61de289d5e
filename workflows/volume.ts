import { ActivityFailure, proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'
import type { VolumeRefreshInput, VolumeRefreshResult } from '../activities/volume'

const { refreshVolumes } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // Rate limits and provider errors are retried with backoff; credentials, funds and refused requests are not.
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumAttempts: 5, nonRetryableErrorTypes: ['configuration', 'permanent'] },
})

/**
 * Refreshes a project's AI search volumes (estimates cached per market, keyword and month): started when a
 * project is saved and when an analysis starts (a daily run calls the activity itself); asks the provider only for
 * queries without an estimate this month.
 */
export async function volumeRefreshWorkflow(input: VolumeRefreshInput): Promise<VolumeRefreshResult> {
  return refreshVolumes(input)
}

/**
 * The daily scheduled run's refresh (workflows/trends.ts): the same activity, respecting VOLUME_REFRESH_AUTO; a
 * failed refresh never fails the run (the volumes keep their last estimates).
 */
export async function refreshVolumesAfterRun(projectId: number): Promise<void> {
  try {
    await refreshVolumes({ projectId, auto: true })
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err
  }
}
