import { describe, expect, it } from 'vitest'
import { chunkContent } from '../app/domain/optimiser/chunks'
import { optimiserPrompt } from '../app/domain/optimiser/prompts'
import { OPTIMISER_TASKS, parseReply } from '../app/domain/optimiser/schemas'
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
