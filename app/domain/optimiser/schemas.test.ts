import { describe, expect, it } from 'vitest'
import { isStrictCompatible, validateJson } from '../../../activities/gateway/jsonSchema'
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

  it('needs a prompt and content or a URL (§5 texts)', () => {
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
