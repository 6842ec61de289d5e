import { describe, expect, it } from 'vitest'
import { type AnswerForMetrics, aggregateAnalysis, aggregateByGroup } from './aggregate'
import { parseAnswer } from './parse-answer'
import type { BrandDef } from './brands'

const nike: BrandDef = { name: 'Nike', alternativeNames: [], domains: ['nike.com'], isOwn: true }
const adidas: BrandDef = { name: 'Adidas', alternativeNames: [], domains: [] }
const hoka: BrandDef = { name: 'Hoka', alternativeNames: ['Hoka One One'], domains: [] }
// own brand deliberately not first: the output must put it first
const brands = [adidas, hoka, nike]

const Q0 = 'best running shoes'
const Q1 = 'best trail shoes'
const ans = (modelId: number, queryIndex: number, sample: number, text: string, ok = true): AnswerForMetrics => ({
  modelId, queryIndex, query: queryIndex === 0 ? Q0 : Q1, sample, text, ok, topic: queryIndex === 0 ? 'Road' : 'Trail',
  audience: null,
})

/*
 * Hand-built set (mentions / ranks per answer):
 * A1 Q0 m3 s1: Nike 2, Adidas 1, Hoka 0   ranks Nike 1, Adidas 2
 * A2 Q0 m3 s2: Nike 1, Adidas 1, Hoka 1   ranks Adidas 1, Nike 2, Hoka 3
 * A3 Q0 m8 s1: Nike 1, Adidas 0, Hoka 1   no ranks
 * A4 Q0 m5 s1: failed (ok false)
 * A5 Q1 m3 s1: Nike 1, Adidas 1, Hoka 2   ranks Hoka 1, Nike 2, Adidas 3
 * A6 Q1 m8 s1: Nike 1, Adidas 0, Hoka 1   ranks Nike 1 ("First:"), Hoka 2 ("Second:")
 * A7 Q1 m1 s1: legacy model, not in the default model ids -> ignored
 */
const answers: AnswerForMetrics[] = [
  ans(3, 0, 1, '1. Nike Pegasus\n2. Adidas Boston\n\nNike is excellent for daily training.'),
  ans(3, 0, 2, '1. Adidas Boston\n2. Nike Pegasus\n3. Hoka Clifton'),
  ans(8, 0, 1, 'Hoka is great. Nike too.'),
  ans(5, 0, 1, '', false),
  ans(3, 1, 1, '1. Hoka Speedgoat\n2. Nike Wildhorse\n3. Adidas Terrex\n\nHoka is poor in wet conditions.\n\nSources:\n1. Nike blog'),
  ans(8, 1, 1, 'First: Nike Wildhorse.\nSecond: Hoka.'),
  ans(1, 1, 1, 'Nike Nike Nike Nike'),
]

describe('parseAnswer', () => {
  it('returns mentions for all brands, ranks for ranked brands and sentiment per brand', () => {
    const p = parseAnswer(answers[0].text, brands)
    expect(p.mentions).toEqual({ Adidas: 1, Hoka: 0, Nike: 2 })
    expect(p.rankings).toEqual({ Nike: 1, Adidas: 2 })
    expect(p.sentiment.Nike).toMatchObject({ mentions: 2, positive: 50, neutral: 50, negative: 0, totalScore: 1 })
    expect(p.sentiment.Hoka.mentions).toBe(0)
  })

  it('ignores the sources list for all three measures', () => {
    const p = parseAnswer(answers[4].text, brands)
    expect(p.mentions.Nike).toBe(1)
    expect(p.rankings).toEqual({ Hoka: 1, Nike: 2, Adidas: 3 })
  })
})

describe('aggregateAnalysis on the hand-built set', () => {
  const m = aggregateAnalysis(answers, brands)

  it('lists the own brand first and the six card models', () => {
    expect(m.brandNames).toEqual(['Nike', 'Adidas', 'Hoka'])
    expect(m.brands[0].isOwn).toBe(true)
    expect(m.modelIds).toEqual([3, 5, 6, 8, 9, 10])
    expect(m.answeredModelIds).toEqual([3, 8])
  })

  it('counts answers per model', () => {
    expect(m.answerCounts[3]).toEqual({ modelId: 3, total: 3, answered: 3, failed: 0, queries: 2 })
    expect(m.answerCounts[5]).toEqual({ modelId: 5, total: 1, answered: 0, failed: 1, queries: 0 })
    expect(m.answerCounts[8]).toEqual({ modelId: 8, total: 2, answered: 2, failed: 0, queries: 2 })
    expect(m.answerCounts[6].total).toBe(0)
  })

  it('averages mentions per sample, sums over queries, averages across answering models', () => {
    // m3: Q0 mean of samples Nike (2+1)/2 = 1.5, Adidas (1+1)/2 = 1, Hoka (0+1)/2 = 0.5; Q1 Nike 1, Adidas 1, Hoka 2
    //     -> Nike 2.5, Adidas 2, Hoka 2.5 (model total 7)
    // m8: Nike 1+1 = 2, Adidas 0, Hoka 1+1 = 2 (model total 4)
    // combined = average over the 2 answering models: Nike 2.25, Adidas 1, Hoka 2.25; totals 4.5, 2, 4.5 (11)
    const nikeM = m.byBrand.Nike.mentions
    expect(nikeM.byModel).toEqual({ 3: 2.5, 5: 0, 6: 0, 8: 2, 9: 0, 10: 0 })
    expect(nikeM.rawByModel[3]).toBe(4) // 2 + 1 + 1 over all samples
    expect(nikeM.combined).toBe(2.25)
    expect(nikeM.total).toBe(4.5)
    expect(nikeM.rawTotal).toBe(6)
    expect(m.byBrand.Adidas.mentions).toMatchObject({ combined: 1, total: 2 })
    expect(m.byBrand.Hoka.mentions).toMatchObject({ combined: 2.25, total: 4.5 })
    // raw over all samples: m3 Nike 4 + Adidas 3 + Hoka 3 = 10, m8 Nike 2 + Hoka 2 = 4 -> 14
    expect(m.totals).toEqual({ mentionsByModel: { 3: 7, 5: 0, 6: 0, 8: 4, 9: 0, 10: 0 }, mentionsCombined: 5.5, mentionsTotal: 11, rawMentionsTotal: 14 })
  })

  it('computes share of model per model and combined, with n', () => {
    // m3: Nike 2.5/7 = 35.714%, m8: 2/4 = 50%, combined 4.5/11 = 40.909%
    const s = m.byBrand.Nike.share
    expect(s.byModel[3]).toBeCloseTo(35.714, 3)
    expect(s.byModel[8]).toBe(50)
    expect(s.byModel[5]).toBe(0)
    expect(s.combined).toBeCloseTo(40.909, 3)
    expect(s.nByModel[3]).toBe(7)
    expect(s.n).toBe(11)
    expect(m.byBrand.Adidas.share.byModel[8]).toBe(0)
    expect(m.byBrand.Adidas.share.combined).toBeCloseTo(18.182, 3)
  })

  it('averages ranks per model and combines them', () => {
    // Nike m3: Q0 mean(1, 2) = 1.5, Q1 2 -> mean 1.75 -> 1.8; m8: Q1 1 -> 1. Combined mean(1.8, 1) = 1.4. Visible in 2/6 = 33%
    expect(m.byBrand.Nike.rank).toEqual({
      byModel: { 3: 1.8, 5: null, 6: null, 8: 1, 9: null, 10: null },
      combined: 1.4,
      rankedQueriesByModel: { 3: 2, 5: 0, 6: 0, 8: 1, 9: 0, 10: 0 },
      answeredQueriesByModel: { 3: 2, 5: 0, 6: 0, 8: 2, 9: 0, 10: 0 },
      // Spread of the per-query ranks: m3 1.5 and 2 (mean 1.75, SD √(.0625 + .0625) = .35); m8 1 alone;
      // pooled 1.5, 2, 1 (mean 1.5, SD √((0 + .25 + .25) / 2) = .5).
      spreadByModel: { 3: { n: 2, min: 1.5, max: 2, sd: 0.35 }, 5: null, 6: null, 8: { n: 1, min: 1, max: 1, sd: null }, 9: null, 10: null },
      spread: { n: 3, min: 1, max: 2, sd: 0.5 },
    })
    expect(m.byBrand.Nike.visibility).toBe(33)
    // Adidas m3: Q0 mean(2, 1) = 1.5, Q1 3 -> 2.25 -> 2.3; never ranked by m8. Combined 2.3, visibility 1/6 = 17%
    expect(m.byBrand.Adidas.rank.byModel[3]).toBe(2.3)
    expect(m.byBrand.Adidas.rank.combined).toBe(2.3)
    expect(m.byBrand.Adidas.visibility).toBe(17)
    // Hoka m3: Q0 3, Q1 1 -> 2; m8: Q1 2 -> 2. Combined 2, visibility 33%
    expect(m.byBrand.Hoka.rank.byModel).toMatchObject({ 3: 2, 8: 2 })
    expect(m.byBrand.Hoka.rank.combined).toBe(2)
  })

  it('builds the per-query table', () => {
    expect(m.queries.map((q) => [q.queryIndex, q.query, q.topic])).toEqual([
      [0, Q0, 'Road'],
      [1, Q1, 'Trail'],
    ])
    const q0 = m.queries[0]
    expect(q0.samplesByModel).toEqual({ 3: 2, 5: 0, 6: 0, 8: 1, 9: 0, 10: 0 })
    expect(q0.answeredModelIds).toEqual([3, 8])
    // Q0 totals: Nike 1.5 + 1 = 2.5, Adidas 1 + 0 = 1, Hoka 0.5 + 1 = 1.5 -> 5
    expect(q0.totalMentions).toBe(5)
    expect(q0.brands.Nike).toMatchObject({
      mentionsByModel: { 3: 1.5, 5: 0, 6: 0, 8: 1, 9: 0, 10: 0 },
      mentionsTotal: 2.5,
      mentionsCombined: 1.25,
      share: 50,
      rankByModel: { 3: 1.5, 5: null, 6: null, 8: null, 9: null, 10: null },
      combinedRank: 1.5,
      visibility: 17,
      rankedSamplesByModel: { 3: 2, 5: 0, 6: 0, 8: 0, 9: 0, 10: 0 },
    })
    expect(q0.brands.Hoka.rankByModel[3]).toBe(3) // only sample 2 ranked Hoka
    const q1 = m.queries[1]
    // Q1: Nike m3 2, m8 1 -> combined 1.5, visible in 2 of 6
    expect(q1.brands.Nike).toMatchObject({ combinedRank: 1.5, visibility: 33, mentionsTotal: 2 })
  })

  it('aggregates sentiment per brand over all answered samples', () => {
    // Nike sentences: A1 "1. Nike Pegasus" 0, "Nike is excellent for daily training." +1; A2 "2. Nike Pegasus" 0;
    // A3 "Nike too." 0; A5 "2. Nike Wildhorse" 0; A6 "First: Nike Wildhorse." 0
    // -> 6 sentences: 1 positive, 5 neutral -> 16.7/83.3 -> 17/83; total 1, score 1/6 = 0.17
    const s = m.byBrand.Nike.sentiment
    expect(s).toMatchObject({
      mentions: 6, positive: 17, neutral: 83, negative: 0, totalScore: 1, score: 0.17, label: 'positive', confidence: 1,
      positiveWords: ['excellent'], negativeWords: [], counts: { positive: 1, neutral: 5, negative: 0 }, answers: 5,
    })
    expect(s.positiveSnippets).toEqual([
      { text: 'Nike is excellent for daily training.', words: ['excellent'], score: 1, queryIndex: 0, query: Q0, modelId: 3, sample: 1 },
    ])
    // Hoka: A2 0; A3 "Hoka is great." +1; A5 "1. Hoka Speedgoat" 0, "Hoka is poor in wet conditions." -1; A6 "Second: Hoka." 0
    // -> 5 sentences 1/3/1 -> 20/60/20, total 0 -> neutral. "Hoka is great." is under 20 chars: no snippet.
    const h = m.byBrand.Hoka.sentiment
    expect(h).toMatchObject({ mentions: 5, positive: 20, neutral: 60, negative: 20, totalScore: 0, score: 0, label: 'neutral' })
    expect(h.positiveSnippets).toEqual([])
    expect(h.negativeSnippets.map((x) => [x.text, x.queryIndex, x.modelId])).toEqual([['Hoka is poor in wet conditions.', 1, 3]])
    // per query too
    expect(m.queries[1].brands.Hoka.sentiment).toMatchObject({ mentions: 3, negative: 33, totalScore: -1 })
  })

  it('summarises for the overview tiles', () => {
    // average of combined ranks 1.4, 2.3, 2 = 1.9
    expect(m.summary).toEqual({ totalMentions: 11, brandsWithMentions: 3, brandsRanked: 3, averageRank: 1.9 })
    expect(m.queryCounts).toEqual({ included: 2, total: 2 })
  })
})

describe('aggregateAnalysis options', () => {
  it('filters queries and reports n/m', () => {
    const m = aggregateAnalysis(answers, brands, { queryFilter: (a) => a.topic === 'Trail' })
    expect(m.queryCounts).toEqual({ included: 1, total: 2 })
    expect(m.answerCounts[5].total).toBe(0) // the failed answer was for Q0
    // Q1 only: Nike m3 2, m8 1 -> 1.5; Hoka m3 1, m8 2 -> 1.5; Adidas m3 3
    expect(m.byBrand.Nike.rank.combined).toBe(1.5)
    expect(m.byBrand.Hoka.rank.combined).toBe(1.5)
    expect(m.byBrand.Adidas.rank.combined).toBe(3)
    // m3 total 4 (1 + 1 + 2), m8 total 2: Nike share m3 25%, m8 50%
    expect(m.byBrand.Nike.share.byModel).toMatchObject({ 3: 25, 8: 50 })
  })

  it('restricts to the given model ids', () => {
    const m = aggregateAnalysis(answers, brands, { modelIds: [3] })
    expect(m.modelIds).toEqual([3])
    expect(m.byBrand.Nike.mentions.combined).toBe(2.5)
    expect(m.byBrand.Nike.visibility).toBe(17) // still out of six models
  })

  it('includes legacy models when asked', () => {
    const m = aggregateAnalysis(answers, brands, { modelIds: [1] })
    expect(m.byBrand.Nike.mentions.total).toBe(4)
    expect(m.byBrand.Nike.visibility).toBe(0)
  })

  it('uses stored per-answer results when present (missing brands count 0)', () => {
    const stored: AnswerForMetrics = {
      ...ans(3, 0, 1, 'Nike'), mentions: { Nike: 10 }, rankings: { Nike: 4 }, sentiment: {},
    }
    const m = aggregateAnalysis([stored], brands)
    expect(m.byBrand.Nike.mentions.total).toBe(10)
    expect(m.byBrand.Adidas.mentions.total).toBe(0)
    expect(m.byBrand.Nike.rank.combined).toBe(4)
    expect(m.byBrand.Nike.sentiment.mentions).toBe(0)
  })

  it('treats blank ok answers as failed and handles no data', () => {
    const m = aggregateAnalysis([ans(8, 0, 1, '   ')], brands)
    expect(m.answerCounts[8]).toMatchObject({ answered: 0, failed: 1 })
    expect(m.byBrand.Nike.mentions.combined).toBe(0)
    expect(m.byBrand.Nike.share.combined).toBe(0)
    expect(m.byBrand.Nike.rank.combined).toBeNull()
    expect(m.summary).toEqual({ totalMentions: 0, brandsWithMentions: 0, brandsRanked: 0, averageRank: null })
    expect(aggregateAnalysis([], brands).queries).toEqual([])
  })
})

describe('aggregateByGroup', () => {
  it('aggregates per topic for the scatter', () => {
    const groups = aggregateByGroup(answers, brands, 'topic')
    expect(groups.map((g) => g.group)).toEqual(['Road', 'Trail'])
    const trail = groups[1].metrics
    expect(trail.byBrand.Nike.rank.combined).toBe(1.5)
    // Trail: Nike 1 + 1 = 2 of 6 (m3 4 + m8 2)
    expect(trail.byBrand.Nike.share.combined).toBeCloseTo(33.333, 3)
  })
})
