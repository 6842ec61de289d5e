/** The Analysis Settings page (phase 8): analyses of one project, the six run cards, search insights. */
import { db } from './db.server'
import type { User } from './auth.server'
import { getProject } from './projects.server'
import { listAnalyses } from './analyses.server'
import { chooseAnalysis, runCards } from '../domain/settings/analysis-settings'

export async function loadSettings(user: User, projectId: number, wanted: number | null) {
  const project = await getProject(user, projectId, 'read')
  const analyses = await listAnalyses(user, { projectId })
  const history = analyses.map((a) => ({ id: a.id, status: a.status, createdAt: a.createdAt, apiResponses: Number((a as { apiResponses?: number }).apiResponses ?? 0), queryCount: a.queryCount, samplesPerQuery: a.samplesPerQuery }))
  const selected = chooseAnalysis(history, wanted)
  const base = { project: { id: project.id, name: project.name, brandDomain: project.brandDomain, accessType: project.accessType, isLightMode: project.isLightMode }, canManage: project.accessType === 'owner', history }
  if (!selected) return { ...base, selected: null, cards: [], insights: { basic: 0, enhanced: 0, searchStatus: null as string | null } }
  const sql = db()
  const [answered, running, insightCounts, [search]] = await Promise.all([
    sql<{ model_id: number; n: number }[]>`
      select model_id, count(*) filter (where ok and response <> '')::int as n from api_responses where analysis_id = ${selected.id} group by model_id`,
    runningModelIds(selected.id),
    sql<{ kind: 'basic' | 'enhanced'; n: number }[]>`select kind, count(*)::int as n from search_insights where analysis_id = ${selected.id} group by kind`,
    sql<{ status: string }[]>`select status from source_searches where analysis_id = ${selected.id}`,
  ])
  const cards = runCards(
    Object.fromEntries(answered.map((r) => [r.model_id, r.n])),
    running,
    selected.queryCount * selected.samplesPerQuery,
  )
  const count = (kind: string) => insightCounts.find((r) => r.kind === kind)?.n ?? 0
  return { ...base, selected, cards, insights: { basic: count('basic'), enhanced: count('enhanced'), searchStatus: search?.status ?? null } }
}

/** Models that an add-model or refresh run (or the analysis itself) is running now: a run card is done when its model leaves this list. */
export async function runningModelIds(analysisId: number): Promise<number[]> {
  const rows = await db()<{ model_ids: number[] }[]>`select model_ids from model_runs where analysis_id = ${analysisId} and status = 'running'`
  return [...new Set(rows.flatMap((r) => r.model_ids))]
}
