import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { badRequest, intParam, requireMethod } from '~/lib/http.server'
import { createExperiment, listExperiments, proposeExperiment } from '~/lib/experiments.server'
import { FIELD_LIMITS, text } from '~/domain/validation'

const proposal = z.object({
  treated: z.array(text('Query', FIELD_LIMITS.query, { required: 'A query must not be empty', collapse: true })).min(1, 'Choose at least one treated query').max(FIELD_LIMITS.listItems),
  changeDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The change date must be a date as YYYY-MM-DD'),
})

/**
 * GET /api/projects/{id}/experiments: the project's recorded changes (Trends → Experiments) and their markers.
 * With ?treated=…&changeDate=YYYY-MM-DD: the proposed controls, the baseline check and the power hint instead.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  const url = new URL(request.url)
  if (url.searchParams.has('treated')) {
    const parsed = proposal.safeParse({ treated: url.searchParams.getAll('treated'), changeDate: url.searchParams.get('changeDate') ?? '' })
    if (!parsed.success) badRequest(parsed.error.issues[0].message)
    return json(await proposeExperiment(user, projectId, parsed.data.treated, parsed.data.changeDate), { headers: { 'Cache-Control': 'no-store' } })
  }
  return json(await listExperiments(user, projectId), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST {description, urls[], changeDate, treated[], control[]}: records a change (write access). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.id, 'project')
  let body: unknown
  try {
    body = await request.json()
  } catch {
    badRequest('The request body is not valid JSON.')
  }
  return json(await createExperiment(user, projectId, body), { status: 201 })
}
