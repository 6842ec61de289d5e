import { describe, expect, it } from 'vitest'
import { insightsSummaryOf, modelResultsOf } from './analysis-details'

describe("the Analysis entity's modelResults", () => {
  it('sums mentions per model and brand, and averages each query\'s ranks per brand over the samples that ranked it', () => {
    const q1 = 'best running shoes'
    const q2 = 'trail shoes'
    const results = modelResultsOf([
      { modelId: 8, query: q1, ok: true, mentions: { Acme: 2, Beta: 1 }, rankings: { Acme: 1, Beta: 2 } },
      { modelId: 8, query: q1, ok: true, mentions: { Acme: 1, Beta: 0 }, rankings: { Acme: 2 } },
      { modelId: 8, query: q2, ok: true, mentions: { Acme: 0, Beta: 3 }, rankings: { Beta: 1, Acme: 0 } },
      { modelId: 8, query: q2, ok: false, mentions: { Acme: 9 }, rankings: { Acme: 1 } },
      { modelId: 3, query: q1, ok: true, mentions: { Acme: 1 }, rankings: {} },
    ])
    // Model 8: Acme 2 + 1 + 0 = 3 (the failed answer does not count), Beta 1 + 0 + 3 = 4.
    // Ranks for q1: Acme (1 + 2) / 2 = 1.5, Beta 2 / 1 = 2; q2: Beta 1, Acme's 0 means not ranked.
    expect(results).toEqual({
      8: { brandMentions: { Acme: 3, Beta: 4 }, brandRanking: { [q1]: { Acme: 1.5, Beta: 2 }, [q2]: { Beta: 1 } } },
      3: { brandMentions: { Acme: 1 }, brandRanking: {} },
    })
  })
})

describe('the source search fields as a summary with a link', () => {
  it('counts the insights per kind and model and links the full data', () => {
    const s = insightsSummaryOf(7, {
      searchInsightsStatus: 'completed',
      searchInsights: [{ modelId: 8 }, { modelId: 8 }, { modelId: 3 }],
      enhancedSearchInsights: [{ modelId: 6 }],
      dualSearchInsights: { geminiInsights: [{ modelId: 6 }], openaiInsights: [] },
    })
    expect(s).toEqual({
      searchInsightsStatus: 'completed',
      searchInsights: { count: 3, byModel: { 8: 2, 3: 1 }, href: '/api/analyses/7/search-insights' },
      enhancedSearchInsights: { count: 1, byModel: { 6: 1 }, href: '/api/analyses/7/search-insights' },
      dualSearchInsights: { geminiInsights: 1, openaiInsights: 0, href: '/api/analyses/7/search-insights' },
    })
  })
})
