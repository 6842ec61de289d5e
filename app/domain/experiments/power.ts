/**
 * The power hint shown before an experiment starts: the smallest visibility effect it could detect.
 *
 * Each answer ranks the brand or not, so a query's daily visibility with s answers has variance p(1 - p) / s, and
 * its mean over D days p(1 - p) / (s D). A query's after-minus-before difference adds both periods; the effect
 * averages k_t treated and k_c control differences:
 *   SE = sqrt(p(1 - p) (1/(s D_before) + 1/(s D_after)) (1/k_t + 1/k_c))
 * and the minimum detectable effect at a two-sided 5 % test with 80 % power is (1.96 + 0.84) x SE.
 * p defaults to 50 % (the worst case) when the baseline does not tell. Day-to-day swings beyond the binomial
 * noise make the real minimum larger, so this is a floor.
 */
export const Z_ALPHA = 1.959964
export const Z_POWER = 0.841621
/** Above this many points the experiment is unlikely to show what content work usually moves. */
export const USEFUL_MDE_POINTS = 10
export const ADD_SAMPLES_HINT = 'add samples or queries'

export interface PowerInput {
  treatedQueries: number
  controlQueries: number
  /** Answers per query and day: samples x models. */
  samplesPerQuery: number
  daysBefore: number
  daysAfter: number
  /** Baseline visibility, 0..1. */
  baseline?: number
}

export interface PowerHint {
  /** Minimum detectable effect in percentage points, 1 decimal; null when a group or period is empty. */
  minimumDetectable: number | null
  useful: boolean
  hint: string | null
}

export function powerHint(input: PowerInput): PowerHint {
  const { treatedQueries: kt, controlQueries: kc, samplesPerQuery: s, daysBefore: db, daysAfter: da } = input
  if (!(kt > 0 && kc > 0 && s > 0 && db > 0 && da > 0)) return { minimumDetectable: null, useful: false, hint: ADD_SAMPLES_HINT }
  const p = Math.min(0.99, Math.max(0.01, input.baseline ?? 0.5))
  const se = Math.sqrt(p * (1 - p) * (1 / (s * db) + 1 / (s * da)) * (1 / kt + 1 / kc))
  const mde = Math.round((Z_ALPHA + Z_POWER) * se * 1000) / 10
  const useful = mde <= USEFUL_MDE_POINTS
  return { minimumDetectable: mde, useful, hint: useful ? null : ADD_SAMPLES_HINT }
}
