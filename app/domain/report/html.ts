/**
 * The report as one self-contained HTML page: Chromium prints it to PDF and the share link serves it as
 * a web page. Cover, executive summary, charts, then the tables as appendix. No script and no external request:
 * the charts are inline SVG and a logo is a data: URL. Every text is escaped. Right-to-left project languages lay
 * the page out rtl; the font list names Debian's Noto fonts (installed by the start command) for CJK, Arabic and
 * Hebrew, so no glyph falls back to a box.
 */
import type { Report, ReportTable } from './index'
import type { SummarySection } from './summary-text'
import type { SummaryNote } from './rewrite'

export interface ReportBrandingView {
  companyName: string | null
  /** data:image/png;base64,… (validated on upload). */
  logo: string | null
  primaryColour: string
  accentColour: string
  footerText: string | null
  /** White label: no word of this product's name. */
  hideProductName: boolean
}

export interface ReportDocument {
  lang: 'en' | 'de' | 'ja'
  rtl: boolean
  title: string
  cover: [string, string][]
  summaryHeading: string
  summary: SummarySection[]
  /** Says a model rewrote the summary's wording, or that its rewrite was refused. */
  summaryNote?: SummaryNote | null
  chartsHeading: string
  charts: { key: string; title: string; svg: string; caption?: string[] }[]
  /** Heading of the experiments' charts (key 'experiment'), shown when there are any. */
  experimentsHeading?: string
  appendixHeading: string
  branding: ReportBrandingView
}

export const PRODUCT_NAME = 'AI Brand Visibility'
export const DEFAULT_BRANDING: ReportBrandingView = { companyName: null, logo: null, primaryColour: '#111827', accentColour: '#d92d20', footerText: null, hideProductName: false }

const NA = 'N/A'
export const esc = (s: unknown) => String(s ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

function tableHtml(t: ReportTable): string {
  // A column of numbers (and N/A) is right-aligned, its header too.
  const numeric = t.header.map((_, i) => t.rows.length > 0 && t.rows.every((r) => typeof r[i] === 'number' || r[i] === NA || r[i] === null))
  const head = t.header.map((h, i) => `<th${numeric[i] ? ' class="num"' : ''}>${esc(h)}</th>`).join('')
  const body = t.rows
    .map((row) => `<tr>${row.map((c) => `<td${typeof c === 'number' || c === NA ? ' class="num"' : ''}>${esc(c ?? '')}</td>`).join('')}</tr>`)
    .join('')
  return `<section${t.header.length <= 2 ? ' class="narrow"' : ''}><h2>${esc(t.title)}</h2>${t.note ? `<p class="note">${esc(t.note)}</p>` : ''}<table><thead><tr>${head}</tr></thead><tbody>${body || `<tr><td colspan="${t.header.length}">No data</td></tr>`}</tbody></table></section>`
}

const FONTS: Record<ReportDocument['lang'], string> = {
  en: '"Noto Sans","DejaVu Sans","Noto Sans Arabic","Noto Sans Hebrew","Noto Sans CJK JP",sans-serif',
  de: '"Noto Sans","DejaVu Sans","Noto Sans Arabic","Noto Sans Hebrew","Noto Sans CJK JP",sans-serif',
  ja: '"Noto Sans CJK JP","Noto Sans","DejaVu Sans","Noto Sans Arabic",sans-serif',
}

const colour = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback)

function styles(doc: ReportDocument | null): string {
  const b = doc?.branding ?? DEFAULT_BRANDING
  const primary = colour(b.primaryColour, DEFAULT_BRANDING.primaryColour)
  const accent = colour(b.accentColour, DEFAULT_BRANDING.accentColour)
  return `@page{size:A4 landscape;margin:12mm 10mm 14mm}
body{font-family:${FONTS[doc?.lang ?? 'en']};color:#111;font-size:10px;line-height:1.45;margin:0;padding-bottom:16px}
h1{font-size:22px;margin:0 0 8px;color:${primary}}h2{font-size:14px;margin:18px 0 4px;break-after:avoid;color:${primary}}
h3{font-size:12px;margin:10px 0 2px;color:${accent}}
.cover{break-after:page}.cover table{font-size:12px}.cover th{text-align:start;padding:4px 16px 4px 0;color:#444;font-weight:600;vertical-align:top;white-space:nowrap}
.cover .logo{max-height:60px;max-width:240px;display:block;margin:0 0 16px}.cover .by{color:#555;margin:0 0 14px}
.summary{break-after:page}.summary p{margin:0 0 3px;font-size:11px}.summary .summary-note{color:#555;font-style:italic;margin:0 0 8px}
.charts{display:flex;flex-wrap:wrap;gap:10px 24px;break-after:page}.chart{break-inside:avoid}.chart h3{margin-bottom:4px}
.chart svg,.chart .recharts-wrapper{direction:ltr}.chart .caption{max-width:480px;margin:2px 0;font-size:10px}
.note{color:#555;margin:0 0 6px}
table{border-collapse:collapse;width:100%}thead{display:table-header-group}tr{break-inside:avoid}
section table th{background:#f3f4f6;text-align:start;padding:3px 6px;border-bottom:1px solid #9ca3af}
section table td{padding:2px 6px;border-bottom:1px solid #e5e7eb}td.num,th.num{text-align:end}
section.narrow table{width:auto;min-width:45%}
footer{position:fixed;bottom:0;left:0;right:0;font-size:8px;color:#6b7280;display:flex;justify-content:space-between}
@media screen{body{max-width:1100px;margin:24px auto;padding:0 16px}footer{position:static;margin:24px 0}}`
}

function coverHtml(r: Report, doc: ReportDocument | null): string {
  const b = doc?.branding ?? DEFAULT_BRANDING
  const rows = (doc ? doc.cover : r.cover.map(([k, v]) => [k, String(v ?? '')] as [string, string])).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')
  const logo = b.logo && /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(b.logo) ? `<img class="logo" alt="${esc(b.companyName ?? '')}" src="${b.logo}">` : ''
  const by = b.companyName ? `<p class="by">${esc(b.companyName)}</p>` : ''
  return `<div class="cover">${logo}<h1>${esc(doc?.title ?? r.title)}</h1>${by}<table>${rows}</table></div>`
}

function footerHtml(doc: ReportDocument | null): string {
  const b = doc?.branding ?? DEFAULT_BRANDING
  const left = b.footerText ?? b.companyName ?? ''
  const right = b.hideProductName ? '' : PRODUCT_NAME
  return left || right ? `<footer><span>${esc(left)}</span><span>${esc(right)}</span></footer>` : ''
}

/** The printable report; with a document (summary, charts, branding), the full report. */
export function reportHtml(r: Report, doc: ReportDocument | null = null): string {
  const summary = doc
    ? `<div class="summary"><h2>${esc(doc.summaryHeading)}</h2>${doc.summaryNote ? `<p class="summary-note" data-summary-note="${esc(doc.summaryNote.kind)}">${esc(doc.summaryNote.text)}</p>` : ''}${doc.summary.map((s) => `<h3>${esc(s.heading)}</h3>${s.sentences.map((x) => `<p>${esc(x)}</p>`).join('')}`).join('')}</div>`
    : ''
  // Chart SVG is recharts' own markup from figures, never user HTML: brand names inside it are escaped by React.
  const chart = (c: ReportDocument['charts'][number]) =>
    `<div class="chart" data-chart="${esc(c.key)}"><h3>${esc(c.title)}</h3>${c.svg}${(c.caption ?? []).map((x) => `<p class="caption">${esc(x)}</p>`).join('')}</div>`
  const plain = doc?.charts.filter((c) => c.key !== 'experiment') ?? []
  const experiments = doc?.charts.filter((c) => c.key === 'experiment') ?? []
  const charts =
    (plain.length ? `<h2>${esc(doc!.chartsHeading)}</h2><div class="charts">${plain.map(chart).join('')}</div>` : '') +
    (experiments.length ? `<section class="experiments" data-section="experiments"><h2>${esc(doc!.experimentsHeading ?? 'Experiments')}</h2><div class="charts">${experiments.map(chart).join('')}</div></section>` : '')
  const appendix = doc ? `<h2>${esc(doc.appendixHeading)}</h2>` : ''
  const title = doc?.title ?? r.title
  return `<!doctype html><html lang="${doc?.lang ?? 'en'}" dir="${doc?.rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>${styles(doc)}</style></head><body>
${footerHtml(doc)}
${coverHtml(r, doc)}
${summary}
${charts}
${appendix}
${doc ? tableHtml({ sheet: 'Cover', title: 'Report details', header: ['Field', 'Value'], rows: r.cover, inPdf: true }) : ''}
${r.tables.filter((t) => t.inPdf).map(tableHtml).join('\n')}
</body></html>`
}
