/**
 * Content Ideator runs: ideas grounded in the analysis, then scored by OpenAI and Gemini;
 * or the full content of the selected ideas, written in parallel and scored the same way. A scorer that
 * fails for good leaves its score out; the run fails only if the writer fails or no scorer answers.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'
import type { ContentIdea, GeneratedContent } from '../app/domain/ideator/types'
import type { IdeatorContentInput, IdeatorIdeasInput } from './shared'

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: ['configuration', 'permanent'] },
})

interface Scored {
  score: number
  openaiScore: number | null
  geminiScore: number | null
}

function failureMessage(err: unknown): string {
  if (err instanceof ActivityFailure && err.cause) return err.cause.message
  return err instanceof Error ? err.message : String(err)
}

/** Each scorer's scores (a failed scorer is left out), folded into the idea's score fields (openaiScore, geminiScore): score is their mean. */
async function scoreAll(input: IdeatorIdeasInput, items: IdeatorContentInput['items']): Promise<Map<string, Scored>> {
  const scorers = await acts.ideatorScorers()
  const settled = await Promise.allSettled(scorers.map((provider) => acts.ideatorScore({ ...input, provider, items })))
  const ok = settled.flatMap((r, i) => (r.status === 'fulfilled' ? [{ provider: scorers[i], scores: r.value }] : []))
  if (!ok.length) {
    const first = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    throw ApplicationFailure.nonRetryable(`No model could score the results: ${failureMessage(first?.reason)}`, 'scoring-failed')
  }
  const round = (n: number) => Math.round(n * 1000) / 1000
  return new Map(
    items.map((it) => {
      const all = ok.map((s) => s.scores[it.id])
      const of = (p: string) => ok.find((s) => s.provider === p)?.scores[it.id] ?? null
      return [it.id, { score: round(all.reduce((a, b) => a + b, 0) / all.length), openaiScore: of('openai'), geminiScore: of('gemini') }]
    }),
  )
}

/** Ideas with their scores; ids are the run's own (i1, i2 …), replaced by stored ids in the app. */
export async function ideatorIdeasWorkflow(input: IdeatorIdeasInput): Promise<{ ideas: ContentIdea[]; provider: string }> {
  const { ideas, provider } = await acts.ideatorIdeas(input)
  const scores = await scoreAll(input, ideas)
  return {
    provider,
    ideas: ideas.map((i) => ({ id: i.id, title: i.title, description: i.description ?? '', keyElements: i.keyElements ?? [], gapId: i.gapId, gap: i.gap ?? '', ...scores.get(i.id)! })),
  }
}

/** One draft per selected idea, written in parallel, then scored. */
export async function ideatorContentWorkflow(input: IdeatorContentInput): Promise<GeneratedContent[]> {
  const drafts = await Promise.all(input.items.map((item) => acts.ideatorContent({ userId: input.userId, context: input.context, item })))
  const scored = input.items.map((it, n) => ({ ...it, content: drafts[n] }))
  const scores = await scoreAll(input, scored)
  return scored.map((it) => ({ ideaId: it.id, ideaTitle: it.title, content: it.content, ...scores.get(it.id)! }))
}
