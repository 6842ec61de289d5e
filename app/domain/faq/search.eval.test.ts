/**
 * The FAQ chat's evaluation (questions in tests/support/faq-evaluation.ts, score printed by
 * `npm run eval:faq`): at least 90 % of the paraphrases find the entry a reader would pick, the rest
 * say "not sure" — a confident wrong answer is allowed for at most 1 in 40 questions.
 */
import { evaluateFaq, FAQ_EVALUATION } from '../../../tests/support/faq-evaluation'
import { FAQ_ENTRIES } from './entries'

describe('FAQ evaluation', () => {
  const e = evaluateFaq()

  it('has at least 40 questions, several per entry, some in German, French and Spanish', () => {
    expect(e.total).toBeGreaterThanOrEqual(40)
    for (const entry of FAQ_ENTRIES) expect(FAQ_EVALUATION.filter(([, id]) => id === entry.id).length, entry.id).toBeGreaterThanOrEqual(2)
    // No evaluation question is an entry's own phrasing: the score is about paraphrases.
    const phrasings = new Set(FAQ_ENTRIES.flatMap((x) => [x.question, ...x.examples].map((q) => q.toLowerCase())))
    expect(FAQ_EVALUATION.filter(([q]) => phrasings.has(q.toLowerCase()))).toEqual([])
  })

  it('answers at least 90 % right, and is "not sure" rather than wrong for the rest', () => {
    console.log(`FAQ evaluation: ${e.right}/${e.total} right, ${e.notSure} not sure, ${e.wrong} wrong`)
    expect(e.right / e.total).toBeGreaterThanOrEqual(0.9)
    expect(e.wrong / e.total, JSON.stringify(e.rows.filter((r) => r.verdict === 'wrong'))).toBeLessThanOrEqual(1 / 40)
  })

  it('answers the two questions that went wrong for a marketer', () => {
    expect(e.rows.find((r) => r.question === 'How much does it cost / which models?')?.got).toBe('pricing')
    expect(e.rows.find((r) => r.question === 'Can I track in German?')?.got).toBe('languages')
  })
})
