import { describe, expect, it } from 'vitest'
import { aggregateAnalysis, type AnswerForMetrics, type BrandDef } from '../metrics'
import { metricsFromParts, partKeys, storedParts, STORED_RESULTS_VERSION } from './stored'
import { brandRankView, mentionsView, overviewView, queryRankView, sentimentDetailView, sentimentView, shareView } from './view'

const brands: BrandDef[] = [
  { name: 'Nike', alternativeNames: [], domains: [], isOwn: true },
  { name: 'Adidas', alternativeNames: [], domains: [] },
  { name: 'Hoka', alternativeNames: [], domains: [] },
]
const ans = (modelId: number, queryIndex: number, text: string): AnswerForMetrics => ({
  modelId, queryIndex, query: `query ${queryIndex}`, sample: 1, text, ok: true, topic: queryIndex === 0 ? 'Road' : 'Trail', audience: null,
})
const m = aggregateAnalysis(
  [
    ans(3, 0, '1. Nike Pegasus\n2. Adidas Boston\n\nNike is excellent for daily training.'),
    ans(8, 0, 'Hoka is great. Nike is terrible in the rain.'),
    ans(3, 1, '1. Hoka Speedgoat\n2. Nike Wildhorse\n3. Adidas Terrex'),
    ans(8, 1, 'Adidas is wonderful.'),
  ],
  brands,
)

/** The parts a tab would read from the database, by key. */
const read = (tab: Parameters<typeof partKeys>[0], brand: string) => {
  const all = new Map(storedParts(m).map((p) => [p.key, JSON.parse(JSON.stringify(p.value)) as unknown]))
  return new Map(partKeys(tab, brand).flatMap((k) => (all.has(k) ? [[k, all.get(k)]] : [])))
}

describe('stored results', () => {
  it('write one summary, the query list, the mention matrix and two column sets per brand', () => {
    expect(storedParts(m).map((p) => p.key)).toEqual([
      'summary', 'queries', 'mentions', 'ranks/Nike', 'snippets/Nike', 'ranks/Adidas', 'snippets/Adidas', 'ranks/Hoka', 'snippets/Hoka',
    ])
  })

  it('give every tab the same view as the full aggregate, from its own parts only', () => {
    const from = (tab: Parameters<typeof partKeys>[0], brand = 'Nike') => metricsFromParts(read(tab, brand), tab, brand)!
    expect(overviewView(from('overview'))).toEqual(overviewView(m))
    expect(shareView(from('share-of-model'))).toEqual(shareView(m))
    expect(brandRankView(from('brand-rank'), false)).toEqual(brandRankView(m, false))
    expect(sentimentView(from('sentiment'))).toEqual(sentimentView(m))
    expect(mentionsView(from('mentions'))).toEqual(mentionsView(m))
    for (const brand of ['Nike', 'Hoka']) {
      expect(queryRankView(from('ranking-detail', brand), brand, 2)).toEqual(queryRankView(m, brand, 2))
      expect(sentimentDetailView(from('sentiment-detail', brand), brand, 'all')).toEqual(sentimentDetailView(m, brand, 'all'))
    }
  })

  it('are ignored when a part is missing or of another version (the answers are aggregated again)', () => {
    const parts = read('ranking-detail', 'Nike')
    parts.delete('ranks/Nike')
    expect(metricsFromParts(parts, 'ranking-detail', 'Nike')).toBeNull()
    const old = read('overview', 'Nike')
    old.set('summary', { ...(old.get('summary') as object), version: STORED_RESULTS_VERSION + 1 })
    expect(metricsFromParts(old, 'overview', 'Nike')).toBeNull()
    expect(metricsFromParts(new Map(), 'overview', 'Nike')).toBeNull()
  })
})
