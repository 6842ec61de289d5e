import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { notFound } from '~/lib/http.server'
import { optimiserProgress } from '~/lib/optimiser.server'

/** GET /api/content/optimiser-v2/progress/{runId}: the run's nine phases from the workflow's progress query (the caller's runs only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const runId = params.runId ?? ''
  if (!/^[A-Za-z0-9-]{8,64}$/.test(runId)) notFound('No such optimiser run')
  return json(await optimiserProgress(user, runId), { headers: { 'Cache-Control': 'no-store' } })
}
