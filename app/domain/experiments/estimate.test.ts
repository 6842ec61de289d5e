import { describe, expect, it } from 'vitest'
import { dailySeries, estimate, estimateAll, queryDays, verdict, type ExperimentCell } from './estimate'
import { powerHint } from './power'
import { simulateExperiment } from './simulate'

/*
 * Hand-worked table: 5 models, one answer each, per query and day; change on 03-03 (03-01, 03-02 before; 03-03,
 * 03-04 after). Visibility = models ranking the brand / 5.
 *
 *  query  group    models ranking (visibility %)    before  after  after-before
 *  1      treated  1, 2 | 3, 4  (20 40 | 60 80)       30      70      +40
 *  2      treated  2, 3 | 4, 3  (40 60 | 80 60)       50      70      +20
 *  3      control  2, 1 | 1, 2  (40 20 | 20 40)       30      30        0
 *  4      control  3, 2 | 4, 3  (60 40 | 80 60)       50      70      +20
 *  treated mean +30, control mean +10 -> visibility effect = 30 - 10 = +20 points.
 *
 *  mentions: the ranking models plus one more model mention the brand: every rate is visibility + 20, so each
 *        difference is unchanged -> +20.
 *  rank: query 1 is ranked 4 before and 2 after (-2); every other query 3 throughout (0). Treated -1, control 0
 *        -> -1.0 place (better).
 *  cited: nothing before; after, query 1 by 2 then 3 models (40, 60 -> 50 %), query 2 by 1 then 0 (20, 0 -> 10 %),
 *        controls never. Treated (50 + 10) / 2 = 30, control 0 -> +30 points.
 *  n: 2 treated, 2 control, 2 days before, 2 after, 4 queries x 4 days x 5 answers = 80 answers.
 */
const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']
const ranking: Record<number, number[]> = { 1: [1, 2, 3, 4], 2: [2, 3, 4, 3], 3: [2, 1, 1, 2], 4: [3, 2, 4, 3] }
const citing: Record<number, number[]> = { 1: [0, 0, 2, 3], 2: [0, 0, 1, 0] }
const rankOf = (q: number, d: number) => (q === 1 ? (d < 2 ? 4 : 2) : 3)
const table: ExperimentCell[] = [1, 2, 3, 4].flatMap((q) =>
  dates.flatMap((date, d) =>
    [0, 1, 2, 3, 4].map((m) => {
      const ranked = m < ranking[q][d] ? 1 : 0
      return { query: q, date, modelId: m, answered: 1, ranked, mentioned: m <= ranking[q][d] ? 1 : 0, rankSum: ranked * rankOf(q, d), cited: m < (citing[q]?.[d] ?? 0) ? 1 : 0 }
    })))
const design = { changeDate: '2026-03-03', treated: [1, 2], control: [3, 4] }
const pooled = queryDays(table)

describe('difference in differences (hand-worked table)', () => {
  it('estimates each metric as worked out above', () => {
    const byMetric = Object.fromEntries(estimateAll(table, design).map((e) => [e.metric, e]))
    expect(byMetric.visibility.effect).toBe(20)
    expect(byMetric.mentionRate.effect).toBe(20)
    expect(byMetric.averageRank.effect).toBe(-1)
    expect(byMetric.citationRate.effect).toBe(30)
    expect(byMetric.visibility.n).toEqual({ treatedQueries: 2, controlQueries: 2, daysBefore: 2, daysAfter: 2, answers: 80 })
  })

  it('per model: model 0 ranks wherever a query has 1+ ranking models, so 100 % everywhere -> 0', () => {
    expect(estimateAll(table, design, { modelId: 0 })[0]).toMatchObject({ effect: 0, low: 0, high: 0 })
  })

  it('draws the same interval for the same seed, around the estimate', () => {
    const a = estimate(pooled, design, 'visibility', { seed: 7 })
    expect(estimate(pooled, design, 'visibility', { seed: 7 })).toEqual(a)
    expect(a.low!).toBeLessThanOrEqual(20)
    expect(a.high!).toBeGreaterThanOrEqual(20)
  })

  it('collapses the interval when nothing varies: treated 1 -> 2 of 5 models, controls 1 of 5 throughout', () => {
    // Any draw of queries or days gives (40 - 20) - (20 - 20) = 20.
    const flat = [1, 2, 3, 4].flatMap((q) => dates.flatMap((date, d) => [0, 1, 2, 3, 4].map((m) => ({ query: q, date, modelId: m, answered: 1, ranked: m < (q <= 2 && d >= 2 ? 2 : 1) ? 1 : 0, mentioned: 0, cited: 0, rankSum: 0 }))))
    expect(estimate(queryDays(flat), design, 'visibility')).toMatchObject({ effect: 20, low: 20, high: 20 })
  })

  it('has no estimate without days after the change', () => {
    const before = pooled.filter((c) => c.date < '2026-03-03')
    expect(estimate(before, design, 'visibility')).toMatchObject({ effect: null, low: null, high: null })
    expect(verdict(estimate(before, design, 'visibility'))).toBe('no detectable effect yet')
  })

  it('the chart: treated (20 + 40) / 2 = 30 on 03-01, control (40 + 60) / 2 = 50', () => {
    expect(dailySeries(table, design)[0]).toEqual({ date: '2026-03-01', treated: 30, control: 50 })
  })
})

describe('verdict', () => {
  it('says up, down or nothing yet', () => {
    expect(verdict({ effect: 4.2, low: 1.3, high: 7 })).toBe('visibility up 4.2 points (interval 1.3–7.0)')
    expect(verdict({ effect: -5, low: -7.9, high: -2.1 })).toBe('visibility down 5.0 points (interval 2.1–7.9)')
    expect(verdict({ effect: 1, low: -1, high: 3 })).toBe('no detectable effect yet')
  })
})

describe('power hint', () => {
  it('10 + 10 queries, 10 answers a day, 14 + 14 days at 50 %: 7.5 points', () => {
    // SE = sqrt(0.25 x (1/140 + 1/140) x (1/10 + 1/10)) = sqrt(0.000714286) = 0.0267261; x 2.800585 = 0.07485 -> 7.5
    expect(powerHint({ treatedQueries: 10, controlQueries: 10, samplesPerQuery: 10, daysBefore: 14, daysAfter: 14 })).toEqual({ minimumDetectable: 7.5, useful: true, hint: null })
  })
  it('2 + 2 queries, 3 answers, 7 + 7 days: 43.2 points, add samples or queries', () => {
    // SE = sqrt(0.25 x (1/21 + 1/21) x (1/2 + 1/2)) = sqrt(0.0238095) = 0.154303; x 2.800585 = 0.43214 -> 43.2
    expect(powerHint({ treatedQueries: 2, controlQueries: 2, samplesPerQuery: 3, daysBefore: 7, daysAfter: 7 })).toEqual({ minimumDetectable: 43.2, useful: false, hint: 'add samples or queries' })
  })
})

describe('a simulated dataset with a known effect', () => {
  it('holds the planted +15 points in its 95 % interval in at least 90 % of 100 seeded runs', () => {
    let covered = 0
    for (let seed = 1; seed <= 100; seed++) {
      const sim = simulateExperiment({ seed, effect: 0.15 })
      const e = estimate(queryDays(sim.cells), sim, 'visibility', { seed, replicates: 400 })
      if (e.low! <= 15 && 15 <= e.high!) covered++
    }
    expect(covered).toBeGreaterThanOrEqual(90)
  })
  it('finds no effect where none was planted in most runs', () => {
    let quiet = 0
    for (let seed = 1; seed <= 40; seed++) {
      const sim = simulateExperiment({ seed, effect: 0 })
      if (verdict(estimate(queryDays(sim.cells), sim, 'visibility', { seed, replicates: 400 })) === 'no detectable effect yet') quiet++
    }
    expect(quiet).toBeGreaterThanOrEqual(34)
  })
})
