/**
 * The report's executive summary, computed from the numbers so that every sentence is true: the facts
 * here, the sentences in ./summary-text.ts. Pure: the figures come from the results views (the screens' numbers),
 * the project's trend points and the analysis's cited sources; app/lib/report.server.ts gathers them.
 *
 * Decisions where the issue is silent:
 * - Where the brand stands: mention share (overview, with its n and 95 % Wilson interval), visibility (models that
 *   ranked the brand of the six, Brand Rank tab) and average rank (combined, with its spread) — the screens' figures.
 * - Changes are tested on the Trends page's counts (mention occurrences of all tracked brands' mentions; answers that
 *   rank the brand of answered answers) with a two-sided two-proportion z-test at 95 % (|z| >= 1.96). A change
 *   inside the noise is not reported as a change; the summary says that nothing moved beyond it.
 * - "Since 30 days": against the latest run at least 30 days older than this one; none when history is shorter.
 * - Strongest and weakest engines by the brand's share of model: the top half (at most 3) and the bottom half
 *   (at most 3), so one engine is never both.
 * - Top competitor gap: the competitor with the largest mention share, in percentage points against the brand.
 * - Sources: one citation is one distinct URL cited by one answer (as Source Insights counts); the brand's own
 *   citation share is citations of its own domains of all citations, with its interval.
 * - Actions, at most 3, in this order: the most-cited outreach gap of Source Insights (an earned site cited with
 *   competitors, never with the brand), the query where the brand is least visible (a page for the Content
 *   Optimiser), then the weakest engine; own pages when the brand has no citation of its own.
 */
import { wilson, type Interval, type RankSpread } from '../metrics/intervals'
import { twoProportionZ, type TrendPoint } from '../trends'

/** Two-sided 95 %: a change counts only beyond it. */
export const CHANGE_Z = 1.96
export const CHANGE_TEST = 'two-proportion z-test' as const
export const MONTH_DAYS = 30
export const TOP_ENGINES = 3
export const TOP_DOMAINS = 3
export const MAX_ACTIONS = 3

export interface Figure {
  /** Percent, 1 decimal (rank: the average rank). */
  value: number
  x: number
  n: number
  ci: Interval | null
}

export type ChangeMetric = 'share' | 'rankRate'
export type ChangeSince = 'previous' | 'month'

export interface Change {
  metric: ChangeMetric
  since: ChangeSince
  fromDate: string
  from: Figure
  to: Figure
  /** Percentage points, 1 decimal. */
  delta: number
  z: number
  /** |z| >= CHANGE_Z. */
  significant: boolean
}

export type Action =
  | { kind: 'outreach'; domain: string; citations: number }
  | { kind: 'optimise'; query: string; visibility: number }
  | { kind: 'engine'; modelId: number; share: number }
  | { kind: 'owned'; citations: number }

export interface SummaryFacts {
  brand: string
  date: string
  answers: number
  standing: { share: Figure | null; visibility: Figure | null; rank: { value: number; spread: RankSpread | null } | null; position: number | null }
  /** Comparisons made (previous run, 30 days), significant or not; absent when there was nothing to compare with. */
  changes: Change[]
  engines: { strongest: { modelId: number; share: number }[]; weakest: { modelId: number; share: number }[] }
  competitorGap: { name: string; share: number; ownShare: number; points: number } | null
  sources: { top: { domain: string; citations: number; share: number }[]; total: number; own: Figure | null }
  actions: Action[]
}

export interface CitedAnswer {
  queryIndex: number
  /** Distinct cited domains of the answer, each classified (Owned / Competitor / Earned). */
  domains: { domain: string; type: 'Owned' | 'Competitor' | 'Earned' }[]
  /** Distinct URLs cited, with their domain: one citation each. */
  urls: { url: string; domain: string; type: 'Owned' | 'Competitor' | 'Earned' }[]
}

export interface SummaryInput {
  brand: string
  date: string
  answers: number
  share: { value: number; x: number; n: number } | null
  visibility: { value: number; x: number; n: number } | null
  rank: { value: number | null; spread: RankSpread | null }
  position: number | null
  /** Own brand's share of model per engine (null: no answers). */
  engineShares: { modelId: number; share: number | null }[]
  /** Overview brands: name, own or not, share. */
  brands: { name: string; isOwn: boolean; share: number }[]
  /** The project's trend points (any order); the current analysis is `analysisId`. */
  points: TrendPoint[]
  analysisId: number
  cited: CitedAnswer[]
  /** Own brand's query rank rows: query and visibility (%), for the Content Optimiser action. */
  queries: { query: string; visibility: number }[]
}

const round1 = (x: number) => Math.round(x * 10) / 10
const figure = (x: number, n: number, value = n > 0 ? round1((x / n) * 100) : 0): Figure => ({ value, x, n, ci: wilson(x, n) })

function counts(p: TrendPoint, metric: ChangeMetric): { x: number; n: number } {
  const b = p.brands[p.ownBrand]
  if (!b) return { x: 0, n: 0 }
  return metric === 'share' ? { x: b.rawMentions, n: p.rawMentionsTotal } : { x: b.rankedAnswers, n: p.answered }
}

/** ISO day minus `days`. */
export function daysBefore(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) - days * 86_400_000
  return new Date(t).toISOString().slice(0, 10)
}

/** The runs the current one is compared with: the one before it, and the latest at least 30 days older. */
export function baselines(points: TrendPoint[], analysisId: number): { current: TrendPoint | null; previous: TrendPoint | null; month: TrendPoint | null } {
  const ordered = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.analysisId - b.analysisId))
  const at = ordered.findIndex((p) => p.analysisId === analysisId)
  if (at < 0) return { current: null, previous: null, month: null }
  const current = ordered[at]
  const earlier = ordered.slice(0, at).filter((p) => p.date < current.date || p.analysisId < current.analysisId)
  const cutoff = daysBefore(current.date, MONTH_DAYS)
  const month = [...earlier].reverse().find((p) => p.date <= cutoff) ?? null
  return { current, previous: earlier.at(-1) ?? null, month }
}

export function changesOf(points: TrendPoint[], analysisId: number): Change[] {
  const { current, previous, month } = baselines(points, analysisId)
  if (!current) return []
  const out: Change[] = []
  for (const [since, base] of [['previous', previous], ['month', month]] as const) {
    if (!base) continue
    for (const metric of ['share', 'rankRate'] as const) {
      const a = counts(base, metric)
      const b = counts(current, metric)
      if (a.n === 0 || b.n === 0) continue
      const z = twoProportionZ(b.x, b.n, a.x, a.n)
      const from = figure(a.x, a.n)
      const to = figure(b.x, b.n)
      out.push({ metric, since, fromDate: base.date, from, to, delta: round1(to.value - from.value), z: Math.round(z * 100) / 100, significant: Math.abs(z) >= CHANGE_Z })
    }
  }
  return out
}

export function enginesOf(shares: SummaryInput['engineShares']) {
  const ranked = shares.filter((e): e is { modelId: number; share: number } => e.share !== null).sort((a, b) => b.share - a.share || a.modelId - b.modelId)
  const strong = Math.min(TOP_ENGINES, Math.ceil(ranked.length / 2))
  const weak = Math.min(TOP_ENGINES, Math.floor(ranked.length / 2))
  return { strongest: ranked.slice(0, strong), weakest: weak > 0 ? ranked.slice(-weak).reverse() : [] }
}

export function sourcesOf(cited: CitedAnswer[]): SummaryFacts['sources'] {
  const byDomain = new Map<string, number>()
  let total = 0
  let own = 0
  for (const a of cited) {
    for (const u of a.urls) {
      byDomain.set(u.domain, (byDomain.get(u.domain) ?? 0) + 1)
      total++
      if (u.type === 'Owned') own++
    }
  }
  const top = [...byDomain]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_DOMAINS)
    .map(([domain, citations]) => ({ domain, citations, share: round1((citations / total) * 100) }))
  return { top, total, own: total > 0 ? figure(own, total) : null }
}

/** Earned domains cited by an answer that cites a competitor's site and by no answer that cites the brand's own. */
export function outreachGaps(cited: CitedAnswer[]): { domain: string; citations: number }[] {
  const info = new Map<string, { withCompetitor: number; withOwn: number; citations: number }>()
  for (const a of cited) {
    const types = new Set(a.domains.map((d) => d.type))
    for (const d of a.domains) {
      if (d.type !== 'Earned') continue
      const e = info.get(d.domain) ?? { withCompetitor: 0, withOwn: 0, citations: 0 }
      e.citations++
      if (types.has('Competitor')) e.withCompetitor++
      if (types.has('Owned')) e.withOwn++
      info.set(d.domain, e)
    }
  }
  return [...info]
    .filter(([, e]) => e.withCompetitor > 0 && e.withOwn === 0)
    .map(([domain, e]) => ({ domain, citations: e.citations }))
    .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
}

export function actionsOf(input: SummaryInput, engines: SummaryFacts['engines'], sources: SummaryFacts['sources']): Action[] {
  const out: Action[] = []
  const gap = outreachGaps(input.cited)[0]
  if (gap) out.push({ kind: 'outreach', ...gap })
  const weakQuery = [...input.queries].sort((a, b) => a.visibility - b.visibility || a.query.localeCompare(b.query))[0]
  if (weakQuery && weakQuery.visibility < 100) out.push({ kind: 'optimise', query: weakQuery.query, visibility: weakQuery.visibility })
  const weakEngine = engines.weakest[0]
  if (weakEngine) out.push({ kind: 'engine', ...weakEngine })
  if (sources.total > 0 && sources.own?.x === 0) out.push({ kind: 'owned', citations: sources.total })
  return out.slice(0, MAX_ACTIONS)
}

export function summaryFacts(input: SummaryInput): SummaryFacts {
  const engines = enginesOf(input.engineShares)
  const sources = sourcesOf(input.cited)
  const own = input.brands.find((b) => b.isOwn)
  const rival = input.brands.filter((b) => !b.isOwn).sort((a, b) => b.share - a.share || a.name.localeCompare(b.name))[0]
  const fig = (f: { value: number; x: number; n: number } | null) => (f ? { ...figure(f.x, f.n), value: f.value } : null)
  return {
    brand: input.brand,
    date: input.date,
    answers: input.answers,
    standing: {
      share: fig(input.share),
      visibility: fig(input.visibility),
      rank: input.rank.value === null ? null : { value: input.rank.value, spread: input.rank.spread },
      position: input.position,
    },
    changes: changesOf(input.points, input.analysisId),
    engines,
    competitorGap: own && rival ? { name: rival.name, share: rival.share, ownShare: own.share, points: round1(rival.share - own.share) } : null,
    sources,
    actions: actionsOf(input, engines, sources),
  }
}
