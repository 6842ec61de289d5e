import { EXPECTED_RESPONSES } from './limits'

export interface ActiveAnalysisSummary {
  id?: number
  /** 'source-search' for a running source search of a completed analysis (GET /api/analyses?activeOnly=true lists both). */
  kind?: string
  progressDetails?: { progressPercent?: number | null; phase?: string | null } | null
  apiResponses?: number | unknown[] | null
  project?: { isLightMode?: boolean } | null
}

/** One analysis's overall progress: progressPercent when it is ≥ 0, else responses received ÷ expected (20 light, 240 full); capped at 100. */
export function analysisPercent(a: ActiveAnalysisSummary): number {
  const p = a.progressDetails?.progressPercent
  if (typeof p === 'number' && p >= 0) return Math.min(100, Math.round(p))
  const received = Array.isArray(a.apiResponses) ? a.apiResponses.length : Number(a.apiResponses ?? 0)
  const expected = a.project?.isLightMode ? EXPECTED_RESPONSES.light : EXPECTED_RESPONSES.full
  return Math.min(100, Math.round((received / expected) * 100))
}

/**
 * The header's figure ("Progress percent"): one figure per run. The spec averages several running
 * analyses, but an average is the figure of no run and was read as the progress page's (31 % beside 46 %). The header
 * shows one run with the progress page's figure: the run that page is showing (its `fresher` reading, polled more
 * often than the header's list), else the newest; its button opens that run and says how many others run.
 */
export function headerPercent(active: ActiveAnalysisSummary[], fresher?: FresherReading | null): number | null {
  if (active.length === 0) return null
  const shown = shownRun(active, fresher)
  return fresher && shown.id === fresher.id ? fresher.percent : analysisPercent(shown)
}

/** The run the header shows: the one the progress page follows when it is in the list, else the newest (first). */
function shownRun(active: ActiveAnalysisSummary[], fresher?: FresherReading | null): ActiveAnalysisSummary {
  return (fresher && active.find((a) => a.id !== undefined && a.id === fresher.id)) || active[0]
}

/** The progress page's latest reading of one analysis, shared with the header on the same page. */
export interface FresherReading {
  id: number
  percent: number
}

/** "Search insights": a progress whose phase text contains 'Search' or 'Enhanced' is a source-search phase. */
export const isSearchPhase = (a: ActiveAnalysisSummary) => a.kind === 'source-search' || /Search|Enhanced/.test(a.progressDetails?.phase ?? '')

/**
 * The header button: running analyses first, else the running source searches ('Source Search'); one run's percent
 * (headerPercent), linking to its progress page, with the count of the others.
 */
export function headerButton(active: ActiveAnalysisSummary[], fresher?: FresherReading | null): { label: string; percent: number; href: string; others: number } | null {
  const analyses = active.filter((a) => !isSearchPhase(a))
  const shown = analyses.length ? analyses : active.filter(isSearchPhase)
  if (!shown.length) return null
  const run = shownRun(shown, fresher)
  const href = `/analysis-progress${run.id ? `?analysis=${run.id}` : ''}`
  return { label: analyses.length ? 'Analysis' : 'Source Search', percent: headerPercent(shown, fresher)!, href, others: shown.length - 1 }
}
