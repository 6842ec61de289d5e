import { describe, expect, it } from 'vitest'
import { isStrictCompatible, validateJson } from '../../../activities/gateway/json-schema'
import { OPTIMISER_TASKS, parseReply, replyJsonSchema } from './schemas'
import { analysisShapeProblem, relevanceRequest } from './requests'

describe('optimiser reply schemas', () => {
  it('sends strict-mode JSON schemas (every field required, no extras)', () => {
    for (const task of OPTIMISER_TASKS) expect(isStrictCompatible(replyJsonSchema(task)), task).toBe(true)
  })

  it('rejects a reply the JSON schema lets through but zod does not (a score of 11)', () => {
    const reply = { chunks: [{ id: 'chunk-1', geminiScore: 11, recommendations: [] }], overallAnalysis: { summary: 's', gapCoverage: 50, missingOpportunities: [], nextSteps: [] } }
    expect(validateJson(replyJsonSchema('relevance'), reply)).toEqual([])
    const parsed = parseReply('relevance', reply)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error).toBe('chunks.0.geminiScore: Too big: expected number to be <=10')
    expect(parseReply('relevance', { ...reply, chunks: [{ ...reply.chunks[0], geminiScore: 7 }] }).ok).toBe(true)
  })

  it('checks the shape of a result sent back for saving or export', () => {
    expect(analysisShapeProblem({ prompt: 'p', fullContent: 'c', chunks: [], criticalActions: [], summarizedRecommendations: [], visualData: {}, scores: { overall: 50 } })).toBeNull()
    expect(analysisShapeProblem({ prompt: 'p', fullContent: 'c', chunks: [], criticalActions: 'x', summarizedRecommendations: [], visualData: {}, scores: { overall: 50 } })).toBe('analysisResult.criticalActions must be a list')
  })

  it('needs a prompt and content or a URL, with the texts users see', () => {
    const first = (b: unknown) => {
      const r = relevanceRequest.safeParse(b)
      return r.success ? null : r.error.issues[0].message
    }
    expect(first({ prompt: '', content: 'x' })).toBe('Please enter a prompt/query to analyze against')
    expect(first({ prompt: 'q', content: ' ' })).toBe('Please provide content to analyze')
    expect(first({ prompt: 'q', url: '' })).toBe('Please provide a URL to analyze')
    expect(first({ prompt: 'q', content: 'x', language: 'xx' })).toBe('Unsupported language')
    expect(first({ prompt: 'q', content: 'x' })).toBeNull()
  })
})

describe('critical actions (2 per pillar for 7 pillars)', () => {
  const PILLAR_NAMES = ['Relevance', 'Synthesis', 'Citation', 'Breadth & Depth', 'Multi-modal', 'Personalisation', 'Crawlability']
  const good = () => PILLAR_NAMES.map((pillar) => ({ pillar, actions: [`First ${pillar} action.`, `Second ${pillar} action.`], impact: 'High' }))
  const problem = (criticalActions: unknown) => {
    const r = parseReply('criticalActions', { criticalActions })
    return r.ok ? null : r.error
  }

  it('accepts one entry per pillar with two actions each, in any order', () => {
    expect(problem(good())).toBeNull()
    expect(problem(good().reverse())).toBeNull()
    expect(parseReply('summary', { summarizedRecommendations: [], criticalActions: good() }).ok).toBe(true)
  })

  it('refuses other counts of actions, a missing, repeated or unknown pillar, and empty actions', () => {
    const oneAction = good().map((a, i) => (i === 2 ? { ...a, actions: a.actions.slice(0, 1) } : a))
    expect(problem(oneAction)).toBe('criticalActions.2.actions: Too small: expected array to have exactly 2 items')
    const threeActions = good().map((a, i) => (i === 0 ? { ...a, actions: [...a.actions, 'Third.'] } : a))
    expect(problem(threeActions)).toBe('criticalActions.0.actions: Too big: expected array to have exactly 2 items')
    expect(problem(good().slice(0, 6))).toBe('criticalActions: Too small: expected array to have exactly 7 items')
    const repeated = good().map((a, i) => (i === 6 ? { ...a, pillar: 'Relevance' } : a))
    expect(problem(repeated)).toBe(`criticalActions: Needs one entry for each pillar: ${PILLAR_NAMES.join(', ')}`)
    const unknown = good().map((a, i) => (i === 1 ? { ...a, pillar: 'Readability' } : a))
    expect(problem(unknown)).toMatch(/^criticalActions\.1\.pillar: Invalid option/)
    const empty = good().map((a, i) => (i === 3 ? { ...a, actions: ['Do it.', '  '] } : a))
    expect(problem(empty)).toBe('criticalActions.3.actions.1: An action cannot be empty')
    expect(parseReply('summary', { summarizedRecommendations: [], criticalActions: good().slice(1) }).ok).toBe(false)
  })

  it('tells the model the counts and the pillar names in the JSON schema', () => {
    const list = (replyJsonSchema('criticalActions') as any).properties.criticalActions
    expect(list).toMatchObject({ minItems: 7, maxItems: 7 })
    expect(list.items.properties.actions).toMatchObject({ minItems: 2, maxItems: 2 })
    expect(list.items.properties.pillar.enum).toEqual(PILLAR_NAMES)
    expect((replyJsonSchema('summary') as any).properties.criticalActions).toEqual(list)
  })
})
