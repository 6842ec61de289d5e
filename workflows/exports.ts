import { proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'
import type { ExportSummaryInput } from '../activities/exports'

const { summariseExport } = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3, nonRetryableErrorTypes: ['configuration', 'permanent'] },
})

/** Writes the 'AI Insights' of a share link (aiSummary) once it is created; the link works without it. */
export async function exportSummaryWorkflow(input: ExportSummaryInput): Promise<{ stored: boolean }> {
  return summariseExport(input)
}
