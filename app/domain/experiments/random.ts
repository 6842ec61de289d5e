/** Resampling helpers of the experiments' bootstrap; the generator is app/domain/random.ts. */
import type { Random } from '../random'

export { mulberry32, type Random } from '../random'

/** The q-quantile of sorted values by linear interpolation between order statistics (type 7, as R and numpy). */
export function percentile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN
  const h = (sorted.length - 1) * q
  const lo = Math.floor(h)
  const hi = Math.min(sorted.length - 1, lo + 1)
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo])
}

/** A binomial draw (sum of n Bernoulli trials; n is small here: samples x models per query and day). */
export function binomial(n: number, p: number, random: Random): number {
  let x = 0
  for (let i = 0; i < n; i++) if (random() < p) x++
  return x
}
