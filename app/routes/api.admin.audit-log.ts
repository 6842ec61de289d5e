import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/lib/auth.server'
import { idSearchParam } from '~/lib/http.server'
import { auditLog } from '~/lib/admin.server'

/** GET /api/admin/audit-log[?userId=] -> { entries } newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json({ entries: await auditLog(idSearchParam(new URL(request.url), 'userId')) }, { headers: { 'Cache-Control': 'no-store' } })
}
