/**
 * View assembly of the phase-2 results: the header (tabs, filters, runs) and the data of the requested tab
 * only. Tabs read the stored results (app/domain/results/stored.ts); filters that narrow the answers
 * re-aggregate the stored per-answer mentions, rankings and sentiment (texts are never re-parsed on a page view).
 */
import { progressOf, type AnalysisRow } from './analyses.server'
import { accuracyView } from './factcheck.server'
import { modelAdmin } from './model-admin.server'
import { withQueryRankVolume, withTopicVolume } from './volume.server'
import { analysisEvidence } from './evidence.server'
import { collectionLine, type Collection } from '../domain/evidence'
import { ANSWERED, queryFilterOf, type ApiDataFilters, type Snapshot, type TabContext } from './results-data.server'
import { readResultParts } from '../../db/results'
import { brandList, isActiveStatus, isoDay } from '../domain/analyses'
import { aggregateAnalysis, aggregateByGroup, sentimentLanguage, type AnalysisMetrics, type AnswerForMetrics, type SentimentLanguage } from '../domain/metrics'
import { enginesViewOf } from './engines.server'
import { ALL_MODEL_IDS, MODELS, modelByFilter, modelById, modelColumns } from '../domain/models'
import { metricsFromParts, partKeys } from '../domain/results/stored'
import {
  MODEL_FILTERS, RESULT_TABS, toProgressView, type AnalysisStatus, type ApiDataData, type ApiResponseView,
  type ModelFilter, type Polarity, type ProgressView, type ResultsHeader, type ResultsState, type ResultsTab, type ResultsViewData, type TabData,
} from '../domain/results/types'
import {
  brandRankView, groupView, mentionsView, overviewView, queryRankView, sentimentDetailView, sentimentView, shareView,
} from '../domain/results/view'
import type { Db } from '../../db/client'

const TAB_IDS = RESULT_TABS.map((t) => t.id) as readonly string[]
const TAB_ALIASES: Record<string, ResultsTab> = { 'query-rank': 'ranking-detail', 'share': 'share-of-model', 'api-response': 'api-data', 'api-responses': 'api-data' }

export interface AnalysisListRow {
  id: number
  status: AnalysisStatus
  date: Date | string
  created_at: Date
  error: string | null
}

export type ProjectInfo = ResultsHeader['project']

export interface Params {
  tab: string | null
  model: string | null
  topic: string | null
  audience: string | null
  brand: string | null
  polarity: string | null
  /** API Data: text search, query index, brand mentioned, page (1-based). */
  q?: string | null
  query?: string | null
  mentions?: string | null
  page?: string | null
}

function stateOf(status: AnalysisStatus | undefined): ResultsState {
  if (!status) return 'none'
  if (status === 'completed') return 'completed'
  if (isActiveStatus(status)) return 'running'
  return 'failed'
}

export interface BuildContext {
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

function distinct(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.map((v) => v?.trim()).filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b))
}

export async function buildView(sql: Db, ctx: BuildContext): Promise<ResultsViewData> {
  const { project, shown, snapshot, params } = ctx
  const state = stateOf(shown?.status)

  const tabs = RESULT_TABS.map((t) => t.id).filter(
    (id) => (id !== 'topics' || project.hasTopics) && (id !== 'audiences' || project.hasAudiences) && (id !== 'model-admin' || ctx.mode === 'app') && (id !== 'accuracy' || ctx.mode === 'app'),
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
    analysis: shown ? { id: shown.id, status: shown.status, date: isoDay(shown.date), createdAt: shown.created_at.toISOString(), error: shown.error } : null,
    fallback: ctx.fallback,
    runs: ctx.runs,
    exports: ctx.exports,
    exportLink: ctx.exportLink,
    filters: { model, topic, audience },
    evidence: shown ? await analysisEvidence(sql, shown.id) : null,
    options: { models, topics, audiences },
    tabs,
    tab,
  }

  let progress: ProgressView | null = null
  if (shown && state === 'running') progress = await progressView(sql, shown.id)
  let data: TabData | null = null
  if (shown && snapshot && state === 'completed') {
    data = await tabData(sql, { tab, analysisId: shown.id, projectId: project.id, snapshot, model, topic, audience, brand: params.brand, polarity: params.polarity, isLightMode: project.isLightMode, apiData: apiDataFilters(params) })
  }
  const engines = data?.tab === 'overview' && shown ? await enginesViewOf(sql, shown.id) : null
  return { kind: 'results', header, state, progress, data, engines }
}

export async function progressView(sql: Db, analysisId: number): Promise<ProgressView | null> {
  const [row] = await sql<AnalysisRow[]>`select * from analyses where id = ${analysisId}`
  if (!row) return null
  return toProgressView(await progressOf(row))
}

/** The brand a brand selector shows: the requested one when it is in the analysis, else the own brand. */
function selectedBrand(snapshot: Snapshot, requested: string | null): string {
  const names = brandList(snapshot.brands).map((b) => b.name)
  return requested && names.includes(requested) ? requested : snapshot.brands.brand.name
}

/**
 * The stored results the tab reads (app/domain/results/stored.ts): the brand-level part, and for a
 * query-level tab one column set; a few small rows instead of the whole ~1 MB aggregate. Null when they
 * are missing or of another version (the caller re-aggregates).
 */
async function storedMetrics(sql: Db, analysisId: number, tab: ResultsTab, brand: string, language: string): Promise<AnalysisMetrics | null> {
  const m = metricsFromParts(await readResultParts(sql, analysisId, partKeys(tab, brand)), tab, brand)
  // Results stored before sentiment had a word list per language say nothing about it.
  if (m && !m.sentimentLanguage) m.sentimentLanguage = storedBeforeLexicons(language)
  return m
}

async function tabData(sql: Db, c: TabContext): Promise<TabData> {
  if (c.tab === 'api-data') return apiData(sql, c)
  if (c.tab === 'model-admin') return modelAdmin(sql, c)
  if (c.tab === 'accuracy') {
    // The fact-check's own view (app/lib/factcheck.server.ts), for the model chosen in the results filter.
    const modelId = c.model === 'combined' ? null : (modelByFilter(c.model)?.id ?? null)
    return { tab: 'accuracy', ...(await accuracyView(sql, { id: c.analysisId, project_id: c.projectId, brands: c.snapshot.brands }, { modelId })) }
  }

  const modelId = c.model === 'combined' ? null : (modelByFilter(c.model)?.id ?? null)
  // Combined: the six card models and the engines the analysis holds.
  const modelIds = modelId ? [modelId] : [...ALL_MODEL_IDS]
  const columnsOf = (answers: { modelId: number }[]) => (modelId ? [modelId] : modelColumns(answers.map((a) => a.modelId)))
  const queryFiltered = Boolean(c.topic || c.audience)
  const brands = brandList(c.snapshot.brands)
  const brand = selectedBrand(c.snapshot, c.brand)

  if (c.tab === 'topics' || c.tab === 'audiences') {
    const answers = (await loadAnswers(sql, c, modelIds, 'none')).filter(queryFilterOf(c))
    const columns = columnsOf(answers)
    const all = aggregateAnalysis(answers, brands, { modelIds: columns, language: c.snapshot.language })
    const groups = aggregateByGroup(answers, brands, c.tab === 'topics' ? 'topic' : 'audience', { modelIds: columns, language: c.snapshot.language })
    const view = groupView(c.tab, all, groups, brand)
    return c.tab === 'topics' ? withTopicVolume(sql, c.projectId, view, c.snapshot.queries) : view
  }

  let m =
    queryFiltered || modelId !== null
      ? null
      : await storedMetrics(sql, c.analysisId, c.tab, brand, c.snapshot.language)
  if (!m) {
    const sentiment = c.tab === 'overview' || c.tab === 'sentiment' ? 'all' : c.tab === 'sentiment-detail' ? 'brand' : 'none'
    const answers = await loadAnswers(sql, c, modelIds, sentiment, brand)
    m = aggregateAnalysis(answers, brands, { modelIds: columnsOf(answers), queryFilter: queryFiltered ? queryFilterOf(c) : undefined, language: c.snapshot.language })
  }
  switch (c.tab) {
    case 'share-of-model':
      return shareView(m)
    case 'brand-rank':
      return brandRankView(m, queryFiltered)
    case 'ranking-detail':
      return withQueryRankVolume(sql, c.projectId, queryRankView(m, brand, c.snapshot.queries.length))
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

/**
 * Results stored before sentiment had a word list per language were scored with the
 * English list whatever the language: measured for English only.
 */
function storedBeforeLexicons(language: string): SentimentLanguage {
  const l = sentimentLanguage(language)
  return l.lexicon === 'en' ? l : { code: l.code, name: l.name, available: false }
}

/**
 * Stored per-answer parse results (no texts) of the given models: enough for
 * aggregateAnalysis without re-parsing. Sentiment (the heavy part) is read only for the
 * answers inside the topic/audience filter, and only for one brand on Sentiment Detail;
 * rows outside the filter are still read (small) so the 'Filtered: n/m' total is right.
 */
async function loadAnswers(sql: Db, c: TabContext, modelIds: number[], withSentiment: 'none' | 'all' | 'brand', brand?: string): Promise<AnswerForMetrics[]> {
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

/** API Data's own filters from the URL (q: up to 200 characters, no control characters; query: an index; page ≥ 1). */
function apiDataFilters(p: Params): ApiDataFilters {
  const q = p.q ? p.q.replace(/\p{Cc}/gu, ' ').trim().slice(0, 200) : ''
  const int = (v: string | null | undefined, min: number) => (v && /^\d{1,6}$/.test(v) && Number(v) >= min ? Number(v) : null)
  return { q: q || null, query: int(p.query, 0), mentions: p.mentions ? p.mentions.slice(0, 200) : null, page: int(p.page, 1) ?? 1 }
}
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

async function apiData(sql: Db, c: TabContext): Promise<ApiDataData> {
  const modelId = c.model === 'combined' ? null : (modelByFilter(c.model)?.id ?? null)
  const f = c.apiData ?? { q: null, query: null, mentions: null, page: 1 }
  const brandNames = brandList(c.snapshot.brands).map((b) => b.name)
  const mentions = f.mentions && brandNames.includes(f.mentions) ? f.mentions : null
  const queries = c.snapshot.queries.filter((q) => queryFilterOf(c)({ topic: q.topic, audience: q.audience }))
  const query = f.query !== null && queries.some((q) => q.index === f.query) ? f.query : null
  const indexes = query !== null ? [query] : c.topic || c.audience ? queries.map((q) => q.index) : null
  const base = {
    tab: 'api-data' as const,
    pageSize: API_DATA_LIMIT,
    filters: { q: f.q, query, mentions },
    options: { queries: queries.map((q) => ({ index: q.index, text: q.query })), brands: brandNames },
  }
  if (indexes && indexes.length === 0) return { ...base, total: 0, page: 1, pages: 1, responses: [] }
  const where = sql`analysis_id = ${c.analysisId}
    ${modelId ? sql`and model_id = ${modelId}` : sql``}
    ${indexes ? sql`and query_index in ${sql(indexes)}` : sql``}
    ${f.q ? sql`and strpos(lower(response), ${f.q.toLowerCase()}) > 0` : sql``}
    ${mentions ? sql`and coalesce((mentions->>${mentions})::numeric, 0) > 0` : sql``}`
  const [count] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where ${where}`
  const total = count?.n ?? 0
  const pages = Math.max(1, Math.ceil(total / API_DATA_LIMIT))
  const page = Math.min(f.page, pages)
  const rows = await sql<{ id: string; model_id: number; model_name: string | null; query: string; response: string; ok: boolean; error: string | null; incomplete: boolean | null; absent: boolean | null; citations: unknown[]; sources: unknown[]; mentions: Record<string, number>; rankings: Record<string, number>; created_at: Date; sample: number; collection: Collection | null }[]>`
      select id, model_id, model_name, query, response, ok, error, mentions, rankings, created_at, sample, collection, (parsed_data->>'incomplete')::boolean as incomplete, (parsed_data->>'absent')::boolean as absent,
        jsonb_path_query_array(citations, '$[0 to 4]') as citations, jsonb_path_query_array(sources, '$[0 to 4]') as sources
      from api_responses where ${where}
      order by query_index, model_id, sample, id
      limit ${API_DATA_LIMIT} offset ${(page - 1) * API_DATA_LIMIT}`
  const responses: ApiResponseView[] = rows.map((r) => ({
    id: Number(r.id),
    query: r.query,
    modelId: r.model_id,
    modelName: modelById(r.model_id)?.name ?? r.model_name ?? String(r.model_id),
    text: r.response,
    ok: r.ok,
    error: r.error,
    incomplete: r.incomplete === true,
    ...(r.absent ? { absent: true } : {}),
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
    collectedLine: collectionLine(r.collection, { modelName: modelById(r.model_id)?.name ?? r.model_name ?? String(r.model_id), sample: r.sample, date: r.created_at.toISOString() }),
  }))
  return { ...base, total, page, pages, responses }
}
