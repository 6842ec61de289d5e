/**
 * The export's 'AI Insights' (aiSummary): one structured call through the gateway, checked with zod, stored on
 * the export once (a retried activity or a second run never overwrites a summary), its cost recorded against
 * the user who created the link.
 */
import { ApplicationFailure } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway, type ProviderKey } from './gateway'
import { SUMMARY_SCHEMA, SUMMARY_SCHEMA_NAME, SUMMARY_SYSTEM, summaryPrompt, summaryReply, type SummaryFacts } from '../app/domain/exports/summary'

/** Text-first models first: the summary needs no web search. */
const ORDER: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']

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
      const provider = ORDER.find((k) => gateway.configs[k]?.configured)
      if (!provider) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
      let data: unknown
      let costUsd = 0
      try {
        const out = await gateway.askJson<unknown>(provider, { prompt: summaryPrompt(input.facts), system: SUMMARY_SYSTEM, schemaName: SUMMARY_SCHEMA_NAME, schema: SUMMARY_SCHEMA as any })
        data = out.data
        costUsd = out.answer.costUsd
      } catch (err) {
        const e = classifyError(provider, err)
        if (e.kind === 'configuration' || e.kind === 'permanent') throw ApplicationFailure.nonRetryable(e.userMessage, e.kind)
        throw ApplicationFailure.retryable(e.userMessage, e.kind)
      } finally {
        // The call was made (and paid for) whatever its reply: it counts against the daily cap.
        await sql`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${input.userId}, 'export-summary', ${provider}, ${Math.max(0, costUsd)}, ${gateway.configs[provider]?.simulated ?? false})`
      }
      const parsed = summaryReply.safeParse(data)
      if (!parsed.success) throw ApplicationFailure.retryable(`The model's summary did not fit: ${parsed.error.issues[0]?.message}`, 'invalid-reply')
      const updated = await sql`update exports set ai_summary = ${parsed.data.summary} where id = ${input.exportId} and ai_summary is null`
      return { stored: updated.count > 0 }
    },
  }
}
