import { describe, expect, it } from 'vitest'
import { LABELLED_ANSWERS } from '../../../tests/fixtures/answers'
import { evaluate, THRESHOLDS } from '../../../tests/fixtures/answers/evaluate'

/** The parser accuracy suite; `npm run eval:parse` prints the same figures. */
describe('parser accuracy on the labelled answers (tests/fixtures/answers)', () => {
  const e = evaluate(LABELLED_ANSWERS)

  it('covers at least 120 answers in at least 12 setup languages, Japanese, Chinese, Korean, Thai and Arabic among them', () => {
    expect(LABELLED_ANSWERS.length).toBeGreaterThanOrEqual(120)
    const languages = new Set(LABELLED_ANSWERS.map((a) => a.language))
    expect(languages.size).toBeGreaterThanOrEqual(12)
    for (const code of ['ja', 'zh-CN', 'ko', 'th', 'ar']) expect(languages.has(code), code).toBe(true)
    expect(new Set(LABELLED_ANSWERS.map((a) => a.id)).size).toBe(LABELLED_ANSWERS.length)
  })

  it.each([
    ['overall', () => ({ all: e.overall })],
    ['per language', () => e.byLanguage],
    ['per format', () => e.byFormat],
  ])('holds the thresholds %s', (_v, scores) => {
    for (const [name, s] of Object.entries(scores())) {
      expect(s.f1, `${name} mention F1`).toBeGreaterThanOrEqual(THRESHOLDS.f1)
      expect(s.countExact, `${name} count exact`).toBeGreaterThanOrEqual(THRESHOLDS.countExact)
      expect(s.rank, `${name} rank accuracy`).toBeGreaterThanOrEqual(THRESHOLDS.rank)
    }
  })

  it('scores a wrong label as a miss (the evaluation can fail)', () => {
    // hand-worked: the parser counts Nike 2 and ranks it 1; the label says 1 and 2, and names Adidas (absent)
    const wrong = evaluate([
      { id: 'x', language: 'en-US', format: 'numbered', brands: ['Nike', 'Adidas'], text: '1. Nike\n\nNike again.', counts: { Nike: 1, Adidas: 1 }, ranks: { Nike: 2 } },
    ])
    // mentions: Nike TP, Adidas FN -> precision 1, recall 1/2, F1 2/3
    expect(wrong.overall).toMatchObject({ tp: 1, fp: 0, fn: 1, precision: 1, recall: 0.5, countExact: 0, countN: 2, rank: 0, rankN: 1 })
    expect(wrong.overall.f1).toBeCloseTo(2 / 3, 10)
    expect(wrong.misses.map((m) => m.brand)).toEqual(['Nike', 'Adidas'])
  })
})
