/** Project setup: competitors and queries for a new project, from the first configured model. */
import { ApplicationFailure } from '@temporalio/activity'
import { classifyError, frameworkPrompt, type FrameworkResult, type Gateway } from './gateway'
import type { ProviderKey } from '../app/domain/models'
import type { FrameworkInput, FrameworkOutput } from '../workflows/shared'
import { cleanFramework } from '../app/domain/framework'

export function createFrameworkActivities({ gateway }: { gateway: Gateway }) {
  return {
    /** Competitors and queries for a new project, from the first configured model. */
    async generateFramework(input: FrameworkInput): Promise<FrameworkOutput> {
      const order: ProviderKey[] = ['openai', 'anthropic', 'gemini', 'deepseek', 'xai', 'perplexity']
      const provider = order.find((p) => gateway.configs[p]?.configured)
      if (!provider) throw ApplicationFailure.nonRetryable('No AI model is configured: add an API key or run in demo mode.', 'configuration')
      const p = frameworkPrompt({ ...input, market: input.market, region: input.region })
      try {
        const { data, answer } = await gateway.askJson<FrameworkResult>(provider, { prompt: p.prompt, system: p.system, schemaName: p.schemaName, schema: p.schema })
        return { ...cleanFramework(data, input), provider, costUsd: answer.costUsd }
      } catch (err) {
        const ge = classifyError(provider, err)
        throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs, nonRetryable: ge.kind === 'configuration' || ge.kind === 'permanent' })
      }
    },
  }
}
