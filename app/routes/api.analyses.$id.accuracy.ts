import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { badRequest, intParam, parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { accuracyCsv, accuracyOf, startFactcheck } from '~/lib/factcheck.server'
import { accuracyQuerySchema } from '~/domain/factcheck/accuracy'
import { errorMessage } from '~/domain/validation'
import { modelByFilter } from '~/domain/models'

/**
 * GET /api/analyses/{id}/accuracy?model=&format=json|csv: the Accuracy view (contradicted claims by fact and model,
 * with their answers, cited sources, first and last seen), or its CSV export. Read access to the analysis's project.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const raw = Object.fromEntries(url.searchParams)
  const q = accuracyQuerySchema.safeParse(raw)
  if (!q.success) badRequest(errorMessage(q.error, 'Invalid query', raw))
  const opts = { modelId: q.data.model && q.data.model !== 'combined' ? (modelByFilter(q.data.model)?.id ?? null) : null }
  const id = intParam(params.id, 'analysis')
  if (q.data.format === 'csv') {
    const { filename, csv } = await accuracyCsv(user, id, opts)
    return new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' } })
  }
  return json(await accuracyOf(user, id, opts), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/analyses/{id}/accuracy: check the analysis's answers again (the owner; calls a model, so rate-limited). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  await parseBody(request, z.object({}))
  return json(await startFactcheck(user, intParam(params.id, 'analysis'), clientAddressOf(context)), { status: 202 })
}
