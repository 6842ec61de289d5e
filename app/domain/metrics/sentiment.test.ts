import { describe, expect, it } from 'vitest'
import type { BrandDef } from './brands'
import { brandSentiment, setPercentages, phraseSentiment, prepareSentences, rankBonus, scoreWords, tokenize } from './sentiment'

const b = (name: string, alternativeNames: string[] = []): BrandDef => ({ name, alternativeNames, domains: [] })
const nike = b('Nike')

describe('brandSentiment, routine 1', () => {
  it('scores +1 per positive and -1 per negative word in the brand\'s sentences', () => {
    // Sentences naming Nike: "Nike is excellent and reliable." (+2), "Nike shoes are expensive." (-1),
    // "Nike exists." (0). The Adidas sentence is not Nike's.
    // mentions 3 -> 1 positive, 1 neutral, 1 negative = 33.3% each -> 34/33/33 (largest remainder, first wins)
    // totalScore 2 - 1 + 0 = 1; score 1/3 = 0.33 -> positive; confidence min(3/3, 1) = 1
    const r = brandSentiment('Nike is excellent and reliable. Nike shoes are expensive. Adidas is great. Nike exists.', nike)
    expect(r).toMatchObject({
      mentions: 3,
      totalScore: 1,
      score: 0.33,
      label: 'positive',
      positive: 34,
      neutral: 33,
      negative: 33,
      confidence: 1,
      positiveWords: ['excellent', 'reliable'],
      negativeWords: ['expensive'],
    })
    expect(r.positiveSnippets).toEqual([{ text: 'Nike is excellent and reliable.', words: ['excellent', 'reliable'], score: 2 }])
    expect(r.negativeSnippets).toEqual([{ text: 'Nike shoes are expensive.', words: ['expensive'], score: -1 }])
    expect(r.positive + r.neutral + r.negative).toBe(100)
  })

  it('labels negative and clamps the score to -1', () => {
    // one sentence: poor, unreliable, overpriced = -3 -> score clamped to -1
    const r = brandSentiment('Nike is poor, unreliable and overpriced.', nike)
    expect(r).toMatchObject({ totalScore: -3, score: -1, label: 'negative', negative: 100, mentions: 1 })
  })

  it('uses a neutral band of +-0.1 for the label', () => {
    // 10 sentences, one with +1: score 0.1 -> positive; with 11 sentences 1/11 = 0.09 -> neutral
    const ten = ['Nike is great.', ...Array.from({ length: 9 }, (_, i) => `Nike fact ${i}.`)].join(' ')
    expect(brandSentiment(ten, nike)).toMatchObject({ score: 0.1, label: 'positive' })
    expect(brandSentiment(`${ten} Nike fact x.`, nike)).toMatchObject({ score: 0.09, label: 'neutral' })
  })

  it('caps word lists at 5 distinct words in order of appearance', () => {
    const r = brandSentiment('Nike is great, great, excellent, reliable, innovative, popular and stylish.', nike)
    expect(r.positiveWords).toEqual(['great', 'excellent', 'reliable', 'innovative', 'popular'])
    expect(r.totalScore).toBe(7) // every occurrence still scores
  })

  it('keeps snippets of 20-200 characters only, the 5 strongest', () => {
    const short = 'Nike is great.' // 14 chars: scored but no snippet
    const long = `Nike is great ${'and so on '.repeat(20)}today.` // > 200 chars
    const ok = [
      'Nike is great for runners.', // +1
      'Nike is excellent and reliable here.', // +2
      'Nike is excellent, reliable and innovative.', // +3
      'Nike is a good all-round pick.', // +1
      'Nike is popular with everyone.', // +1
      'Nike is comfortable for long runs.', // +1
    ]
    const r = brandSentiment([short, long, ...ok].join(' '), nike)
    expect(r.mentions).toBe(8)
    expect(r.positiveSnippets.map((s) => s.score)).toEqual([3, 2, 1, 1, 1])
    expect(r.positiveSnippets.map((s) => s.text)).toEqual([ok[2], ok[1], ok[0], ok[3], ok[4]])
    for (const s of r.positiveSnippets) {
      expect(s.text.length).toBeGreaterThanOrEqual(20)
      expect(s.text.length).toBeLessThanOrEqual(200)
    }
  })

  it('cleans markdown from snippets', () => {
    const r = brandSentiment('1. **Nike** is excellent for daily runs.', nike)
    expect(r.positiveSnippets[0].text).toBe('Nike is excellent for daily runs.')
  })

  it('sets confidence to min(mentions / 3, 1)', () => {
    expect(brandSentiment('Nike one.', nike).confidence).toBe(0.33)
    expect(brandSentiment('Nike one. Nike two.', nike).confidence).toBe(0.67)
    expect(brandSentiment('Nike one. Nike two. Nike three. Nike four.', nike).confidence).toBe(1)
  })

  it('returns an empty neutral result when the brand is not mentioned', () => {
    expect(brandSentiment('Adidas is great.', nike)).toEqual({
      score: 0, label: 'neutral', positive: 0, neutral: 0, negative: 0, positiveWords: [], negativeWords: [],
      confidence: 0, mentions: 0, totalScore: 0, positiveSnippets: [], negativeSnippets: [],
    })
  })

  it('does not score words that are part of the brand name', () => {
    const bestBuy = b('Best Buy')
    expect(brandSentiment('Best Buy sells TVs.', bestBuy).totalScore).toBe(0)
    expect(brandSentiment('Best Buy has the best prices.', bestBuy).totalScore).toBe(1)
  })

  it('ignores sentences after a sources heading and uses alternative names', () => {
    const r = brandSentiment('Swoosh is excellent.\n\nSources:\nNike is terrible.', b('Nike', ['Swoosh']))
    expect(r).toMatchObject({ mentions: 1, totalScore: 1 })
  })
})

describe('helpers', () => {
  it('tokenize keeps hyphenated words whole', () => {
    expect(tokenize('High-quality, award-winning NIKE!')).toEqual(['high-quality', 'award-winning', 'nike'])
  })

  it('scoreWords counts each occurrence', () => {
    expect(scoreWords(['great', 'poor', 'great', 'shoe'])).toEqual({ score: 1, positive: ['great', 'great'], negative: ['poor'] })
  })

  /** The largest-remainder rule written out for any number of counts, earlier index first on ties (the oracle). */
  function largestRemainder(counts: number[]): number[] {
    const total = counts.reduce((a, b) => a + b, 0)
    if (total <= 0) return counts.map(() => 0)
    const exact = counts.map((c) => (c * 100) / total)
    const out = exact.map(Math.floor)
    const order = exact.map((e, i) => ({ rem: e - out[i], i })).sort((a, b) => b.rem - a.rem || a.i - b.i)
    for (let k = 0, left = 100 - out.reduce((a, b) => a + b, 0); k < left; k++) out[order[k].i]++
    return out
  }

  /** setPercentages read back as a list, for the hand-worked cases below. */
  function percentages([p, n, g]: number[]): number[] {
    const out = { positive: -1, neutral: -1, negative: -1 }
    setPercentages(out, p, n, g)
    return [out.positive, out.neutral, out.negative]
  }

  it('setPercentages follows the largest-remainder rule for every split of up to 40 sentences', () => {
    let checked = 0
    for (let total = 0; total <= 40; total++) {
      for (let p = 0; p <= total; p++) {
        for (let n = 0; n <= total - p; n++) {
          const g = total - p - n
          const out = { positive: -1, neutral: -1, negative: -1 }
          setPercentages(out, p, n, g)
          expect([out.positive, out.neutral, out.negative]).toEqual(largestRemainder([p, n, g]))
          checked++
        }
      }
    }
    expect(checked).toBe(12341)
  })

  it('percentages sum to exactly 100 by largest remainder', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33])
    expect(percentages([2, 1, 0])).toEqual([67, 33, 0])
    expect(percentages([1, 2, 3])).toEqual([17, 33, 50])
    expect(percentages([0, 0, 0])).toEqual([0, 0, 0])
  })
})

describe('phraseSentiment, routine 2', () => {
  it.each([
    [1, 3], [3, 3], [4, 2], [5, 2], [6, 1], [10, 1], [11, 0], [14, 0], [15, -1], [20, -1], [0, 0], [undefined, 0],
  ])('rank %s gives a bonus of %s', (rank, bonus) => {
    expect(rankBonus(rank)).toBe(bonus)
  })

  it('adds 2 per positive phrase and normalises by /10', () => {
    // "highly recommended" +2 -> 0.2
    expect(phraseSentiment('Nike is highly recommended.', nike)).toBe(0.2)
    // + rank 1 bonus 3 -> 5 -> 0.5
    expect(phraseSentiment('Nike is highly recommended.', nike, 1)).toBe(0.5)
  })

  it('rank bonus alone: rank 1 -> 0.3, rank 8 -> 0.1, rank 12 -> 0, rank 16 -> -0.1', () => {
    expect(phraseSentiment('Nike exists.', nike, 1)).toBe(0.3)
    expect(phraseSentiment('Nike exists.', nike, 8)).toBe(0.1)
    expect(phraseSentiment('Nike exists.', nike, 12)).toBe(0)
    expect(phraseSentiment('Nike exists.', nike, 16)).toBe(-0.1)
  })

  it('subtracts 2 per negative phrase', () => {
    // falls short -2, known issues -2, rank 16 -1 = -5 -> -0.5
    expect(phraseSentiment('Nike falls short and has known issues.', nike, 16)).toBe(-0.5)
  })

  it('saturates at +-1', () => {
    // 6 phrases x 2 = 12, + rank 1 (3) = 15 -> 1
    const t = 'Nike is highly recommended, highly rated, the top pick, best overall, a top choice and the market leader.'
    expect(phraseSentiment(t, nike, 1)).toBe(1)
  })

  it('only reads sentences naming the brand', () => {
    expect(phraseSentiment('Adidas is highly recommended. Nike exists.', nike)).toBe(0)
  })

  it('accepts hyphenated phrase spellings', () => {
    expect(phraseSentiment('Nike is best-in-class.', nike)).toBe(0.2)
  })
})

describe('prepareSentences', () => {
  it('finds the same words as tokenizing each sentence', () => {
    const text = [
      'Nike is high-quality, _excellent_ and **reliable**; great-ish, greatest, great\'s and un-reliable are not words here.',
      'Café great! Poor, POOR quality? Well-known and top-rated but over-priced and expensive.',
      'Ideal',
    ].join('\n')
    for (const s of prepareSentences(text)) {
      const expected = scoreWords(tokenize(s.text))
      expect(s.words).toEqual(expected)
    }
    expect(prepareSentences(text)[0].words).toEqual({ score: 3, positive: ['high-quality', 'excellent', 'reliable'], negative: [] })
  })
})
