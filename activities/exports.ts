/**
 * The export's 'AI Insights' (aiSummary): one structured call through the gateway, checked with zod, stored on
 * the export once (a retried activity or a second run never overwrites a summary), its cost recorded against
 * the user who created the link.
 */
import { ApplicationFailure } from '@temporalio/activity'
import type postgres from 'postgres'
import type { Gateway } from './gateway'
import { askTextModel } from './gateway/text-call'
import { SUMMARY_SCHEMA, SUMMARY_SCHEMA_NAME, SUMMARY_SYSTEM, summaryPrompt, summaryReply, type SummaryFacts } from '../app/domain/exports/summary'

export interface ExportSummaryInput {
  exportId: string
  userId: number
  facts: SummaryFacts
}

export function createExportActivities({ sql, gateway }: { sql: postgres.Sql<any>; gateway: Gateway }) {
  return {
    async summariseExport(input: ExportSummaryInput): Promise<{ stored: boolean }> {
      const [row] = await sql<{ ai_summary: string | null }[]>`select ai_summary from exports where id = ${input.exportId}`
      if (!row) return { stored: false }
      if (row.ai_summary) return { stored: false }
      const { data } = await askTextModel(sql, gateway, {
        userId: input.userId, usageKind: 'export-summary',
        prompt: summaryPrompt(input.facts), system: SUMMARY_SYSTEM, schemaName: SUMMARY_SCHEMA_NAME, schema: SUMMARY_SCHEMA as any,
      })
      const parsed = summaryReply.safeParse(data)
      if (!parsed.success) throw ApplicationFailure.retryable(`The model's summary did not fit: ${parsed.error.issues[0]?.message}`, 'invalid-reply')
      const updated = await sql`update exports set ai_summary = ${parsed.data.summary} where id = ${input.exportId} and ai_summary is null`
      return { stored: updated.count > 0 }
    },
  }
}
