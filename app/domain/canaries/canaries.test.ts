import { describe, expect, it } from 'vitest'
import { canaryDayOf, canaryQueriesFor, canaryShift, fingerprintOf, jaccard, modelChangeMessage, type CanaryDay } from '.'

describe('a canary answer fingerprint', () => {
  it('is worked out by hand', () => {
    // "1. **Python**: data" is 19 characters, the line break 1, "2. Java – web" 13: 33.
    const fp = fingerprintOf('1. **Python**: data\n2. Java – web', [{ url: 'https://www.python.org/about' }, { url: 'https://go.dev' }, { url: 'not a url' }], 'gpt-5-2025-08-07')
    expect(fp).toEqual({ length: 33, listItems: 2, shape: 'numbered', items: ['python', 'java'], domains: ['go.dev', 'python.org'], version: 'gpt-5-2025-08-07' })
    expect(fingerprintOf('Inflation has several causes.', [], 'v').shape).toBe('prose')
  })
})

const day = (date: string, meanLength: number, items = ['russia', 'canada'], versions = ['v1']): CanaryDay => ({ date, meanLength, meanItems: 10, numberedShare: 1, items, domains: ['wikipedia.org'], versions, answers: 6 })
// Six previous days: lengths 1000, 1010, 990, 1000, 1010, 990 -> mean 1000; sd sqrt((0+100+100+0+100+100)/5) = 8.9,
// below the floor of 5 % x 1000 = 50, so 50 is the yardstick.
const previous = [1000, 1010, 990, 1000, 1010, 990].map((l, i) => day(`2026-03-0${i + 1}`, l))

describe('a model change', () => {
  it('is flagged when a feature moves 4 sd beyond its own noise', () => {
    // (1150 - 1000) / 50 = 3: inside the noise; (1200 - 1000) / 50 = 4: flagged.
    expect(canaryShift(previous, day('2026-03-07', 1150))).toEqual({ changed: false, reasons: [] })
    expect(canaryShift(previous, day('2026-03-07', 1200))).toEqual({ changed: true, reasons: ['length'] })
  })
  it('is flagged when the ranked items change: overlap 1 every day before, 0 today, sd floored at 0.05 -> 20 sd', () => {
    expect(jaccard(['a', 'b'], ['b', 'c'])).toBeCloseTo(1 / 3)
    expect(canaryShift(previous, day('2026-03-07', 1000, ['china', 'brazil'])).reasons).toEqual(['ranked items'])
  })
  it('is flagged when the returned version changes, even without 5 days of baseline', () => {
    expect(canaryShift(previous.slice(0, 2), day('2026-03-03', 3000, ['x'], ['v2']))).toEqual({ changed: true, reasons: ['version'] })
  })
  it('summarises a day and says it in the words of the alert', () => {
    const d = canaryDayOf('2026-03-12', [fingerprintOf('1. A\n2. B', [], 'v1'), fingerprintOf('- A\n- C\n- D', [], 'v1')])
    // lengths 9 and 11 -> 10; items 2 and 3 -> 2.5; one of two numbered -> 0.5
    expect(d).toMatchObject({ meanLength: 10, meanItems: 2.5, numberedShare: 0.5, items: ['a', 'b', 'c', 'd'], versions: ['v1'], answers: 2 })
    expect(modelChangeMessage('ChatGPT 5', '2026-03-12')).toBe('ChatGPT 5 answers changed on 12/03: trend moves on that day are more likely the model than your content')
  })
  it('asks the market language’s canaries, English otherwise', () => {
    expect(canaryQueriesFor('de-DE')[0]).toBe('Nenne die zehn flächengrößten Länder der Welt.')
    expect(canaryQueriesFor('sw')[0]).toBe('List the ten largest countries by area.')
  })
})
