/** Listing analyses and their stored answers, and their JSON shapes. */
import { db } from './db.server'
import type { User } from './auth.server'
import { getProject, projectAllows } from './projects.server'
import { modelById } from '../domain/models'
import type { ProgressDetails } from '../../workflows/shared'
import { ACTIVE_STATUSES, isActiveStatus, isoDay } from '../domain/analyses'
import { type AnalysisRow } from '../../db/runs'
import { progressOf, reconcile, type RunRow } from './analyses-progress.server'

const ACTIVE = [...ACTIVE_STATUSES]

/** The analysis the progress page follows: the one asked for, else the newest active one, else the newest (of the given projects). */
export async function analysisToFollow(projectIds: number[], wanted: number | null): Promise<{ id: number; project_id: number } | null> {
  if (projectIds.length === 0) return null
  const sql = db()
  const [row] = await sql<{ id: number; project_id: number }[]>`
    select id, project_id from analyses where project_id in ${sql(projectIds)} ${wanted ? sql`and id = ${wanted}` : sql``}
    order by (status in ${sql(ACTIVE)}) desc, created_at desc limit 1`
  return row ?? null
}

/** The fields every JSON shape of an analysis starts with (the app's and the public API's). */
export function analysisBase(a: AnalysisRow) {
  return {
    id: a.id,
    projectId: a.project_id,
    status: a.status,
    date: isoDay(a.date),
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
    completedAt: a.completed_at?.toISOString() ?? null,
    isLightMode: a.is_light_mode,
  }
}

export function serializeAnalysis(a: AnalysisRow, progress: ProgressDetails | null, extra: Record<string, unknown> = {}) {
  return {
    ...analysisBase(a),
    modelIds: a.model_ids,
    samplesPerQuery: a.samples_per_query,
    queryCount: a.queries.length,
    error: a.error,
    progressDetails: progress,
    ...extra,
  }
}

export async function listAnalyses(user: User, opts: { activeOnly?: boolean; projectId?: number } = {}) {
  const sql = db()
  // One project the user may read (else 404), or every project whose analyses are in the user's own list.
  const scope = opts.projectId ? (await getProject(user, opts.projectId, 'read'), sql`a.project_id = ${opts.projectId}`) : projectAllows(sql, user, 'list')
  const rows = await sql<(AnalysisRow & { is_light_project: boolean; project_name: string; brand_domain: string; responses: number })[]>`
    select a.*, p.is_light_mode as is_light_project, p.name as project_name, p.brand_domain,
      (select count(*)::int from api_responses r where r.analysis_id = a.id) as responses
    from analyses a join projects p on p.id = a.project_id
    where ${scope}
      ${opts.activeOnly ? sql`and a.status in ${sql(ACTIVE)}` : sql``}
    order by a.created_at desc
    limit 200`
  // The runs of every active analysis in one query, then their Temporal reads all at once (shared, see readWorkflow).
  const active = rows.filter((r) => isActiveStatus(r.status))
  const runs = active.length ? await sql<RunRow[]>`select * from model_runs where analysis_id in ${sql(active.map((r) => r.id))} order by created_at` : []
  const runsOf = (id: number) => runs.filter((r) => r.analysis_id === id)
  const live = new Map(
    await Promise.all(
      active.map(async (row) => {
        const a = await reconcile(row, runsOf(row.id).filter((r) => r.status === 'running'))
        const progress = isActiveStatus(a.status) ? await progressOf(a, a === row ? runsOf(row.id) : undefined) : a.progress
        return [row.id, { a, progress }] as const
      }),
    ),
  )
  const out = []
  for (const row of rows) {
    const { a, progress } = live.get(row.id) ?? { a: row, progress: row.progress }
    if (opts.activeOnly && !isActiveStatus(a.status)) continue
    out.push(
      serializeAnalysis(a, progress, {
        apiResponses: row.responses,
        project: { id: a.project_id, name: row.project_name, brandDomain: row.brand_domain, isLightMode: row.is_light_project },
      }),
    )
  }
  return out
}

export interface ApiResponseRow {
  id: string
  model_id: number
  model_name: string | null
  query_index: number
  sample: number
  query: string
  response: string
  ok: boolean
  error: string | null
  citations: any[]
  sources: any[]
  search_queries: string[]
  mentions: Record<string, number>
  rankings: Record<string, number>
  sentiment: Record<string, any>
  parsed_data: Record<string, any>
  usage: any
  latency_ms: number | null
  cost_usd: string | null
  created_at: Date
}

export function serializeApiResponse(r: ApiResponseRow, opts: { raw?: unknown } = {}) {
  return {
    id: Number(r.id),
    model_id: r.model_id,
    model_name: r.model_name ?? modelById(r.model_id)?.name ?? String(r.model_id),
    query: r.query,
    query_index: r.query_index,
    sample: r.sample,
    response: r.response,
    ok: r.ok,
    error: r.error,
    timestamp: r.created_at.toISOString(),
    mentions: r.mentions,
    rankings: r.rankings,
    sentiment: r.sentiment,
    parsedData: { ...r.parsed_data, searchQueries: r.search_queries, usage: r.usage, latencyMs: r.latency_ms, costUsd: r.cost_usd === null ? null : Number(r.cost_usd) },
    hasSearch: r.citations.length > 0 || r.search_queries.length > 0,
    citations: r.citations,
    sources: r.sources,
    searchMetadata: { searchEnabled: r.model_id !== 10, modelVersion: r.parsed_data?.model ?? null, webSearchQueries: r.search_queries },
    ...(opts.raw !== undefined ? { raw: opts.raw } : {}),
  }
}

export async function apiResponsesOf(analysisId: number, opts: { modelId?: number; limit?: number } = {}) {
  const sql = db()
  return sql<ApiResponseRow[]>`
    select id, model_id, model_name, query_index, sample, query, response, ok, error, citations, sources, search_queries,
      mentions, rankings, sentiment, parsed_data, usage, latency_ms, cost_usd, created_at
    from api_responses where analysis_id = ${analysisId} ${opts.modelId ? sql`and model_id = ${opts.modelId}` : sql``}
    order by query_index, model_id, sample
    ${opts.limit ? sql`limit ${opts.limit}` : sql``}`
}

