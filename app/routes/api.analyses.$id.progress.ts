import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { ACTIVE_STATUSES, getAnalysis, progressOf } from '~/lib/analyses.server'

/** Per-model progress rows (§7): progressDetails[] {modelId, progress, currentQuery, completed, total}, plus the whole snapshot. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { analysis } = await getAnalysis(user, intParam(params.id, 'analysis'))
  const details = ACTIVE_STATUSES.includes(analysis.status) ? await progressOf(analysis) : analysis.progress
  const rows = Object.entries(details?.modelStatus ?? {}).map(([modelId, m]) => ({
    modelId: Number(modelId),
    name: m.name,
    status: m.status,
    progress: m.total ? Math.round((m.completed / m.total) * 100) : 0,
    currentQuery: m.currentQuery,
    completed: m.completed,
    total: m.total,
    error: m.error,
  }))
  return json({ analysisId: analysis.id, status: analysis.status, progressDetails: rows, details }, { headers: { 'Cache-Control': 'no-store' } })
}
