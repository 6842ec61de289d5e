/**
 * The overall sentiment score, worked by hand (the reported case: "an own brand with 52 %
 * positive statements shows +0.89 and another with 8 % negative shows +1.00"), through the real
 * metrics (aggregateAnalysis) and view (sentimentView), and the tooltip text that explains it.
 *
 * The rule: each sentence naming the brand scores +1 per positive word and -1 per negative word; the
 * range is -1 to +1. The metrics module's reading: score = sum of sentence scores / sentences,
 * clamped to -1..+1 (the average tone of a sentence, not the share of positive sentences).
 */
import { describe, expect, it } from 'vitest'
import { aggregateAnalysis, type AnswerForMetrics, type BrandDef } from '~/domain/metrics'
import { sentimentView } from '~/domain/results/view'
import { sentimentFormula } from './sentiment-formula'

const brands: BrandDef[] = [
  { name: 'Brightly', alternativeNames: [], domains: [], isOwn: true },
  { name: 'Corvane', alternativeNames: [], domains: [] },
]
const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ')

// Brightly, 25 sentences: 13 positive (52 %) and 12 neutral.
//   9 with two positive words ("excellent", "reliable"): +2 each = +18
//   4 with one ("popular"): +1 each = +4
//   12 with none: 0
//   sum +22, over 25 sentences = +0.88 (inside -1..+1, so shown as is)
const brightly = [
  repeat(9, (i) => `Brightly model ${i} is excellent and reliable.`),
  repeat(4, (i) => `Brightly range ${i} is popular.`),
  repeat(12, (i) => `Brightly sells item ${i} online.`),
].join(' ')
// Corvane, 25 sentences: 2 negative (8 %) and 23 positive.
//   23 with two positive words ("great", "durable"): +2 each = +46
//   2 with one negative word ("expensive"): -1 each = -2
//   sum +44, over 25 sentences = +1.76, kept within the range: +1.00
const corvane = [repeat(23, (i) => `Corvane pack ${i} is great and durable.`), repeat(2, (i) => `Corvane kit ${i} is expensive.`)].join(' ')

const ans = (queryIndex: number, text: string): AnswerForMetrics => ({ modelId: 3, queryIndex, query: `query ${queryIndex}`, sample: 1, text, ok: true, topic: null, audience: null })

describe('overall sentiment score, by hand', () => {
  const rows = sentimentView(aggregateAnalysis([ans(0, brightly), ans(1, corvane)], brands)).rows
  const own = rows.find((r) => r.name === 'Brightly')!
  const other = rows.find((r) => r.name === 'Corvane')!

  it('own brand with 52 % positive statements: +22 over 25 sentences = +0.88', () => {
    expect(own).toMatchObject({ isOwn: true, positive: 52, neutral: 48, negative: 0, mentions: 25, totalScore: 22, score: 0.88, label: 'positive' })
    expect(sentimentFormula(own)).toBe('+0.88 = sum of sentence scores +22 ÷ 25 sentences naming Brightly.')
  })

  it('a brand with 8 % negative statements: +44 over 25 sentences = +1.76, shown as +1.00', () => {
    expect(other).toMatchObject({ positive: 92, neutral: 0, negative: 8, mentions: 25, totalScore: 44, score: 1, label: 'positive' })
    expect(sentimentFormula(other)).toBe('+1.00 = sum of sentence scores +44 ÷ 25 sentences naming Corvane = +1.76, kept within -1 and +1.')
  })

  it('a negative score and a brand no sentence names', () => {
    expect(sentimentFormula({ name: 'Nike', score: -0.25, mentions: 4, totalScore: -1 })).toBe('-0.25 = sum of sentence scores -1 ÷ 4 sentences naming Nike.')
    expect(sentimentFormula({ name: 'Hoka', score: 0, mentions: 0, totalScore: 0 })).toBe('No sentence names Hoka, so there is no score.')
    expect(sentimentFormula({ name: 'Asics', score: 1, mentions: 1, totalScore: 3 })).toBe('+1.00 = sum of sentence scores +3 ÷ 1 sentence naming Asics = +3.00, kept within -1 and +1.')
  })
})
