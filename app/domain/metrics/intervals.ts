/**
 * Uncertainty of the figures on the results and trends screens: the 95 % Wilson score interval of a
 * proportion (the one implementation; trends, sources and the results views use it) and the spread of
 * an average rank. Pure, safe in the browser.
 *
 * Decisions where nothing else decides:
 * - Percent with 1 decimal, clamped to 0..100; no interval without trials (n = 0). Wilson rather than
 *   the normal approximation because it stays inside 0..100 % and is honest at small n and at 0 or n
 *   successes, which is where most brand figures of a single analysis sit.
 * - The spread of an average rank: how many ranks it averages (n), the lowest and highest, and their
 *   sample standard deviation (n - 1 in the denominator, 2 decimals; none below 2 ranks).
 */
import { round1 } from './colours'

/** z of a two-sided 95 % interval. */
export const Z95 = 1.959964

export interface Interval {
  /** Percent 0..100, 1 decimal. */
  low: number
  high: number
}

/** A rate with its evidence: x of n, and the 95 % interval of x / n (null when n is 0). */
export interface RateCi {
  x: number
  n: number
  ci: Interval | null
}

export interface RankSpread {
  /** Ranks averaged. */
  n: number
  min: number
  max: number
  /** Sample standard deviation, 2 decimals; null under 2 ranks. */
  sd: number | null
}

/** Wilson score interval of x successes in n trials, in percent (1 decimal); null when n is 0. */
export function wilson(x: number, n: number, z = Z95): Interval | null {
  if (!(n > 0)) return null
  const p = Math.min(1, Math.max(0, x / n))
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { low: round1(Math.max(0, centre - half) * 100), high: round1(Math.min(1, centre + half) * 100) }
}

export function rateCi(x: number, n: number): RateCi {
  return { x, n, ci: wilson(x, n) }
}

/** The spread of the ranks an average is made of; null when there are none. */
export function rankSpread(ranks: readonly number[]): RankSpread | null {
  const values = ranks.filter((r) => Number.isFinite(r) && r > 0)
  const n = values.length
  if (n === 0) return null
  const mean = values.reduce((a, b) => a + b, 0) / n
  const sd = n < 2 ? null : Math.round(Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) * 100) / 100
  return { n, min: Math.min(...values), max: Math.max(...values), sd }
}

/** '24.0–63.1 %' style text of an interval (en dash), as the screens write it. */
export function formatInterval(ci: Interval | null): string {
  return ci ? `${ci.low}–${ci.high}%` : 'no interval (n = 0)'
}

/** 'n=14 · 21.4–67.4%' style text of a rate's evidence. */
export function rateCiText(r: RateCi | null | undefined): string {
  if (!r) return ''
  return r.ci ? `n=${fmtN(r.n)} · ${formatInterval(r.ci)}` : `n=${fmtN(r.n)}`
}

/** 'n=3 · 1–2 · SD 0.58' style text of a rank's spread. */
export function rankCiText(s: RankSpread | null | undefined): string {
  if (!s) return 'n=0'
  if (s.n === 1) return 'n=1'
  return `n=${s.n} · ${s.min}–${s.max}${s.sd === null ? '' : ` · SD ${s.sd}`}`
}

function fmtN(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1)
}
