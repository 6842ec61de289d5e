import { describe, expect, it } from 'vitest'
import { chunkContent } from '../app/domain/optimiser/chunks'
import { optimiserPrompt } from '../app/domain/optimiser/prompts'
import { OPTIMISER_TASKS, parseReply, replyJsonSchema } from '../app/domain/optimiser/schemas'
import { validateJson } from '../activities/gateway/json-schema'
import { cosine } from '../app/domain/optimiser/scores'
import { embedText, optimiserReply } from './optimiser'

const CONTENT = [
  '# Best running shoes for beginners',
  'By Ana Smith, updated 12 March 2026. The best running shoes for beginners have soft cushioning and a secure fit.',
  '![Runner](https://x.example/a.jpg)',
  '| Shoe | Price |\n| --- | --- |\n| Ghost | £130 |',
  '## Our bakery',
  'We also bake sourdough bread every morning with flour from local mills.',
].join('\n\n')
const PROMPT = 'best running shoes for beginners'

describe('simulator: optimiser replies', () => {
  it('answers every task with a reply that fits its zod schema', () => {
    const chunks = chunkContent(CONTENT).map((c) => ({ id: c.id, text: c.text }))
    for (const task of OPTIMISER_TASKS) {
      const p = optimiserPrompt({ task, targetPrompt: PROMPT, language: 'en-GB', content: CONTENT, chunks, data: task === 'summary' ? { scores: { relevance: 5 }, recommendations: ['Add a table'] } : [], recommendations: ['Add a table'] })
      const reply = parseReply(task, optimiserReply(p.prompt))
      expect(reply.ok, `${task}: ${reply.ok ? '' : reply.error}`).toBe(true)
    }
  })

  it('works the multi-modal reply out of the content', () => {
    const p = optimiserPrompt({ task: 'multiModal', targetPrompt: PROMPT, language: 'en-GB', content: CONTENT })
    const r = optimiserReply(p.prompt) as { existingMedia: Record<string, number> }
    expect(r.existingMedia).toEqual({ images: 1, videos: 0, tables: 1, charts: 0, other: 0 })
  })

  it('scores a chunk about the prompt above one that is not, by embeddings and by the model score', () => {
    const q = embedText(PROMPT, 'openai')
    const about = embedText('The best running shoes for beginners have soft cushioning.', 'openai')
    const off = embedText('We bake sourdough bread every morning.', 'openai')
    expect(cosine(q, about)).toBeGreaterThan(0.6)
    expect(cosine(q, off)).toBeLessThan(0.3)
    const chunks = chunkContent(CONTENT)
    const p = optimiserPrompt({ task: 'relevance', targetPrompt: PROMPT, language: 'en-GB', content: CONTENT, chunks: chunks.map((c) => ({ id: c.id, text: c.text })) })
    const r = optimiserReply(p.prompt) as { chunks: { id: string; geminiScore: number }[] }
    const first = r.chunks[0].geminiScore
    const last = r.chunks[r.chunks.length - 1].geminiScore
    expect(first).toBeGreaterThan(last)
  })

  it('is not triggered by other prompts', () => {
    expect(optimiserReply('best running shoes uk')).toBeUndefined()
  })
})

describe('simulator: the invalid-reply fault', () => {
  const chunks = chunkContent(CONTENT).map((c) => ({ id: c.id, text: c.text }))
  const ask = (task: Parameters<typeof optimiserPrompt>[0]['task'], targetPrompt: string) =>
    optimiserReply(optimiserPrompt({ task, targetPrompt, language: 'en-GB', content: CONTENT, chunks, data: { scores: { relevance: 6 }, recommendations: [] } }).prompt)

  it('answers the named tasks with JSON of the right shape that the zod schema refuses, and the others as usual', () => {
    const target = `${PROMPT} [sim:invalid-reply=citation,criticalActions]`
    const citation = parseReply('citation', ask('citation', target))
    expect(citation.ok).toBe(false)
    if (!citation.ok) expect(citation.error).toMatch(/^overallScore: Too big: expected number to be <=10/)
    const actions = parseReply('criticalActions', ask('criticalActions', target))
    expect(actions.ok).toBe(false)
    if (!actions.ok) expect(actions.error).toMatch(/^criticalActions\.0\.actions: Too big: expected array to have exactly 2 items/)
    // Same fields, same types: the gateway's JSON-schema check lets it through; only the values are wrong.
    expect(validateJson(replyJsonSchema('citation'), ask('citation', target))).toEqual([])
    expect(validateJson(replyJsonSchema('criticalActions'), ask('criticalActions', target))).toEqual([])
    expect(Object.keys(ask('citation', target) as object)).toEqual(Object.keys(ask('citation', PROMPT) as object))
    expect(parseReply('synthesis', ask('synthesis', target)).ok).toBe(true)
    expect(parseReply('citation', ask('citation', PROMPT)).ok).toBe(true)
  })
})
