/**
 * The daily scheduled run of a project (a Temporal Schedule `daily-analysis-<projectId>` starts it): the same
 * checks as a click, then the project's analysis as a child workflow `analysis-<id>` (so the app, the Temporal
 * UI and ops treat it like any analysis), then the alert check. While the analysis runs this workflow runs too,
 * so the schedule's overlap policy (skip) never starts a second one on top.
 *
 * The schedule's action labels this run (ProjectId, UserEmail, Brand, RunKind = "daily-analysis"); its analysis
 * carries the same labels with RunKind = "analysis", so `ProjectId = N` finds scheduled analyses like clicked ones.
 */
import { ApplicationFailure, ChildWorkflowFailure, executeChild, ParentClosePolicy, patched, workflowInfo } from '@temporalio/workflow'
import { analysisWorkflow } from './analysis'
import { canaryWorkflow, canaryWorkflowId } from './canaries'
import { childSearchAttributePairs, labelsLine } from './search-attributes'
import { alertDelivery as delivery, trendActivities as acts } from './trend-alerts'
import { refreshVolumesAfterRun } from './volume'

export { trendAlertsWorkflow } from './trend-alerts'

export interface DailyAnalysisResult {
  outcome: 'started' | 'skipped'
  reason?: string
  analysisId?: number
  status?: string
  alerts?: number
}

export async function dailyAnalysisWorkflow(input: { projectId: number }): Promise<DailyAnalysisResult> {
  const { workflowId, typedSearchAttributes: own } = workflowInfo()
  const start = await acts.startScheduledAnalysis({ projectId: input.projectId, workflowId })
  if (start.outcome === 'skipped') return { outcome: 'skipped', reason: start.reason }
  let status = 'completed'
  try {
    // Replay-safe without a patch: the command (a child of this type and id) is the one older histories hold;
    // its search attributes and summary are options of the start that a replay does not compare.
    await executeChild(analysisWorkflow, {
      workflowId: start.workflowId,
      args: [start.input],
      typedSearchAttributes: childSearchAttributePairs(own, 'analysis'),
      staticSummary: [`Scheduled analysis ${start.analysisId}`, labelsLine(own) || `project ${input.projectId}`].join(' · '),
      // Terminating the schedule's run leaves the analysis running; the analysis records its own end.
      parentClosePolicy: ParentClosePolicy.ABANDON,
    })
  } catch (err) {
    if (!(err instanceof ChildWorkflowFailure)) throw err
    status = 'failed'
    if (err.cause instanceof ApplicationFailure && err.cause.type === 'WorkflowExecutionAlreadyStarted') status = 'already running'
  }
  // The canaries ask after a completed analysis; patched: older histories replay without the child.
  if (status === 'completed' && patched('canaries'))
    await executeChild(canaryWorkflow, {
      workflowId: canaryWorkflowId(start.analysisId),
      args: [{ analysisId: start.analysisId }],
      typedSearchAttributes: childSearchAttributePairs(own, 'canaries'),
      staticSummary: [`Canaries of analysis ${start.analysisId}`, labelsLine(own) || `project ${input.projectId}`].join(' · '),
    }).catch(() => undefined)
  const { alerts } = await acts.checkTrendAlerts({ analysisId: start.analysisId })
  if (alerts > 0) await delivery.deliverTrendAlerts({ projectId: input.projectId }).catch(() => undefined)
  // The project's AI search volumes, fetched only for what this month lacks; runs recorded before replay without it.
  if (patched('volume-after-daily-run')) await refreshVolumesAfterRun(input.projectId)
  return { outcome: 'started', analysisId: start.analysisId, status, alerts }
}
