/**
 * Planted effects for experiments: from a given day on, the own brand's odds on the given queries become
 * `brandRate` (the rest keep the config's). The demo and the tests use it to show an experiment that worked.
 *   POST /__sim/config { lifts: [{ queries: ["best running shoes"], from: "2026-03-11", brandRate: 1 }] | null }
 * Env SIMULATOR_LIFTS takes the same JSON list (demo mode).
 */
import { normaliseQuery } from './projects'

export interface Lift {
  queries: string[]
  from: string
  brandRate: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The lifts of a config patch, or the problems with them. */
export function parseLifts(value: unknown): { lifts: Lift[] } | { errors: string[] } {
  if (value === null) return { lifts: [] }
  if (!Array.isArray(value)) return { errors: ['lifts must be a list of { queries, from, brandRate } or null'] }
  const errors: string[] = []
  const lifts: Lift[] = []
  value.forEach((v, i) => {
    const l = v as Partial<Lift>
    if (!Array.isArray(l?.queries) || !l.queries.every((q) => typeof q === 'string' && q.trim())) errors.push(`lifts[${i}].queries must be a list of queries`)
    else if (typeof l.from !== 'string' || !DAY.test(l.from)) errors.push(`lifts[${i}].from must be YYYY-MM-DD`)
    else if (typeof l.brandRate !== 'number' || l.brandRate < 0 || l.brandRate > 1) errors.push(`lifts[${i}].brandRate must be a number from 0 to 1`)
    else lifts.push({ queries: l.queries.map(normaliseQuery), from: l.from, brandRate: l.brandRate })
  })
  return errors.length ? { errors } : { lifts }
}

/** The own brand's odds for a prompt on a day: the last lift that covers it, else the base rate. */
export function brandRateOn(lifts: readonly Lift[], base: number, prompt: string, day: string): number {
  const q = normaliseQuery(prompt)
  let rate = base
  for (const l of lifts) if (day >= l.from && l.queries.includes(q)) rate = l.brandRate
  return rate
}

export function liftsFromEnv(raw: string | undefined): Lift[] {
  if (!raw) return []
  try {
    const parsed = parseLifts(JSON.parse(raw))
    return 'lifts' in parsed ? parsed.lifts : []
  } catch {
    return []
  }
}
