import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { importFacts, projectFacts, saveFacts } from '~/lib/factcheck.server'
import { factsImportSchema, factsSheetSchema } from '~/domain/factcheck/facts'

/** GET /api/projects/{id}/facts → { facts: [{ id, statement, sourceUrl }], canEdit, maxFacts } of a project the user may read. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await projectFacts(user, intParam(params.id, 'project')), { headers: { 'Cache-Control': 'no-store' } })
}

/**
 * PUT /api/projects/{id}/facts { facts: [{ statement, sourceUrl? }] }: the whole sheet, in order.
 * POST /api/projects/{id}/facts { csv, replace? }: a CSV import (added, or replacing the sheet), with the refused rows listed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'PUT', 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  if (request.method === 'PUT') return json(await saveFacts(user, projectId, (await parseBody(request, factsSheetSchema)).facts))
  return json(await importFacts(user, projectId, await parseBody(request, factsImportSchema)))
}
