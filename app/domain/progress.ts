import { EXPECTED_RESPONSES } from './limits'

export interface ActiveAnalysisSummary {
  progressDetails?: { progressPercent?: number | null } | null
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
