import { json } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from './auth.server'
import { parseBody, requireMethod } from './http.server'
import { startAddModel } from './analyses.server'

const schema = z.object({
  analysisId: z.coerce.number({ invalid_type_error: 'analysisId is required' }).int().positive('analysisId is required'),
  projectId: z.coerce.number().int().positive().optional(),
})

/** Shared action of the add-model routes (§7): starts a workflow that asks one model every query of the analysis. */
export async function addModelAction(request: Request, modelId: number) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, schema)
  const run = await startAddModel(user, body.analysisId, modelId)
  return json({ success: true, ...run, message: `${run.model} analysis started` }, { status: 202 })
}
