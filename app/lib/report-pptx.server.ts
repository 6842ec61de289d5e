/**
 * The report as a PowerPoint deck for people who edit decks: pptxgenjs, with native (editable)
 * charts rather than pictures of them. The same cover, summary and figures as the PDF; the appendix carries the
 * PDF's summary tables (the workbook holds every table).
 */
import PptxGenJS from 'pptxgenjs'
import { modelById } from '../domain/models'
import { OWN_TREND_COLOUR, TREND_PALETTE } from '../domain/trends'
import { PRODUCT_NAME } from '../domain/report/html'
import { WORDS } from '../domain/report/summary-text'
import { EXPERIMENT_WORDS, experimentCaption } from '../domain/report/experiments'
import type { Report } from '../domain/report'
import type { ReportExtras } from './report-document.server'

const hex = (c: string) => c.replace('#', '').toUpperCase()
const FONT = { ja: 'Noto Sans CJK JP', de: 'Noto Sans', en: 'Noto Sans' } as const
const APPENDIX = ['Summary', 'Overview', 'Share of Model', 'Brand Rank']

export async function reportPptx(report: Report, extras: ReportExtras): Promise<Uint8Array> {
  const { doc, charts } = extras
  const w = WORDS[doc.lang]
  const pptx = new PptxGenJS()
  pptx.layout = 'LAYOUT_WIDE'
  pptx.rtlMode = doc.rtl
  pptx.title = doc.title
  pptx.company = doc.branding.companyName ?? (doc.branding.hideProductName ? '' : PRODUCT_NAME)
  const fontFace = FONT[doc.lang]
  const primary = hex(doc.branding.primaryColour)
  const footer = [doc.branding.footerText ?? doc.branding.companyName ?? '', doc.branding.hideProductName ? '' : PRODUCT_NAME].filter(Boolean).join(' · ')
  const slide = (title: string) => {
    const s = pptx.addSlide()
    s.addText(title, { x: 0.5, y: 0.3, w: 12.3, h: 0.6, fontSize: 24, bold: true, color: primary, fontFace })
    if (footer) s.addText(footer, { x: 0.5, y: 7.0, w: 12.3, h: 0.3, fontSize: 9, color: '6B7280', fontFace })
    return s
  }

  const cover = slide(doc.title)
  if (doc.branding.logo) cover.addImage({ data: doc.branding.logo, x: 10.8, y: 0.2, w: 2, h: 0.8, sizing: { type: 'contain', w: 2, h: 0.8 } })
  cover.addTable(doc.cover.map(([k, v]) => [{ text: k, options: { bold: true } }, { text: v }]), { x: 0.5, y: 1.2, w: 12.3, colW: [3, 9.3], fontSize: 12, fontFace, valign: 'top' })

  // The summary, two sections a slide so the text stays legible.
  for (let i = 0; i < doc.summary.length; i += 2) {
    const s = slide(doc.summaryHeading)
    const parts: PptxGenJS.TextProps[] = doc.summary.slice(i, i + 2).flatMap((sec) => [
      { text: sec.heading, options: { bold: true, fontSize: 15, color: hex(doc.branding.accentColour), breakLine: true } },
      ...sec.sentences.map((t) => ({ text: t, options: { fontSize: 13, bullet: true, breakLine: true } })),
    ])
    if (i === 0 && doc.summaryNote) parts.unshift({ text: doc.summaryNote.text, options: { fontSize: 11, italic: true, color: '6B7280', breakLine: true } })
    s.addText(parts, { x: 0.5, y: 1.1, w: 12.3, h: 5.7, valign: 'top', fontFace })
  }

  const chartSlide = (title: string, type: PptxGenJS.CHART_NAME, data: PptxGenJS.OptsChartData[], opts: PptxGenJS.IChartOpts) =>
    slide(title).addChart(type, data, { x: 0.5, y: 1.1, w: 12.3, h: 5.7, fontFace, showLegend: data.length > 1, legendPos: 'b', catAxisLabelFontFace: fontFace, ...opts })
  const brands = charts.brands.slice(0, 10)
  if (brands.length) {
    let c = 0
    chartSlide(w.charts.share, pptx.ChartType.bar, [{ name: w.charts.share, labels: brands.map((b) => b.name), values: brands.map((b) => b.share) }], {
      barDir: 'bar', showValue: true, valAxisMaxVal: 100, chartColors: brands.map((b) => hex(b.isOwn ? OWN_TREND_COLOUR : TREND_PALETTE[c++ % TREND_PALETTE.length])),
    })
  }
  const ranked = charts.rankByEngine.filter((r) => r.own !== null || r.rival !== null)
  if (ranked.length) {
    const labels = ranked.map((r) => modelById(r.modelId)?.column ?? String(r.modelId))
    const own = brands.find((b) => b.isOwn)?.name ?? ''
    const data = [{ name: own, labels, values: ranked.map((r) => r.own ?? 0) }]
    if (charts.rivalName) data.push({ name: charts.rivalName, labels, values: ranked.map((r) => r.rival ?? 0) })
    chartSlide(w.charts.rankByEngine, pptx.ChartType.bar, data, { barDir: 'col', showValue: true, chartColors: [hex(OWN_TREND_COLOUR), hex(TREND_PALETTE[0])] })
  }
  if (charts.trend.length > 1) {
    const labels = charts.trend.map((t) => t.date)
    chartSlide(w.charts.trend, pptx.ChartType.line, [
      { name: brands.find((b) => b.isOwn)?.name ?? '', labels, values: charts.trend.map((t) => t.share) },
      { name: `${w.charts.band} ↓`, labels, values: charts.trend.map((t) => t.low) },
      { name: `${w.charts.band} ↑`, labels, values: charts.trend.map((t) => t.high) },
    ], { valAxisMaxVal: 100, chartColors: [hex(OWN_TREND_COLOUR), 'F4A29B', 'F4A29B'], lineDataSymbol: 'none' })
  }
  if (charts.sentiment?.length) {
    const rows = charts.sentiment.slice(0, 10)
    const labels = rows.map((r) => r.name)
    chartSlide(w.charts.sentiment, pptx.ChartType.bar, [
      { name: w.charts.positive, labels, values: rows.map((r) => r.positive) },
      { name: w.charts.neutral, labels, values: rows.map((r) => r.neutral) },
      { name: w.charts.negative, labels, values: rows.map((r) => r.negative) },
    ], { barDir: 'bar', barGrouping: 'percentStacked', chartColors: ['15803D', '6B7280', 'DC2626'] })
  }
  if (charts.sources.length) {
    const rows = charts.sources.slice(0, 8)
    chartSlide(w.charts.sources, pptx.ChartType.bar, [{ name: w.charts.sources, labels: rows.map((r) => r.domain), values: rows.map((r) => r.citations) }], {
      barDir: 'bar', showValue: true, chartColors: [hex(TREND_PALETTE[1])],
    })
  }
  // Each experiment: treated versus control before and after (native columns), its estimate and test beneath.
  const xw = EXPERIMENT_WORDS[doc.lang]
  for (const x of charts.experiments ?? []) {
    const s = slide(`${xw.heading}: ${xw.title(x.description, x.changeDate)}`)
    const labels = [xw.before, xw.after]
    if ([x.treated, x.control].some((g) => g.before !== null || g.after !== null)) {
      s.addChart(pptx.ChartType.bar, [
        { name: xw.treated, labels, values: [x.treated.before ?? 0, x.treated.after ?? 0] },
        { name: xw.control, labels, values: [x.control.before ?? 0, x.control.after ?? 0] },
      ], { x: 0.5, y: 1.1, w: 7.3, h: 5.7, fontFace, barDir: 'col', showValue: true, valAxisMaxVal: 100, showLegend: true, legendPos: 'b', chartColors: [hex(OWN_TREND_COLOUR), hex(TREND_PALETTE[0])] })
    }
    s.addText(experimentCaption(x, doc.lang).map((t) => ({ text: t, options: { fontSize: 13, breakLine: true, paraSpaceAfter: 6 } })), { x: 8.0, y: 1.1, w: 4.8, h: 5.7, valign: 'top', fontFace })
  }

  for (const t of report.tables.filter((x) => APPENDIX.includes(x.sheet))) {
    const rows = [t.header, ...t.rows.slice(0, 14)].map((r) => r.map((c) => ({ text: c === null || c === undefined ? '' : String(c) })))
    slide(`${w.heading.appendix}: ${t.title}`).addTable(rows, { x: 0.5, y: 1.1, w: 12.3, fontSize: 10, fontFace, border: { type: 'solid', pt: 0.5, color: 'D1D5DB' }, autoPage: false })
  }
  const out = await pptx.write({ outputType: 'nodebuffer' })
  return new Uint8Array(out as Buffer)
}
