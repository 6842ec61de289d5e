import { describe, expect, it } from 'vitest'
import { estimate, estimateAll, verdict, dailySeries, type ExperimentCell } from './estimate'
import { powerHint } from './power'
import { simulateExperiment } from './simulate'

/*
 * Hand-worked table: 10 answers per query and day; change on 03-03 (days 03-01, 03-02 before; 03-03, 03-04 after).
 *
 *  query  group    ranked (visibility %)          before  after  after-before
 *  1      treated  2, 4 | 6, 8  (20 40 | 60 80)     30      70      +40
 *  2      treated  5, 5 | 7, 5  (50 50 | 70 50)     50      60      +10
 *  3      control  3, 3 | 4, 2  (30 30 | 40 20)     30      30        0
 *  4      control  6, 4 | 7, 7  (60 40 | 70 70)     50      70      +20
 *  treated mean +25, control mean +10 -> visibility effect = 25 - 10 = +15 points.
 *
 *  mentioned = ranked + 1 in every cell: each rate rises by 10 on both sides, differences unchanged -> +15.
 *  rank: query 1 ranks 4, 4 | 2, 2 (rankSum 8, 16 | 12, 16) -> 4 before, 2 after, -2; every other query ranks 3
 *        throughout -> 0. Treated mean -1, control 0 -> effect -1.0 place (better).
 *  cited: 0 before everywhere; after query 1: 5, 5 (50 %), query 2: 1, 3 (10, 30 -> 20 %), controls 0.
 *        Treated (50 + 20) / 2 = 35, control 0 -> +35 points.
 *  n: 2 treated, 2 control, 2 days before, 2 after, 4 queries x 4 days x 10 = 160 answers.
 */
const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']
const ranked: Record<number, number[]> = { 1: [2, 4, 6, 8], 2: [5, 5, 7, 5], 3: [3, 3, 4, 2], 4: [6, 4, 7, 7] }
const rankSums: Record<number, number[]> = { 1: [8, 16, 12, 16] }
const cited: Record<number, number[]> = { 1: [0, 0, 5, 5], 2: [0, 0, 1, 3] }
const table: ExperimentCell[] = [1, 2, 3, 4].flatMap((q) =>
  dates.map((date, d) => ({
    query: q, date, answered: 10, ranked: ranked[q][d], mentioned: ranked[q][d] + 1,
    rankSum: rankSums[q]?.[d] ?? ranked[q][d] * 3, cited: cited[q]?.[d] ?? 0,
  })))
const design = { changeDate: '2026-03-03', treated: [1, 2], control: [3, 4] }

describe('difference in differences (hand-worked table)', () => {
  it('estimates each metric as worked out above', () => {
    const byMetric = Object.fromEntries(estimateAll(table, design).map((e) => [e.metric, e]))
    expect(byMetric.visibility.effect).toBe(15)
    expect(byMetric.mentionRate.effect).toBe(15)
    expect(byMetric.averageRank.effect).toBe(-1)
    expect(byMetric.citationRate.effect).toBe(35)
    expect(byMetric.visibility.n).toEqual({ treatedQueries: 2, controlQueries: 2, daysBefore: 2, daysAfter: 2, answers: 160 })
  })

  it('draws the same interval for the same seed, around the estimate', () => {
    const a = estimate(table, design, 'visibility', { seed: 7 })
    const b = estimate(table, design, 'visibility', { seed: 7 })
    expect(a).toEqual(b)
    expect(a.low!).toBeLessThanOrEqual(15)
    expect(a.high!).toBeGreaterThanOrEqual(15)
  })

  it('collapses the interval when nothing varies: every treated query +10 every day, controls flat', () => {
    // Every query at 30 % before; treated at 40 % after, controls at 30 %: any draw of queries or days gives 10 - 0.
    const flat = [1, 2, 3, 4].flatMap((q) => dates.map((date, d) => ({ query: q, date, answered: 10, ranked: q <= 2 && d >= 2 ? 4 : 3, mentioned: 0, cited: 0, rankSum: 0 })))
    expect(estimate(flat, design, 'visibility')).toMatchObject({ effect: 10, low: 10, high: 10 })
  })

  it('has no estimate without days after the change', () => {
    const before = table.filter((c) => c.date < '2026-03-03')
    expect(estimate(before, design, 'visibility')).toMatchObject({ effect: null, low: null, high: null })
    expect(verdict(estimate(before, design, 'visibility'))).toBe('no detectable effect yet')
  })

  it('pools models per query and day for the chart: treated (20 + 50) / 2 = 35 on 03-01, control (30 + 60) / 2 = 45', () => {
    expect(dailySeries(table, design)[0]).toEqual({ date: '2026-03-01', treated: 35, control: 45 })
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
      const e = estimate(sim.cells, sim, 'visibility', { seed, replicates: 400 })
      if (e.low! <= 15 && 15 <= e.high!) covered++
    }
    expect(covered).toBeGreaterThanOrEqual(90)
  })
  it('finds no effect where none was planted in most runs', () => {
    let quiet = 0
    for (let seed = 1; seed <= 40; seed++) {
      const sim = simulateExperiment({ seed, effect: 0 })
      if (verdict(estimate(sim.cells, sim, 'visibility', { seed, replicates: 400 })) === 'no detectable effect yet') quiet++
    }
    expect(quiet).toBeGreaterThanOrEqual(34)
  })
})
