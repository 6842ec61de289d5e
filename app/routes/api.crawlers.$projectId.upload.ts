import { json, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { badRequest, intParam, requireMethod } from '~/lib/http.server'
import { uploadLogs } from '~/lib/crawlers-intake.server'
import { UPLOAD_MAX_BYTES, uploadOptionsSchema } from '~/domain/crawlers/schemas'
import { errorMessage } from '~/domain/validation'

/**
 * POST /api/crawlers/{projectId}/upload?format=&fileName=&csv= — the file itself is the body (plain or gzip, up to
 * 2 GB, streamed: the server does not buffer it). 202 { uploadId, duplicate, format }.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.projectId, 'project')
  const url = new URL(request.url)
  let csv: unknown
  try {
    csv = url.searchParams.get('csv') ? JSON.parse(url.searchParams.get('csv')!) : undefined
  } catch {
    badRequest('csv: the column mapping is not valid JSON')
  }
  const parsed = uploadOptionsSchema.safeParse({ format: url.searchParams.get('format') || undefined, fileName: url.searchParams.get('fileName') || undefined, csv })
  if (!parsed.success) badRequest(errorMessage(parsed.error))
  if (!request.body) badRequest('The file is empty.')
  const body = request.body as unknown as AsyncIterable<Uint8Array>
  return json(await uploadLogs(user, projectId, parsed.data, body, UPLOAD_MAX_BYTES), { status: 202 })
}
