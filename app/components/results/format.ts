/**
 * Formatting and colours of the results screens: en-GB dates, own brand red,
 * the 6-colour competitor palette, and the colour of every band key the metrics
 * module returns. Pure, safe in the browser.
 */
import { heatBracket, heatmapLevel, mentionPercentBand, rankBand, visibilityBand, type PercentBand, type RankBand } from '~/domain/metrics/colours'
import { MODELS, modelById } from '~/domain/models'

export const OWN_BRAND_COLOUR = '#d92d20'
// Every mark reaches 3:1 on white (WCAG 1.4.11): the sixth colour is a darker amber than yellow-600.
export const COMPETITOR_PALETTE = ['#2563eb', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#a16207'] as const
/** The slice that groups the brands past the palette (pies); grey-500 reaches 3:1 on white. */
export const OTHERS_COLOUR = '#6b7280'

/** Own brand red; competitors cycle through the palette in their list order. */
export function brandColour(index: number, isOwn: boolean): string {
  return isOwn ? OWN_BRAND_COLOUR : COMPETITOR_PALETTE[index % COMPETITOR_PALETTE.length]
}

/** Colours for a list of brands: own red, competitors by their position among competitors. */
export function brandColours<T extends { isOwn: boolean }>(brands: T[]): string[] {
  let c = 0
  return brands.map((b) => (b.isOwn ? OWN_BRAND_COLOUR : COMPETITOR_PALETTE[c++ % COMPETITOR_PALETTE.length]))
}

/** yyyy-mm-dd or an ISO timestamp -> dd/mm/yy (en-GB), in UTC so server and browser agree. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return value
  return `${m[3]}/${m[2]}/${m[1].slice(2)}`
}

/** dd/mm/yy HH:mm (UTC). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p = (n: number) => String(n).padStart(2, '0')
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).slice(2)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} UTC`
}

export function formatNumber(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-GB') : n.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

export function formatPercent(n: number): string {
  return `${Number.isInteger(n) ? n : n.toFixed(1)}%`
}

export function formatRank(r: number | null | undefined): string {
  return typeof r === 'number' && r > 0 ? (Number.isInteger(r) ? String(r) : r.toFixed(1)) : 'N/A'
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'Calculating...'
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} seconds`
  const minutes = Math.round(seconds / 60)
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`
}

export { modelName } from '~/domain/models'

export function modelColumn(id: number): string {
  return modelById(id)?.column ?? `Model ${id}`
}

export const MODEL_COLUMN_IDS = MODELS.map((m) => m.id)

// ------------------------------------------------------------------ band colours
// Text on every band reaches 4.5:1 (WCAG 1.4.3) and every coloured cell prints its value, so colour never carries a meaning alone.

export const RANK_COLOURS: Record<RankBand, { bg: string; fg: string }> = {
  green: { bg: '#dcfce7', fg: '#166534' },
  yellow: { bg: '#fef9c3', fg: '#854d0e' },
  red: { bg: '#fee2e2', fg: '#991b1b' },
  grey: { bg: '#f3f4f6', fg: '#4b5563' },
}

export const PERCENT_COLOURS: Record<PercentBand, { bg: string; fg: string }> = {
  green: { bg: '#dcfce7', fg: '#166534' },
  yellow: { bg: '#fef9c3', fg: '#854d0e' },
  orange: { bg: '#ffedd5', fg: '#9a3412' },
  red: { bg: '#fee2e2', fg: '#991b1b' },
  none: { bg: 'transparent', fg: '#4b5563' },
}

export function rankStyle(rank: number | null | undefined) {
  const c = RANK_COLOURS[rankBand(rank)]
  return { background: c.bg, color: c.fg }
}

export function visibilityStyle(pct: number) {
  const c = PERCENT_COLOURS[visibilityBand(pct)]
  return { background: c.bg, color: c.fg }
}

export function mentionPercentStyle(pct: number) {
  const c = PERCENT_COLOURS[mentionPercentBand(pct)]
  return { background: c.bg, color: c.fg }
}

/** Heatmap levels 0 (grey, 0%) .. 11 (70%+): a blue ramp. */
export const HEATMAP_COLOURS = [
  '#f3f4f6', '#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554',
] as const

export function heatmapStyle(sharePct: number | null) {
  if (sharePct === null) return { background: '#f9fafb', color: '#4b5563' }
  const level = heatmapLevel(sharePct)
  // White text from level 7 (#2563eb, 5.2:1); level 6 (#3b82f6) takes near-black (4.9:1), white there is 3.7:1.
  return { background: HEATMAP_COLOURS[level], color: level >= 7 ? '#fff' : '#0f172a' }
}

/** Mention heat brackets 1-4, 5-9, 10-14, 15-19, 20+ (0 = no colour). */
export const HEAT_BRACKET_COLOURS = ['transparent', '#fef3c7', '#fde68a', '#fdba74', '#f97316', '#c2410c'] as const
export const HEAT_BRACKET_LABELS = ['0', '1-4', '5-9', '10-14', '15-19', '20+'] as const

export function heatStyle(count: number) {
  const b = heatBracket(count)
  // White only on the darkest bracket (#c2410c, 5.2:1): on #f97316 it is 2.8:1, near-black 6.4:1.
  return { background: HEAT_BRACKET_COLOURS[b], color: b >= 5 ? '#fff' : '#0f172a' }
}

// Chart marks reach 3:1 on white (yellow-700 and grey-500 instead of yellow-600 and grey-400).
export const SCATTER_COLOURS = { green: '#16a34a', yellow: '#a16207', red: '#dc2626' } as const
// Sentiment colours also write text (card headings, figures): each reaches 4.5:1 on white.
export const SENTIMENT_COLOURS = { positive: '#15803d', neutral: '#6b7280', negative: '#dc2626' } as const

/** Lower-case, dash-separated text for file names. */
export function slug(s: string): string {
  return (
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export'
  )
}
