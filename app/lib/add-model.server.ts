import { json, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from './auth.server'
import { notFound, parseBody, requireMethod } from './http.server'
import { startAddModel } from './analyses.server'
import { clientAddressOf } from './load-context'
import { admitModelWork } from './model-budget.server'
import { id } from '../domain/validation'
import { modelByAddPath } from '../domain/models'

const schema = z.object({
  analysisId: id('analysisId'),
  projectId: id('projectId').nullish(),
})

/**
 * The action of every add-model URL: starts a workflow that asks one model every query of the analysis.
 * The URL names the model (the catalogue's addKey / addAnalysisKey).
 */
export async function addModelAction(request: Request, context: AppLoadContext) {
  const model = modelByAddPath(new URL(request.url).pathname)
  if (!model) notFound('Not found')
  const modelId = model.id
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const body = await parseBody(request, schema)
  const ticket = await admitModelWork({ user, clientAddress: clientAddressOf(context) })
  const run = await startAddModel(user, body.analysisId, modelId, ticket)
  return json({ success: true, ...run, message: `${run.model} analysis started` }, { status: 202 })
}
