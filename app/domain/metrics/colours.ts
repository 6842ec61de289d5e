/**
 * Colour bands, combined rank, visibility and scatter helpers.
 * Functions return stable band keys; the UI maps keys to colours.
 *
 * Decisions where the spec is silent:
 * - rankBand works on averages too: <= 3 green, <= 6 yellow, above red; 0, negative,
 *   NaN, null or undefined grey (N/A). So 3.5 is yellow and 6.2 is red.
 * - mentionPercentBand: >= 80 green, >= 50 yellow, >= 20 orange, >= 1 red, else none
 *   (0.5% has no colour, as the spec's "1+" says). visibilityBand: same but red for
 *   anything above 0.
 * - heatBracket accepts averaged (fractional) counts: > 0 and < 5 is bracket 1, etc.
 * - heatmapLevel: 0 for a share of 0 (grey); 1 for a share above 0 and below 5; then one
 *   level per threshold reached (5 -> 2, 10 -> 3, ... 70 -> 11).
 * - Rounding to 1 decimal is half-up and ignores binary representation error, so a
 *   mean of 1.15 gives 1.2 and 2.25 gives 2.3 (what a person checking by hand gets).
 * - visibilityPercent always divides by the six card models, as the spec says, even when
 *   fewer models ran (Light Mode shows at most 17%).
 * - Scatter: the rank axis runs from 1 to the largest rank, rounded up and kept within
 *   5..10; the share axis max is the first of 15, 25, ... 85 at least the largest
 *   share, else 100; ticks run from 0 by the step and end at the axis max.
 */
import { CARD_MODEL_IDS } from '../models'

export type RankBand = 'green' | 'yellow' | 'red' | 'grey'
export type PercentBand = 'green' | 'yellow' | 'orange' | 'red' | 'none'

function isRank(r: number | null | undefined): r is number {
  return typeof r === 'number' && Number.isFinite(r) && r > 0
}

/** Rank colours: 1-3 green, 4-6 yellow, 7+ red, none/0 grey. */
export function rankBand(rank: number | null | undefined): RankBand {
  if (!isRank(rank)) return 'grey'
  if (rank <= 3) return 'green'
  if (rank <= 6) return 'yellow'
  return 'red'
}

/** Mention-percentage bands: 80+ green, 50+ yellow, 20+ orange, 1+ red. */
export function mentionPercentBand(pct: number): PercentBand {
  if (!Number.isFinite(pct)) return 'none'
  if (pct >= 80) return 'green'
  if (pct >= 50) return 'yellow'
  if (pct >= 20) return 'orange'
  if (pct >= 1) return 'red'
  return 'none'
}

/** Visibility colour bands: at least 80, 50, 20, above 0. */
export function visibilityBand(pct: number): PercentBand {
  if (!Number.isFinite(pct)) return 'none'
  if (pct >= 80) return 'green'
  if (pct >= 50) return 'yellow'
  if (pct >= 20) return 'orange'
  if (pct > 0) return 'red'
  return 'none'
}

/** Mention heat brackets: 0 none, 1-4, 5-9, 10-14, 15-19, 20+. */
export function heatBracket(mentions: number): 0 | 1 | 2 | 3 | 4 | 5 {
  if (!Number.isFinite(mentions) || mentions <= 0) return 0
  if (mentions >= 20) return 5
  if (mentions >= 15) return 4
  if (mentions >= 10) return 3
  if (mentions >= 5) return 2
  return 1
}

export const HEATMAP_THRESHOLDS: readonly number[] = [5, 10, 15, 20, 25, 30, 40, 50, 60, 70]

/** Heatmap colour level: 0 grey (0%), 1 below 5%, then +1 per threshold reached (max 11). */
export function heatmapLevel(sharePct: number): number {
  if (!Number.isFinite(sharePct) || sharePct <= 0) return 0
  let level = 1
  for (const t of HEATMAP_THRESHOLDS) if (sharePct >= t) level++
  return level
}

/** Half-up rounding to 1 decimal, robust to representation error (2.25 -> 2.3, 1.15 -> 1.2). */
export function round1(x: number): number {
  const y = x * 10
  return Math.round(y + Math.abs(y) * 1e-12) / 10
}

/** Combined rank: mean of the non-zero ranks, 1 decimal; null when none. */
export function combinedRank(ranks: Array<number | null | undefined>): number | null {
  let sum = 0
  let n = 0
  for (const r of ranks) {
    if (isRank(r)) {
      sum += r
      n++
    }
  }
  return n === 0 ? null : round1(sum / n)
}

/** Visibility %: rounded share of the six card models (3, 5, 6, 8, 9, 10) with a rank above 0. */
export function visibilityPercent(ranksByModel: Record<number, number | null | undefined>): number {
  let visible = 0
  for (const id of CARD_MODEL_IDS) if (isRank(ranksByModel[id])) visible++
  return Math.round((visible / CARD_MODEL_IDS.length) * 100)
}

// ---------------------------------------------------------------------------
// Scatter (Topics / Audiences)

export const SCATTER_NOT_FOUND_RANK = 99
export const SCATTER_RANK_MIN_AXIS = 5
export const SCATTER_RANK_MAX_AXIS = 10
export const SCATTER_SHARE_STEPS: readonly number[] = [15, 25, 35, 45, 55, 65, 75, 85]
export const LABEL_MAX_CHARS = 12

/** Rank axis max: largest rank rounded up, kept within 5..10. */
export function scatterRankAxisMax(ranks: Array<number | null | undefined>): number {
  let max = 0
  for (const r of ranks) if (isRank(r) && r > max) max = r
  return Math.min(SCATTER_RANK_MAX_AXIS, Math.max(SCATTER_RANK_MIN_AXIS, Math.ceil(max)))
}

/** Rank axis ticks 1..max. */
export function scatterRankTicks(axisMax: number): number[] {
  const out: number[] = []
  for (let i = 1; i <= axisMax; i++) out.push(i)
  return out
}

/** Share axis max: first of 15, 25, ... 85 that is >= the largest share, else 100. */
export function scatterShareAxisMax(shares: number[]): number {
  let max = 0
  for (const s of shares) if (Number.isFinite(s) && s > max) max = s
  for (const step of SCATTER_SHARE_STEPS) if (max <= step) return step
  return 100
}

/** Share axis ticks: step 5 if max <= 20, 10 if <= 50, else 20; from 0, ending at max. */
export function scatterShareTicks(axisMax: number): number[] {
  const step = axisMax <= 20 ? 5 : axisMax <= 50 ? 10 : 20
  const out: number[] = []
  for (let v = 0; v < axisMax; v += step) out.push(v)
  out.push(axisMax)
  return out
}

/** Rank for plotting: not found (null/0) is 99, then clamped to 1..10. */
export function clampScatterRank(rank: number | null | undefined): number {
  const r = isRank(rank) ? rank : SCATTER_NOT_FOUND_RANK
  return Math.min(SCATTER_RANK_MAX_AXIS, Math.max(1, r))
}

/** Share for plotting: clamped to 0..(axis max + 5). */
export function clampScatterShare(share: number, axisMax: number): number {
  if (!Number.isFinite(share)) return 0
  return Math.min(axisMax + 5, Math.max(0, share))
}

/** Dot colour: green if rank <= 2 and share >= 40% of axis max; yellow if rank <= 3 and share >= 25%; else red. */
export function scatterDotColour(rank: number | null | undefined, share: number, axisMax: number): 'green' | 'yellow' | 'red' {
  const r = isRank(rank) ? rank : SCATTER_NOT_FOUND_RANK
  if (r <= 2 && share >= 0.4 * axisMax) return 'green'
  if (r <= 3 && share >= 0.25 * axisMax) return 'yellow'
  return 'red'
}

/** Chart label cut at 12 characters plus an ellipsis. */
export function truncateLabel(label: string, max = LABEL_MAX_CHARS): string {
  const chars = [...(label ?? '')]
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('')
}

export interface ScatterInput {
  label: string
  share: number
  rank: number | null | undefined
}

export interface ScatterPoint {
  label: string
  fullLabel: string
  share: number
  rank: number
  /** Unclamped values for the hover card (rank null when not found). */
  actualShare: number
  actualRank: number | null
  colour: 'green' | 'yellow' | 'red'
}

export interface ScatterChart {
  rankAxisMax: number
  rankTicks: number[]
  shareAxisMax: number
  shareTicks: number[]
  points: ScatterPoint[]
}

/** Builds axes and points for the Topics/Audiences scatter (x share %, y rank). */
export function buildScatter(inputs: ScatterInput[]): ScatterChart {
  const rankAxisMax = scatterRankAxisMax(inputs.map((i) => (isRank(i.rank) ? i.rank : SCATTER_NOT_FOUND_RANK)))
  const shareAxisMax = scatterShareAxisMax(inputs.map((i) => i.share))
  return {
    rankAxisMax,
    rankTicks: scatterRankTicks(rankAxisMax),
    shareAxisMax,
    shareTicks: scatterShareTicks(shareAxisMax),
    points: inputs.map((i) => ({
      label: truncateLabel(i.label),
      fullLabel: i.label,
      share: clampScatterShare(i.share, shareAxisMax),
      rank: clampScatterRank(i.rank),
      actualShare: i.share,
      actualRank: isRank(i.rank) ? i.rank : null,
      colour: scatterDotColour(i.rank, i.share, shareAxisMax),
    })),
  }
}

/** One slice of a mention-share pie: a brand, or the smallest brands grouped as Others. */
export interface PieSlice {
  name: string
  value: number
  share: number
  isOwn: boolean
  /** The brands an Others slice groups (empty for a brand). */
  grouped: string[]
}

/**
 * A pie needs a colour per slice that no other slice has (20 brands on a 6-colour palette repeated
 * colours). The own brand and the `colours` competitors with the most mentions keep slices of their own, in that
 * order; every smaller brand goes into one Others slice. Brands without mentions are left out.
 */
export function pieSlicesOf(brands: { name: string; mentions: number; share: number; isOwn: boolean }[], colours: number): PieSlice[] {
  const named = brands.filter((b) => b.mentions > 0)
  const own = named.filter((b) => b.isOwn)
  const others = named.filter((b) => !b.isOwn).sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name))
  // Others groups two brands at least (one brand would just lose its name): one over the palette gives up its last colour.
  const kept = others.length <= colours ? others : others.slice(0, others.length === colours + 1 ? colours - 1 : colours)
  const rest = others.slice(kept.length)
  const slices: PieSlice[] = [...own, ...kept].map((b) => ({ name: b.name, value: b.mentions, share: b.share, isOwn: b.isOwn, grouped: [] }))
  if (rest.length)
    slices.push({
      name: `Others (${rest.length})`,
      value: rest.reduce((s, b) => s + b.mentions, 0),
      share: round1(rest.reduce((s, b) => s + b.share, 0)),
      isOwn: false,
      grouped: rest.map((b) => b.name),
    })
  return slices
}
