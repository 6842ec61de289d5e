import { proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'
import type { ReportRewriteInput } from '../activities/report-rewrite'

const { rewriteReportSummary } = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3, nonRetryableErrorTypes: ['configuration', 'permanent'] },
})
const { failReportRewrite } = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 5 } })

/** A model rewrites a report summary's style; without a usable reply the row says so and the report keeps its own. */
export async function reportRewriteWorkflow(input: ReportRewriteInput): Promise<{ status: string }> {
  try {
    return await rewriteReportSummary(input)
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause
    await failReportRewrite({ rewriteId: input.rewriteId, error: cause?.message ?? (err instanceof Error ? err.message : String(err)) })
    return { status: 'failed' }
  }
}
