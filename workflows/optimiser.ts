/**
 * One content optimisation run: extract, then relevance and
 * the six other pillars in parallel, then the summary. The nine phases' states answer the progress query; a
 * pillar whose activity fails for good is marked failed and the run completes without it.
 */
import { ActivityFailure, ApplicationFailure, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow'
import type { Activities } from '../activities'
import { assembleAnalysis, allRecommendations, pillarScoresOf, type PhaseOutputs } from '../app/domain/optimiser/assemble'
import { PILLAR_PHASE, type Pillar } from '../app/domain/optimiser/constants'
import { progressOf } from '../app/domain/optimiser/progress'
import type { OptimiserAnalysis, OptimisationResult, PhaseStatus } from '../app/domain/optimiser/types'
import { getOptimiserProgressQuery, type OptimiserWorkflowInput } from './shared'

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: ['configuration', 'permanent', 'refused-url', 'no-content'] },
})

function messageOf(err: unknown): { message: string; type?: string } {
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) return { message: err.cause.message, type: err.cause.type ?? undefined }
  if (err instanceof ActivityFailure && err.cause) return { message: err.cause.message }
  return { message: err instanceof Error ? err.message : String(err) }
}

export async function optimiserWorkflow(input: OptimiserWorkflowInput): Promise<OptimiserAnalysis> {
  const statuses: PhaseStatus[] = Array.from({ length: 9 }, () => 'pending')
  let failure: string | null = null
  setHandler(getOptimiserProgressQuery, () => progressOf(statuses, failure))

  statuses[0] = 'running'
  let extracted: Awaited<ReturnType<Activities['optimiserExtract']>>
  try {
    extracted = await acts.optimiserExtract({ content: input.content, url: input.url })
  } catch (err) {
    // A cancel (the Temporal UI, `temporal workflow cancel`) ends the run as cancelled, not failed.
    if (isCancellation(err)) throw err
    const { message, type } = messageOf(err)
    statuses[0] = 'error'
    failure = message
    throw ApplicationFailure.nonRetryable(message, type ?? 'extract-failed')
  }
  statuses[0] = 'completed'
  const { page, chunks } = extracted
  const content = page.fullContent
  const errors: PhaseOutputs['errors'] = {}

  async function phase<T>(pillar: Pillar, run: () => Promise<T>): Promise<T | null> {
    const i = PILLAR_PHASE[pillar]
    statuses[i] = 'running'
    try {
      const out = await run()
      statuses[i] = 'completed'
      return out
    } catch (err) {
      if (isCancellation(err)) throw err
      statuses[i] = 'error'
      errors[pillar] = messageOf(err).message
      return null
    }
  }
  const common = { userId: input.userId, prompt: input.prompt, language: input.language, content, chunks, facts: page.facts }
  const [relevance, synthesis, citation, breadthDepth, multiModal, personalisation, crawlability] = await Promise.all([
    phase('relevance', () => acts.optimiserRelevance({ userId: input.userId, prompt: input.prompt, language: input.language, content, chunks })),
    phase('synthesis', () => acts.optimiserPillar({ ...common, pillar: 'synthesis' })),
    phase('citation', () => acts.optimiserPillar({ ...common, pillar: 'citation' })),
    phase('breadthDepth', () => acts.optimiserPillar({ ...common, pillar: 'breadthDepth' })),
    phase('multiModal', () => acts.optimiserPillar({ ...common, pillar: 'multiModal' })),
    phase('personalisation', () => acts.optimiserPillar({ ...common, pillar: 'personalisation' })),
    phase('crawlability', () => acts.optimiserPillar({ ...common, pillar: 'crawlability' })),
  ])
  const outputs = { prompt: input.prompt, page, chunks, relevance, synthesis, citation, breadthDepth, multiModal, personalisation, crawlability, errors }

  statuses[8] = 'running'
  let summary: PhaseOutputs['summary'] = null
  try {
    summary = await acts.optimiserSummary({ userId: input.userId, prompt: input.prompt, language: input.language, content, scores: pillarScoresOf(outputs), recommendations: allRecommendations(outputs) })
    statuses[8] = 'completed'
  } catch (err) {
    if (isCancellation(err)) throw err
    statuses[8] = 'error'
    errors.summary = messageOf(err).message
  }
  return assembleAnalysis({ ...outputs, summary, analysedAt: new Date().toISOString() })
}

/** The optimise call: the rewrite of the content with the selected recommendations. */
export async function optimiserRewriteWorkflow(input: Parameters<Activities['optimiserRewrite']>[0]): Promise<OptimisationResult> {
  return acts.optimiserRewrite(input)
}

/** The generate-critical-actions call: two critical actions per pillar. */
export async function optimiserActionsWorkflow(input: Parameters<Activities['optimiserCriticalActions']>[0]) {
  return acts.optimiserCriticalActions(input)
}
