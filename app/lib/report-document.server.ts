/**
 * Everything the report adds to its tables: the executive summary's facts and sentences, the charts and
 * the localised cover. The figures come from the report's input (the results views, the screens' numbers), the
 * project's trend points (the Trends page's counts) and the analysis's cited sources (as Source Insights counts
 * them from the answers).
 */
import { trendPointsOf } from '../../db/trends'
import { latestPerDate } from '../domain/trends'
import { wilson } from '../domain/metrics/intervals'
import { brandList } from '../domain/analyses'
import { modelName } from '../domain/models'
import { citedDomain } from '../domain/sources/insights'
import { classifySource } from '../domain/sources/classify'
import { daysBefore, summaryFacts, type CitedAnswer, type SummaryFacts } from '../domain/report/summary'
import { isRtl, reportLang, summaryText, WORDS } from '../domain/report/summary-text'
import { DEFAULT_BRANDING, type ReportBrandingView, type ReportDocument } from '../domain/report/html'
import type { ReportInput } from '../domain/report'
import { reportCharts, type ReportChartsInput } from './report-charts.server'
import { experimentCellsOf } from '../../db/experiments'
import { latestRewrite, rewriteEnabled, rewriteFactsKey } from '../../db/report-rewrites'
import { summaryWithRewrite } from '../domain/report/rewrite'
import type { SummarySection } from '../domain/report/summary-text'
import { EXPERIMENT_WORDS, REPORT_EXPERIMENTS, reportExperiment, type ReportExperiment } from '../domain/report/experiments'
import type { Snapshot } from './results-data.server'
import type { Db } from '../../db/client'

/** How far back the trend chart and the cover's date range reach. */
export const TREND_DAYS = 90

const TITLE = { en: 'AI brand visibility report', de: 'Bericht zur KI-Markensichtbarkeit', ja: 'AIブランド可視性レポート' } as const

/** The answers' cited URLs, distinct per answer, each with its domain classified against the analysis's brands. */
async function citedAnswers(sql: Db, analysisId: number, snapshot: Snapshot, modelId: number | null): Promise<CitedAnswer[]> {
  const brands = brandList(snapshot.brands)
  const own = brands[0]
  const competitors = brands.slice(1)
  const rows = await sql<{ query_index: number; citations: { url: string; title?: string }[]; sources: { url: string; title?: string }[] }[]>`
    select query_index, citations, sources from api_responses
    where analysis_id = ${analysisId} and ok ${modelId ? sql`and model_id = ${modelId}` : sql``}
    order by query_index, model_id, sample`
  return rows.map((r) => {
    const list = Array.isArray(r.citations) && r.citations.length ? r.citations : Array.isArray(r.sources) ? r.sources : []
    const seen = new Set<string>()
    const urls: CitedAnswer['urls'] = []
    for (const c of list) {
      if (!c || typeof c.url !== 'string' || seen.has(c.url)) continue
      const domain = citedDomain(c.url, c.title)
      if (!domain) continue
      seen.add(c.url)
      urls.push({ url: c.url, domain, type: classifySource(domain, own, competitors) })
    }
    const domains = [...new Map(urls.map((u) => [u.domain, { domain: u.domain, type: u.type }])).values()]
    return { queryIndex: r.query_index, urls, domains }
  })
}

/**
 * The project's latest content changes recorded on or before the report's date, each estimated over the daily runs
 * up to that date (all models, as the Experiments panel's headline).
 */
async function experimentsOf(sql: Db, projectId: number, asOf: string): Promise<ReportExperiment[]> {
  const rows = await sql<{ description: string; change_date: string; treated: string[]; control: string[]; urls: string[] }[]>`
    select description, change_date::text as change_date, treated, control, urls from experiments
    where project_id = ${projectId} and change_date <= ${asOf}
    order by change_date desc, id desc limit ${REPORT_EXPERIMENTS}`
  const out: ReportExperiment[] = []
  for (const r of rows) {
    // Query texts become numbers for the maths: their position in treated then control (lower case).
    const names = [...r.treated, ...r.control].map((q) => q.toLowerCase())
    const cells = (await experimentCellsOf(sql, projectId, names, r.urls)).map((c) => ({ ...c, query: names.indexOf(c.query) }))
    out.push(reportExperiment({ description: r.description, changeDate: r.change_date, treated: r.treated.length, control: r.control.length }, cells, asOf))
  }
  return out
}

export interface ReportExtras {
  doc: ReportDocument
  facts: SummaryFacts
  charts: ReportChartsInput
  /** The summary written from the numbers (the document's may be a model's rewrite of it). */
  computedSummary: SummarySection[]
}

export async function reportExtras(
  sql: Db,
  d: ReportInput,
  ctx: { projectId: number; snapshot: Snapshot; modelFilterId: number | null; branding?: ReportBrandingView | null; computedOnly?: boolean },
): Promise<ReportExtras> {
  const lang = reportLang(d.project.language)
  const w = WORDS[lang]
  const own = d.overview.brands.find((b) => b.isOwn)
  const ownRank = d.brandRank.rows.find((r) => r.isOwn)
  const evidence = own ? d.overview.evidence?.[own.name] : undefined
  const all = await trendPointsOf(sql, ctx.projectId, { withoutQueryRanks: true })
  const points = all.filter((p) => p.date <= d.analysis.date)
  const cited = await citedAnswers(sql, d.analysis.id, ctx.snapshot, ctx.modelFilterId)
  const shareRow = d.share.rows.find((r) => r.isOwn)

  const facts = summaryFacts({
    brand: d.project.brandName,
    date: d.analysis.date,
    answers: d.counts.answered,
    share: own && evidence ? { value: own.share, x: evidence.share.x, n: evidence.share.n } : null,
    visibility: ownRank?.visibilityCi ? { value: ownRank.visibility, x: ownRank.visibilityCi.x, n: ownRank.visibilityCi.n } : null,
    rank: { value: ownRank?.combined ?? null, spread: ownRank?.spread ?? null },
    position: d.overview.ownRankPosition,
    engineShares: d.share.modelIds.map((modelId) => ({ modelId, share: shareRow?.byModel[modelId] ?? null })),
    brands: d.overview.brands.map((b) => ({ name: b.name, isOwn: b.isOwn, share: b.share })),
    points,
    analysisId: d.analysis.id,
    cited,
    queries: (d.queryRank[0]?.rows ?? []).map((r) => ({ query: r.query, visibility: r.visibility })),
  })

  const from = daysBefore(d.analysis.date, TREND_DAYS)
  const shown = latestPerDate(points.filter((p) => p.date >= from))
  const trend = shown.flatMap((p) => {
    const b = p.brands[p.ownBrand]
    const ci = b ? wilson(b.rawMentions, p.rawMentionsTotal) : null
    return b && ci ? [{ date: p.date, share: Math.round((b.rawMentions / p.rawMentionsTotal) * 1000) / 10, low: ci.low, high: ci.high }] : []
  })
  const rival = d.brandRank.rows.filter((r) => !r.isOwn && r.combined !== null).sort((a, b) => (a.combined ?? 0) - (b.combined ?? 0))[0] ?? null
  const unmeasured = d.sentiment.sentimentUnavailable ?? d.overview.sentimentUnavailable ?? null
  const charts: ReportChartsInput = {
    lang,
    brands: d.overview.brands.map((b) => ({ name: b.name, isOwn: b.isOwn, share: b.share })),
    rankByEngine: d.brandRank.modelIds.map((modelId) => ({ modelId, own: ownRank?.byModel[modelId] ?? null, rival: rival?.byModel[modelId] ?? null })),
    rivalName: rival?.name ?? null,
    trend,
    sentiment: unmeasured ? null : d.sentiment.rows.filter((r) => r.mentions > 0).map((r) => ({ name: r.name, positive: r.positive, neutral: r.neutral, negative: r.negative })),
    sources: (() => {
      const count = new Map<string, { citations: number; type: 'Owned' | 'Competitor' | 'Earned' }>()
      for (const a of cited) for (const u of a.urls) count.set(u.domain, { citations: (count.get(u.domain)?.citations ?? 0) + 1, type: u.type })
      return [...count].map(([domain, c]) => ({ domain, ...c })).sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
    })(),
    experiments: await experimentsOf(sql, ctx.projectId, d.analysis.date),
  }

  const period = trend.length > 1 ? `${trend[0].date} – ${d.analysis.date}` : d.analysis.date
  const engines = d.modelIds.map(modelName).join(', ')
  const method = `${w.method(d.counts.samplesPerQuery, d.counts.queries, d.counts.answered)} ${d.demoMode ? w.cover.simulated : w.cover.real}`
  const branding = ctx.branding ?? DEFAULT_BRANDING
  const computedSummary = summaryText(facts, lang)
  // A model's rewrite of exactly these facts, when the project allows one (its guard runs again here).
  const stored = !ctx.computedOnly && (await rewriteEnabled(sql, ctx.projectId)).enabled ? await latestRewrite(sql, d.analysis.id, rewriteFactsKey(lang, computedSummary)) : null
  const { summary, note } = summaryWithRewrite(computedSummary, lang, stored)
  const doc: ReportDocument = {
    lang,
    rtl: isRtl(d.project.language),
    title: `${TITLE[lang]}: ${d.project.brandName}`,
    cover: [
      [w.cover.project, d.project.name],
      [w.cover.brand, d.project.brandName],
      [w.cover.market, [d.project.marketDescription, d.project.marketRegion].filter(Boolean).join(' · ')],
      [w.cover.period, period],
      [w.cover.engines, engines],
      [w.cover.method, method],
      [w.cover.generated, d.generatedAt.slice(0, 16).replace('T', ' ') + ' UTC'],
    ],
    summaryHeading: w.heading.summary,
    summary,
    summaryNote: note,
    chartsHeading: w.heading.charts,
    charts: reportCharts(charts),
    experimentsHeading: EXPERIMENT_WORDS[lang].heading,
    appendixHeading: w.heading.appendix,
    branding,
  }
  return { doc, facts, charts, computedSummary }
}
