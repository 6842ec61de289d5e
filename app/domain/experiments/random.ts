/** A seeded pseudo-random generator, so every bootstrap and simulation is reproducible in tests and on screen. */
export type Random = () => number

/** mulberry32: a small 32-bit generator, uniform on [0, 1); good enough for resampling, not for secrets. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

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
