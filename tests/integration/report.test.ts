/**
 * 'Download report' (issue 9 §6) over the real stack: the .xlsx workbook and the PDF (Chromium through
 * puppeteer-core) of the hand-worked analysis (tests/support/hand-worked-analysis.ts), parsed back and
 * checked against the figures worked out there by hand — never against numbers the product computes.
 * Also who may download (§6), the report of a share link, and bad requests (4xx, never 500).
 */
import * as XLSX from 'xlsx'
import { extractText } from 'unpdf'
import { testEnv } from '../support/env'
import { Session, signUp, sql, until } from '../support/flows'
import {
  ANALYSIS_DATE, BRAND_RANK, CLAUDE_ONLY, MENTIONS, OVERVIEW, QUERIES, QUERY_RANK, seedHandWorkedAnalysis, SENTIMENT, SHARE, TOPICS, type HandWorkedAnalysis,
} from '../support/hand-worked-analysis'

let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
})

const reportUrl = (params: Record<string, string> = {}) => `/api/analyses/${hw.analysisId}/report?${new URLSearchParams({ format: 'xlsx', ...params })}`

async function workbook(s: Session, url: string) {
  const res = await s.request(url)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-report-2025-05-20\.xlsx"$/)
  expect(res.headers.get('cache-control')).toContain('no-store')
  return XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' })
}

/** A sheet as rows of cells; the table starts after its title, its note and a blank row. */
const rows = (wb: XLSX.WorkBook, name: string): any[][] => XLSX.utils.sheet_to_json(wb.Sheets[name], { header: 1, defval: null, blankrows: false })
function table(wb: XLSX.WorkBook, name: string) {
  const all = rows(wb, name)
  const at = all.findIndex((r) => r[0] === 'Brand' || r[0] === 'Query' || r[0] === 'Metric' || r[0] === 'Topic')
  expect(at).toBeGreaterThan(0)
  return { title: all[0][0], header: all[at], body: all.slice(at + 1) }
}
const cover = (wb: XLSX.WorkBook) => Object.fromEntries(rows(wb, 'Cover').slice(1).map((r) => [r[0], r[1]]))

describe('the workbook', () => {
  it('has a cover with the project, date, models and n, and one sheet per results table', async () => {
    const wb = await workbook(hw.owner, reportUrl())
    expect(wb.SheetNames).toEqual([
      'Cover', 'Summary', 'Overview', 'Share of Model', 'Brand Rank', 'Query Rank', 'Query Rank (own brand)', 'Mentions', 'Sentiment', 'Sentiment Detail', 'Topics', 'Answers',
    ])
    const c = cover(wb)
    expect(c).toMatchObject({
      Project: hw.projectName,
      Brand: 'Brooks',
      Market: 'running shoes for road runners',
      Region: 'United Kingdom',
      'Analysis date': ANALYSIS_DATE,
      'Analysis id': hw.analysisId,
      Models: 'Claude Sonnet 4, ChatGPT 5',
      Queries: 3,
      'Samples per query': 1,
      'Answers (n)': 6, // six answers were seeded, all answered
      'Calls made': 6,
      Filters: 'All Models',
    })
    expect(String(c.Data)).toMatch(/^Simulated: this install runs in demo mode/)
  })

  it('holds the hand-worked figures of every tab', async () => {
    const wb = await workbook(hw.owner, reportUrl())

    const summary = Object.fromEntries(table(wb, 'Summary').body.map((r) => [r[0], r[1]]))
    expect(summary).toEqual({
      'Total Mentions': OVERVIEW.totalMentions,
      'Brands with Mentions': OVERVIEW.brandsWithMentions,
      'Avg Ranking (all ranked brands)': OVERVIEW.averageRank,
      'Avg Ranking (Brooks)': 1.6, // Brooks's combined rank (BRAND_RANK)
      'Brands Ranked': OVERVIEW.brandsRanked,
      'Brooks share of mentions %': OVERVIEW.ownShare,
      'Brooks rank position': OVERVIEW.ownRankPosition,
    })

    const overview = table(wb, 'Overview')
    expect(overview.header).toEqual(['Brand', 'Your Brand', 'Mentions', 'Mention Share %', 'Avg Rank', 'Positive %', 'Neutral %', 'Negative %'])
    expect(overview.body).toEqual(
      MENTIONS.columns.map((name, i) => {
        const s = SENTIMENT.rows.find((r) => r.name === name)!
        return [name, i === 0 ? 'Yes' : 'No', MENTIONS.totals[i], MENTIONS.percents[i], BRAND_RANK.rows.find((r) => r.name === name)!.combined, s.positive, s.neutral, s.negative]
      }),
    )

    const share = table(wb, 'Share of Model')
    expect(share.header).toEqual(['Brand', 'Your Brand', 'Claude 4', 'Perplexity', 'Gemini 2.0', 'ChatGPT 5', 'Grok-4', 'DeepSeek', 'Combined'])
    // Models without answers have no value (empty cells).
    expect(share.body).toEqual(SHARE.rows.map((r) => [r.name, r.name === 'Brooks' ? 'Yes' : 'No', r.claude, null, null, r.chatgpt, null, null, r.combined]))

    const rank = table(wb, 'Brand Rank')
    expect(rank.body).toEqual(BRAND_RANK.rows.map((r) => [r.name, r.name === 'Brooks' ? 'Yes' : 'No', r.claude, 'N/A', 'N/A', r.chatgpt ?? 'N/A', 'N/A', 'N/A', r.combined, r.visibility]))

    const qr = table(wb, 'Query Rank (own brand)')
    expect(qr.title).toBe('Query Rank: Brooks')
    expect(qr.body).toEqual(QUERY_RANK.Brooks.map((r) => [r.query, r.claude ?? 'N/A', 'N/A', 'N/A', r.chatgpt ?? 'N/A', 'N/A', 'N/A', r.combined ?? 'N/A', r.visibility]))
    // Every brand's Query Rank in one sheet: Nike's rows as worked out by hand.
    const nike = table(wb, 'Query Rank').body.filter((r) => r[0] === 'Nike')
    expect(nike).toEqual(QUERY_RANK.Nike.map((r) => ['Nike', r.query, r.claude ?? 'N/A', 'N/A', 'N/A', r.chatgpt ?? 'N/A', 'N/A', 'N/A', r.combined ?? 'N/A', r.visibility]))

    const mentions = table(wb, 'Mentions')
    expect(mentions.header).toEqual(['Query', 'Brooks (Your Brand)', 'Asics', 'Hoka', 'Nike', 'Total'])
    expect(mentions.body).toEqual([
      ...MENTIONS.rows.map((r) => [r.query, ...r.counts, r.total]),
      ['TOTAL MENTIONS', ...MENTIONS.totals, MENTIONS.grandTotal],
      ['Share of mentions %', ...MENTIONS.percents, 100],
    ])

    const sentiment = table(wb, 'Sentiment')
    expect(sentiment.body.map((r) => r.slice(0, 8))).toEqual(SENTIMENT.rows.map((r) => [r.name, r.name === 'Brooks' ? 'Yes' : 'No', r.positive, r.neutral, r.negative, r.score, r.label, r.mentions]))

    const detail = table(wb, 'Sentiment Detail').body
    // Brooks: 4 statements with a tone, Nike: 1 (SENTIMENT_DETAIL).
    expect(detail.filter((r) => r[0] === 'Brooks')).toHaveLength(4)
    expect(detail.filter((r) => r[0] === 'Nike').map((r) => [r[1], r[2], r[3], r[5], r[6]])).toEqual([[QUERIES[0].query, 'Claude Sonnet 4', 'negative', 'poor', -1]])

    const topics = table(wb, 'Topics').body
    for (const [topic, t] of Object.entries(TOPICS)) {
      for (const [brand, shareOf] of Object.entries(t.shares)) {
        const row = topics.find((r) => r[0] === topic && r[1] === brand)!
        expect([row[3], row[4]]).toEqual([shareOf, (t.ranks as Record<string, number | null>)[brand] ?? 'N/A'])
      }
    }

    const answers = table(wb, 'Answers').body
    expect(answers).toHaveLength(6)
    // A1 (Claude, first query): mentions Brooks 2, Nike 2, Asics 1; ranks Brooks 1, Asics 2, Nike 3.
    const a1 = answers.find((r) => r[0] === QUERIES[0].query && r[1] === 'Claude Sonnet 4')!
    expect(a1[4].split(', ').sort()).toEqual(['Asics: 1', 'Brooks: 2', 'Nike: 2'])
    expect(a1[5]).toBe('1. Brooks, 2. Asics, 3. Nike')
    expect(a1[7]).toContain('Brooks has excellent arch support.')
  })

  it('honours the model filter and says so on the cover', async () => {
    const wb = await workbook(hw.owner, reportUrl({ model: 'claude' }))
    expect(cover(wb)).toMatchObject({ Filters: 'Anthropic Claude Sonnet', Models: 'Claude Sonnet 4', 'Answers (n)': 3 })
    const summary = Object.fromEntries(table(wb, 'Summary').body.map((r) => [r[0], r[1]]))
    expect(summary['Total Mentions']).toBe(CLAUDE_ONLY.totalMentions)
    expect(summary['Avg Ranking (all ranked brands)']).toBe(CLAUDE_ONLY.averageRank)
  })
})

describe('the PDF', () => {
  it('is printed by Chromium and carries the cover and the tables', async () => {
    const res = await hw.owner.request(reportUrl({ format: 'pdf' }))
    expect(res.status).toBe(200)
    if (!testEnv().chromiumPath) {
      // Without Chromium the same report comes as HTML.
      expect(res.headers.get('content-type')).toContain('text/html')
      return
    }
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/filename="[a-z0-9-]+-report-2025-05-20\.pdf"/)
    const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true })
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain('AI brand visibility report: Brooks')
    expect(flat).toContain(hw.projectName)
    expect(flat).toMatch(/Analysis date 2025-05-20/)
    expect(flat).toMatch(/Models Claude Sonnet 4, ChatGPT 5/)
    expect(flat).toMatch(/Answers \(n\) 6/)
    expect(flat).toMatch(/TOTAL MENTIONS 10 6 5 4 25/)
    expect(flat).toMatch(/Share of mentions % 40 24 20 16 100/)
    // Brand Rank row of the own brand: Claude 1.5, four models N/A, ChatGPT 1.7, combined 1.6, visibility 33.
    expect(flat).toMatch(/Brooks Yes 1\.5 N\/A N\/A 1\.7 N\/A N\/A 1\.6 33/)
    // The workbook-only tables are not printed.
    expect(flat).not.toContain('Sentiment Detail')
  })
})

describe('who may download, and bad requests', () => {
  it('refuses strangers (404), signed-out visitors (401) and bad formats (400); a sharee may download', async () => {
    const stranger = await signUp()
    expect((await stranger.request(reportUrl())).status).toBe(404)
    expect((await new Session().request(reportUrl())).status).toBe(401)
    const bad = await hw.owner.json(reportUrl({ format: 'docx' }))
    expect(bad).toMatchObject({ status: 400, body: { message: "format 'docx' is not one of: pdf, xlsx" } })
    expect((await hw.owner.request(`/api/analyses/99999999/report?format=xlsx`)).status).toBe(404)
    expect((await hw.owner.request(`/api/analyses/abc/report`)).status).toBe(404)

    const colleague = await signUp()
    expect((await hw.owner.json(`/api/projects/${hw.projectId}/share`, { method: 'POST', json: { email: colleague.email } })).status).toBe(200)
    const wb = await workbook(colleague, reportUrl())
    expect(cover(wb).Project).toBe(hw.projectName)
  })

  it('only a completed analysis has a report', async () => {
    const db = await sql()
    const [pending] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands)
      select project_id, user_id, 'failed', date, model_ids, samples_per_query, queries, brands from analyses where id = ${hw.analysisId}
      returning id`
    const res = await hw.owner.json(`/api/analyses/${pending.id}/report?format=pdf`)
    expect(res).toMatchObject({ status: 400, body: { message: 'Only a completed analysis has a report' } })
    await db`delete from analyses where id = ${pending.id}`
  })

  it('a share link has its report, signed out; unknown links 404, expired ones 410', async () => {
    const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
    expect(created.status).toBe(201)
    const visitor = new Session()
    const wb = await workbook(visitor, `/export/${created.body.exportId}/report?format=xlsx`)
    expect(cover(wb)).toMatchObject({ Project: hw.projectName, 'Analysis date': ANALYSIS_DATE, 'Answers (n)': 6 })
    expect((await visitor.request(`/export/not-a-real-export-id-000000/report?format=xlsx`)).status).toBe(404)
    const db = await sql()
    await db`update exports set expires_at = now() - interval '1 minute' where id = ${created.body.exportId}`
    expect((await visitor.request(`/export/${created.body.exportId}/report?format=xlsx`)).status).toBe(410)
  })
})

describe("the share link's AI Insights (aiSummary)", () => {
  it('are written by a model through the gateway from the screens’ figures and shown on /export/{id}', async () => {
    const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
    expect(created.status).toBe(201)
    expect(created.body.aiSummaryStatus).toBe('generating')
    const id = created.body.exportId
    let row: any
    await until('the AI Insights of the export', async () => {
      row = (await hw.owner.json(`/api/projects/${hw.projectId}/exports`)).body.exports.find((e: any) => e.id === id)
      return Boolean(row?.aiSummary)
    }, 60_000)
    expect(row.hasAiSummary).toBe(true)
    // The simulator writes from the facts it was given: the hand-worked figures (Brooks 10 of 25 mentions = 40%,
    // rank #2 behind Hoka, 30% positive and 10% negative statements, six answers of two models).
    expect(row.aiSummary).toContain('Across 6 AI answers from Claude Sonnet 4, ChatGPT 5 on 2025-05-20, Brooks holds 40% of the brand mentions')
    expect(row.aiSummary).toContain('ranks #2')
    expect(row.aiSummary).toContain('The closest competitor, Asics, has 24% of mentions.')
    expect(row.aiSummary).toContain('30% of the statements are positive and 10% negative')
    // Shown to the signed-out visitor of the link, as text.
    const page = await new Session().request(`/export/${id}`)
    const html = await page.text()
    expect(html).toContain('AI Insights')
    expect(html).toContain('Brooks holds 40% of the brand mentions')
    // The call counts against the creator's daily model budget (one row per link this owner created with insights).
    const db = await sql()
    const usage = await db`select 1 from model_usage where user_id = ${hw.owner.userId} and kind = 'export-summary'`
    expect(usage.length).toBeGreaterThanOrEqual(1)
  })
})
