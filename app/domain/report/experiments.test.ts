import { experimentCaption, reportExperiment } from './experiments'
import type { ExperimentCell } from '../experiments'

/** One answer of a model to a query on a day; `ranked`: it ranks the brand (at 2). */
const cell = (query: number, date: string, modelId: number, ranked: boolean): ExperimentCell =>
  ({ query, date, modelId, answered: 1, ranked: ranked ? 1 : 0, mentioned: ranked ? 1 : 0, cited: 0, rankSum: ranked ? 2 : 0 })

// Query 0 treated, query 1 control; two models a day. Visibility of a query-day = share of the 2 models ranking it.
// Treated: 03-01 1/2 = 50, 03-02 50 | 03-03 2/2 = 100, 03-04 50 -> before 50, after 75, difference +25.
// Control: 03-01 50, 03-02 50 | 03-03 50, 03-04 0/2 = 0 -> before 50, after 25, difference -25. Effect +25 - (-25) = +50.
// 03-05 (treated 0) lies after the report's date and is left out.
const cells: ExperimentCell[] = [
  cell(0, '2026-03-01', 3, true), cell(0, '2026-03-01', 8, false), cell(1, '2026-03-01', 3, true), cell(1, '2026-03-01', 8, false),
  cell(0, '2026-03-02', 3, true), cell(0, '2026-03-02', 8, false), cell(1, '2026-03-02', 3, false), cell(1, '2026-03-02', 8, true),
  cell(0, '2026-03-03', 3, true), cell(0, '2026-03-03', 8, true), cell(1, '2026-03-03', 3, true), cell(1, '2026-03-03', 8, false),
  cell(0, '2026-03-04', 3, false), cell(0, '2026-03-04', 8, true), cell(1, '2026-03-04', 3, false), cell(1, '2026-03-04', 8, false),
  cell(0, '2026-03-05', 3, false), cell(0, '2026-03-05', 8, false),
]
const change = { description: 'New sizing guide', changeDate: '2026-03-03', treated: 1, control: 1 }

describe("the report's experiment section", () => {
  it('states each group before and after, the effect with its interval, the test and the n', () => {
    const x = reportExperiment(change, cells, '2026-03-04')
    expect([x.treated, x.control]).toEqual([{ before: 50, after: 75 }, { before: 50, after: 25 }])
    expect(x.visibility.effect).toBe(50)
    expect(x.visibility.n).toEqual({ treatedQueries: 1, controlQueries: 1, daysBefore: 2, daysAfter: 2, answers: 16 })
    const [groups, effect, test, n] = experimentCaption(x, 'en')
    expect(groups).toBe('Visibility of the treated queries before 50%, after 75%; of the control queries before 50%, after 25%.')
    expect(effect).toMatch(new RegExp(`^Estimated effect on visibility: \\+50 points \\(95 % interval ${x.visibility.low} to ${x.visibility.high}\\)\\.$`))
    expect(test).toContain('difference in differences')
    expect(n).toBe('n = 1 treated and 1 control queries, 2 days before and 2 after, 16 answers.')
    expect(experimentCaption(x, 'de')[0]).toBe('Sichtbarkeit der behandelten Anfragen vorher 50 %, nachher 75 %; der Kontrollanfragen vorher 50 %, nachher 25 %.')
  })

  it('says plainly when there is not enough data', () => {
    const x = reportExperiment(change, cells, '2026-03-02')
    expect(x.enough).toBe(false)
    expect(x.treated).toEqual({ before: 50, after: null })
    expect(experimentCaption(x, 'en')).toEqual(['Not enough data for an estimate yet: it needs daily runs before and after the change for both groups (so far 2 days before and 0 after).'])
  })
})
