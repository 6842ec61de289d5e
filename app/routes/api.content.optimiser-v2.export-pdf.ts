import type { ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { parseBody, requireMethod } from '~/lib/http.server'
import { renderPdf, reportHtml, type ReportInput } from '~/lib/optimiser-pdf.server'
import { exportRequest } from '~/domain/optimiser/requests'

/** POST /api/content/optimiser-v2/export-pdf (same body as export-public) → a PDF, or the report as HTML without Chromium. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  await requireUser(request)
  const body = await parseBody(request, exportRequest)
  const html = reportHtml(body as unknown as ReportInput)
  const pdf = await renderPdf(html)
  if (pdf) {
    return new Response(Buffer.from(pdf), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="content-optimisation.pdf"', 'Cache-Control': 'no-store' } })
  }
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Disposition': 'attachment; filename="content-optimisation.html"', 'Cache-Control': 'no-store' } })
}
