/**
 * 'Download report' of a completed analysis: a PDF printed by Chromium (puppeteer-core, as the
 * optimiser's PDF) and an .xlsx workbook. The tables come from the results view builder itself (buildView,
 * one call per tab), so they hold the numbers the screens show; app/domain/report turns them into both files.
 *
 * Who may download: whoever may read the analysis in the app (owner, sharee, a public project's viewer,
 * admin), and anyone holding a live export link (/export/{id}/report) — the file shows what that page shows.
 */
import * as XLSX from 'xlsx'
import { db } from './db.server'
import type { User } from './auth.server'
import { getAnalysis } from './analyses.server'
import { badRequest, notFound } from './http.server'
import { isDemoMode } from './models.server'
import { errorMessage } from '../domain/validation'
import { renderPdf } from './optimiser-pdf.server'
import { reportExtras } from './report-document.server'
import { reportPptx } from './report-pptx.server'
import { brandingForProject } from './branding.server'
import { loadSnapshot, type Snapshot } from './results-data.server'
import { buildView, type BuildContext, type Params, type ProjectInfo } from './results-view.server'
import { brandList, isoDay } from '../domain/analyses'
import { discoverBrands } from '../domain/discovered'
import { MODELS } from '../domain/models'
import type { SummaryFacts } from '../domain/exports/summary'
import type {
  BrandRankData, GroupData, MentionsData, OverviewData, QueryRankData, ResultsHeader, ResultsTab, SentimentData, SentimentDetailData, ShareData, TabData,
} from '../domain/results/types'
import {
  buildReport, REPORT_MESSAGES, reportFileName, reportHtml, reportQuerySchema, reportWorkbook, type Report, type ReportAnswer, type ReportInput,
} from '../domain/report'
import type { Db } from '../../db/client'

export interface ReportFile {
  body: Uint8Array | string
  contentType: string
  fileName: string
}

interface Target {
  analysisId: number
  project: ProjectInfo & { marketRegion: string; language: string }
  date: Date | string
  completedAt: Date | null
  createdAt: Date
}

/** format, model, topic, audience from the query string; a bad value is a 400. */
export function reportQuery(url: URL) {
  const raw = Object.fromEntries(['format', 'model', 'topic', 'audience'].map((k) => [k, url.searchParams.get(k) || undefined]))
  const parsed = reportQuerySchema.safeParse(raw)
  if (!parsed.success) badRequest(errorMessage(parsed.error, 'Invalid report request', raw))
  return parsed.data
}

/** GET /api/analyses/{id}/report */
export async function reportForUser(user: User, analysisId: number, url: URL): Promise<ReportFile> {
  const { analysis, project } = await getAnalysis(user, analysisId, 'read')
  if (analysis.status !== 'completed') badRequest(REPORT_MESSAGES.notCompleted)
  const query = reportQuery(url)
  const target: Target = {
    analysisId,
    project: {
      id: project.id,
      name: project.name,
      brandName: project.brandDomain,
      marketDescription: project.marketDescription,
      marketRegion: project.marketRegion,
      language: project.language,
      isLightMode: project.isLightMode || analysis.is_light_mode,
      hasTopics: analysis.queries.some((q) => q.topic),
      hasAudiences: analysis.queries.some((q) => q.audience),
      isOwner: project.accessType === 'owner',
    },
    date: analysis.date,
    completedAt: analysis.completed_at,
    createdAt: analysis.created_at,
  }
  return renderReport(target, query)
}

/** GET /export/{exportId}/report: the report of a live share link (no sign-in; 404 unknown, 410 expired). */
export async function reportForExport(exportId: string, url: URL): Promise<ReportFile | 'expired'> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(exportId)) notFound('Export not found')
  const query = reportQuery(url)
  const [row] = await db()<(TargetRow & { expired: boolean })[]>`
    select e.expires_at <= now() as expired, ${targetColumns()}
    from exports e join analyses a on a.id = e.analysis_id join projects p on p.id = e.project_id
    where e.id = ${exportId}`
  if (!row) notFound('Export not found')
  if (row.expired) return 'expired'
  if (row.status !== 'completed') badRequest(REPORT_MESSAGES.notCompleted)
  return renderReport(targetOf(row), query)
}

/** The PDF a scheduled report e-mail attaches (activities/report.ts, through the worker): the whole analysis, unfiltered. */
export async function reportPdfOf(analysisId: number): Promise<ReportFile> {
  const [row] = await db()<TargetRow[]>`
    select ${targetColumns()} from analyses a join projects p on p.id = a.project_id where a.id = ${analysisId}`
  if (!row || row.status !== 'completed') throw new Error(`analysis ${analysisId} has no report: not completed`)
  return renderReport(targetOf(row), reportQuery(new URL('http://report/?format=pdf')))
}

/**
 * The computed executive summary of an analysis's unfiltered report (what a model may rewrite): its language, the
 * sections, and the project it belongs to.
 */
export async function reportSummaryOf(analysisId: number) {
  const [row] = await db()<TargetRow[]>`
    select ${targetColumns()} from analyses a join projects p on p.id = a.project_id where a.id = ${analysisId}`
  if (!row || row.status !== 'completed') badRequest(REPORT_MESSAGES.notCompleted)
  const target = targetOf(row)
  const { input, snapshot, modelFilterId } = await reportInputOf(target, {})
  const extras = await reportExtras(db(), input, { projectId: target.project.id, snapshot, modelFilterId, computedOnly: true })
  return { lang: extras.doc.lang, sections: extras.computedSummary, brand: target.project.brandName, projectName: target.project.name, projectId: target.project.id }
}

interface TargetRow {
  analysis_id: number; project_id: number; name: string; brand_domain: string; market_description: string; market_region: string; language: string
  is_light_mode: boolean; status: string; date: Date; completed_at: Date | null; created_at: Date
}

const targetColumns = () => db()`a.id as analysis_id, p.id as project_id, p.name, p.brand_domain, p.market_description, p.market_region, p.language,
  p.is_light_mode or a.is_light_mode as is_light_mode, a.status, a.date, a.completed_at, a.created_at`

function targetOf(row: TargetRow): Target {
  return {
    analysisId: row.analysis_id,
    project: {
      id: row.project_id,
      name: row.name,
      brandName: row.brand_domain,
      marketDescription: row.market_description,
      marketRegion: row.market_region,
      language: row.language,
      isLightMode: row.is_light_mode,
      hasTopics: false,
      hasAudiences: false,
      isOwner: false,
    },
    date: row.date,
    completedAt: row.completed_at,
    createdAt: row.created_at,
  }
}

async function renderReport(target: Target, query: ReturnType<typeof reportQuery>): Promise<ReportFile> {
  const { input, snapshot, modelFilterId } = await reportInputOf(target, query)
  const report = buildReport(input)
  if (query.format === 'xlsx') {
    const wb = reportWorkbook(XLSX, report)
    const body = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
    return { body: new Uint8Array(body), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: reportFileName(report, 'xlsx') }
  }
  const branding = await brandingForProject(target.project.id)
  const extras = await reportExtras(db(), input, { projectId: target.project.id, snapshot, modelFilterId, branding })
  if (query.format === 'pptx') {
    const body = await reportPptx(report, extras)
    return { body, contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', fileName: reportFileName(report, 'pptx') }
  }
  const html = reportHtml(report, extras.doc)
  if (query.format === 'html') return { body: html, contentType: 'text/html; charset=utf-8', fileName: reportFileName(report, 'html') }
  const pdf = await printOneAtATime(html)
  if (pdf) return { body: pdf, contentType: 'application/pdf', fileName: reportFileName(report, 'pdf') }
  // Without Chromium the same report is the answer as HTML (the browser can print it to PDF).
  return { body: html, contentType: 'text/html; charset=utf-8', fileName: `${report.fileBase}.html` }
}

/**
 * Chromium is heavy (a browser per print): prints run one at a time, and a few more wait their turn;
 * beyond that the request is refused with 503 rather than queueing without bound.
 */
const MAX_WAITING = 4
let printing: Promise<unknown> = Promise.resolve()
let waiting = 0
async function printOneAtATime(html: string): Promise<Uint8Array | null> {
  if (waiting >= MAX_WAITING) throw new Response(JSON.stringify({ error: REPORT_MESSAGES.busy, message: REPORT_MESSAGES.busy }), { status: 503, headers: { 'content-type': 'application/json', 'Retry-After': '30' } })
  waiting++
  const turn = printing.then(() => renderPdf(html))
  printing = turn.catch(() => undefined)
  try {
    return await turn
  } finally {
    waiting--
  }
}

/** Every table of the report, from the results view builder (the screens' numbers). */
export async function assembleReport(target: Target, query: { model?: string | null; topic?: string | null; audience?: string | null }): Promise<Report> {
  return buildReport((await reportInputOf(target, query)).input)
}

/** The report's input: every tab's data from the results view builder, the answers and the discovered brands. */
async function reportInputOf(target: Target, query: { model?: string | null; topic?: string | null; audience?: string | null }): Promise<{ input: ReportInput; snapshot: Snapshot; modelFilterId: number | null }> {
  const sql = db()
  const snapshot = await loadSnapshot(sql, target.analysisId)
  if (!snapshot) notFound('Analysis not found')
  const project: ProjectInfo = {
    ...target.project,
    hasTopics: target.project.hasTopics || snapshot.queries.some((q) => q.topic),
    hasAudiences: target.project.hasAudiences || snapshot.queries.some((q) => q.audience),
  }
  const shown = { id: target.analysisId, status: 'completed' as const, date: target.date, created_at: target.createdAt, error: null }
  const base: BuildContext = { mode: 'export', project, shown, snapshot, fallback: null, runs: [], exports: null, exportLink: null, params: params({}) }
  function params(p: Partial<Params>): Params {
    return { tab: null, model: query.model ?? null, topic: query.topic ?? null, audience: query.audience ?? null, brand: null, polarity: null, ...p }
  }
  const view = async <T extends TabData>(tab: ResultsTab, brand: string | null = null): Promise<{ data: T; header: ResultsHeader }> => {
    const v = await buildView(sql, { ...base, params: params({ tab, brand }) })
    if (v.kind !== 'results' || !v.data) throw new Error(`report: no ${tab} data for analysis ${target.analysisId}`)
    return { data: v.data as T, header: v.header }
  }

  const brands = brandList(snapshot.brands).map((b) => b.name)
  const { data: overview, header } = await view<OverviewData>('overview')
  const [share, brandRank, mentions, sentiment, topics, audiences] = await Promise.all([
    view<ShareData>('share-of-model'),
    view<BrandRankData>('brand-rank'),
    view<MentionsData>('mentions'),
    view<SentimentData>('sentiment'),
    project.hasTopics ? view<GroupData>('topics') : null,
    project.hasAudiences ? view<GroupData>('audiences') : null,
  ])
  // One brand at a time: each reads a few stored rows (or re-aggregates for a filter).
  const queryRank: QueryRankData[] = []
  const sentimentDetail: SentimentDetailData[] = []
  for (const brand of brands) {
    queryRank.push((await view<QueryRankData>('ranking-detail', brand)).data)
    sentimentDetail.push((await view<SentimentDetailData>('sentiment-detail', brand)).data)
  }

  const modelFilterId = MODELS.find((m) => m.filter === header.filters.model)?.id ?? null
  const [answers, discovered] = await answersAndDiscovery(sql, target.analysisId, snapshot, modelFilterId, header.filters)
  const modelIds = MODELS.map((m) => m.id).filter((id) => answers.some((a) => a.modelId === id && a.answered))
  const filterLabel = header.options.models.find((m) => m.value === header.filters.model)?.label ?? 'All Models'

  const input: ReportInput = {
    project: { name: project.name, brandName: project.brandName, marketDescription: project.marketDescription, marketRegion: target.project.marketRegion, language: target.project.language },
    analysis: { id: target.analysisId, date: isoDay(target.date), completedAt: target.completedAt?.toISOString() ?? null },
    modelIds,
    counts: {
      queries: snapshot.queries.filter((q) => inFilter(q, header.filters)).length,
      answered: answers.filter((a) => a.answered).length,
      attempted: answers.length,
      samplesPerQuery: Math.max(1, ...answers.map((a) => a.sample)),
    },
    filters: { model: filterLabel, topic: header.filters.topic, audience: header.filters.audience },
    generatedAt: new Date().toISOString(),
    demoMode: isDemoMode(),
    overview: overview,
    share: share.data,
    brandRank: brandRank.data,
    queryRank,
    mentions: mentions.data,
    sentiment: sentiment.data,
    sentimentDetail,
    topics: topics?.data ?? null,
    audiences: audiences?.data ?? null,
    discovered,
    answers,
  }
  return { input, snapshot, modelFilterId }
}

const inFilter = (q: { topic?: string | null; audience?: string | null }, f: { topic: string | null; audience: string | null }) =>
  (!f.topic || q.topic === f.topic) && (!f.audience || q.audience === f.audience)

/** Every answer inside the filters, and the brands they name that nobody tracks (as on the Overview). */
async function answersAndDiscovery(sql: Db, analysisId: number, snapshot: Snapshot, modelId: number | null, f: { topic: string | null; audience: string | null }) {
  const included = new Set(snapshot.queries.filter((q) => inFilter(q, f)).map((q) => q.index))
  const rows = await sql<{ model_id: number; query_index: number; sample: number; query: string; response: string; ok: boolean; error: string | null; mentions: Record<string, number> | null; rankings: Record<string, number> | null; citations: number }[]>`
    select model_id, query_index, sample, query, response, ok, error, mentions, rankings, jsonb_array_length(coalesce(citations, '[]'::jsonb)) as citations
    from api_responses where analysis_id = ${analysisId} ${modelId ? sql`and model_id = ${modelId}` : sql``}
    order by query_index, model_id, sample`
  const inScope = rows.filter((r) => included.has(r.query_index))
  const answers: ReportAnswer[] = inScope.map((r) => ({
    query: r.query,
    modelId: r.model_id,
    sample: r.sample,
    answered: r.ok && r.response.trim().length > 0,
    text: r.response,
    error: r.error,
    mentions: r.mentions ?? {},
    rankings: r.rankings ?? {},
    citations: r.citations,
  }))
  const tracked = brandList(snapshot.brands)
  const discovered = discoverBrands(
    inScope.filter((r) => r.ok).map((r) => ({ modelId: r.model_id, text: r.response, mentions: r.mentions ?? {} })),
    tracked,
  )
  return [answers, discovered] as const
}

/**
 * The file as a download (attachment, never cached); the web page (format=html) is shown inline, under a policy
 * that allows no script and no request (its charts are inline SVG, a logo a data: URL).
 */
export function reportResponse(file: ReportFile, headers: Record<string, string> = {}): Response {
  const body = typeof file.body === 'string' ? file.body : Buffer.from(file.body)
  const page = file.fileName.endsWith('.html') && file.contentType.startsWith('text/html')
  return new Response(body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `${page ? 'inline' : 'attachment'}; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '-')}"`,
      ...(page ? { 'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" } : {}),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  })
}

/**
 * The figures the export's 'AI Insights' are written from (app/domain/exports/summary.ts): the Overview tab's
 * brands (the screens' numbers), the models and n, and the brands nobody tracks.
 */
export async function summaryFactsOf(analysisId: number, project: { name: string; brandName: string; marketDescription: string }): Promise<SummaryFacts> {
  const sql = db()
  const snapshot = await loadSnapshot(sql, analysisId)
  if (!snapshot) notFound('Analysis not found')
  const [a] = await sql<{ date: Date; created_at: Date }[]>`select date, created_at from analyses where id = ${analysisId}`
  const info: ProjectInfo = { id: 0, name: project.name, brandName: project.brandName, marketDescription: project.marketDescription, isLightMode: snapshot.is_light_mode, hasTopics: false, hasAudiences: false, isOwner: false }
  const v = await buildView(sql, {
    mode: 'export', project: info, snapshot, fallback: null, runs: [], exports: null, exportLink: null,
    shown: { id: analysisId, status: 'completed', date: a.date, created_at: a.created_at, error: null },
    params: { tab: 'overview', model: null, topic: null, audience: null, brand: null, polarity: null },
  })
  const overview = v.kind === 'results' && v.data?.tab === 'overview' ? v.data : null
  const [answers, discovered] = await answersAndDiscovery(sql, analysisId, snapshot, null, { topic: null, audience: null })
  const own = overview?.brands.filter((b) => b.isOwn) ?? []
  const others = (overview?.brands.filter((b) => !b.isOwn) ?? []).sort((x, y) => y.share - x.share)
  return {
    brand: project.brandName,
    market: project.marketDescription,
    analysisDate: isoDay(a.date),
    models: MODELS.filter((m) => answers.some((x) => x.modelId === m.id && x.answered)).map((m) => m.name),
    answers: answers.filter((x) => x.answered).length,
    brands: [...own, ...others].slice(0, 8).map((b) => ({ name: b.name, isOwn: b.isOwn, share: b.share, rank: b.rank, positive: b.sentiment.positive, negative: b.sentiment.negative })),
    ownRankPosition: overview?.ownRankPosition ?? null,
    discovered: discovered.brands.slice(0, 3).map((b) => ({ name: b.name, answers: b.answers })),
  }
}
