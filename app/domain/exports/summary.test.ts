import { parseSummaryPrompt, summaryPrompt, summaryReply, type SummaryFacts } from './summary'

const facts: SummaryFacts = {
  brand: 'Brooks',
  market: 'running shoes',
  analysisDate: '2025-05-20',
  models: ['Claude Sonnet 4'],
  answers: 6,
  brands: [{ name: 'Brooks', isOwn: true, share: 40, rank: 1.6, positive: 30, negative: 10 }],
  ownRankPosition: 2,
  discovered: [],
}

describe('export AI Insights', () => {
  it('carries its facts in the prompt and reads them back', () => {
    expect(parseSummaryPrompt(summaryPrompt(facts))).toEqual(facts)
    expect(parseSummaryPrompt('best running shoes for flat feet')).toBeNull()
  })
  it('accepts a plain summary of sensible length and drops control characters', () => {
    const ok = summaryReply.parse({ summary: '  Brooks holds 40% of mentions\u0007 and ranks second among the brands listed.  ' })
    expect(ok.summary).toBe('Brooks holds 40% of mentions and ranks second among the brands listed.')
    expect(summaryReply.safeParse({ summary: 'Too short.' }).success).toBe(false)
    expect(summaryReply.safeParse({ text: 'x'.repeat(100) }).success).toBe(false)
  })
})
