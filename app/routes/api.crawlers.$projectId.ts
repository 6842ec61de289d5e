import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { badRequest, intParam, parseBody, requireMethod } from '~/lib/http.server'
import { checkRobots, crawlerJoined, crawlerOverview, dailyCsv, deleteLogData, ingestKeyPrefix, lastRobots, listUploads, reverseDnsOn, setReverseDns } from '~/lib/crawlers.server'
import { loadDemoLogs, rotateIngestKey } from '~/lib/crawlers-intake.server'
import { viewQuerySchema } from '~/domain/crawlers/schemas'
import { errorMessage, requiredOr } from '~/domain/validation'
import { isDemoMode } from '~/domain/providers'

/** GET /api/crawlers/{projectId}?days=&export=csv — the AI Crawlers tab's data (or the daily table as CSV). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const projectId = intParam(params.projectId, 'project')
  const url = new URL(request.url)
  const q = viewQuerySchema.safeParse({ days: url.searchParams.get('days') ?? undefined })
  if (!q.success) badRequest(errorMessage(q.error))
  // The uploads are read first: an upload listed as completed has its figures in the reads that follow.
  const uploads = url.searchParams.get('export') === 'csv' ? [] : await listUploads(user, projectId, 10)
  const overview = await crawlerOverview(user, projectId, q.data.days)
  if (url.searchParams.get('export') === 'csv')
    return new Response(dailyCsv(overview), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="ai-crawlers-${overview.from}-${overview.to}.csv"` },
    })
  const [joined, keyPrefix, robots, reverseDns] = await Promise.all([crawlerJoined(user, projectId, q.data.days), ingestKeyPrefix(user, projectId), lastRobots(projectId), reverseDnsOn(projectId)])
  return json({ overview, joined, uploads, keyPrefix, robots, reverseDns, demo: isDemoMode() }, { headers: { 'Cache-Control': 'no-store' } })
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('rotate-key') }),
  z.object({ intent: z.literal('demo') }),
  z.object({ intent: z.literal('robots') }),
  z.object({ intent: z.literal('reverse-dns'), on: z.boolean({ error: requiredOr("'on' is required: true or false", "'on' must be true or false") }) }),
])

/**
 * POST { intent: 'delete' } removes the project's log data; 'rotate-key' makes a new ingest key (shown once); 'demo' loads a
 * simulated month (demo mode); 'robots' checks the site's robots.txt; 'reverse-dns' with `on` switches reverse-DNS verification.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const projectId = intParam(params.projectId, 'project')
  const body = await parseBody(request, actionSchema)
  if (body.intent === 'delete') return json(await deleteLogData(user, projectId))
  if (body.intent === 'robots') return json(await checkRobots(user, projectId))
  if (body.intent === 'demo') return json(await loadDemoLogs(user, projectId), { status: 202 })
  if (body.intent === 'reverse-dns') return json(await setReverseDns(user, projectId, body.on))
  return json(await rotateIngestKey(user, projectId))
}
