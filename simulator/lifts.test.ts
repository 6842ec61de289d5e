import { describe, expect, it } from 'vitest'
import { brandRateOn, parseLifts } from './lifts'

describe('planted experiment effects', () => {
  it('raises the odds of the named queries from the given day only', () => {
    const parsed = parseLifts([{ queries: ['Best running shoes?'], from: '2026-03-11', brandRate: 1 }])
    const lifts = 'lifts' in parsed ? parsed.lifts : []
    expect(brandRateOn(lifts, 0.3, 'best running shoes', '2026-03-10')).toBe(0.3)
    expect(brandRateOn(lifts, 0.3, 'Best Running Shoes', '2026-03-11')).toBe(1)
    expect(brandRateOn(lifts, 0.3, 'trail shoes', '2026-03-12')).toBe(0.3)
  })
  it('names what is wrong', () => {
    expect(parseLifts([{ queries: ['x'], from: 'March', brandRate: 1 }])).toEqual({ errors: ['lifts[0].from must be YYYY-MM-DD'] })
    expect(parseLifts({})).toEqual({ errors: ['lifts must be a list of { queries, from, brandRate } or null'] })
  })
})
