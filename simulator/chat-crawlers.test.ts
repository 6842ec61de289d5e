import { describe, expect, it } from 'vitest'
import { readQuestion, toolCallsOf } from './chat-intent'

describe('questions about AI crawlers', () => {
  it.each([
    'Which AI crawlers visit my site, and are they verified?',
    'Is GPTBot blocked on our website?',
    'How many visits do AI assistants send us (referrals)?',
    'Welche KI-Bots besuchen unsere Website?',
    'Quels robots d\'IA explorent mon site ? Les crawlers sont-ils bloqués ?',
    'どのAIクローラーがサイトを訪れていますか？',
  ])('%s → ai_crawlers', (q) => {
    expect(toolCallsOf(readQuestion(q, ['Brooks']).intent)).toEqual([{ name: 'ai_crawlers', input: {} }])
  })
  it('leaves other questions alone (both, sources)', () => {
    expect(toolCallsOf(readQuestion('Which web sources do the AI models cite most, both own and earned?', ['Brooks']).intent)[0].name).toBe('sources')
  })
})
