import { proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'
import type { KeyResult } from '../app/domain/admin/key-test'

const { testProviderKeys } = proxyActivities<Activities>({
  // Each call has its own 20 s timeout; a key test is never retried (it reports what it found).
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 1 },
})

/** The admin's API-key test (GET /api/test-gemini-keys): one minimal call per configured key. */
export async function keyTestWorkflow(): Promise<KeyResult[]> {
  return testProviderKeys()
}
