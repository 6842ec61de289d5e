import * as XLSX from 'xlsx'
import type { QueryRankData } from '~/domain/results/types'
import type { QueryVolume } from '~/domain/volume'
import { aggregateAnalysis, aggregateByGroup, type AnswerForMetrics, type BrandDef } from '~/domain/metrics'
import { round1 } from '~/domain/metrics/colours'
import {
  brandRankWorkbook, groupWorkbook, mentionsWorkbook, overviewWorkbook, queryRankRows, queryRankWorkbook, sentimentDetailWorkbook,
  sentimentWorkbook, shareWorkbook, toCsv, toTsv, workbookFromSpec, type WorkbookSpec,
} from './export-sheets'
import { brandRankView, groupView, mentionsView, overviewView, queryRankView, sentimentDetailView, sentimentView, shareView } from '~/domain/results/view'

const brands: BrandDef[] = [
  { name: 'Acme', alternativeNames: [], domains: [], isOwn: true },
  { name: 'Beta Corp', alternativeNames: [], domains: [] },
  { name: 'Gamma', alternativeNames: [], domains: [] },
]

const answer = (modelId: number, queryIndex: number, text: string, ok = true): AnswerForMetrics => ({
  modelId,
  queryIndex,
  query: queryIndex === 0 ? 'best running shoes for beginners' : 'most durable trail shoes',
  sample: 1,
  text,
  ok,
  topic: queryIndex === 0 ? 'Pricing' : 'Quality',
  audience: null,
})

// Hand-counted: Acme 2+1+1 = 4 mentions, Beta Corp 1+1 = 2, Gamma 1+1+1 = 3; 9 in all.
const answers: AnswerForMetrics[] = [
  answer(3, 0, 'Here are the options:\n1. Acme - excellent and reliable.\n2. Beta Corp - good value.\n3. Gamma - has some issues.\n\nAcme is popular with runners.'),
  answer(8, 0, '1. Beta Corp is a great pick.\n2. Acme is a good choice.\n\nGamma is also sold widely.'),
  answer(3, 1, 'Gamma is the leader for durability. Acme is expensive for most new runners.'),
  answer(8, 1, '', false),
]

const m = aggregateAnalysis(answers, brands)
const DATE = '2025-03-07'

/** Writes the workbook to xlsx bytes and reads it back, as a spreadsheet program would. */
function roundTrip(spec: WorkbookSpec) {
  const bytes = XLSX.write(workbookFromSpec(XLSX, spec), { bookType: 'xlsx', type: 'buffer' })
  const wb = XLSX.read(bytes, { type: 'buffer' })
  const sheet = (name: string) => XLSX.utils.sheet_to_json<(string | number)[]>(wb.Sheets[name], { header: 1, defval: null })
  return { names: wb.SheetNames, sheet }
}

describe('results exports', () => {
  it('has the hand-counted numbers in the metrics it is built from', () => {
    expect(m.byBrand['Acme'].mentions.total).toBe(4)
    expect(m.byBrand['Beta Corp'].mentions.total).toBe(2)
    expect(m.byBrand['Gamma'].mentions.total).toBe(3)
    expect(m.summary.totalMentions).toBe(9)
  })

  it('Brand Rank: brand-rank-analysis-{date}.xlsx with ranks per model, Combined and Visibility %', () => {
    const view = brandRankView(m, false)
    const spec = brandRankWorkbook(view, DATE)
    expect(spec.fileName).toBe('brand-rank-analysis-2025-03-07.xlsx')
    const { names, sheet } = roundTrip(spec)
    expect(names).toEqual(['Brand Rank'])
    const rows = sheet('Brand Rank')
    expect(rows[0]).toEqual(['Brand', 'Your Brand', 'Claude 4', 'Perplexity', 'Gemini 2.0', 'ChatGPT 5', 'Grok-4', 'DeepSeek', 'Combined', 'Visibility %'])
    expect(rows[1][0]).toBe('Acme')
    expect(rows[1][1]).toBe('Yes')
    for (const row of rows.slice(1)) {
      const b = m.byBrand[row[0] as string]
      expect(row[2]).toBe(b.rank.byModel[3] ?? 'N/A')
      expect(row[5]).toBe(b.rank.byModel[8] ?? 'N/A')
      expect(row[3]).toBe('N/A') // Perplexity did not answer
      expect(row[8]).toBe(b.rank.combined ?? 'N/A')
      expect(row[9]).toBe(b.visibility)
    }
    // Acme: rank 1 (Claude) and 2 (ChatGPT 5) -> combined 1.5, seen by 2 of 6 models -> 33%.
    expect(rows[1].slice(8)).toEqual([1.5, 33])
  })

  it("Share of Model: share-of-model-heatmap-{date}.xlsx, sheet 'Share of Model', rows by combined share", () => {
    const { names, sheet } = roundTrip(shareWorkbook(shareView(m), DATE))
    expect(names).toEqual(['Share of Model'])
    const rows = sheet('Share of Model')
    expect(rows[0]).toEqual(['Brand', 'Your Brand', 'Claude 4', 'Perplexity', 'Gemini 2.0', 'ChatGPT 5', 'Grok-4', 'DeepSeek', 'Combined'])
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Acme', 'Gamma', 'Beta Corp'])
    expect(rows[1][8]).toBe(44.4) // 4 of 9
    for (const row of rows.slice(1)) {
      const b = m.byBrand[row[0] as string]
      expect(row[2]).toBe(round1(b.share.byModel[3]))
      expect(row[5]).toBe(round1(b.share.byModel[8]))
      expect(row[3]).toBeNull()
      expect(row[8]).toBe(round1(b.share.combined))
    }
  })

  it('Mentions: brand-mentions-by-query with own brand first, Total column and TOTAL MENTIONS row', () => {
    const spec = mentionsWorkbook(mentionsView(m), DATE)
    expect(spec.fileName).toBe('brand-mentions-by-query-2025-03-07.xlsx')
    const rows = roundTrip(spec).sheet('Mentions by Query')
    expect(rows[0]).toEqual(['Query', 'Acme (Your Brand)', 'Gamma', 'Beta Corp', 'Total'])
    expect(rows[1]).toEqual(['best running shoes for beginners', 3, 2, 2, 7])
    expect(rows[2]).toEqual(['most durable trail shoes', 1, 1, 0, 2])
    expect(rows[3]).toEqual(['TOTAL MENTIONS', 4, 3, 2, 9])
    expect(rows[4]).toEqual(['Share of mentions %', 44.4, 33.3, 22.2, 100])
  })

  it('Overview: brand-analysis-overview with the four tile values', () => {
    const view = overviewView(m)
    const { names, sheet } = roundTrip(overviewWorkbook(view, DATE))
    expect(names).toEqual(['Brand Overview', 'Summary'])
    expect(sheet('Summary')).toEqual([
      ['Metric', 'Value'],
      ['Total Mentions', 9],
      ['Brands with Mentions', 3],
      ['Avg Ranking', m.summary.averageRank ?? 'N/A'],
      ['Brands Ranked', m.summary.brandsRanked],
    ])
    const acme = sheet('Brand Overview')[1]
    expect(acme.slice(0, 5)).toEqual(['Acme', 'Yes', 4, 44.4, 1.5])
    expect(acme.slice(5)).toEqual([m.byBrand['Acme'].sentiment.positive, m.byBrand['Acme'].sentiment.neutral, m.byBrand['Acme'].sentiment.negative])
  })

  it('Sentiment and Sentiment Detail exports carry the sentiment module numbers', () => {
    const s = roundTrip(sentimentWorkbook(sentimentView(m), DATE))
    expect(s.names).toEqual(['Sentiment'])
    const rows = s.sheet('Sentiment')
    expect(rows[0].slice(0, 8)).toEqual(['Brand', 'Your Brand', 'Positive %', 'Neutral %', 'Negative %', 'Average Sentiment', 'Label', 'Sentences'])
    for (const row of rows.slice(1)) {
      const b = m.byBrand[row[0] as string].sentiment
      expect(row.slice(2, 8)).toEqual([b.positive, b.neutral, b.negative, b.score, b.label, b.mentions])
    }
    const detail = sentimentDetailView(m, 'Acme', 'all')
    const spec = sentimentDetailWorkbook(detail, DATE, (id) => `model ${id}`)
    expect(spec.fileName).toBe('sentiment-detail-analysis-2025-03-07.xlsx')
    const d = roundTrip(spec).sheet('Sentiment Detail')
    expect(d[0]).toEqual(['Brand', 'Query', 'Model', 'Polarity', 'Statement', 'Indicator Words', 'Score'])
    const statements = detail.cards.flatMap((c) => c.statements)
    expect(d.length - 1).toBe(statements.length)
    expect(statements.length).toBeGreaterThan(0)
    expect(d.slice(1).some((r) => r[3] === 'negative' && String(r[4]).includes('expensive'))).toBe(true)
  })

  it('sentiment not measured in the project language: empty cells and "not available in {language}", never 0/0/0 neutral', () => {
    // Swahili has no word list: the aggregate marks sentiment unavailable (name 'sw', the code, as it is no setup language)
    const sw = aggregateAnalysis([answer(3, 0, '1. Acme ni nzuri sana. 2. Gamma')], brands, { language: 'sw' })
    const overview = roundTrip(overviewWorkbook(overviewView(sw), DATE)).sheet('Brand Overview')
    expect(overview[1]).toEqual(['Acme', 'Yes', 1, 50, 1, null, null, null])
    const sentiment = roundTrip(sentimentWorkbook(sentimentView(sw), DATE)).sheet('Sentiment')
    for (const row of sentiment.slice(1)) expect(row.slice(2)).toEqual([null, null, null, null, 'not available in sw', null, null, null])
    expect(sentiment.slice(1).map((r) => r[0])).toContain('Acme')
    const detail = roundTrip(sentimentDetailWorkbook(sentimentDetailView(sw, 'Acme', 'all'), DATE, (id) => `model ${id}`)).sheet('Sentiment Detail')
    expect(detail.slice(1)).toEqual([['Acme', null, null, null, 'Sentiment not available in sw', null, null]])
  })

  it('Topics: topic-brand-performance with share and rank per topic', () => {
    const groups = aggregateByGroup(answers, brands, 'topic')
    const view = groupView('topics', m, groups, null)
    const spec = groupWorkbook(view, DATE)
    expect(spec.fileName).toBe('topic-brand-performance-2025-03-07.xlsx')
    const rows = roundTrip(spec).sheet('Topic Performance')
    expect(rows[0]).toEqual(['Topic', 'Brand', 'Your Brand', 'Market Share %', 'Avg Rank'])
    const pricingAcme = rows.find((r) => r[0] === 'Pricing' && r[1] === 'Acme')!
    const g = groups.find((x) => x.group === 'Pricing')!.metrics.byBrand['Acme']
    expect(pricingAcme.slice(3)).toEqual([round1(g.share.combined), g.rank.combined ?? 'N/A'])
    expect(groupWorkbook({ ...view, tab: 'audiences' }, DATE).fileName).toBe('audience-brand-performance-2025-03-07.xlsx')
  })

  it('Query Rank: CSV and Excel with per-query ranks, Combined Avg and Visibility %', () => {
    const view = queryRankView(m, 'Acme', 2)
    const csv = toCsv(queryRankRows(view))
    const parsed = XLSX.read(csv, { type: 'string' })
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(parsed.Sheets[parsed.SheetNames[0]], { header: 1, defval: null })
    expect(rows[0]).toEqual(['Query', 'Claude 4', 'Perplexity', 'Gemini 2.0', 'ChatGPT 5', 'Grok-4', 'DeepSeek', 'Combined Avg', 'Visibility %'])
    const q0 = m.queries[0].brands['Acme']
    expect(rows[1]).toEqual(['best running shoes for beginners', q0.rankByModel[3], 'N/A', 'N/A', q0.rankByModel[8], 'N/A', 'N/A', q0.combinedRank, q0.visibility])
    expect(rows[1][7]).toBe(1.5)
    expect(rows[2][7]).toBe('N/A') // unranked on the second query
    const spec = queryRankWorkbook(view, 'Running Shoes UK', DATE)
    expect(spec.fileName).toBe('running-shoes-uk-query-rank-acme-2025-03-07.xlsx')
    expect(roundTrip(spec).sheet('Query Rank')).toEqual(rows)
  })

  it('Query Rank: the AI search volume column (rounded, provider and month in the header), never zeros without a source', () => {
    const base = queryRankView(m, 'Acme', 2)
    const read = (csv: string) => {
      const wb = XLSX.read(csv, { type: 'string' })
      return XLSX.utils.sheet_to_json<(string | number)[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null })
    }
    // No provider: the header without a source and every cell saying so (as the screen does), in CSV and xlsx.
    const none = { ...base, volume: { status: 'not_configured' as const, message: 'no volume source configured' as const } }
    const rows = read(toCsv(queryRankRows(none)))
    expect(rows[0][9]).toBe('AI search volume / month')
    expect(rows.slice(1).map((r) => r[9])).toEqual(base.rows.map(() => 'no volume source configured'))
    expect(roundTrip(queryRankWorkbook(none, 'Running Shoes UK', DATE)).sheet('Query Rank')).toEqual(rows)
    // Ready: 1234 is shown as 1200 (two significant figures), 7 as '<10' (rounds to 0, which is not a count), none as 'no estimate'.
    const source = { provider: 'DataForSEO', simulated: false, month: '2026-10', location: 'United Kingdom', languageCode: 'en' }
    const volumes: QueryVolume[] = [{ rounded: 1200, label: '≈1.2k', history: [] }, { rounded: 0, label: '<10', history: [] }]
    const ready: QueryRankData = {
      ...base,
      rows: [...base.rows.map((r, i) => ({ ...r, volume: volumes[i] })), { ...base.rows[0], queryIndex: 9, query: 'no figure', volume: { rounded: null, label: 'no estimate', history: [] } }],
      volume: { status: 'ready', source, weighted: null },
    }
    const got = roundTrip(queryRankWorkbook(ready, 'Running Shoes UK', DATE)).sheet('Query Rank')
    expect(got[0][9]).toBe('AI search volume / month, rounded (DataForSEO, Oct 2026, United Kingdom)')
    expect(got.slice(1).map((r) => r[9])).toEqual([1200, '<10', 'no estimate'])
    expect(read(toCsv(queryRankRows(ready))).slice(1).map((r) => r[9])).toEqual([1200, '<10', 'no estimate'])
  })

  it('text exports quote CSV fields and defuse formula-looking text', () => {
    expect(toCsv([['a,b', 'say "hi"', 3, null]])).toBe('"a,b","say ""hi""",3,')
    expect(toCsv([['=HYPERLINK("x")', '-2', '+1', '@me', 'a;b']])).toBe(`"'=HYPERLINK(""x"")",'-2,'+1,'@me,"a;b"`)
    expect(toTsv([['a\tb', 'line\nbreak', 1]])).toBe('a b\tline break\t1')
  })

  it('CSV read back with , or ; as the separator (locales differ) has no formula cell and keeps each name whole', () => {
    const names = ['Acme;=1+1', 'Beta;@SUM(A1)', '=HYPERLINK("https://evil.example")', 'Gamma,-1+2', '\t=1', 'x;+1']
    const csv = toCsv([['Brand', 'Mentions'], ...names.map((n, i) => [n, i - 1])])
    for (const FS of [',', ';']) {
      const ws = Object.values(XLSX.read(csv, { type: 'string', FS, cellFormula: true }).Sheets)[0]
      const cells = Object.entries(ws).filter(([k]) => !k.startsWith('!')).map(([, c]) => c as XLSX.CellObject)
      expect(cells.filter((c) => c.f !== undefined), `separator ${FS}`).toEqual([])
      // No cell text a spreadsheet would run: text starting with = + - @ keeps its leading quote.
      expect(cells.filter((c) => c.t === 's' && /^[=+\-@\t\r]/.test(String(c.v))), `separator ${FS}`).toEqual([])
    }
    const rows = XLSX.utils.sheet_to_json<unknown[]>(Object.values(XLSX.read(csv, { type: 'string', FS: ',' }).Sheets)[0], { header: 1, raw: true })
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Acme;=1+1', 'Beta;@SUM(A1)', `'=HYPERLINK("https://evil.example")`, 'Gamma,-1+2', `'\t=1`, 'x;+1'])
    // numbers stay numbers (a negative count is not text)
    expect(rows[1][1]).toBe(-1)
  })

  it('the browser xlsx writes formula-looking text with a leading quote, read back as text', () => {
    const { sheet } = roundTrip({ fileName: 'x.xlsx', sheets: [{ name: 'S', rows: [['=1+1', '+A1', '-A1', '@A1', 'plain', -3]] }] })
    expect(sheet('S')).toEqual([["'=1+1", "'+A1", "'-A1", "'@A1", 'plain', -3]])
  })
})
