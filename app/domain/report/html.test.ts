import { DEFAULT_BRANDING, PRODUCT_NAME, reportHtml, type ReportDocument } from './html'
import type { Report } from './index'

const report: Report = { title: 'AI brand visibility report: Acme', fileBase: 'acme-report-2025-01-31', cover: [['Project', 'Acme']], tables: [] }
const doc = (over: Partial<ReportDocument> = {}): ReportDocument => ({
  lang: 'en', rtl: false, title: 'AI brand visibility report: <b>Acme</b>', cover: [['Brand', 'مرحبا']], summaryHeading: 'Executive summary',
  summary: [{ heading: 'Where the brand stands', sentences: ['Acme holds 40% <script>'] }], chartsHeading: 'Charts',
  charts: [{ key: 'share', title: 'Share of mentions', svg: '<svg width="10" height="10"></svg>' }], appendixHeading: 'Appendix: tables',
  branding: DEFAULT_BRANDING, ...over,
})

describe('the report page', () => {
  it('escapes every text, keeps the chart SVG, and names our product unless white-labelled', () => {
    const html = reportHtml(report, doc())
    expect(html).toContain('Acme holds 40% &lt;script&gt;')
    expect(html).toContain('AI brand visibility report: &lt;b&gt;Acme&lt;/b&gt;')
    expect(html).toContain('<svg width="10" height="10"></svg>')
    expect(html).toContain(PRODUCT_NAME)
    expect(html).not.toMatch(/<script/i)
    const white = reportHtml(report, doc({ branding: { ...DEFAULT_BRANDING, companyName: 'Northwind', footerText: 'Confidential', hideProductName: true } }))
    expect(white).not.toContain(PRODUCT_NAME)
    expect(white).toContain('<footer><span>Confidential</span>')
  })

  it('lays right-to-left languages out rtl, and inlines only a checked data: logo', () => {
    const rtl = reportHtml(report, doc({ rtl: true }))
    expect(rtl).toContain('dir="rtl"')
    // Charts keep left-to-right axes (their labels are anchored for it); the text inside still shapes right-to-left.
    expect(rtl).toContain('.chart svg,.chart .recharts-wrapper{direction:ltr}')
    const png = 'data:image/png;base64,iVBORw0KGgo='
    expect(reportHtml(report, doc({ branding: { ...DEFAULT_BRANDING, logo: png } }))).toContain(`src="${png}"`)
    expect(reportHtml(report, doc({ branding: { ...DEFAULT_BRANDING, logo: 'https://evil.example/x.png' } }))).not.toContain('evil.example')
  })
})
