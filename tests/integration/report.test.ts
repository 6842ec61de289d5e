/**
 * 'Download report' over the real stack: the .xlsx workbook and the PDF (Chromium through
 * puppeteer-core) of the hand-worked analysis (tests/support/hand-worked-analysis.ts), parsed back and
 * checked against the figures worked out there by hand — never against numbers the product computes.
 * Also who may download, the report of a share link, and bad requests (4xx, never 500).
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import * as XLSX from 'xlsx'
import { extractText } from 'unpdf'
import { SMTPServer } from 'smtp-server'
import { controlWorker, testEnv } from '../support/env'
import { analyseDemoProject, Session, signUp, sql, until } from '../support/flows'
import {
  ANALYSIS_DATE, BRAND_RANK, CLAUDE_ONLY, MENTIONS, OVERVIEW, QUERIES, QUERY_RANK, resultsJson, seedHandWorkedAnalysis, SENTIMENT, SHARE, TOPICS, type HandWorkedAnalysis,
} from '../support/hand-worked-analysis'
import { seedHandVolumes, VOLUME_FIGURES } from '../support/volume-fixtures'

let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  // The queries' AI search volumes (Oct 2026, United Kingdom), so Query Rank's volume column is known here.
  await seedHandVolumes()
})

/** Query Rank's volume column as exported: the rounded estimates (1234 -> 1200, none, 2766 -> 2800), source and month in the header. */
const VOLUME_HEADER = 'AI search volume / month, rounded (DataForSEO, simulated, Oct 2026, United Kingdom)'
const VOLUME_CELLS = [1200, 'no estimate', 2800]

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
    expect(qr.header.at(-1)).toBe(VOLUME_HEADER)
    expect(qr.body).toEqual(QUERY_RANK.Brooks.map((r, i) => [r.query, r.claude ?? 'N/A', 'N/A', 'N/A', r.chatgpt ?? 'N/A', 'N/A', 'N/A', r.combined ?? 'N/A', r.visibility, VOLUME_CELLS[i]]))
    // The note under the title: weighted (33 x 1234 + 17 x 2766) / 4000 = 21.9, unweighted 83 / 3 = 27.7, 1 of 3 without.
    expect(rows(wb, 'Query Rank (own brand)')[1][0]).toBe(
      `Demand-weighted visibility ${VOLUME_FIGURES.weighted} % (unweighted ${VOLUME_FIGURES.unweighted} %). 1 of 3 queries (33.3 %) have no volume estimate and are left out of the demand-weighted figure.`,
    )
    // Every brand's Query Rank in one sheet: Nike's rows as worked out by hand.
    const all = table(wb, 'Query Rank')
    expect(all.header.at(-1)).toBe(VOLUME_HEADER)
    const nike = all.body.filter((r) => r[0] === 'Nike')
    expect(nike).toEqual(QUERY_RANK.Nike.map((r, i) => ['Nike', r.query, r.claude ?? 'N/A', 'N/A', 'N/A', r.chatgpt ?? 'N/A', 'N/A', 'N/A', r.combined ?? 'N/A', r.visibility, VOLUME_CELLS[i]]))

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
    // Query Rank of the own brand with its volume column: the header with source and month, each row ending in the
    // rounded estimate (Q0 Claude 1, ChatGPT 2, combined 1.5, visibility 33, 1234 -> 1200; Q1 none).
    expect(flat).toContain(VOLUME_HEADER)
    expect(flat).toContain(`${QUERIES[0].query} 1 N/A N/A 2 N/A N/A 1.5 33 1200`)
    expect(flat).toContain(`${QUERIES[1].query} 2 N/A N/A 1 N/A N/A 1.5 33 no estimate`)
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
    expect(bad).toMatchObject({ status: 400, body: { message: "format 'docx' is not one of: pdf, xlsx, pptx, html" } })
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

// ------------------------------------------------------------------ the report a marketer sends

/** The PDF's text, every page (unpdf: pdf.js for Node, as the tests above read it). */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text
}

/** Whitespace-free text with one kind of dash: the PDF wraps lines anywhere (Japanese has no spaces to wrap at), and a CJK font's dash may read back as another dash. */
const squash = (s: string) => s.replace(/\s+/g, '').replace(/[\u2010-\u2015\u2212\uff0d]/g, '-')
/** How the report writes a figure: English and Japanese with a point, German with a comma (written here by hand). */
const fig = (lang: 'en' | 'de' | 'ja', x: number) => (lang === 'de' ? String(x).replace('.', ',') : String(x))
const pct = (lang: 'en' | 'de' | 'ja', x: number) => `${fig(lang, x)}${lang === 'de' ? ' %' : '%'}`

const DEMOS = [
  { lang: 'en', name: 'Brooks', market: 'running shoes', region: 'United Kingdom', language: 'en-GB', heading: 'Executive summary', share: 'holds' },
  { lang: 'de', name: 'Miele', market: 'Waschmaschinen', region: 'Deutschland', language: 'de', heading: 'Zusammenfassung', share: 'hat' },
  { lang: 'ja', name: 'ソニー', market: 'ワイヤレスイヤホン', region: '日本', language: 'ja', heading: 'エグゼクティブサマリー', share: 'のブランド言及シェアは' },
] as const

describe('the report of a demo project', () => {
  for (const demo of DEMOS) {
    it(`${demo.lang}: the PDF's summary states the results API's figures, with cover and charts`, async () => {
      if (!testEnv().chromiumPath) return
      const s = await signUp()
      const { project, analysisId, status } = await analyseDemoProject(s, { name: demo.name, market: demo.market, region: demo.region, language: demo.language, queries: 3, isLightMode: false })
      expect(status).toBe('completed')
      const res = await s.request(`/api/analyses/${analysisId}/report?format=pdf`)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      const bytes = await res.arrayBuffer()
      // Kept with the run's artifacts, to be looked at as pages (pdftoppm) when the layout changes.
      writeFileSync(path.join(testEnv().artifactsDir, `report-${demo.lang}.pdf`), new Uint8Array(bytes))
      const text = squash(await pdfText(bytes))

      const view = (tab: string) => resultsJson(s, { project: project.id, analysis: analysisId, tab }).then((r) => r.data)
      const [overview, rank, share] = [await view('overview'), await view('brand-rank'), await view('share-of-model')]
      const own = overview.brands.find((b: any) => b.isOwn)
      const ci = overview.evidence[own.name].share.ci
      const ownRank = rank.rows.find((r: any) => r.isOwn)
      // Where the brand stands: share of mentions with its n and interval, visibility x of n, the average rank.
      expect(text).toContain(squash(`${demo.heading}`))
      expect(text).toContain(squash(`${pct(demo.lang, own.share)}`))
      expect(text).toContain(squash(`${fig(demo.lang, ci.low)}–${fig(demo.lang, ci.high)} %`))
      expect(text).toContain(squash(`n = ${overview.evidence[own.name].share.n}`))
      expect(text).toContain(squash(pct(demo.lang, ownRank.visibility)))
      if (ownRank.combined !== null) expect(text).toContain(fig(demo.lang, ownRank.combined))
      // The strongest engine and its share of model.
      const ownShare = share.rows.find((r: any) => r.isOwn)
      const best = share.modelIds.map((id: number) => [id, ownShare.byModel[id]]).filter(([, v]: any) => v !== null).sort((a: any, b: any) => b[1] - a[1] || a[0] - b[0])[0]
      expect(text).toContain(squash(`(${pct(demo.lang, best[1])})`))
      // The top competitor by mention share, with its share.
      const rival = overview.brands.filter((b: any) => !b.isOwn).sort((a: any, b: any) => b.share - a.share || a.name.localeCompare(b.name))[0]
      expect(text).toContain(squash(rival.name))
      expect(text).toContain(squash(pct(demo.lang, rival.share)))
      // Cover: the brand, the market and the honest line on simulated data; the appendix tables follow.
      expect(text).toContain(squash(demo.market))
      expect(text).toContain('TOTALMENTIONS')
    })
  }

  it('the deck (.pptx) and the web page of a share link carry the same summary; a revoked link is gone', async () => {
    const res = await hw.owner.request(`/api/analyses/${hw.analysisId}/report?format=pptx`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/filename="[a-z0-9-]+-report-2025-05-20\.pptx"/)
    const { default: JSZip } = await import('jszip')
    const zip = await JSZip.loadAsync(await res.arrayBuffer())
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
    const xml = (await Promise.all(slides.map((f) => zip.file(f)!.async('string')))).join('')
    // Brooks: 10 of the 25 mentions = 40 % (OVERVIEW of the hand-worked analysis); Asics is the top competitor at 24 %.
    expect(xml).toContain('Brooks holds 40% of the brand mentions (n = 25 mentions')
    expect(Object.keys(zip.files).some((f) => f.startsWith('ppt/charts/'))).toBe(true)

    const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
    const page = await new Session().request(`/export/${created.body.exportId}/report?format=html`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-disposition')).toMatch(/^inline/)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('Brooks holds 40% of the brand mentions (n = 25 mentions')
    expect(html).toContain('<svg')
    const revoked = await hw.owner.json(`/api/projects/${hw.projectId}/exports/${created.body.exportId}/revoke`, { method: 'POST' })
    expect(revoked.status).toBe(200)
    expect((await new Session().request(`/export/${created.body.exportId}/report?format=html`)).status).toBe(410)
  })
})

describe('scheduled report e-mails', () => {
  const inbox: { to: string[]; raw: string }[] = []
  /** Runs when a message has arrived, before the server answers the DATA command. */
  let beforeReply: (() => Promise<void>) | null = null
  let server: SMTPServer

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          // Headers unfolded and quoted-printable soft breaks joined, so a test can read links whole.
          const raw = Buffer.concat(chunks).toString('latin1').replace(/\r\n[ \t]+/g, ' ').replace(/=\r\n/g, '').replace(/=3D/g, '=')
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
          const hook = beforeReply
          beforeReply = null
          void (hook ? hook() : Promise.resolve()).then(() => done(), done)
        })
      },
    })
    await new Promise<void>((r) => server.listen(testEnv().smtpPort, '127.0.0.1', r))
  })
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()))
  })

  const url = () => `/api/projects/${hw.projectId}/report-schedule`
  const state = async () => (await hw.owner.json(url())).body
  /** The attachment of a MIME message: its file name and its bytes (base64 decoded). */
  function attachment(raw: string) {
    const name = /filename="?([^";\r\n]+)"?/.exec(raw)?.[1]
    const part = /Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(raw.slice(raw.indexOf('Content-Disposition: attachment') - 400))?.[1]
    return { name, bytes: Buffer.from((part ?? '').replace(/\s+/g, ''), 'base64') }
  }

  it('arrives once, with the PDF attached and an unsubscribe link; the owner sees the send', async () => {
    const saved = await hw.owner.json(url(), { method: 'POST', json: { action: 'save', frequency: 'weekly', delivery: 'attachment', recipients: ['Board@Example.test'] } })
    expect(saved.status).toBe(200)
    expect(saved.body.smtpConfigured).toBe(true)
    // Weekly: Mondays at 07:00 UTC.
    expect(new Date(saved.body.schedule.nextRunAt).getUTCDay()).toBe(1)
    expect(saved.body.schedule.nextRunAt).toMatch(/T07:00:00/)
    expect((await hw.owner.json(url(), { method: 'POST', json: { action: 'trigger' } })).status).toBe(200)
    await until('the run to finish', async () => (await state()).schedule.lastOutcome === 'Sent 1', 120_000)

    expect(inbox).toHaveLength(1)
    const [mail] = inbox
    expect(mail.to).toEqual(['board@example.test'])
    expect(mail.raw).toMatch(/^Subject: Weekly AI visibility report: Brooks/m)
    const token = /List-Unsubscribe: <[^>]+\/report-unsubscribe\/([A-Za-z0-9_-]+)>/.exec(mail.raw)?.[1]
    expect(token).toBeTruthy()
    const file = attachment(mail.raw)
    expect(file.name).toMatch(/-report-2025-05-20\.(pdf|html)$/)
    if (testEnv().chromiumPath) expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await state()).sends).toMatchObject([{ email: 'board@example.test', status: 'sent', attempts: 1, error: null }])

    // The recipient's link unsubscribes them (a POST: mail scanners only open links).
    await new Session().request(`/report-unsubscribe/${token}?_data=${encodeURIComponent('routes/report-unsubscribe.$token')}`, { method: 'POST' })
    expect((await state()).recipients).toEqual([{ email: 'board@example.test', unsubscribed: true }])
  })

  it('a worker killed after the SMTP server took the mail does not send it again: the owner sees why', async () => {
    await hw.owner.json(url(), { method: 'POST', json: { action: 'save', frequency: 'monthly', delivery: 'link', recipients: ['ceo@example.test'] } })
    const before = inbox.length
    // The mail arrives; before the server answers, the worker dies (its 'sent' is never written), then comes back.
    beforeReply = async () => {
      await controlWorker('kill')
      void controlWorker('start')
    }
    expect((await hw.owner.json(url(), { method: 'POST', json: { action: 'trigger' } })).status).toBe(200)
    await until('the run to finish on the restarted worker', async () => /^Sent 0, failed 1$/.test((await state()).schedule.lastOutcome ?? ''), 150_000)
    expect(inbox.length - before).toBe(1)
    expect(inbox.at(-1)!.raw).toMatch(/\/export\/[A-Za-z0-9_-]+\/report\?format=html/)
    const send = (await state()).sends.find((x: any) => x.email === 'ceo@example.test')
    expect(send).toMatchObject({ status: 'failed', error: expect.stringContaining('not sent again') })
  })

  it('refuses bad input (400) and strangers (404)', async () => {
    const bad = await hw.owner.json(url(), { method: 'POST', json: { action: 'save', frequency: 'daily', delivery: 'link', recipients: ['a@b.test'] } })
    expect(bad).toMatchObject({ status: 400, body: { message: "frequency 'daily' is not one of: weekly, monthly" } })
    const stranger = await signUp()
    expect((await stranger.json(url())).status).toBe(404)
    expect((await hw.owner.json(url(), { method: 'POST', json: { action: 'disable' } })).body.schedule.enabled).toBe(false)
  })
})
