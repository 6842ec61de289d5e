/**
 * Spreadsheet and CSV exports of the results tables (file names as the spreadsheet exports name them), built from the same
 * view data the screen renders. Pure: the rows are plain arrays; workbookFromSpec takes
 * the xlsx module as an argument so the browser loads it only when a user exports.
 *
 * Decisions where the spec is silent:
 * - Every file name ends with the analysis date (yyyy-mm-dd) before the extension.
 * - Missing values: ranks 'N/A' (as on screen), shares of a model without answers empty.
 * - Sentiment not measured in the project language (`sentimentUnavailable`): its cells are
 *   empty and the label says 'not available in {language}', never 0/100/0 'neutral'.
 * - Every text cell of every format (CSV, clipboard text, xlsx) follows the OWASP rule of
 *   app/domain/spreadsheet/cells.ts (a leading apostrophe before = + - @ tab CR; CSV fields with
 *   `,` or `;` quoted).
 */
import { modelColumn, slug } from './format'
import { sentimentNotAvailable } from '~/domain/report'
import { sheetRows, toCsv, toTsv, type Cell } from '~/domain/spreadsheet/cells'
import { volumeExportCell, volumeExportHeader } from '~/domain/volume'
import type {
  BrandRankData, GroupData, MentionsData, OverviewData, QueryRankData, SentimentData, SentimentDetailData, ShareData,
} from '~/domain/results/types'

export type { Cell }
export interface SheetSpec {
  name: string
  rows: Cell[][]
}
export interface WorkbookSpec {
  fileName: string
  sheets: SheetSpec[]
}

const NA = 'N/A'
const rankCell = (r: number | null | undefined): Cell => (typeof r === 'number' && r > 0 ? r : NA)

export function brandRankWorkbook(d: BrandRankData, date: string): WorkbookSpec {
  const header: Cell[] = ['Brand', 'Your Brand', ...d.modelIds.map(modelColumn), 'Combined', 'Visibility %']
  const rows: Cell[][] = d.rows.map((r) => [r.name, r.isOwn ? 'Yes' : 'No', ...d.modelIds.map((id) => rankCell(r.byModel[id])), rankCell(r.combined), r.visibility])
  return { fileName: `brand-rank-analysis-${date}.xlsx`, sheets: [{ name: 'Brand Rank', rows: [header, ...rows] }] }
}

export function shareWorkbook(d: ShareData, date: string): WorkbookSpec {
  const header: Cell[] = ['Brand', 'Your Brand', ...d.modelIds.map(modelColumn), 'Combined']
  const rows: Cell[][] = d.rows.map((r) => [r.name, r.isOwn ? 'Yes' : 'No', ...d.modelIds.map((id) => r.byModel[id] ?? null), r.combined])
  return { fileName: `share-of-model-heatmap-${date}.xlsx`, sheets: [{ name: 'Share of Model', rows: [header, ...rows] }] }
}

export function mentionsWorkbook(d: MentionsData, date: string): WorkbookSpec {
  const header: Cell[] = ['Query', ...d.brands.map((b) => (b.isOwn ? `${b.name} (Your Brand)` : b.name)), 'Total']
  const rows: Cell[][] = d.rows.map((r) => [r.query, ...r.counts, r.total])
  const totals: Cell[] = ['TOTAL MENTIONS', ...d.brands.map((b) => b.total), d.grandTotal]
  const percents: Cell[] = ['Share of mentions %', ...d.percents, d.grandTotal > 0 ? 100 : 0]
  return { fileName: `brand-mentions-by-query-${date}.xlsx`, sheets: [{ name: 'Mentions by Query', rows: [header, ...rows, totals, percents] }] }
}

export function sentimentWorkbook(d: SentimentData, date: string): WorkbookSpec {
  const header: Cell[] = ['Brand', 'Your Brand', 'Positive %', 'Neutral %', 'Negative %', 'Average Sentiment', 'Label', 'Sentences', 'Positive Words', 'Negative Words']
  const lang = d.sentimentUnavailable
  const rows: Cell[][] = d.rows.map((r) =>
    lang
      ? [r.name, r.isOwn ? 'Yes' : 'No', null, null, null, null, sentimentNotAvailable(lang), null, null, null]
      : [r.name, r.isOwn ? 'Yes' : 'No', r.positive, r.neutral, r.negative, r.score, r.label, r.mentions, r.positiveWords.join(', '), r.negativeWords.join(', ')],
  )
  return { fileName: `brand-sentiment-analysis-${date}.xlsx`, sheets: [{ name: 'Sentiment', rows: [header, ...rows] }] }
}

export function sentimentDetailWorkbook(d: SentimentDetailData, date: string, modelNameOf: (id: number) => string): WorkbookSpec {
  const header: Cell[] = ['Brand', 'Query', 'Model', 'Polarity', 'Statement', 'Indicator Words', 'Score']
  const rows: Cell[][] = []
  if (d.sentimentUnavailable) rows.push([d.brand, null, null, null, `Sentiment ${sentimentNotAvailable(d.sentimentUnavailable)}`, null, null])
  else
    for (const c of d.cards)
      for (const s of c.statements) rows.push([d.brand, c.query, modelNameOf(s.modelId), s.polarity, s.text, s.words.join(', '), s.score])
  return { fileName: `sentiment-detail-analysis-${date}.xlsx`, sheets: [{ name: 'Sentiment Detail', rows: [header, ...rows] }] }
}

export function overviewWorkbook(d: OverviewData, date: string): WorkbookSpec {
  const header: Cell[] = ['Brand', 'Your Brand', 'Mentions', 'Mention Share %', 'Avg Rank', 'Positive %', 'Neutral %', 'Negative %']
  const rows: Cell[][] = d.brands.map((b) => [
    b.name, b.isOwn ? 'Yes' : 'No', b.mentions, b.share, rankCell(b.rank),
    ...(d.sentimentUnavailable ? [null, null, null] : [b.sentiment.positive, b.sentiment.neutral, b.sentiment.negative]),
  ])
  const summary: Cell[][] = [
    ['Metric', 'Value'],
    ['Total Mentions', d.summary.totalMentions],
    ['Brands with Mentions', d.summary.brandsWithMentions],
    ['Avg Ranking', rankCell(d.summary.averageRank)],
    ['Brands Ranked', d.summary.brandsRanked],
  ]
  return {
    fileName: `brand-analysis-overview-${date}.xlsx`,
    sheets: [
      { name: 'Brand Overview', rows: [header, ...rows] },
      { name: 'Summary', rows: summary },
    ],
  }
}

export function groupWorkbook(d: GroupData, date: string): WorkbookSpec {
  const kind = d.tab === 'topics' ? 'Topic' : 'Audience'
  const header: Cell[] = [kind, 'Brand', 'Your Brand', 'Market Share %', 'Avg Rank']
  const rows: Cell[][] = []
  for (const g of d.groups) d.brands.forEach((b, i) => rows.push([g.group, b.name, b.isOwn ? 'Yes' : 'No', g.shares[i], rankCell(g.ranks[i])]))
  return {
    fileName: `${kind.toLowerCase()}-brand-performance-${date}.xlsx`,
    sheets: [{ name: `${kind} Performance`, rows: [header, ...rows] }],
  }
}

/** The Query Rank table as the screen shows it, its AI search volume column included (when the screen has one). */
export function queryRankRows(d: QueryRankData): Cell[][] {
  const v = d.volume
  const header: Cell[] = ['Query', ...d.modelIds.map(modelColumn), 'Combined Avg', 'Visibility %', ...(v ? [volumeExportHeader(v)] : [])]
  return [
    header,
    ...d.rows.map((r) => [r.query, ...d.modelIds.map((id) => rankCell(r.byModel[id])), rankCell(r.combined), r.visibility, ...(v ? [volumeExportCell(v, r.volume)] : [])]),
  ]
}

export function queryRankFileBase(projectName: string, brand: string | null, date: string): string {
  return `${slug(projectName)}-query-rank-${slug(brand ?? 'brand')}-${date}`
}

export function queryRankWorkbook(d: QueryRankData, projectName: string, date: string): WorkbookSpec {
  return { fileName: `${queryRankFileBase(projectName, d.brand, date)}.xlsx`, sheets: [{ name: 'Query Rank', rows: queryRankRows(d) }] }
}

// Text formats: the shared rule of app/domain/spreadsheet/cells.ts.
export { toCsv, toTsv }

// ------------------------------------------------------------------ xlsx

/** The parts of the xlsx module used here (so callers pass `await import('xlsx')`). */
export interface XlsxModule {
  utils: {
    book_new(): any
    aoa_to_sheet(rows: Cell[][]): any
    book_append_sheet(wb: any, ws: any, name: string): void
  }
}

export function workbookFromSpec(XLSX: XlsxModule, spec: WorkbookSpec): any {
  const wb = XLSX.utils.book_new()
  for (const s of spec.sheets) {
    const ws = XLSX.utils.aoa_to_sheet(sheetRows(s.rows))
    const widths = s.rows[0]?.map((_, i) => ({ wch: Math.min(60, Math.max(8, ...s.rows.map((r) => String(r[i] ?? '').length + 2))) }))
    if (widths) ws['!cols'] = widths
    XLSX.utils.book_append_sheet(wb, ws, s.name.slice(0, 31))
  }
  return wb
}
