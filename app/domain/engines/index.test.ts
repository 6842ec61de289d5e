import { compareApiAndApp, presenceRates, type EngineAnswer } from './index'
import { marketOf } from './market'
import { analysisModelIds, mayUseEngines } from './tiers'

const answer = (a: Partial<EngineAnswer> & Pick<EngineAnswer, 'modelId' | 'queryIndex'>): EngineAnswer => ({
  query: `query ${a.queryIndex}`, sample: 1, ok: true, answered: true, absent: false, mentions: {}, rankings: {}, urls: [], ...a,
})

const brands = [{ name: 'Acme', isOwn: true }, { name: 'Beta', isOwn: false }, { name: 'Gamma', isOwn: false }]

// ChatGPT 5 API (8) against the ChatGPT app (14) on three queries; the app showed nothing for query 2.
const answers: EngineAnswer[] = [
  answer({ modelId: 8, queryIndex: 0, mentions: { Acme: 1, Beta: 2, Gamma: 0 }, rankings: { Acme: 1, Beta: 2 }, urls: ['https://acme.com/x', 'https://review.com/a'] }),
  answer({ modelId: 14, queryIndex: 0, mentions: { Acme: 1, Gamma: 1 }, rankings: { Gamma: 1, Acme: 2 }, urls: ['https://www.review.com/b', 'https://gamma.com/'] }),
  answer({ modelId: 8, queryIndex: 1, mentions: { Beta: 1 }, rankings: { Beta: 1 }, urls: ['https://beta.com/'] }),
  answer({ modelId: 14, queryIndex: 1, mentions: { Beta: 1 }, rankings: { Beta: 1 }, urls: ['https://beta.com/p'] }),
  answer({ modelId: 8, queryIndex: 2, mentions: { Acme: 1 }, rankings: { Acme: 3 }, urls: ['https://news.com/'] }),
  answer({ modelId: 14, queryIndex: 2, answered: false, absent: true }),
]

describe('API versus app', () => {
  const [chatgpt] = compareApiAndApp(answers, brands, [8, 14, 6])

  it('compares only the pairs whose two models ran, over the queries both answered', () => {
    expect(compareApiAndApp(answers, brands, [8, 6]).length).toBe(0)
    expect(chatgpt.label).toBe('ChatGPT: API (gpt-5) vs app')
    // Query 2 has no app answer: queries 0 and 1 remain.
    expect(chatgpt.queries).toBe(2)
  })

  it('mention rate and average rank per brand on each side', () => {
    const acme = chatgpt.brands.find((b) => b.brand === 'Acme')!
    // API: Acme named in query 0 of 2 → 1/2; ranked 1 once → 1. App: 1/2, ranked 2 once → 2.
    expect(acme.api.mentionRate).toEqual({ x: 1, n: 2, ci: { low: 9.5, high: 90.5 } })
    expect([acme.api.averageRank, acme.app.averageRank]).toEqual([1, 2])
    const beta = chatgpt.brands.find((b) => b.brand === 'Beta')!
    // API: named in both (2/2), ranks 2 and 1 → (2 + 1) / 2 = 1.5. App: named in query 1 only (1/2), rank 1.
    expect([beta.api.mentionRate.x, beta.api.mentionRate.n, beta.api.averageRank]).toEqual([2, 2, 1.5])
    expect([beta.app.mentionRate.x, beta.app.averageRank]).toEqual([1, 1])
    const gamma = chatgpt.brands.find((b) => b.brand === 'Gamma')!
    // A zero count is no mention: API 0/2, never ranked.
    expect([gamma.api.mentionRate.x, gamma.api.averageRank, gamma.app.mentionRate.x]).toEqual([0, null, 1])
  })

  it('Jaccard overlap of the cited domains', () => {
    // API: acme.com, review.com, beta.com; app: review.com (www. dropped), gamma.com, beta.com (news.com was query 2).
    // Shared 2 (review.com, beta.com) of 4 in all → 2 / 4 = 0.5.
    expect(chatgpt.domains).toEqual({ shared: 2, apiOnly: 1, appOnly: 1, n: 4, jaccard: 0.5 })
  })

  it('the queries where they disagree most', () => {
    // Query 0: API {Acme, Beta}, app {Acme, Gamma}: 1 shared of 3 → 1 − 1/3 = 0.667. Query 1: the same brand → 0, left out.
    expect(chatgpt.disagreements).toEqual([{ queryIndex: 0, query: 'query 0', disagreement: 0.667, onlyApi: ['Beta'], onlyApp: ['Gamma'] }])
  })
})

describe('presence', () => {
  it('shown of the answers that came back; a failed answer is in no n', () => {
    const aio = [
      answer({ modelId: 11, queryIndex: 0 }),
      answer({ modelId: 11, queryIndex: 1, answered: false, absent: true }),
      answer({ modelId: 11, queryIndex: 2, answered: false, absent: true }),
      answer({ modelId: 11, queryIndex: 2, sample: 2, ok: false, answered: false }),
    ]
    const { byModel, byQuery } = presenceRates(aio, [11])
    // 1 shown of 3 (the failed one left out): Wilson 95 % = 6.1–79.2 %.
    expect(byModel[0]).toEqual({ modelId: 11, model: 'Google AI Overview', shown: { x: 1, n: 3, ci: { low: 6.1, high: 79.2 } } })
    expect(byQuery.map((q) => [q.queryIndex, q.shown.x, q.shown.n])).toEqual([[0, 1, 1], [1, 0, 1], [2, 0, 1]])
  })
})

describe('tiers and markets', () => {
  it('the engines are for the Full tier and admins, on projects that turned them on', () => {
    expect(mayUseEngines({ tier: 'full', isAdmin: false })).toBe(true)
    expect(mayUseEngines({ tier: 'standard', isAdmin: false })).toBe(false)
    expect(mayUseEngines({ tier: 'light', isAdmin: true })).toBe(true)
    expect(analysisModelIds({ tier: 'full', isAdmin: false, engines: true })).toEqual([3, 5, 6, 8, 9, 10, 11, 12, 13, 14])
    expect(analysisModelIds({ tier: 'full', isAdmin: false, engines: false })).toEqual([3, 5, 6, 8, 9, 10])
    expect(analysisModelIds({ tier: 'standard', isAdmin: false, engines: true })).toEqual([3, 5, 6, 8, 9, 10])
  })

  it('a project language tag names the market', () => {
    expect(marketOf('en-GB')).toEqual({ languageCode: 'en', countryCode: 'gb', locationCode: 2826, locationName: 'United Kingdom' })
    expect(marketOf('de')).toMatchObject({ countryCode: 'de', locationCode: 2276 })
    expect(marketOf('ja-JP')).toMatchObject({ languageCode: 'ja', locationName: 'Japan' })
  })
})
