/**
 * A simulated experiment with a known effect: the check that the estimate and its interval recover the truth
 * (unit tests) and the planted effect's arithmetic the demo simulator shares (simulator/experiments).
 */
import { binomial, mulberry32 } from './random'
import type { ExperimentCell } from './estimate'

export interface SimulatedExperiment {
  treated: number[]
  control: number[]
  changeDate: string
  cells: ExperimentCell[]
}

/** YYYY-MM-DD plus n days (UTC, no wall clock). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/**
 * Each query has its own visibility (uniform 20–60 %), every day shifts all queries alike (uniform ±5 points, a
 * model's mood), and from the change date the treated queries gain `effect` (0..1). Each of the models (one answer
 * each) ranks the brand with that probability.
 */
export function simulateExperiment(opts: { seed: number; effect: number; queries?: number; daysBefore?: number; daysAfter?: number; models?: number; start?: string }): SimulatedExperiment {
  const random = mulberry32(opts.seed)
  const k = opts.queries ?? 8
  const days = (opts.daysBefore ?? 14) + (opts.daysAfter ?? 14)
  const start = opts.start ?? '2026-03-01'
  const changeDate = addDays(start, opts.daysBefore ?? 14)
  const treated = Array.from({ length: k }, (_, i) => i)
  const control = Array.from({ length: k }, (_, i) => k + i)
  const base = [...treated, ...control].map(() => 0.2 + 0.4 * random())
  const cells: ExperimentCell[] = []
  for (let d = 0; d < days; d++) {
    const date = addDays(start, d)
    const shock = (random() - 0.5) * 0.1
    for (const q of [...treated, ...control]) {
      const lift = q < k && date >= changeDate ? opts.effect : 0
      const p = Math.min(1, Math.max(0, base[q] + shock + lift))
      for (let m = 0; m < (opts.models ?? 6); m++) {
        const ranked = binomial(1, p, random)
        cells.push({ query: q, date, modelId: m, answered: 1, ranked, mentioned: ranked, cited: 0, rankSum: ranked * 3 })
      }
    }
  }
  return { treated, control, changeDate, cells }
}
