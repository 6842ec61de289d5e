import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { reportForExport, reportResponse } from '~/lib/report.server'

/** GET /export/{exportId}/report?format=pdf|xlsx: the report of a shared analysis, for whoever holds the live link (no sign-in). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = await reportForExport(params.exportId ?? '', new URL(request.url))
  if (file === 'expired') throw json({ error: 'This export link has expired', message: 'This export link has expired' }, { status: 410 })
  return reportResponse(file, { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' })
}
