import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { createExport } from '~/lib/results.server'

const schema = z.object({
  analysisId: z.coerce.number({ invalid_type_error: 'analysisId must be an analysis id' }).int().positive().nullish(),
})

/** POST /api/projects/{id}/export {analysisId?} -> { exportId }: a public link to /export/{exportId}, active for 30 days (owner only). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, schema)
  return json(await createExport(user, intParam(params.id, 'project'), body.analysisId ?? null), { status: 201 })
}
