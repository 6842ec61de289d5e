/** A seeded pseudo-random generator: the same seed gives the same sequence, in tests, benchmarks and on screen. */
export type Random = () => number

/** mulberry32: a small 32-bit generator, uniform on [0, 1); good enough for resampling and test data, not for secrets. */
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
