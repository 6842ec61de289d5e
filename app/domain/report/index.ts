/**
 * The downloadable report of a completed analysis: one list of tables, built from the same
 * tab data the results screens render (app/domain/results/view.ts through the results loader), then
 * written twice — as an .xlsx workbook (a cover sheet and one sheet per table) and as the HTML that
 * Chromium prints to PDF. Both files therefore carry the same numbers as the screens and as each other.
 * Pure: no I/O; the xlsx module is passed in, the PDF is printed in app/lib/report.server.ts.
 *
 * Decisions where the spec is silent:
 * - The report honours the results filters in the URL (model, topic, audience), and says so on the cover.
 * - The PDF holds the summary tables and the own brand's Query Rank; the workbook adds Query Rank and
 *   Sentiment Detail for every brand and every answer (texts cut at 32,000 characters, the cell limit
 *   being 32,767).
 * - Missing values are written as on screen: ranks 'N/A', a model without answers empty.
 * - Sentiment that was not measured (no word list for the project language) is never written as
 *   0/100/0 or 'neutral': its cells are empty and the label says 'not available in {language}'.
 */
import { z } from 'zod'
import { modelById, modelName } from '../models'
import { FIELD_LIMITS, text } from '../validation'
import { sheetRows, type Cell } from '../spreadsheet/cells'
import { volumeExportCell, volumeExportHeader } from '../volume'
import type { Discovery } from '../discovered'
import type {
  BrandRankData, GroupData, MentionsData, OverviewData, QueryRankData, SentimentData, SentimentDetailData, ShareData,
} from '../results/types'

export const REPORT_FORMATS = ['pdf', 'xlsx', 'pptx', 'html'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]

export const reportQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS, { error: 'format must be pdf, xlsx, pptx or html' }).default('pdf'),
  model: text('model', 40).nullish(),
  topic: text('topic', FIELD_LIMITS.query).nullish(),
  audience: text('audience', FIELD_LIMITS.query).nullish(),
})

/** What a sentiment cell says when the project language has no word list (the screens' wording). */
export const sentimentNotAvailable = (language: string) => `not available in ${language}`

export const REPORT_MESSAGES = {
  notCompleted: 'Only a completed analysis has a report',
  failed: 'Failed to create the report',
  busy: 'Reports are being printed for other users; try again in a minute',
} as const

/** Text cells are cut to this length (an xlsx cell holds at most 32,767 characters). */
export const MAX_CELL_TEXT = 32_000

export type { Cell }

export interface ReportTable {
  /** Sheet name (at most 31 characters, unique). */
  sheet: string
  title: string
  /** One line under the title: what the figures are. */
  note?: string
  header: Cell[]
  rows: Cell[][]
  /** Printed in the PDF too (the workbook holds every table). */
  inPdf: boolean
}

export interface ReportAnswer {
  query: string
  modelId: number
  sample: number
  answered: boolean
  text: string
  error: string | null
  mentions: Record<string, number>
  rankings: Record<string, number>
  citations: number
}

export interface ReportInput {
  project: { name: string; brandName: string; marketDescription: string; marketRegion: string; language: string }
  analysis: { id: number; date: string; completedAt: string | null }
  /** Models with at least one answer, in catalogue order. */
  modelIds: number[]
  counts: { queries: number; answered: number; attempted: number; samplesPerQuery: number }
  filters: { model: string; topic: string | null; audience: string | null }
  generatedAt: string
  demoMode: boolean
  overview: OverviewData
  share: ShareData
  brandRank: BrandRankData
  /** Query Rank per brand, own brand first. */
  queryRank: QueryRankData[]
  mentions: MentionsData
  sentiment: SentimentData
  /** Sentiment Detail per brand, own brand first. */
  sentimentDetail: SentimentDetailData[]
  topics: GroupData | null
  audiences: GroupData | null
  discovered: Discovery | null
  answers: ReportAnswer[]
}

export interface Report {
  title: string
  fileBase: string
  cover: [string, Cell][]
  tables: ReportTable[]
}

const NA = 'N/A'
const rank = (r: number | null | undefined): Cell => (typeof r === 'number' && r > 0 ? r : NA)
const yesNo = (b: boolean) => (b ? 'Yes' : 'No')
const column = (id: number) => modelById(id)?.column ?? `Model ${id}`
const cut = (s: string) => (s.length > MAX_CELL_TEXT ? `${s.slice(0, MAX_CELL_TEXT)} … [cut at ${MAX_CELL_TEXT} characters]` : s)

export function slug(s: string): string {
  const out = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return out || 'project'
}

export function reportFileName(r: Pick<Report, 'fileBase'>, format: ReportFormat): string {
  return `${r.fileBase}.${format}`
}

export function buildReport(d: ReportInput): Report {
  const own = d.overview.brands.find((b) => b.isOwn)
  const filters = [d.filters.model, d.filters.topic ? `topic ${d.filters.topic}` : null, d.filters.audience ? `audience ${d.filters.audience}` : null].filter(Boolean).join(', ')
  const cover: [string, Cell][] = [
    ['Project', d.project.name],
    ['Brand', d.project.brandName],
    ['Market', d.project.marketDescription],
    ['Region', d.project.marketRegion || 'Not set'],
    ['Language', d.project.language],
    ['Analysis date', d.analysis.date],
    ['Analysis id', d.analysis.id],
    ['Models', d.modelIds.map(modelName).join(', ') || 'None'],
    ['Queries', d.counts.queries],
    ['Samples per query', d.counts.samplesPerQuery],
    ['Answers (n)', d.counts.answered],
    ['Calls made', d.counts.attempted],
    ['Filters', filters],
    ['Generated', d.generatedAt],
    ['Data', d.demoMode ? 'Simulated: this install runs in demo mode, the answers come from the built-in model simulator, not from the real AI models.' : 'Answers of the AI models named above'],
  ]
  // Sentiment not measured in the project language: empty cells and a label that says so, never a 0/100/0 split.
  const unmeasured = d.sentiment.sentimentUnavailable ?? d.overview.sentimentUnavailable ?? null
  const unmeasuredNote = unmeasured ? `Sentiment ${sentimentNotAvailable(unmeasured)}: its cells are empty.` : null
  if (unmeasured) cover.push(['Sentiment', `Not available in ${unmeasured}`])
  const tables: ReportTable[] = []

  const o = d.overview
  tables.push({
    sheet: 'Summary',
    title: 'Summary',
    note: 'Avg Ranking is the mean of the combined ranks of all ranked brands; the own brand’s is beside it.',
    header: ['Metric', 'Value'],
    rows: [
      ['Total Mentions', o.summary.totalMentions],
      ['Brands with Mentions', o.summary.brandsWithMentions],
      ['Avg Ranking (all ranked brands)', rank(o.summary.averageRank)],
      [`Avg Ranking (${d.project.brandName})`, rank(own?.rank)],
      ['Brands Ranked', o.summary.brandsRanked],
      [`${d.project.brandName} share of mentions %`, own?.share ?? 0],
      [`${d.project.brandName} rank position`, o.ownRankPosition ?? NA],
    ],
    inPdf: true,
  })
  tables.push({
    sheet: 'Overview',
    title: 'Brand Overview',
    note: `Mentions, share of all brands’ mentions, combined average rank and sentiment per brand.${unmeasuredNote ? ` ${unmeasuredNote}` : ''}`,
    header: ['Brand', 'Your Brand', 'Mentions', 'Mention Share %', 'Avg Rank', 'Positive %', 'Neutral %', 'Negative %'],
    rows: o.brands.map((b) => [
      b.name, yesNo(b.isOwn), b.mentions, b.share, rank(b.rank),
      ...(unmeasured ? [null, null, null] : [b.sentiment.positive, b.sentiment.neutral, b.sentiment.negative]),
    ]),
    inPdf: true,
  })
  tables.push({
    sheet: 'Share of Model',
    title: 'Share of Model',
    note: 'Each brand’s share (%) of all brands’ mentions, per model and combined.',
    header: ['Brand', 'Your Brand', ...d.share.modelIds.map(column), 'Combined'],
    rows: d.share.rows.map((r) => [r.name, yesNo(r.isOwn), ...d.share.modelIds.map((id) => r.byModel[id] ?? null), r.combined]),
    inPdf: true,
  })
  const br = d.brandRank
  tables.push({
    sheet: 'Brand Rank',
    title: 'Brand Rank',
    note: `Average rank per model (lower is better), combined, and the share of models that ranked the brand. Queries: ${br.queryCounts.included} of ${br.queryCounts.total}.`,
    header: ['Brand', 'Your Brand', ...br.modelIds.map(column), 'Combined', 'Visibility %'],
    rows: br.rows.map((r) => [r.name, yesNo(r.isOwn), ...br.modelIds.map((id) => rank(r.byModel[id])), rank(r.combined), r.visibility]),
    inPdf: true,
  })
  const qrIds = d.queryRank[0]?.modelIds ?? []
  // The AI search volume column as Query Rank shows it (rounded, with provider and month), when the screen has one.
  const volume = d.queryRank[0]?.volume
  const volumeHead = volume ? [volumeExportHeader(volume)] : []
  const volumeCell = (q: QueryRankData, r: QueryRankData['rows'][number]) => (q.volume ? [volumeExportCell(q.volume, r.volume)] : volume ? [null] : [])
  tables.push({
    sheet: 'Query Rank',
    title: 'Query Rank',
    note: 'Rank of each brand per query and model, their mean, and the share of models that ranked it.',
    header: ['Brand', 'Query', ...qrIds.map(column), 'Combined Avg', 'Visibility %', ...volumeHead],
    rows: d.queryRank.flatMap((q) => q.rows.map((r) => [q.brand, r.query, ...q.modelIds.map((id) => rank(r.byModel[id])), rank(r.combined), r.visibility, ...volumeCell(q, r)])),
    inPdf: false,
  })
  const ownQr = d.queryRank[0]
  if (ownQr) {
    tables.push({
      sheet: 'Query Rank (own brand)',
      title: `Query Rank: ${ownQr.brand ?? d.project.brandName}`,
      ...(volume?.status === 'ready' && volume.weighted ? { note: `Demand-weighted visibility ${volume.weighted.weighted ?? 'N/A'} % (unweighted ${volume.weighted.unweighted ?? 'N/A'} %). ${volume.weighted.note}` } : {}),
      header: ['Query', ...ownQr.modelIds.map(column), 'Combined Avg', 'Visibility %', ...volumeHead],
      rows: ownQr.rows.map((r) => [r.query, ...ownQr.modelIds.map((id) => rank(r.byModel[id])), rank(r.combined), r.visibility, ...volumeCell(ownQr, r)]),
      inPdf: true,
    })
  }
  const m = d.mentions
  tables.push({
    sheet: 'Mentions',
    title: 'Brand Mentions by Query',
    header: ['Query', ...m.brands.map((b) => (b.isOwn ? `${b.name} (Your Brand)` : b.name)), 'Total'],
    rows: [
      ...m.rows.map((r) => [r.query, ...r.counts, r.total]),
      ['TOTAL MENTIONS', ...m.brands.map((b) => b.total), m.grandTotal],
      ['Share of mentions %', ...m.percents, m.grandTotal > 0 ? 100 : 0],
    ],
    inPdf: true,
  })
  tables.push({
    sheet: 'Sentiment',
    title: 'Brand Sentiment',
    note: unmeasuredNote ?? 'Shares of the sentences naming the brand; the score is their mean, from -1 to +1.',
    header: ['Brand', 'Your Brand', 'Positive %', 'Neutral %', 'Negative %', 'Average Sentiment', 'Label', 'Sentences', 'Positive Words', 'Negative Words'],
    rows: d.sentiment.rows.map((r) =>
      unmeasured
        ? [r.name, yesNo(r.isOwn), null, null, null, null, sentimentNotAvailable(unmeasured), null, null, null]
        : [r.name, yesNo(r.isOwn), r.positive, r.neutral, r.negative, r.score, r.label, r.mentions, r.positiveWords.join(', '), r.negativeWords.join(', ')],
    ),
    inPdf: true,
  })
  tables.push({
    sheet: 'Sentiment Detail',
    title: 'Sentiment Detail',
    ...(unmeasuredNote ? { note: unmeasuredNote } : {}),
    header: ['Brand', 'Query', 'Model', 'Polarity', 'Statement', 'Indicator Words', 'Score'],
    rows: unmeasured
      ? []
      : d.sentimentDetail.flatMap((s) => s.cards.flatMap((c) => c.statements.map((x) => [s.brand, c.query, modelName(x.modelId), x.polarity, cut(x.text), x.words.join(', '), x.score]))),
    inPdf: false,
  })
  for (const g of [d.topics, d.audiences]) {
    if (!g || g.groups.length === 0) continue
    const kind = g.tab === 'topics' ? 'Topic' : 'Audience'
    tables.push({
      sheet: `${kind}s`,
      title: `${kind} Brand Performance`,
      note: 'Combined share of mentions (%) and combined rank per group.',
      header: [kind, 'Brand', 'Your Brand', 'Market Share %', 'Avg Rank'],
      rows: g.groups.flatMap((x) => g.brands.map((b, i) => [x.group, b.name, yesNo(b.isOwn), x.shares[i], rank(x.ranks[i])])),
      inPdf: true,
    })
  }
  if (d.discovered && d.discovered.brands.length > 0) {
    tables.push({
      sheet: 'Discovered Brands',
      title: 'Discovered brands (not tracked)',
      note: `Named or ranked in the answers but not tracked. ${d.project.brandName}'s share of tracked mentions today: ${d.discovered.ownShare} %.`,
      header: ['Brand', 'Answers', 'Models', 'Mentions', 'Avg Rank', `${d.project.brandName} share % if tracked`],
      rows: d.discovered.brands.map((b) => [b.name, b.answers, b.models, b.mentions, rank(b.averageRank), b.ownShareIfTracked]),
      inPdf: true,
    })
  }
  tables.push({
    sheet: 'Answers',
    title: 'Answers',
    header: ['Query', 'Model', 'Sample', 'Answered', 'Brand Mentions', 'Rankings', 'Citations', 'Response', 'Error'],
    rows: d.answers.map((a) => [
      a.query,
      modelName(a.modelId),
      a.sample,
      yesNo(a.answered),
      Object.entries(a.mentions).filter(([, n]) => n > 0).map(([b, n]) => `${b}: ${n}`).join(', '),
      Object.entries(a.rankings).filter(([, n]) => n > 0).sort((x, y) => x[1] - y[1]).map(([b, n]) => `${n}. ${b}`).join(', '),
      a.citations,
      cut(a.text),
      a.error,
    ]),
    inPdf: false,
  })
  return {
    title: `AI brand visibility report: ${d.project.brandName}`,
    fileBase: `${slug(d.project.name)}-report-${d.analysis.date}`,
    cover,
    tables,
  }
}

// ------------------------------------------------------------------ workbook

/** The parts of the xlsx module used here (callers pass the module). */
export interface XlsxModule {
  utils: {
    book_new(): any
    aoa_to_sheet(rows: Cell[][]): any
    book_append_sheet(wb: any, ws: any, name: string): void
  }
}

/** A cover sheet, then one sheet per table (a title row, the note, a blank row, the table). */
export function reportWorkbook(XLSX: XlsxModule, r: Report): any {
  const wb = XLSX.utils.book_new()
  const add = (name: string, rows: Cell[][], widthRows: Cell[][]) => {
    const ws = XLSX.utils.aoa_to_sheet(sheetRows(rows))
    const cols = Math.max(...widthRows.map((x) => x.length))
    ws['!cols'] = Array.from({ length: cols }, (_, i) => ({ wch: Math.min(60, Math.max(8, ...widthRows.map((x) => String(x[i] ?? '').length + 2))) }))
    XLSX.utils.book_append_sheet(wb, ws, name.slice(0, 31))
  }
  add('Cover', [[r.title], [], ...r.cover], r.cover)
  for (const t of r.tables) {
    const table = [t.header, ...t.rows]
    add(t.sheet, [[t.title], ...(t.note ? [[t.note]] : []), [], ...table], table)
  }
  return wb
}

export { reportHtml, type ReportDocument } from './html'
