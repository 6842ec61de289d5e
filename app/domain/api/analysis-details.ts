/**
 * The parts of the spec's Analysis entity that GET /api/analyses/{id} and GET /api/v1/analyses/{id} add to an
 * analysis: modelResults (per model id: brandMentions by brand, brandRanking by query then brand) and the source
 * search's status with a summary of its insights. The insights themselves (one model answer each, with citations)
 * can run to megabytes, so the analysis carries their counts and a link to the full data
 * (GET /api/analyses/{id}/search-insights). Pure.
 */
import { round1 } from '../metrics/colours'

export interface AnswerFigures {
  modelId: number
  query: string
  ok: boolean
  mentions: Record<string, number> | null
  rankings: Record<string, number> | null
}

export interface ModelResult {
  /** Mentions of each brand summed over the model's answered answers (every query and sample). */
  brandMentions: Record<string, number>
  /** Per query, each brand's mean list position over the samples that ranked it (1 is best; brands never ranked are absent). */
  brandRanking: Record<string, Record<string, number>>
}

/** modelResults of the spec's Analysis entity, from the stored parse of each answer. */
export function modelResultsOf(answers: AnswerFigures[]): Record<string, ModelResult> {
  const out: Record<string, ModelResult> = {}
  const ranks = new Map<string, number[]>()
  for (const a of answers) {
    if (!a.ok) continue
    const m = (out[a.modelId] ??= { brandMentions: {}, brandRanking: {} })
    for (const [brand, n] of Object.entries(a.mentions ?? {})) m.brandMentions[brand] = (m.brandMentions[brand] ?? 0) + (Number(n) || 0)
    for (const [brand, r] of Object.entries(a.rankings ?? {})) {
      if (!(Number(r) > 0)) continue
      const key = JSON.stringify([a.modelId, a.query, brand])
      ranks.set(key, [...(ranks.get(key) ?? []), Number(r)])
    }
  }
  for (const [key, list] of ranks) {
    const [modelId, query, brand] = JSON.parse(key) as [number, string, string]
    const byQuery = (out[modelId].brandRanking[query] ??= {})
    byQuery[brand] = round1(list.reduce((s, r) => s + r, 0) / list.length)
  }
  return out
}

interface Insight {
  modelId: number
}

export interface InsightsFull {
  searchInsightsStatus: string | null
  searchInsights: Insight[]
  enhancedSearchInsights: Insight[]
  dualSearchInsights: Record<string, Insight[]>
}

export interface InsightsSummary {
  count: number
  /** Insights per model id. */
  byModel: Record<string, number>
  /** Where the full insights are. */
  href: string
}

const summary = (list: Insight[], href: string): InsightsSummary => {
  const byModel: Record<string, number> = {}
  for (const i of list) byModel[i.modelId] = (byModel[i.modelId] ?? 0) + 1
  return { count: list.length, byModel, href }
}

/** The source search's fields of an analysis: its status and, per kind of insight, the counts and a link. */
export function insightsSummaryOf(analysisId: number, full: InsightsFull) {
  const href = `/api/analyses/${analysisId}/search-insights`
  return {
    searchInsightsStatus: full.searchInsightsStatus,
    searchInsights: summary(full.searchInsights, href),
    enhancedSearchInsights: summary(full.enhancedSearchInsights, href),
    dualSearchInsights: { ...Object.fromEntries(Object.entries(full.dualSearchInsights).map(([k, v]) => [k, v.length])), href } as Record<string, number> & { href: string },
  }
}
