import { randomUUID } from 'node:crypto'
import { WorkflowFailedError } from '@temporalio/client'
import type { User } from './auth.server'
import { recordModelUsage, type BudgetTicket } from './model-budget.server'
import { executeFrameworkWorkflow } from './temporal.server'
import { MAX_COMPETITORS, MAX_QUERIES, MAX_QUERIES_LIGHT } from '../domain/limits'
import type { FrameworkInput } from '../../workflows/shared'
import { frameworkWorkflowId } from '../../workflows/shared'

/** Runs the framework workflow and waits for it; on failure answers an error the client turns into fallback data. */
export async function generateFramework(
  user: User,
  input: { brandDomain: string; marketDescription: string; marketRegion: string; language: string; marketType: 'B2C' | 'B2B'; isLightMode: boolean },
  ticket: BudgetTicket,
) {
  const args: FrameworkInput = {
    brand: input.brandDomain,
    market: input.marketDescription,
    region: input.marketRegion,
    language: input.language,
    marketType: input.marketType,
    maxCompetitors: MAX_COMPETITORS,
    maxQueries: input.isLightMode ? MAX_QUERIES_LIGHT : MAX_QUERIES,
  }
  try {
    const out = await executeFrameworkWorkflow(args, {
      workflowId: frameworkWorkflowId(user.id, randomUUID().slice(0, 8)),
      timeout: '4 minutes',
      labels: { userEmail: user.email, brand: input.brandDomain, runKind: 'framework' },
      summary: `Framework for ${input.brandDomain} · ${input.marketDescription.slice(0, 80)} · ${input.marketRegion} · ${user.email}`,
      ticket,
    })
    await recordModelUsage(user.id, 'framework', out.provider, out.costUsd)
    return {
      competitors: out.competitors.map((c) => c.name),
      competitorDetails: out.competitors,
      brandDetails: { name: input.brandDomain, alternativeNames: [], domains: out.brandDomains },
      queries: out.queries,
      provider: out.provider,
    }
  } catch (err) {
    const cause = err instanceof WorkflowFailedError ? ((err.cause as Error | undefined)?.cause as Error | undefined)?.message ?? err.cause?.message : err instanceof Error ? err.message : String(err)
    return { error: 'Failed to generate framework', message: cause ?? 'The AI model did not answer', competitors: [], queries: [] }
  }
}
