import { json, type ActionFunctionArgs } from '@remix-run/node'
import { intParam, requireMethod } from '~/lib/http.server'
import { pushBatch } from '~/lib/crawlers-intake.server'

/**
 * POST /api/crawlers/{projectId}/push — NDJSON batches from a Cloudflare Worker, a Vercel log drain or Logpush's
 * HTTP destination. Authorization: Bearer <the project's ingest key>; Idempotency-Key (or X-Batch-Id) names the
 * batch, so a retried batch is counted once. Up to 5 MB. 202 { uploadId, duplicate }.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const projectId = intParam(params.projectId, 'project')
  const out = await pushBatch(projectId, request)
  return json(out, { status: out.duplicate ? 200 : 202 })
}
