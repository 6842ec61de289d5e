import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { clientAddressOf } from '~/lib/load-context'
import { reportRewriteState, startReportRewrite } from '~/lib/report-rewrite.server'

/** GET /api/analyses/{id}/report-rewrite: is a model rewrite of the summary allowed, and where the latest stands (read access). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await reportRewriteState(user, intParam(params.id, 'analysis')), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/analyses/{id}/report-rewrite: a model rewrites the summary's style (the owner; model work, so budgeted). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  await parseBody(request, z.object({}))
  return json(await startReportRewrite(user, intParam(params.id, 'analysis'), clientAddressOf(context)), { status: 202 })
}
