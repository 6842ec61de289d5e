/**
 * AI search volume in the app: starting a project's refresh (volumeRefreshWorkflow, one at a time per project) and
 * reading the cached estimates for the screens and the API. Volumes are shown rounded, with provider and month;
 * without a source the column says so (never zeros).
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { db } from './db.server'
import { startPlainWorkflow } from './temporal.server'
import {
  demandWeightedVisibility, groupVolume, keywordKey, NOT_CONFIGURED_MESSAGE, PENDING_MESSAGE, queryVolume, volumeMarket, VOLUME_PROVIDER_NAME,
  type QueryVolume, type VolumeColumn, type VolumeEstimate, type VolumeSource,
} from '../domain/volume'
import { volumeProviderConfig, volumeRefreshAuto } from '../domain/volume/provider'
import { volumeWorkflowId } from '../../workflows/shared'
import type { GroupData, QueryRankData } from '../domain/results/types'
import type { Db } from '../../db/client'

/** Starts the project's refresh unless one is running; never fails the caller (saving a project, starting an analysis). */
export async function startVolumeRefresh(project: { id: number; brandDomain: string }, userEmail: string): Promise<'started' | 'running' | 'not_configured' | 'unavailable'> {
  if (!volumeProviderConfig().configured) return 'not_configured'
  try {
    await startPlainWorkflow('volumeRefreshWorkflow', {
      workflowId: volumeWorkflowId(project.id),
      args: [{ projectId: project.id }],
      timeout: '15 minutes',
      labels: { projectId: project.id, userEmail, brand: project.brandDomain, runKind: 'volume' },
      summary: `AI search volume refresh · ${project.brandDomain} · project ${project.id} · ${userEmail}`,
    })
    return 'started'
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'running'
    console.warn(`project ${project.id}: AI search volume refresh not started (${err instanceof Error ? err.message : String(err)})`)
    return 'unavailable'
  }
}

/** After a project is saved or an analysis starts: a refresh in the background (fetches only what this month lacks). */
export function autoRefreshVolumes(project: { id: number; brandDomain: string }, userEmail: string): void {
  if (volumeRefreshAuto()) void startVolumeRefresh(project, userEmail)
}

export interface ProjectVolumes {
  column: VolumeColumn
  /** Exact figures and history by keywordKey (for the maths); volume null: no estimate. Empty unless the column is ready. */
  byKeyword: Map<string, Pick<VolumeEstimate, 'volume' | 'history'>>
}

/** The latest cached estimate of each of the project's queries in its market (the current month's once refreshed). */
export async function projectVolumes(sql: Db, projectId: number, queries: string[]): Promise<ProjectVolumes> {
  const config = volumeProviderConfig()
  if (!config.configured) return { column: { status: 'not_configured', message: NOT_CONFIGURED_MESSAGE }, byKeyword: new Map() }
  const [p] = await sql<{ market_region: string; language: string }[]>`select market_region, language from projects where id = ${projectId}`
  const market = volumeMarket(p?.market_region ?? '', p?.language ?? 'en-US')
  const keys = [...new Set(queries.map(keywordKey))]
  const rows = await sql<{ keyword: string; volume: number | null; data_month: string | null; simulated: boolean; history: VolumeEstimate['history'] }[]>`
    select distinct on (keyword) keyword, volume, data_month, simulated, history from volume_estimates
    where location_code = ${market.locationCode} and language_code = ${market.languageCode} and keyword = any(${keys}::text[])
    order by keyword, month desc`
  const months = rows.map((r) => r.data_month).filter((m): m is string => Boolean(m)).sort()
  const source: VolumeSource = {
    provider: VOLUME_PROVIDER_NAME,
    simulated: rows.length ? rows.some((r) => r.simulated) : config.simulated,
    month: months.at(-1) ?? null,
    location: market.locationName,
    languageCode: market.languageCode,
  }
  if (rows.length === 0) return { column: { status: 'pending', message: PENDING_MESSAGE, source }, byKeyword: new Map() }
  const byKeyword = new Map(rows.map((r) => [r.keyword, { volume: r.volume, history: r.history ?? [] }]))
  return { column: { status: 'ready', source, weighted: null }, byKeyword }
}

const volumeOf = (v: ProjectVolumes, query: string): number | null => v.byKeyword.get(keywordKey(query))?.volume ?? null
const shown = (v: ProjectVolumes, query: string): QueryVolume => queryVolume(volumeOf(v, query), v.byKeyword.get(keywordKey(query))?.history)

/** Query Rank with its volume column and the demand-weighted visibility of the rows shown. */
export async function withQueryRankVolume(sql: Db, projectId: number, data: QueryRankData): Promise<QueryRankData> {
  const v = await projectVolumes(sql, projectId, data.rows.map((r) => r.query))
  if (v.column.status !== 'ready') return { ...data, volume: v.column }
  const rows = data.rows.map((r) => ({ ...r, volume: shown(v, r.query) }))
  const weighted = demandWeightedVisibility(data.rows.map((r) => ({ visibility: r.visibility, volume: volumeOf(v, r.query) })))
  return { ...data, rows, volume: { ...v.column, weighted } }
}

/** Topics with each topic's summed demand. */
export async function withTopicVolume(sql: Db, projectId: number, data: GroupData, queries: { query: string; topic?: string | null }[]): Promise<GroupData> {
  const v = await projectVolumes(sql, projectId, queries.map((q) => q.query))
  if (v.column.status !== 'ready') return { ...data, volume: v.column }
  const groupVolumes = data.groups.map((g) => ({ group: g.group, ...groupVolume(queries.filter((q) => q.topic === g.group).map((q) => volumeOf(v, q.query))) }))
  return { ...data, volume: v.column, groupVolumes }
}

/** The setup's query list: each saved query's estimate, and the column's state. */
export async function setupVolumes(projectId: number, queries: string[]): Promise<{ column: VolumeColumn; byQuery: Record<string, QueryVolume> }> {
  const v = await projectVolumes(db(), projectId, queries)
  const byQuery: Record<string, QueryVolume> = {}
  if (v.column.status === 'ready') for (const q of queries) byQuery[q] = shown(v, q)
  return { column: v.column, byQuery }
}
