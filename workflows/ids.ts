/**
 * Every workflow id (and the daily schedule's id) of the product, built here only: an operator finds a run in the
 * Temporal UI by these prefixes, and the app reads a run's progress by the same id it started it with. No imports:
 * safe in the workflow sandbox; re-exported by workflows/shared for the app and the activities. A random part is
 * passed in by the caller (the sandbox has no crypto), so the id's shape stays here.
 */

/** The kinds of analysis run (model_runs.kind). */
export type AnalysisRunKind = 'analysis' | 'add-model' | 'refresh'

/**
 * `analysis-<id>` for the first run of an analysis, `analysis-<id>-restart-<run>` for a restart, and
 * `analysis-<id>-add-model-<run>` / `analysis-<id>-refresh-<run>` for one model's run.
 */
export function analysisWorkflowId(analysisId: number, kind: AnalysisRunKind, runId: number, restart = false) {
  if (kind !== 'analysis') return `analysis-${analysisId}-${kind}-${runId}`
  return restart ? `analysis-${analysisId}-restart-${runId}` : `analysis-${analysisId}`
}

/** The one source search of an analysis (started by the analysis or from Source Insights). */
export const sourceSearchWorkflowId = (analysisId: number) => `source-search-${analysisId}`

/** The trend-alert check a completed analysis run starts. */
export const trendAlertsWorkflowId = (analysisId: number, runId: number) => `trend-alerts-${analysisId}-${runId}`

/** The fact-check of an analysis's answers against the brand facts (one per analysis; a later run checks what is new). */
export const factcheckWorkflowId = (analysisId: number) => `factcheck-${analysisId}`

/** One Temporal Schedule per project, and the workflow id its action starts each day's run under. */
export const dailyScheduleId = (projectId: number) => `daily-analysis-${projectId}`
export const dailyRunWorkflowId = (projectId: number) => `daily-analysis-${projectId}-run`

/** Report e-mails: one Temporal Schedule per project, and the workflow id its action starts each run under. */
export const reportScheduleId = (projectId: number) => `report-email-${projectId}`
export const reportRunWorkflowId = (projectId: number) => `report-email-${projectId}-run`

/** Content optimiser runs: a whole run, or one rewrite or critical-actions call. */
export const optimiserWorkflowId = (userId: number, runId: string) => `optimiser-${userId}-${runId}`
export const optimiserStepWorkflowId = (userId: number, step: 'rewrite' | 'actions', token: string) => `optimiser-${userId}-${step}-${token}`

/** Framework generation for a new project. */
export const frameworkWorkflowId = (userId: number, token: string) => `framework-${userId}-${token}`

/** Audience and topic generation. */
export const audiencesWorkflowId = (userId: number, token: string) => `audiences-${userId}-${token}`

/** Content Ideator: ideas or one piece of content. */
export const ideatorWorkflowId = (userId: number, what: 'ideas' | 'content', token: string) => `ideator-${userId}-${what}-${token}`

/** One turn of an AI chat stream. */
export const chatWorkflowId = (userId: number, streamId: string, turn: number) => `chat-${userId}-${streamId}-${turn}`

/** An admin's test of the configured model keys. */
export const keyTestWorkflowId = (adminId: number, token: string) => `key-test-${adminId}-${token}`

/** The AI summary of an export. */
export const exportSummaryWorkflowId = (exportId: string | number) => `export-summary-${exportId}`

/** A model's rewrite of a report summary's style (one per stored rewrite row). */
export const reportRewriteWorkflowId = (rewriteId: number) => `report-rewrite-${rewriteId}`

/** A project's AI search volume refresh: one at a time per project (a second start while it runs is refused and ignored). */
export const volumeWorkflowId = (projectId: number) => `volume-${projectId}`
/** Agent analytics: the ingest of one upload or pushed batch. */
export const crawlersWorkflowId = (uploadId: number) => `crawlers-${uploadId}`
export const crawlersRobotsWorkflowId = (projectId: number, token: string) => `crawlers-robots-${projectId}-${token}`
