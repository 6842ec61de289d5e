/**
 * One structured call to the first configured text-first model, for the small writing jobs (an export's AI insights,
 * a report summary's rewrite): errors classified into Temporal failures (configuration and permanent ones are not
 * retried), and the call's cost recorded in model_usage against the user who asked, whatever its reply, because it
 * was paid for and counts against the daily cap.
 */
import { ApplicationFailure } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError } from './errors'
import type { AskJsonOptions, Gateway, ProviderKey } from './types'

/** Text-first models first: these jobs need no web search. */
const TEXT_FIRST: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']

export async function askTextModel(
  sql: postgres.Sql<any>,
  gateway: Gateway,
  call: AskJsonOptions & { userId: number; usageKind: string },
): Promise<{ data: unknown; provider: ProviderKey; simulated: boolean }> {
  const provider = TEXT_FIRST.find((k) => gateway.configs[k]?.configured)
  if (!provider) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
  const simulated = gateway.configs[provider]?.simulated ?? false
  let costUsd = 0
  try {
    const out = await gateway.askJson<unknown>(provider, { prompt: call.prompt, system: call.system, schemaName: call.schemaName, schema: call.schema })
    costUsd = out.answer.costUsd
    return { data: out.data, provider, simulated }
  } catch (err) {
    const e = classifyError(provider, err)
    if (e.kind === 'configuration' || e.kind === 'permanent') throw ApplicationFailure.nonRetryable(e.userMessage, e.kind)
    throw ApplicationFailure.retryable(e.userMessage, e.kind)
  } finally {
    await sql`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${call.userId}, ${call.usageKind}, ${provider}, ${Math.max(0, costUsd)}, ${simulated})`
  }
}
