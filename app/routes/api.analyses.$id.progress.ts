import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { getAnalysis, progressOf } from '~/lib/analyses.server'
import { runningModelIds } from '~/lib/settings.server'

/** Per-model progress rows: progressDetails[] {modelId, progress, currentQuery, completed, total}, plus the whole snapshot. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { analysis } = await getAnalysis(user, intParam(params.id, 'analysis'))
  // Live from the workflow query for a running analysis and for add-model / refresh runs on a finished one
  // (progressOf falls back to the stored snapshot when nothing runs).
  const [details, running] = await Promise.all([progressOf(analysis), runningModelIds(analysis.id)])
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
  return json({ analysisId: analysis.id, status: analysis.status, progressDetails: rows, runningModelIds: running, details }, { headers: { 'Cache-Control': 'no-store' } })
}
