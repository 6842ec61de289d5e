/**
 * The phase-2 results view: picks the analysis, checks access, reads the stored aggregates
 * (or re-aggregates the stored per-answer mentions, rankings and sentiment when filters
 * narrow the answers; texts are never re-parsed on a page view) and returns only what the
 * requested tab shows plus a small header. This module picks the analysis and checks access;
 * results-view.server.ts assembles the view, exports.server.ts makes share links, model-admin.server.ts
 * serves the Model Admin tab.
 *
 * Decisions where the spec is silent:
 * - A requested analysis that is missing, pending, running or failed gives way to the
 *   latest completed one (the header says so); with no completed run the requested (or
 *   latest) run's failed / in-progress panel shows.
 * - An analysis id from another project than ?project= is treated as missing.
 * - Export links are created by the project owner only; the export history is visible
 *   to the owner, people it is shared with and admins (not to visitors of a public
 *   project). Unknown export ids are 404, expired ones 410.
 */
import { db } from './db.server'
import type { User } from './auth.server'
import { idSearchParam, notFound } from './http.server'
import { getProject } from './projects.server'
import { loadSnapshot } from './results-data.server'
import { buildView, progressView, type AnalysisListRow, type Params, type ProjectInfo } from './results-view.server'
import { isActiveStatus, isoDay } from '../domain/analyses'
import type { AnalysisStatus, ResultsHeader, ResultsViewData } from '../domain/results/types'

export type { ResultsViewData } from '../domain/results/types'

function paramsOf(url: URL): Params {
  const g = (k: string) => {
    const v = url.searchParams.get(k)
    return v && v.trim() ? v.trim() : null
  }
  return { tab: g('tab'), model: g('model'), topic: g('topic'), audience: g('audience'), brand: g('brand'), polarity: g('polarity'), q: g('q'), query: g('query'), mentions: g('mentions'), page: g('page') }
}

// ------------------------------------------------------------------ entry points

/** The results view for /?phase=2&project=…&analysis=…&tab=… (404 for projects the user may not see). */
export async function loadResultsView(user: User, url: URL): Promise<ResultsViewData> {
  const sql = db()
  const p = paramsOf(url)
  const requestedId = idSearchParam(url, 'analysis')
  let projectId = idSearchParam(url, 'project')
  if (projectId === null) {
    if (!requestedId) return { kind: 'no-project' }
    const [row] = await sql<{ project_id: number }[]>`select project_id from analyses where id = ${requestedId}`
    if (!row) notFound('Analysis not found')
    projectId = row.project_id
  }
  const project = await getProject(user, projectId, 'read')
  const runs = await sql<AnalysisListRow[]>`
    select id, status, date, created_at, error from analyses where project_id = ${project.id} order by created_at desc`

  const requested = requestedId ? runs.find((r) => r.id === requestedId) : undefined
  const latestCompleted = runs.find((r) => r.status === 'completed')
  let shown: AnalysisListRow | undefined
  let fallback: ResultsHeader['fallback'] = null
  if (requested?.status === 'completed') shown = requested
  else if (latestCompleted) {
    shown = latestCompleted
    if (requestedId) fallback = { id: requested?.id ?? null, status: requested?.status ?? 'missing', date: requested ? isoDay(requested.date) : null }
  } else shown = requested ?? runs[0]

  const isOwner = project.accessType === 'owner'
  const [exportsInfo] = isOwner
    ? await sql<{ count: number; last: string | null }[]>`
        select count(*)::int as count,
          (select id from exports where project_id = ${project.id} and expires_at > now() order by created_at desc limit 1) as last
        from exports where project_id = ${project.id}`
    : [null]

  const snapshot = shown ? await loadSnapshot(sql, shown.id) : null
  const info: ProjectInfo = {
    id: project.id,
    name: project.name,
    brandName: project.brandDomain,
    marketDescription: project.marketDescription,
    isLightMode: project.isLightMode || Boolean(snapshot?.is_light_mode),
    hasTopics: project.topics.length > 0 || Boolean(snapshot?.queries.some((q) => q.topic)),
    hasAudiences: project.audiences.length > 0 || Boolean(snapshot?.queries.some((q) => q.audience)),
    isOwner,
  }
  const view = await buildView(sql, {
    mode: 'app',
    project: info,
    shown: shown ?? null,
    snapshot,
    fallback,
    runs: runs.filter((r) => r.status === 'completed').map((r) => ({ id: r.id, date: isoDay(r.date), createdAt: r.created_at.toISOString() })),
    exports: exportsInfo ? { count: exportsInfo.count, lastExportId: exportsInfo.last } : null,
    exportLink: null,
    params: p,
  })
  // A running run the user asked for (while an older completed one is shown) still reports its progress.
  if (view.kind === 'results' && fallback?.id && isActiveStatus(fallback.status)) view.progress = await progressView(sql, fallback.id)
  return view
}

export type ExportViewResult = { status: 'ok'; view: ResultsViewData; projectName: string } | { status: 'expired'; expiredAt: string }

/** The public read-only page /export/{exportId}: that analysis only, no sign-in; 404 unknown, 'expired' after 30 days. */
export async function loadExportView(exportId: string, url: URL): Promise<ExportViewResult> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(exportId)) notFound('Export not found')
  const sql = db()
  const [row] = await sql<
    { analysis_id: number; created_at: Date; expires_at: Date; expired: boolean; name: string; brand_domain: string; market_description: string; is_light_mode: boolean; status: AnalysisStatus; date: Date; a_created_at: Date; error: string | null }[]
  >`
    select e.analysis_id, e.created_at, e.expires_at, e.expires_at <= now() as expired,
      p.name, p.brand_domain, p.market_description, p.is_light_mode, a.status, a.date, a.created_at as a_created_at, a.error
    from exports e join analyses a on a.id = e.analysis_id join projects p on p.id = e.project_id
    where e.id = ${exportId}`
  if (!row) notFound('Export not found')
  if (row.expired) return { status: 'expired', expiredAt: row.expires_at.toISOString() }
  const snapshot = await loadSnapshot(sql, row.analysis_id)
  const view = await buildView(sql, {
    mode: 'export',
    project: {
      id: 0,
      name: row.name,
      brandName: row.brand_domain,
      marketDescription: row.market_description,
      isLightMode: row.is_light_mode || Boolean(snapshot?.is_light_mode),
      hasTopics: Boolean(snapshot?.queries.some((q) => q.topic)),
      hasAudiences: Boolean(snapshot?.queries.some((q) => q.audience)),
      isOwner: false,
    },
    shown: { id: row.analysis_id, status: row.status, date: row.date, created_at: row.a_created_at, error: row.error },
    snapshot,
    fallback: null,
    runs: [],
    exports: null,
    exportLink: { createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString() },
    params: paramsOf(url),
  })
  return { status: 'ok', view, projectName: row.name }
}
