import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, requireMethod } from '~/lib/http.server'
import { deleteExperiment, experimentCsv, experimentResults } from '~/lib/experiments.server'

/** GET: one experiment's estimate, verdict, per-model results and daily series; ?format=csv downloads them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  const experimentId = intParam(params.experimentId, 'experiment')
  if (new URL(request.url).searchParams.get('format') === 'csv') {
    const file = await experimentCsv(user, projectId, experimentId)
    return new Response(file.body, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': 'no-store' } })
  }
  return json(await experimentResults(user, projectId, experimentId), { headers: { 'Cache-Control': 'no-store' } })
}

/** DELETE: removes the recorded change (write access). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE')
  const user = await requireUser(request)
  return json(await deleteExperiment(user, intParam(params.id, 'project'), intParam(params.experimentId, 'experiment')))
}
