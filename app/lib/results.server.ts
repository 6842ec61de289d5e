/**
 * The phase-2 results view: picks the analysis, checks access, reads the stored aggregates
 * (or re-aggregates the stored per-answer mentions, rankings and sentiment when filters
 * narrow the answers; texts are never re-parsed on a page view) and returns only what the
 * requested tab shows plus a small header. Also the share-link exports (§7).
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
import { randomBytes } from 'node:crypto'
import type postgres from 'postgres'
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest, notFound } from './http.server'
import { getProject } from './projects.server'
import { progressOf, type AnalysisRow } from './analyses.server'
import { brandsOf, type AnalysisSnapshot } from '../../activities/results'
import { aggregateAnalysis, aggregateByGroup, type AnalysisMetrics, type AnswerForMetrics } from '../domain/metrics'
import { CARD_MODEL_IDS, MODELS, modelByFilter, modelById } from '../domain/models'
import { EXPORT_TTL_DAYS } from '../domain/limits'
import {
  MODEL_FILTERS, RESULT_TABS, toProgressView, type AnalysisStatus, type ApiDataData, type ApiResponseView, type ManagementSession, type ModelAdminData,
  type ModelCard, type ModelFilter, type Polarity, type ProgressView, type ResultsHeader, type ResultsState, type ResultsTab, type ResultsViewData, type TabData,
} from '../components/results/types'
import {
  brandRankView, groupView, mentionsView, overviewView, queryRankView, sentimentDetailView, sentimentView, shareView,
} from '../components/results/view'

export type { ResultsViewData } from '../components/results/types'

type Sql = postgres.Sql<any>

/**
 * "Answered" (ok and not blank) without reading long texts: octet_length of a stored
 * (TOASTed) text comes from its header, so only short answers are trimmed and checked.
 */
const ANSWERED = (sql: Sql, alias = '') => {
  const col = sql.unsafe(`${alias}response`)
  const ok = sql.unsafe(`${alias}ok`)
  return sql`(${ok} and case when octet_length(${col}) > 256 then true else btrim(${col}) <> '' end)`
}

const ACTIVE: AnalysisStatus[] = ['pending', 'in_progress', 'processing']
const TAB_IDS = RESULT_TABS.map((t) => t.id) as readonly string[]
const TAB_ALIASES: Record<string, ResultsTab> = { 'query-rank': 'ranking-detail', 'share': 'share-of-model', 'api-response': 'api-data', 'api-responses': 'api-data' }

interface AnalysisListRow {
  id: number
  status: AnalysisStatus
  date: Date | string
  created_at: Date
  error: string | null
}

interface Snapshot {
  queries: AnalysisSnapshot['queries']
  brands: AnalysisSnapshot['brands']
  model_ids: number[]
  is_light_mode: boolean
}

type ProjectInfo = ResultsHeader['project']

interface Params {
  tab: string | null
  model: string | null
  topic: string | null
  audience: string | null
  brand: string | null
  polarity: string | null
}

function paramsOf(url: URL): Params {
  const g = (k: string) => {
    const v = url.searchParams.get(k)
    return v && v.trim() ? v.trim() : null
  }
  return { tab: g('tab'), model: g('model'), topic: g('topic'), audience: g('audience'), brand: g('brand'), polarity: g('polarity') }
}

const isoDate = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10))
const todayIso = () => new Date().toISOString().slice(0, 10)

function stateOf(status: AnalysisStatus | undefined): ResultsState {
  if (!status) return 'none'
  if (status === 'completed') return 'completed'
  if (ACTIVE.includes(status)) return 'running'
  return 'failed'
}

// ------------------------------------------------------------------ entry points

/** The results view for /?phase=2&project=…&analysis=…&tab=… (404 for projects the user may not see). */
export async function loadResultsView(user: User, url: URL): Promise<ResultsViewData> {
  const sql = db()
  const p = paramsOf(url)
  const analysisParam = Number(url.searchParams.get('analysis'))
  const requestedId = Number.isInteger(analysisParam) && analysisParam > 0 && analysisParam < 2 ** 31 ? analysisParam : null
  let projectId = Number(url.searchParams.get('project'))
  if (!Number.isInteger(projectId) || projectId <= 0 || projectId >= 2 ** 31) {
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
    if (requestedId) fallback = { id: requested?.id ?? null, status: requested?.status ?? 'missing', date: requested ? isoDate(requested.date) : null }
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
    runs: runs.filter((r) => r.status === 'completed').map((r) => ({ id: r.id, date: isoDate(r.date), createdAt: r.created_at.toISOString() })),
    exports: exportsInfo ? { count: exportsInfo.count, lastExportId: exportsInfo.last } : null,
    exportLink: null,
    params: p,
  })
  // A running run the user asked for (while an older completed one is shown) still reports its progress.
  if (view.kind === 'results' && fallback?.id && ACTIVE.includes(fallback.status as AnalysisStatus)) view.progress = await progressView(sql, fallback.id)
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

// ------------------------------------------------------------------ exports (share links)

export interface ExportListItem {
  id: string
  exportId: string
  analysisId: number
  createdAt: string
  analysisDate: string
  expiresAt: string
  expired: boolean
  aiSummary: string | null
  hasAiSummary: boolean
  url: string
}

/** POST /api/projects/{id}/export: a 30-day share link of a completed analysis (owner only). */
export async function createExport(user: User, projectId: number, analysisId?: number | null) {
  const project = await getProject(user, projectId, 'write')
  const sql = db()
  const [analysis] = analysisId
    ? await sql<{ id: number; status: string; date: Date }[]>`select id, status, date from analyses where id = ${analysisId} and project_id = ${project.id}`
    : await sql<{ id: number; status: string; date: Date }[]>`
        select id, status, date from analyses where project_id = ${project.id} and status = 'completed' order by created_at desc limit 1`
  if (!analysis) {
    if (analysisId) notFound('Analysis not found')
    badRequest('There is no completed analysis to export yet')
  }
  if (analysis.status !== 'completed') badRequest('Only completed analyses can be exported')
  const id = randomBytes(24).toString('base64url')
  const [row] = await sql<{ created_at: Date; expires_at: Date }[]>`
    insert into exports (id, project_id, analysis_id, user_id, ai_summary, expires_at)
    values (${id}, ${project.id}, ${analysis.id}, ${user.id}, null, now() + ${EXPORT_TTL_DAYS} * interval '1 day')
    returning created_at, expires_at`
  return {
    success: true,
    exportId: id,
    id,
    analysisId: analysis.id,
    url: `/export/${id}`,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }
}

async function readableProject(user: User, projectId: number) {
  const project = await getProject(user, projectId, 'read')
  if (project.accessType === 'public') notFound('Project not found')
  return project
}

async function exportRows(sql: Sql, where: postgres.Fragment): Promise<ExportListItem[]> {
  const rows = await sql<{ id: string; analysis_id: number; created_at: Date; expires_at: Date; expired: boolean; ai_summary: string | null; date: Date }[]>`
    select e.id, e.analysis_id, e.created_at, e.expires_at, e.expires_at <= now() as expired, e.ai_summary, a.date
    from exports e join analyses a on a.id = e.analysis_id
    where ${where}
    order by e.created_at desc
    limit 500`
  return rows.map((r) => ({
    id: r.id,
    exportId: r.id,
    analysisId: r.analysis_id,
    createdAt: r.created_at.toISOString(),
    analysisDate: isoDate(r.date),
    expiresAt: r.expires_at.toISOString(),
    expired: r.expired,
    aiSummary: r.ai_summary,
    hasAiSummary: Boolean(r.ai_summary),
    url: `/export/${r.id}`,
  }))
}

/** GET /api/projects/{id}/exports */
export async function listProjectExports(user: User, projectId: number): Promise<ExportListItem[]> {
  const project = await readableProject(user, projectId)
  const sql = db()
  return exportRows(sql, sql`e.project_id = ${project.id}`)
}

/** GET /api/analyses/{id}/exports */
export async function listAnalysisExports(user: User, analysisId: number): Promise<ExportListItem[]> {
  const sql = db()
  const [a] = await sql<{ project_id: number }[]>`select project_id from analyses where id = ${analysisId}`
  if (!a) notFound('Analysis not found')
  await readableProject(user, a.project_id).catch((err) => {
    if (err instanceof Response && err.status === 404) notFound('Analysis not found')
    throw err
  })
  return exportRows(sql, sql`e.analysis_id = ${analysisId}`)
}

// ------------------------------------------------------------------ view building

interface BuildContext {
  mode: 'app' | 'export'
  project: ProjectInfo
  shown: AnalysisListRow | null
  snapshot: Snapshot | null
  fallback: ResultsHeader['fallback']
  runs: ResultsHeader['runs']
  exports: ResultsHeader['exports']
  exportLink: ResultsHeader['exportLink']
  params: Params
}

async function loadSnapshot(sql: Sql, analysisId: number): Promise<Snapshot | null> {
  const [row] = await sql<Snapshot[]>`select queries, brands, model_ids, is_light_mode from analyses where id = ${analysisId}`
  return row ?? null
}

function distinct(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.map((v) => v?.trim()).filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b))
}

async function buildView(sql: Sql, ctx: BuildContext): Promise<ResultsViewData> {
  const { project, shown, snapshot, params } = ctx
  const state = stateOf(shown?.status)

  const tabs = RESULT_TABS.map((t) => t.id).filter(
    (id) => (id !== 'topics' || project.hasTopics) && (id !== 'audiences' || project.hasAudiences) && (id !== 'model-admin' || ctx.mode === 'app'),
  )
  const rawTab = params.tab ? (TAB_ALIASES[params.tab] ?? params.tab) : 'overview'
  const tab: ResultsTab = TAB_IDS.includes(rawTab) && tabs.includes(rawTab as ResultsTab) ? (rawTab as ResultsTab) : 'overview'

  // Models with answers (the model filter lists only those).
  const answeredModels =
    shown && state === 'completed'
      ? (await sql<{ model_id: number }[]>`select distinct model_id from api_responses where analysis_id = ${shown.id} and ${ANSWERED(sql)}`).map((x) => x.model_id)
      : []
  const models: ResultsHeader['options']['models'] = project.isLightMode
    ? [{ value: 'combined', label: 'ChatGPT 5 Only' }]
    : [
        ...MODELS.filter((m) => answeredModels.includes(m.id)).map((m) => ({ value: m.filter as ModelFilter, label: m.filterLabel })),
        { value: 'combined', label: 'All Models' },
      ]
  const topics = distinct(snapshot?.queries.map((q) => q.topic) ?? [])
  const audiences = distinct(snapshot?.queries.map((q) => q.audience) ?? [])
  const model: ModelFilter =
    params.model && (MODEL_FILTERS as readonly string[]).includes(params.model) && models.some((m) => m.value === params.model) ? (params.model as ModelFilter) : 'combined'
  const topic = params.topic && topics.includes(params.topic) ? params.topic : null
  const audience = params.audience && audiences.includes(params.audience) ? params.audience : null

  const header: ResultsHeader = {
    mode: ctx.mode,
    project: { ...project },
    analysis: shown ? { id: shown.id, status: shown.status, date: isoDate(shown.date), createdAt: shown.created_at.toISOString(), error: shown.error } : null,
    fallback: ctx.fallback,
    runs: ctx.runs,
    exports: ctx.exports,
    exportLink: ctx.exportLink,
    filters: { model, topic, audience },
    options: { models, topics, audiences },
    tabs,
    tab,
  }

  let progress: ProgressView | null = null
  if (shown && state === 'running') progress = await progressView(sql, shown.id)
  let data: TabData | null = null
  if (shown && snapshot && state === 'completed') {
    data = await tabData(sql, { tab, analysisId: shown.id, projectId: project.id, snapshot, model, topic, audience, brand: params.brand, polarity: params.polarity, isLightMode: project.isLightMode })
  }
  return { kind: 'results', header, state, progress, data }
}

async function progressView(sql: Sql, analysisId: number): Promise<ProgressView | null> {
  const [row] = await sql<AnalysisRow[]>`select * from analyses where id = ${analysisId}`
  if (!row) return null
  return toProgressView(await progressOf(row))
}

interface TabContext {
  tab: ResultsTab
  analysisId: number
  projectId: number
  snapshot: Snapshot
  model: ModelFilter
  topic: string | null
  audience: string | null
  brand: string | null
  polarity: string | null
  isLightMode: boolean
}

/** The brand a brand selector shows: the requested one when it is in the analysis, else the own brand. */
function selectedBrand(snapshot: Snapshot, requested: string | null): string {
  const names = brandsOf(snapshot.brands).map((b) => b.name)
  return requested && names.includes(requested) ? requested : snapshot.brands.brand.name
}

/** A jsonpath selecting one field of one brand in every query (the name is a quoted jsonpath string). */
const brandPath = (brand: string, field: string) => `$[*].brands.${JSON.stringify(brand)}.${field}`

/**
 * The stored aggregate, cut down in the database to what the tab reads. The whole aggregate
 * is about 1 MB for 240 answers and 20 brands (mostly per-query sentiment), so it is read
 * once (jsonb_to_record) and only the needed fields leave the database: brand-level numbers,
 * and for query-level tabs a few per-query columns picked with jsonpath. Returns a partial
 * AnalysisMetrics holding just the fields the tab's view builder uses, or null when the
 * stored aggregate is missing or not in the expected shape (the caller re-aggregates).
 */
async function storedMetrics(sql: Sql, analysisId: number, tab: ResultsTab, brand: string, brandNames: string[]): Promise<AnalysisMetrics | null> {
  const columns: { key: string; brand: string; field: string }[] =
    tab === 'ranking-detail'
      ? ['rankByModel', 'combinedRank', 'visibility'].map((field) => ({ key: field, brand, field }))
      : tab === 'mentions'
        ? brandNames.map((b) => ({ key: 'mentionsTotal', brand: b, field: 'mentionsTotal' }))
        : tab === 'sentiment-detail'
          ? ['positiveSnippets', 'negativeSnippets'].map((field) => ({ key: field, brand, field: `sentiment.${field}` }))
          : []
  const needQueries = columns.length > 0
  const brandExpr =
    tab === 'overview' || tab === 'sentiment'
      ? sql`(b - 'sentiment') || jsonb_build_object('sentiment', (b->'sentiment') - 'positiveSnippets' - 'negativeSnippets')`
      : sql`b - 'sentiment'`
  const [row] = await sql<{ model_ids: number[]; answered: number[]; totals: any; query_counts: any; summary: any; brands: any[] | null; qi?: number[]; qq?: string[]; qt?: (string | null)[]; qm?: number[]; cols?: any[][] }[]>`
    select x."modelIds" as model_ids, x."answeredModelIds" as answered, x.totals, x."queryCounts" as query_counts, x.summary,
      (select jsonb_agg(${brandExpr} order by o) from jsonb_array_elements(case when jsonb_typeof(x.brands) = 'array' then x.brands else '[]' end) with ordinality y(b, o)) as brands
      ${
        needQueries
          ? sql`, jsonb_path_query_array(x.queries, '$[*].queryIndex') as qi, jsonb_path_query_array(x.queries, '$[*].query') as qq,
              jsonb_path_query_array(x.queries, '$[*].topic') as qt, jsonb_path_query_array(x.queries, '$[*].totalMentions') as qm,
              (select jsonb_agg(jsonb_path_query_array(x.queries, p::jsonpath) order by o) from unnest(${columns.map((c) => brandPath(c.brand, c.field))}::text[]) with ordinality u(p, o)) as cols`
          : sql``
      }
    from analyses a, jsonb_to_record(a.results) as x("modelIds" jsonb, "answeredModelIds" jsonb, totals jsonb, "queryCounts" jsonb, summary jsonb, brands jsonb ${needQueries ? sql`, queries jsonb` : sql``})
    where a.id = ${analysisId}`
  if (!row || !Array.isArray(row.brands) || row.brands.length === 0 || !row.totals || !row.summary || !Array.isArray(row.answered)) return null
  const m = {
    modelIds: row.model_ids,
    answeredModelIds: row.answered,
    totals: row.totals,
    queryCounts: row.query_counts,
    summary: row.summary,
    brands: row.brands,
    byBrand: {},
    answerCounts: {},
    brandNames: row.brands.map((b: any) => b.name),
    queries: [],
  } as unknown as AnalysisMetrics
  if (needQueries) {
    const n = row.qi?.length ?? 0
    // Every query holds every brand; anything else means an older shape: re-aggregate instead.
    if (!row.cols || row.cols.length !== columns.length || row.cols.some((c) => !Array.isArray(c) || c.length !== n) || row.qq?.length !== n) return null
    m.queries = row.qi!.map((queryIndex, i) => {
      const brands: Record<string, any> = {}
      columns.forEach((c, k) => {
        const target = (brands[c.brand] ??= {})
        if (c.key === 'positiveSnippets' || c.key === 'negativeSnippets') (target.sentiment ??= {})[c.key] = row.cols![k][i] ?? []
        else target[c.key] = row.cols![k][i]
      })
      return { queryIndex, query: row.qq![i], topic: row.qt?.[i] ?? null, audience: null, totalMentions: row.qm?.[i] ?? 0, brands } as any
    })
  }
  return m
}

async function tabData(sql: Sql, c: TabContext): Promise<TabData> {
  if (c.tab === 'api-data') return apiData(sql, c)
  if (c.tab === 'model-admin') return modelAdmin(sql, c)

  const modelId = c.model === 'combined' ? null : (modelByFilter(c.model)?.id ?? null)
  const modelIds = modelId ? [modelId] : [...CARD_MODEL_IDS]
  const queryFiltered = Boolean(c.topic || c.audience)
  const brands = brandsOf(c.snapshot.brands)
  const brand = selectedBrand(c.snapshot, c.brand)

  if (c.tab === 'topics' || c.tab === 'audiences') {
    const answers = (await loadAnswers(sql, c, modelIds, 'none')).filter(queryFilterOf(c))
    const all = aggregateAnalysis(answers, brands, { modelIds })
    const groups = aggregateByGroup(answers, brands, c.tab === 'topics' ? 'topic' : 'audience', { modelIds })
    return groupView(c.tab, all, groups, brand)
  }

  let m =
    queryFiltered || modelId !== null
      ? null
      : await storedMetrics(
          sql,
          c.analysisId,
          c.tab,
          brand,
          brands.map((b) => b.name),
        )
  if (!m) {
    const sentiment = c.tab === 'overview' || c.tab === 'sentiment' ? 'all' : c.tab === 'sentiment-detail' ? 'brand' : 'none'
    const answers = await loadAnswers(sql, c, modelIds, sentiment, brand)
    m = aggregateAnalysis(answers, brands, { modelIds, queryFilter: queryFiltered ? queryFilterOf(c) : undefined })
  }
  switch (c.tab) {
    case 'share-of-model':
      return shareView(m)
    case 'brand-rank':
      return brandRankView(m, queryFiltered)
    case 'ranking-detail':
      return queryRankView(m, brand, c.snapshot.queries.length)
    case 'mentions':
      return mentionsView(m)
    case 'sentiment':
      return sentimentView(m)
    case 'sentiment-detail':
      return sentimentDetailView(m, brand, (['all', 'positive', 'negative'] as const).includes(c.polarity as Polarity) ? (c.polarity as Polarity) : 'all')
    default:
      return overviewView(m)
  }
}

function queryFilterOf(c: Pick<TabContext, 'topic' | 'audience'>) {
  return (a: Pick<AnswerForMetrics, 'topic' | 'audience'>) => (!c.topic || a.topic === c.topic) && (!c.audience || a.audience === c.audience)
}

/**
 * Stored per-answer parse results (no texts) of the given models: enough for
 * aggregateAnalysis without re-parsing. Sentiment (the heavy part) is read only for the
 * answers inside the topic/audience filter, and only for one brand on Sentiment Detail;
 * rows outside the filter are still read (small) so the 'Filtered: n/m' total is right.
 */
async function loadAnswers(sql: Sql, c: TabContext, modelIds: number[], withSentiment: 'none' | 'all' | 'brand', brand?: string): Promise<AnswerForMetrics[]> {
  const included = c.snapshot.queries.filter((q) => queryFilterOf(c)(q)).map((q) => q.index)
  const value = withSentiment === 'brand' ? sql`jsonb_strip_nulls(jsonb_build_object(${brand ?? ''}::text, sentiment -> ${brand ?? ''}::text))` : sql`sentiment`
  const sentiment =
    withSentiment === 'none'
      ? sql`'{}'::jsonb`
      : c.topic || c.audience
        ? sql`case when query_index = any(${included}::int[]) then ${value} else '{}'::jsonb end`
        : value
  const rows = await sql<{ model_id: number; query_index: number; query: string; sample: number; ok: boolean; answered: boolean; mentions: any; rankings: any; sentiment: any }[]>`
    select model_id, query_index, query, sample, ok, ${ANSWERED(sql)} as answered, mentions, rankings, ${sentiment} as sentiment
    from api_responses where analysis_id = ${c.analysisId} and model_id = any(${modelIds}::int[])`
  const byIndex = new Map(c.snapshot.queries.map((q) => [q.index, q]))
  return rows.map((r) => ({
    modelId: r.model_id,
    queryIndex: r.query_index,
    query: r.query,
    sample: r.sample,
    // The text itself is not needed: the stored parse results are used; only "answered or not" matters.
    text: r.answered ? '-' : '',
    ok: r.ok,
    topic: byIndex.get(r.query_index)?.topic ?? null,
    audience: byIndex.get(r.query_index)?.audience ?? null,
    mentions: r.mentions ?? {},
    rankings: r.rankings ?? {},
    sentiment: r.sentiment ?? {},
  }))
}

// ------------------------------------------------------------------ API Data

const API_DATA_LIMIT = 15
const LINKS_SHOWN = 5

function safeUrl(u: unknown): string | null {
  if (typeof u !== 'string') return null
  try {
    const url = new URL(u)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function linkOf(x: unknown): { url: string | null; title: string } {
  if (typeof x === 'string') return { url: safeUrl(x), title: x }
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>
    const raw = (o.url ?? o.uri ?? o.link) as unknown
    const title = [o.title, o.domain, raw].find((v) => typeof v === 'string' && v.trim()) as string | undefined
    return { url: safeUrl(raw), title: title ?? '' }
  }
  return { url: null, title: String(x ?? '') }
}

async function apiData(sql: Sql, c: TabContext): Promise<ApiDataData> {
  const modelId = c.model === 'combined' ? null : (modelByFilter(c.model)?.id ?? null)
  const indexes = c.topic || c.audience ? c.snapshot.queries.filter((q) => queryFilterOf(c)({ topic: q.topic, audience: q.audience } as AnswerForMetrics)).map((q) => q.index) : null
  if (indexes && indexes.length === 0) return { tab: 'api-data', total: 0, responses: [] }
  const where = sql`analysis_id = ${c.analysisId}
    ${modelId ? sql`and model_id = ${modelId}` : sql``}
    ${indexes ? sql`and query_index in ${sql(indexes)}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<{ id: string; model_id: number; model_name: string | null; query: string; response: string; ok: boolean; error: string | null; citations: unknown[]; sources: unknown[]; mentions: Record<string, number>; rankings: Record<string, number>; created_at: Date }[]>`
      select id, model_id, model_name, query, response, ok, error, mentions, rankings, created_at,
        jsonb_path_query_array(citations, '$[0 to 4]') as citations, jsonb_path_query_array(sources, '$[0 to 4]') as sources
      from api_responses where ${where}
      order by query_index, model_id, sample
      limit ${API_DATA_LIMIT}`,
    sql<{ n: number }[]>`select count(*)::int as n from api_responses where ${where}`,
  ])
  const responses: ApiResponseView[] = rows.map((r) => ({
    id: Number(r.id),
    query: r.query,
    modelId: r.model_id,
    modelName: modelById(r.model_id)?.name ?? r.model_name ?? String(r.model_id),
    text: r.response,
    ok: r.ok,
    error: r.error,
    mentions: Object.entries(r.mentions ?? {})
      .filter(([, n]) => Number(n) > 0)
      .map(([brand, count]) => ({ brand, count: Number(count) }))
      .sort((a, b) => b.count - a.count),
    rankings: Object.entries(r.rankings ?? {})
      .filter(([, n]) => Number(n) > 0)
      .map(([brand, rank]) => ({ brand, rank: Number(rank) }))
      .sort((a, b) => a.rank - b.rank),
    citations: (Array.isArray(r.citations) ? r.citations : []).slice(0, LINKS_SHOWN).map(linkOf),
    sources: (Array.isArray(r.sources) ? r.sources : []).slice(0, LINKS_SHOWN).map(linkOf),
    length: r.response.length,
    timestamp: r.created_at.toISOString(),
  }))
  return { tab: 'api-data', total: count?.n ?? 0, responses }
}

// ------------------------------------------------------------------ Model Admin

const FAILURE_CHARS = 80
const FAILURES_SHOWN = 3

async function modelAdmin(sql: Sql, c: TabContext): Promise<ModelAdminData> {
  // Counts without ordering (a hash aggregate over every answer of the project), and the
  // few failed queries separately: sorting all answers for them would cost far more.
  const [counts, running, sessionRows, failedRows] = await Promise.all([
    sql<{ model_id: number; answered: number }[]>`
      select model_id, count(*) filter (where ${ANSWERED(sql)})::int as answered
      from api_responses where analysis_id = ${c.analysisId} group by model_id`,
    sql<{ model_ids: number[] }[]>`select model_ids from model_runs where analysis_id = ${c.analysisId} and status = 'running'`,
    sql<{ model_id: number; analysis_id: number; date: Date; expected: number; received: number; successful: number; avg_length: number | null }[]>`
      select s.model_id, a.id as analysis_id, a.date, (jsonb_array_length(a.queries) * a.samples_per_query)::int as expected, s.received, s.successful, s.avg_length
      from (
        select r.analysis_id, r.model_id, count(*)::int as received,
          count(*) filter (where ${ANSWERED(sql, 'r.')})::int as successful,
          round(avg(octet_length(r.response)) filter (where ${ANSWERED(sql, 'r.')}))::int as avg_length
        from api_responses r
        where r.analysis_id in (select id from analyses where project_id = ${c.projectId})
        group by r.analysis_id, r.model_id
      ) s join analyses a on a.id = s.analysis_id
      order by a.date desc, a.id desc`,
    sql<{ analysis_id: number; model_id: number; query: string }[]>`
      select analysis_id, model_id, query from (
        select r.analysis_id, r.model_id, r.query, row_number() over (partition by r.analysis_id, r.model_id order by r.query_index, r.sample) as n
        from api_responses r
        where r.analysis_id in (select id from analyses where project_id = ${c.projectId}) and not ${ANSWERED(sql, 'r.')}
      ) f where n <= ${FAILURES_SHOWN}
      order by analysis_id, model_id, n`,
  ])
  const failuresOf = new Map<string, string[]>()
  for (const f of failedRows) {
    const key = `${f.analysis_id}:${f.model_id}`
    failuresOf.set(key, [...(failuresOf.get(key) ?? []), f.query])
  }
  const sessions = sessionRows.map((s) => ({ ...s, failures: failuresOf.get(`${s.analysis_id}:${s.model_id}`) ?? [] }))
  const runningIds = new Set(running.flatMap((r) => r.model_ids))
  const answered = new Map(counts.map((x) => [x.model_id, x.answered]))
  const cards: ModelCard[] = [
    ...MODELS.map((m) => ({
      id: m.id,
      name: m.name,
      costLabel: m.costLabel,
      addKey: m.addKey,
      answered: answered.get(m.id) ?? 0,
      running: runningIds.has(m.id),
      disabled: c.isLightMode && m.id !== 8,
    })),
    { id: 2, name: 'ChatGPT 5 (legacy)', costLabel: 'Standard', addKey: null, answered: 0, running: false, disabled: true, fixed: 'active' as const },
    { id: 7, name: 'OpenAI o3', costLabel: 'Premium', addKey: null, answered: 0, running: false, disabled: true, fixed: 'unavailable' as const },
  ]
  const today = todayIso()
  const management = MODELS.map((m) => ({
    modelId: m.id,
    name: m.name,
    sessions: sessions
      .filter((s) => s.model_id === m.id)
      .map((s): ManagementSession => {
        const total = Math.max(s.expected, s.received)
        const failed = Math.max(0, total - s.successful)
        const failures = s.failures.map((q) => (q.length > FAILURE_CHARS ? `${q.slice(0, FAILURE_CHARS)}...` : q))
        return {
          analysisId: s.analysis_id,
          date: isoDate(s.date),
          isToday: isoDate(s.date) === today,
          total,
          successful: s.successful,
          failed,
          avgLength: s.avg_length ?? 0,
          failures,
          moreFailures: Math.max(0, failed - failures.length),
        }
      }),
  })).filter((g) => g.sessions.length > 0)
  return { tab: 'model-admin', analysisId: c.analysisId, projectId: c.projectId, cards, management }
}
