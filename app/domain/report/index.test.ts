import * as XLSX from 'xlsx'
import { buildReport, MAX_CELL_TEXT, reportFileName, reportHtml, reportQuerySchema, reportWorkbook, slug, type ReportInput } from './index'

const EVIL = '<img src=x onerror=alert(1)>'

function input(over: Partial<ReportInput> = {}): ReportInput {
  const brands = [
    { name: 'Acme', isOwn: true },
    { name: EVIL, isOwn: false },
  ]
  return {
    project: { name: 'Café Déjà Vu / Q3', brandName: 'Acme', marketDescription: 'anvils', marketRegion: '', language: 'en-GB' },
    analysis: { id: 7, date: '2025-01-31', completedAt: null },
    modelIds: [8],
    counts: { queries: 1, answered: 1, attempted: 2, samplesPerQuery: 1 },
    filters: { model: 'All Models', topic: 'Price', audience: null },
    generatedAt: '2025-02-01T00:00:00.000Z',
    demoMode: false,
    overview: {
      tab: 'overview',
      brands: brands.map((b, i) => ({ ...b, mentions: 2 - i, share: i === 0 ? 66.7 : 33.3, rank: i === 0 ? 1 : null, sentiment: { positive: 50, neutral: 50, negative: 0, mentions: 2 } })),
      summary: { totalMentions: 3, brandsWithMentions: 2, averageRank: 1, brandsRanked: 1 },
      ownRankPosition: 1,
      hasAnswers: true,
    },
    share: { tab: 'share-of-model', modelIds: [8], rows: brands.map((b) => ({ ...b, byModel: { 8: 50 }, combined: 50 })), hasData: true },
    brandRank: { tab: 'brand-rank', modelIds: [8], rows: brands.map((b) => ({ ...b, byModel: { 8: null }, combined: null, visibility: 0 })), queryCounts: { included: 1, total: 1 }, filtered: false, hasAnswers: true },
    queryRank: [{ tab: 'ranking-detail', modelIds: [8], brands, brand: 'Acme', rows: [{ queryIndex: 0, query: 'best anvil', topic: null, byModel: { 8: 2 }, combined: 2, visibility: 17 }], queryCount: 1, hasAnswers: true }],
    mentions: { tab: 'mentions', brands: brands.map((b) => ({ ...b, total: 1 })), rows: [{ queryIndex: 0, query: 'best anvil', counts: [1, 1], total: 2 }], percents: [50, 50], grandTotal: 2, hasAnswers: true },
    sentiment: { tab: 'sentiment', rows: [], hasAnswers: true },
    sentimentDetail: [],
    topics: null,
    audiences: null,
    discovered: null,
    answers: [{ query: 'best anvil', modelId: 8, sample: 1, answered: true, text: 'x'.repeat(MAX_CELL_TEXT + 10), error: null, mentions: { Acme: 1, Other: 0 }, rankings: { Acme: 2 }, citations: 0 }],
    ...over,
  }
}

describe('report', () => {
  it('names the file after the project and the analysis date', () => {
    const r = buildReport(input())
    expect(reportFileName(r, 'pdf')).toBe('cafe-deja-vu-q3-report-2025-01-31.pdf')
    expect(slug('   ')).toBe('project')
  })

  it('writes ranks as N/A, unknown models empty, and says which filters apply', () => {
    const r = buildReport(input())
    expect(Object.fromEntries(r.cover)).toMatchObject({ Region: 'Not set', Filters: 'All Models, topic Price', Models: 'ChatGPT 5', 'Answers (n)': 1, 'Calls made': 2 })
    expect(r.tables.find((t) => t.sheet === 'Brand Rank')!.rows[0]).toEqual(['Acme', 'Yes', 'N/A', 'N/A', 0])
    const answers = r.tables.find((t) => t.sheet === 'Answers')!.rows[0]
    expect(answers[4]).toBe('Acme: 1')
    expect(String(answers[7]).length).toBeLessThan(32_767)
    expect(String(answers[7])).toMatch(/\[cut at 32000 characters\]$/)
  })

  it('Query Rank carries the AI search volume column: "no volume source configured" without a source, never zeros', () => {
    const qr = input().queryRank[0]
    const none = buildReport(input({ queryRank: [{ ...qr, volume: { status: 'not_configured', message: 'no volume source configured' } }] }))
    const own = none.tables.find((t) => t.sheet === 'Query Rank (own brand)')!
    expect(own.header.at(-1)).toBe('AI search volume / month')
    expect(own.rows).toEqual([['best anvil', 2, 2, 17, 'no volume source configured']])
    expect(reportHtml(none)).toContain('no volume source configured')
    const source = { provider: 'DataForSEO', simulated: true, month: '2026-09', location: 'Germany', languageCode: 'de' }
    const weighted = { unweighted: 17, weighted: 17, queries: 1, withoutEstimate: 0, withoutEstimateShare: 0, note: 'Every query has a volume estimate.' }
    const ready = buildReport(input({ queryRank: [{ ...qr, rows: [{ ...qr.rows[0], volume: { rounded: 4500, label: '≈4.5k', history: [] } }], volume: { status: 'ready', source, weighted } }] }))
    const all = ready.tables.find((t) => t.sheet === 'Query Rank')!
    expect(all.header.at(-1)).toBe('AI search volume / month, rounded (DataForSEO, simulated, Sep 2026, Germany)')
    expect(all.rows).toEqual([['Acme', 'best anvil', 2, 2, 17, 4500]])
    expect(ready.tables.find((t) => t.sheet === 'Query Rank (own brand)')!.note).toBe('Demand-weighted visibility 17 % (unweighted 17 %). Every query has a volume estimate.')
  })

  it('escapes every text in the printed HTML and carries no script', () => {
    const html = reportHtml(buildReport(input()))
    expect(html).not.toContain(EVIL)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toMatch(/<script|<img|<link|https?:\/\//i)
    // The Answers and all-brands Query Rank tables are workbook-only.
    expect(html).not.toContain('<h2>Answers</h2>')
  })

  it('gives the workbook a cover and one sheet per table with sheet names within 31 characters', () => {
    const r = buildReport(input())
    const wb = reportWorkbook(XLSX, r)
    expect(wb.SheetNames[0]).toBe('Cover')
    expect(wb.SheetNames.slice(1)).toEqual(r.tables.map((t) => t.sheet))
    expect(wb.SheetNames.every((n: string) => n.length <= 31)).toBe(true)
  })

  it('accepts pdf, xlsx, pptx and html (the web page) only', () => {
    expect(reportQuerySchema.parse({}).format).toBe('pdf')
    expect(reportQuerySchema.parse({ format: 'pptx' }).format).toBe('pptx')
    expect(reportQuerySchema.safeParse({ format: 'docx' }).success).toBe(false)
  })

  it('filters go through the shared text primitive: trimmed, bounded, no control characters', () => {
    expect(reportQuerySchema.parse({ model: ' gpt41 ', topic: '  Price ' })).toMatchObject({ model: 'gpt41', topic: 'Price' })
    expect(reportQuerySchema.safeParse({ topic: 'a\u0000b' }).error?.issues[0].message).toBe('topic must not contain control characters')
    expect(reportQuerySchema.safeParse({ audience: 'x'.repeat(301) }).error?.issues[0].message).toBe('audience must be at most 300 characters')
    expect(reportQuerySchema.safeParse({ model: 'm'.repeat(41) }).success).toBe(false)
  })

  it('sentiment not measured in the project language is written as empty cells and "not available", never 0/0/0 or neutral', () => {
    const sentiment = {
      tab: 'sentiment' as const,
      rows: [{ name: 'Acme', isOwn: true, positive: 0, neutral: 0, negative: 0, score: 0, label: 'neutral' as const, mentions: 0, positiveWords: [], negativeWords: [] }],
      hasAnswers: true,
      sentimentUnavailable: 'Swahili',
    }
    const base = input()
    const r = buildReport(input({ sentiment, overview: { ...base.overview, sentimentUnavailable: 'Swahili' } }))
    expect(Object.fromEntries(r.cover).Sentiment).toBe('Not available in Swahili')
    const overview = r.tables.find((t) => t.sheet === 'Overview')!
    expect(overview.rows[0]).toEqual(['Acme', 'Yes', 2, 66.7, 1, null, null, null])
    const s = r.tables.find((t) => t.sheet === 'Sentiment')!
    expect(s.rows).toEqual([['Acme', 'Yes', null, null, null, null, 'not available in Swahili', null, null, null]])
    expect(s.note).toBe('Sentiment not available in Swahili: its cells are empty.')
    // the workbook holds the same empty cells; the PDF prints no "neutral"
    const wb = reportWorkbook(XLSX, r)
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['Sentiment'], { header: 1, defval: null })
    expect(rows[rows.length - 1]).toEqual(['Acme', 'Yes', null, null, null, null, 'not available in Swahili', null, null, null])
    const html = reportHtml(r)
    expect(html).toContain('not available in Swahili')
    expect(html).not.toContain('>neutral<')
    // measured sentiment is written as before
    expect(buildReport(input()).tables.find((t) => t.sheet === 'Overview')!.rows[0]).toEqual(['Acme', 'Yes', 2, 66.7, 1, 50, 50, 0])
  })
})

describe('report workbook: formula injection (OWASP)', () => {
  it('writes text that starts with = + - @ tab or CR with a leading quote, read back as text, never a formula', () => {
    const evil = ['=HYPERLINK("https://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']
    const brands = evil.map((name, i) => ({ name, isOwn: i === 0 }))
    const base = input()
    const r = buildReport(input({ mentions: { ...base.mentions, brands: brands.map((b) => ({ ...b, total: 1 })), rows: [], percents: [], grandTotal: 0 } }))
    const bytes = XLSX.write(reportWorkbook(XLSX, r), { bookType: 'xlsx', type: 'buffer' })
    const wb = XLSX.read(bytes, { type: 'buffer', cellFormula: true })
    const cells = Object.values(wb.Sheets).flatMap((ws) => Object.entries(ws).filter(([k]) => !k.startsWith('!')).map(([, c]) => c as XLSX.CellObject))
    expect(cells.filter((c) => c.f !== undefined)).toEqual([])
    const texts = cells.filter((c) => c.t === 's').map((c) => String(c.v))
    for (const e of evil) expect(texts.some((t) => t.includes(`'${e}`))).toBe(true)
    // Numbers stay numbers: a negative figure is not text.
    expect(texts.some((t) => /^[=+\-@\t\r]/.test(t))).toBe(false)
  })
})
