import { json, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { createExport } from '~/lib/exports.server'
import { clientAddressOf } from '~/lib/load-context'
import { id } from '~/domain/validation'

const schema = z.object({
  analysisId: id('analysisId').nullish(),
})

/** POST /api/projects/{id}/export {analysisId?} -> { exportId }: a public link to /export/{exportId}, active for 30 days (owner only). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  const body = await parseBody(request, schema)
  return json(await createExport(user, projectId, body.analysisId ?? null, clientAddressOf(context)), { status: 201 })
}
