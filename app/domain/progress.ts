import { EXPECTED_RESPONSES } from './limits'

export interface ActiveAnalysisSummary {
  id?: number
  /** 'source-search' for a running source search of a completed analysis (GET /api/analyses?activeOnly=true lists both). */
  kind?: string
  progressDetails?: { progressPercent?: number | null; phase?: string | null } | null
  apiResponses?: number | unknown[] | null
  project?: { isLightMode?: boolean } | null
}

/**
 * §4 "Progress percent" of the header button: progressPercent when it is ≥ 0; a missing value is
 * estimated as responses received ÷ expected (20 light, 240 full); several analyses are averaged; capped at 100.
 */
export function headerPercent(active: ActiveAnalysisSummary[]): number | null {
  if (active.length === 0) return null
  const values = active.map((a) => {
    const p = a.progressDetails?.progressPercent
    if (typeof p === 'number' && p >= 0) return p
    const received = Array.isArray(a.apiResponses) ? a.apiResponses.length : Number(a.apiResponses ?? 0)
    const expected = a.project?.isLightMode ? EXPECTED_RESPONSES.light : EXPECTED_RESPONSES.full
    return (received / expected) * 100
  })
  const avg = values.reduce((s, v) => s + v, 0) / values.length
  return Math.min(100, Math.round(avg))
}

/** §4 "Search insights": a progress whose phase text contains 'Search' or 'Enhanced' is a source-search phase. */
export const isSearchPhase = (a: ActiveAnalysisSummary) => a.kind === 'source-search' || /Search|Enhanced/.test(a.progressDetails?.phase ?? '')

/**
 * The header button: running analyses first (their percent, §4), else the running source searches
 * ('Source Search', their percent, linking to the progress page of the newest one).
 */
export function headerButton(active: ActiveAnalysisSummary[]): { label: string; percent: number; href: string } | null {
  const analyses = active.filter((a) => !isSearchPhase(a))
  if (analyses.length) return { label: 'Analysis', percent: headerPercent(analyses)!, href: '/analysis-progress' }
  const searches = active.filter(isSearchPhase)
  if (!searches.length) return null
  return { label: 'Source Search', percent: headerPercent(searches)!, href: `/analysis-progress${searches[0].id ? `?analysis=${searches[0].id}` : ''}` }
}
