/**
 * AI search volume: how often people ask each tracked query in AI tools, per month, as estimated
 * by a provider (DataForSEO's AI Keyword Data). Estimates only: every figure shown is rounded (`volumeLabel`)
 * and carries the provider's name and month. Demand-weighted visibility weighs each query's visibility by its
 * volume. Pure: shared by the app, the activities and the screens.
 */
import { z } from 'zod'

export * from './markets'

export const VOLUME_PROVIDER_NAME = 'DataForSEO'
export const NOT_CONFIGURED_MESSAGE = 'no volume source configured'
export const PENDING_MESSAGE = 'estimates not fetched yet'

/** A month as YYYY-MM. */
const month = z.string().regex(/^\d{4}-\d{2}$/)

/** One query's estimate as shown: rounded, never the provider's exact integer. */
export const queryVolumeSchema = z
  .object({
    rounded: z.number().int().nullable().describe('Estimated monthly AI searches, rounded (two significant figures); null when the provider has no estimate.'),
    label: z.string().describe('The rounded estimate as shown, e.g. "≈1.2k"; "no estimate" when the provider has none.'),
    history: z
      .array(z.object({ month: month, rounded: z.number().int() }))
      .describe("The provider's monthly history (up to 12 months, oldest first), rounded the same way."),
  })
export type QueryVolume = z.infer<typeof queryVolumeSchema>

export const volumeSourceSchema = z.object({
  provider: z.string().describe('Who estimated the volumes (DataForSEO).'),
  simulated: z.boolean().describe('True in demo mode: the figures come from the built-in simulator.'),
  month: month.nullable().describe('The month the latest estimate is for (YYYY-MM).'),
  location: z.string(),
  languageCode: z.string(),
})
export type VolumeSource = z.infer<typeof volumeSourceSchema>

export const weightedVisibilitySchema = z
  .object({
    unweighted: z.number().nullable().describe('Mean visibility % over the queries (each query counts once).'),
    weighted: z.number().nullable().describe('Visibility % with each query weighted by its estimated AI search volume; null when no query has a volume above zero.'),
    queries: z.number().int(),
    withoutEstimate: z.number().int().describe('Queries without a volume estimate: left out of the weighted figure.'),
    withoutEstimateShare: z.number().describe('withoutEstimate / queries, in percent (1 decimal).'),
    note: z.string().describe('The same in words.'),
  })
export type WeightedVisibility = z.infer<typeof weightedVisibilitySchema>

/** The volume column of a screen: not configured, not fetched yet, or ready with its source. */
export const volumeColumnSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('not_configured'), message: z.literal(NOT_CONFIGURED_MESSAGE) }),
    z.object({ status: z.literal('pending'), message: z.string(), source: volumeSourceSchema }),
    z.object({ status: z.literal('ready'), source: volumeSourceSchema, weighted: weightedVisibilitySchema.nullable() }),
  ])
export type VolumeColumn = z.infer<typeof volumeColumnSchema>

/** A stored estimate of one query in one market. */
export interface VolumeEstimate {
  /** The provider's figure (exact: kept for the maths, never shown). null: the provider has no estimate. */
  volume: number | null
  /** YYYY-MM of the latest month in the history, or null. */
  dataMonth: string | null
  history: { month: string; volume: number }[]
}

/** Rounded for display: under 10 is 0, under 100 to the nearest ten, above that two significant figures (1,234 → 1,200). */
export function roundVolume(n: number): number {
  if (!Number.isFinite(n) || n < 10) return 0
  if (n < 100) return Math.round(n / 10) * 10
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1)
  return Math.round(n / magnitude) * magnitude
}

function compact(n: number, unit: number, suffix: string): string {
  const v = n / unit
  return `${v < 10 ? (Math.round(v * 10) / 10).toString() : Math.round(v).toString()}${suffix}`
}

/** "≈1.2k", "≈90", "<10", "≈3.4M"; "no estimate" for null. Never an exact integer. */
export function volumeLabel(volume: number | null): string {
  if (volume === null) return 'no estimate'
  const r = roundVolume(volume)
  if (r < 10) return '<10'
  if (r < 1000) return `≈${r}`
  if (r < 1_000_000) return `≈${compact(r, 1000, 'k')}`
  return `≈${compact(r, 1_000_000, 'M')}`
}

export function queryVolume(volume: number | null, history: VolumeEstimate['history'] = []): QueryVolume {
  return { rounded: volume === null ? null : roundVolume(volume), label: volumeLabel(volume), history: history.map((h) => ({ month: h.month, rounded: roundVolume(h.volume) })) }
}

/** "Nov 2025 ≈900 → Oct 2026 ≈1.2k": the first and last month of a history, for a tooltip; '' without one. */
export function historyLine(history: QueryVolume['history']): string {
  if (history.length < 2) return ''
  const first = history[0]
  const last = history[history.length - 1]
  return `${monthName(first.month)} ${volumeLabel(first.rounded)} → ${monthName(last.month)} ${volumeLabel(last.rounded)}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "DataForSEO, Oct 2026" (and "simulated" in demo mode): what every volume figure is labelled with. */
const monthName = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`

export function sourceLine(s: VolumeSource): string {
  const m = s.month ? monthName(s.month) : 'month unknown'
  return `${s.simulated ? 'Simulated estimates' : `Estimates by ${s.provider}`}, ${m}, ${s.location}`
}

/**
 * The volume column's title in exports (CSV, xlsx, the report): rounded estimates, with the provider and month
 * ("AI search volume / month, rounded (DataForSEO, simulated, Oct 2026, United Kingdom)").
 */
export function volumeExportHeader(column: VolumeColumn): string {
  if (column.status !== 'ready') return 'AI search volume / month'
  const s = column.source
  const month = s.month ? monthName(s.month) : 'month unknown'
  return `AI search volume / month, rounded (${s.provider}${s.simulated ? ', simulated' : ''}, ${month}, ${s.location})`
}

/**
 * One query's export cell: the rounded estimate as a number (never the provider's exact figure), '<10' below ten,
 * 'no estimate' when the provider has none, and the column's reason when it is not ready — never a zero.
 */
export function volumeExportCell(column: VolumeColumn, volume: QueryVolume | undefined): number | string {
  if (column.status !== 'ready') return column.message
  if (!volume || volume.rounded === null) return 'no estimate'
  return volume.rounded < 10 ? '<10' : volume.rounded
}

const round1 = (n: number) => Math.round(n * 10) / 10

/**
 * Visibility weighted by demand: Σ volume × visibility / Σ volume over the queries with an estimate, beside the
 * plain mean over all queries. Queries without an estimate are left out of the weighted figure and counted.
 * visibility is a percentage (0–100) per query.
 */
export function demandWeightedVisibility(rows: { visibility: number; volume: number | null }[]): WeightedVisibility {
  const n = rows.length
  const estimated = rows.filter((r) => r.volume !== null)
  const total = estimated.reduce((s, r) => s + (r.volume ?? 0), 0)
  const withoutEstimate = n - estimated.length
  const withoutEstimateShare = n > 0 ? round1((withoutEstimate / n) * 100) : 0
  const note =
    withoutEstimate === 0
      ? `Every query has a volume estimate.`
      : `${withoutEstimate} of ${n} queries (${withoutEstimateShare} %) have no volume estimate and are left out of the demand-weighted figure.`
  return {
    unweighted: n > 0 ? round1(rows.reduce((s, r) => s + r.visibility, 0) / n) : null,
    weighted: total > 0 ? round1(estimated.reduce((s, r) => s + r.visibility * (r.volume ?? 0), 0) / total) : null,
    queries: n,
    withoutEstimate,
    withoutEstimateShare,
    note,
  }
}

export const groupVolumeSchema = z.object({
  group: z.string(),
  total: z.number().int().nullable().describe("The topic's summed estimates, rounded; null when none of its queries has one."),
  label: z.string(),
  estimated: z.number().int().describe('Queries of the topic with an estimate.'),
  queries: z.number().int(),
})
export type GroupVolume = z.infer<typeof groupVolumeSchema>

/** A group's (topic's) demand: the sum of its queries' estimates, and how many of its queries have one. */
export function groupVolume(volumes: (number | null)[]): Omit<GroupVolume, 'group'> {
  const known = volumes.filter((v): v is number => v !== null)
  const total = known.length ? known.reduce((s, v) => s + v, 0) : null
  return { total: total === null ? null : roundVolume(total), label: volumeLabel(total), estimated: known.length, queries: volumes.length }
}

/** The first day (UTC) of the month of a date, as YYYY-MM-01: the refresh month an estimate belongs to. */
export function refreshMonth(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01`
}

/** How the provider stores a keyword (it converts keywords to lower case). */
export const keywordKey = (query: string) => query.trim().toLowerCase()
