import { summaryText } from './summary-text'
import { summaryFacts } from './summary'
import { unknownFigures } from './rewrite'

describe('a rewritten summary may only use the computed figures', () => {
  const facts = summaryFacts({
    brand: 'Acme', date: '2025-05-20', answers: 12, share: { value: 40, x: 10, n: 25 }, visibility: { value: 50, x: 3, n: 6 },
    rank: { value: 1.6, spread: null }, position: 2, engineShares: [{ modelId: 3, share: 50 }, { modelId: 8, share: 30 }],
    brands: [{ name: 'Acme', isOwn: true, share: 40 }, { name: 'Rival', isOwn: false, share: 24 }], points: [], analysisId: 1, cited: [], queries: [],
  })
  const text = summaryText(facts, 'en').flatMap((s) => s.sentences).join(' ')

  it('accepts new wording around the same figures, in either decimal style', () => {
    expect(unknownFigures('Acme leads with 40 % of mentions, 16 points ahead of Rival (24 %); average rank 1,6.', text)).toEqual([])
  })

  it('names every figure that is not in the facts', () => {
    // 45 % and rank 1.4 appear nowhere in the computed summary (40 %, 1.6).
    expect(unknownFigures('Acme holds 45 % of mentions with an average rank of 1.4.', text)).toEqual([45, 1.4])
  })
})
