/**
 * A model rewrites the style of a report's executive summary: one structured call through the gateway, its reply
 * checked with zod and then by the guard (app/domain/report/rewrite.ts: every figure must be one of the computed
 * facts), the verdict stored on the rewrite's row once. The call's cost counts against the user who asked for it.
 */
import { ApplicationFailure } from '@temporalio/activity'
import type postgres from 'postgres'
import type { Gateway } from './gateway'
import { askTextModel } from './gateway/text-call'
import { judgeRewrite, REWRITE_SCHEMA, REWRITE_SCHEMA_NAME, REWRITE_SYSTEM, rewritePrompt, rewriteReply, type RewriteTask } from '../app/domain/report/rewrite'

export interface ReportRewriteInput {
  rewriteId: number
  userId: number
  task: RewriteTask
}

export function createReportRewriteActivities({ sql, gateway }: { sql: postgres.Sql<any>; gateway: Gateway }) {
  return {
    async rewriteReportSummary(input: ReportRewriteInput): Promise<{ status: string }> {
      const [row] = await sql<{ status: string }[]>`select status from report_rewrites where id = ${input.rewriteId}`
      // Gone, or judged by an earlier attempt: nothing to do (a retry never calls the model twice for a verdict).
      if (!row || row.status !== 'pending') return { status: row?.status ?? 'gone' }
      const { data, provider, simulated } = await askTextModel(sql, gateway, {
        userId: input.userId, usageKind: 'report-rewrite',
        prompt: rewritePrompt(input.task), system: REWRITE_SYSTEM, schemaName: REWRITE_SCHEMA_NAME, schema: REWRITE_SCHEMA as any,
      })
      const parsed = rewriteReply.safeParse(data)
      const verdict = parsed.success ? judgeRewrite(parsed.data.paragraphs, input.task.sections) : null
      if (!verdict) throw ApplicationFailure.retryable(`The model's rewrite did not fit: one paragraph per section (${input.task.sections.length}) was asked for`, 'invalid-reply')
      const unknown = verdict.status === 'rejected' ? verdict.unknownFigures : []
      await sql`
        update report_rewrites set status = ${verdict.status}, paragraphs = ${sql.json(verdict.paragraphs)}, unknown_figures = ${unknown}::float8[],
          provider = ${provider}, simulated = ${simulated}, updated_at = now()
        where id = ${input.rewriteId} and status = 'pending'`
      return { status: verdict.status }
    },

    /** The rewrite could not be made (no model, retries spent): the report keeps its computed summary. */
    async failReportRewrite(input: { rewriteId: number; error: string }): Promise<void> {
      await sql`update report_rewrites set status = 'failed', error = ${input.error.slice(0, 500)}, updated_at = now() where id = ${input.rewriteId} and status = 'pending'`
    },
  }
}
