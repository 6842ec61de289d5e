/**
 * The results screens in headless Chromium: every tab of the hand-worked analysis
 * (tests/support/hand-worked-analysis.ts) with the figures worked out by hand, as shown on
 * screen; filters in the URL, copy and spreadsheet export of the same analysis; every tab of
 * a simulator-run analysis (topics, audiences, a brand named like an HTML payload shown as
 * text), the share link opened signed out. Screenshots go to test-artifacts/screenshots.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'
import { until, type Session } from '../support/flows'
import { seedHandVolumes } from '../support/volume-fixtures'
import { EVIL, QUERIES as RUN_QUERIES, runResultsAnalysis } from '../support/results-fixtures'
import {
  ANALYSIS_DATE, ANSWER_FIGURES, ANSWERS, BRAND_RANK, CLAUDE_ONLY, DURABILITY_ONLY, MENTIONS, OVERVIEW, QUERIES, QUERY_RANK, seedHandWorkedAnalysis,
  SENTIMENT, SENTIMENT_DETAIL, SHARE, type HandWorkedAnalysis,
} from '../support/hand-worked-analysis'

const RUN_TABS = ['overview', 'share-of-model', 'topics', 'audiences', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data', 'accuracy', 'model-admin']
/** The hand-worked analysis has topics but no audiences. */
const HAND_TABS = RUN_TABS.filter((t) => t !== 'audiences')

let browser: Browser
let owner: Session & { userId: number }
let project: any
let analysis: any
let hw: HandWorkedAnalysis

const resultsUrl = (params: Record<string, string> = {}) =>
  `${testEnv().appUrl}/?${new URLSearchParams({ phase: '2', project: String(project.id), analysis: String(analysis.id), ...params })}`
const handUrl = (params: Record<string, string> = {}) =>
  `${testEnv().appUrl}/?${new URLSearchParams({ phase: '2', project: String(hw.projectId), analysis: String(hw.analysisId), ...params })}`

async function signedInPage(as: Session = owner): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = as.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

/**
 * Whole-page screenshot. Puppeteer's fullPage capture resizes the page mid-capture and
 * recharts redraws its responsive charts at a wrong size, so the viewport is grown to the
 * page height first and the charts get time to settle.
 */
async function screenshot(page: Page, name: string) {
  const dir = path.join(testEnv().artifactsDir, 'screenshots')
  mkdirSync(dir, { recursive: true })
  const viewport = page.viewport() ?? { width: 1366, height: 900 }
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewport({ ...viewport, height: Math.min(Math.max(height, viewport.height), 8000) })
  await new Promise((r) => setTimeout(r, 400))
  await page.screenshot({ path: path.join(dir, `${name}.png`) as `${string}.png` })
  await page.setViewport(viewport)
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText.trim())
/** A Sentiment Detail statement as shown: the sentence (perhaps after its list number), its badge, model, score and words. */
function statementPattern(sentence: string, polarity: string, modelId: number, score: number, words: readonly string[]): RegExp {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const label = polarity === 'positive' ? 'Positive' : 'Negative'
  const model = modelId === 3 ? 'Claude Sonnet 4' : 'ChatGPT 5'
  return new RegExp(`^(?:\\d{1,2}\\.\\s+)?${esc(sentence)}\\s+${label}\\s+${esc(model)}\\s+score ${score > 0 ? '\\+' : ''}${score}\\s+Indicator words: ${esc(words.join(', '))}$`)
}

/** The visible text of every cell of each row matched by the selector. */
const cells = (page: Page, rowSelector: string) =>
  page.$$eval(rowSelector, (rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())))

// How the figures are written on screen, by hand: ranks as written with N/A when none,
// percentages with the % sign, scores signed with 2 decimals.
const rank = (r: number | null) => (r === null ? 'N/A' : String(r))
const pct = (p: number) => `${p}%`
const signed = (n: number) => (n > 0 ? `+${n.toFixed(2)}` : n.toFixed(2))
/** The six model columns (Claude 4, Perplexity, Gemini 2.0, ChatGPT 5, Grok-4, DeepSeek) of a row with two models. */
const sixColumns = <T,>(claude: T, chatgpt: T, none: T) => [claude, none, none, chatgpt, none, none]

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  // Its queries' AI search volumes, so the volume column of Query Rank's copy is known (tests/support/volume-fixtures.ts).
  await seedHandVolumes()
  ;({ owner, project, analysis } = await runResultsAnalysis())
  expect(analysis.status).toBe('completed')
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('results screens in the browser', () => {
  it('shows the hand-worked figures on every tab and saves a screenshot of each', async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)
    const alerts: string[] = []
    page.on('dialog', async (d) => {
      alerts.push(d.message())
      await d.dismiss()
    })

    for (const tab of HAND_TABS) {
      await page.goto(handUrl(tab === 'overview' ? {} : { tab }), { waitUntil: 'networkidle0' })
      await page.waitForSelector(`[data-tab-content="${tab}"]`, { timeout: 20_000 })
      const active = await text(page, 'nav.tabbar a.active')
      expect(active.toLowerCase().replace(/\s+/g, '-')).toBe(tab === 'ranking-detail' ? 'query-rank' : tab)
      expect(await page.$('[data-tab="audiences"]')).toBeNull()

      switch (tab) {
        case 'overview': {
          expect(await text(page, '[data-tile="Total Mentions"] .rs-tile-value')).toBe('25')
          expect(await text(page, '[data-tile="Brands with Mentions"] .rs-tile-value')).toBe(String(OVERVIEW.brandsWithMentions))
          expect(await text(page, '[data-tile="Avg Ranking"] .rs-tile-value')).toBe('1.9')
          expect(await text(page, '[data-tile="Brands Ranked"] .rs-tile-value')).toBe(String(OVERVIEW.brandsRanked))
          expect(await text(page, '[data-own-rank]')).toBe(`RANK #${OVERVIEW.ownRankPosition}`)
          await waitForText(page, `YOU ${OVERVIEW.ownShare}%`)
          expect(await page.$$eval('.recharts-surface', (els) => els.length)).toBeGreaterThanOrEqual(3)
          await waitForText(page, 'Brand Analysis Overview')
          break
        }
        case 'share-of-model': {
          const rows = await cells(page, 'table[data-table="share-of-model"] tbody tr')
          // [brand, Claude 4, Perplexity, Gemini 2.0, ChatGPT 5, Grok-4, DeepSeek, Combined]; models without answers show '—'.
          expect(rows.map((r) => r.slice(1))).toEqual(SHARE.rows.map((b) => [...sixColumns(pct(b.claude), pct(b.chatgpt), '—'), pct(b.combined)]))
          expect(await page.$$eval('table[data-table="share-of-model"] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-brand')))).toEqual(SHARE.rows.map((b) => b.name))
          break
        }
        case 'topics':
          await page.waitForSelector('.recharts-scatter-symbol', { timeout: 10_000 })
          expect(await page.$$eval('.recharts-scatter-symbol', (els) => els.length)).toBe(2) // Comfort and Durability
          await waitForText(page, 'Brand Share Breakdown')
          break
        case 'brand-rank': {
          expect(await page.$$eval('table[data-table="brand-rank"] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-brand')))).toEqual(BRAND_RANK.rows.map((b) => b.name))
          const rows = await cells(page, 'table[data-table="brand-rank"] tbody tr')
          expect(rows.map((r) => r.slice(1))).toEqual(BRAND_RANK.rows.map((b) => [...sixColumns(rank(b.claude), rank(b.chatgpt), 'N/A'), rank(b.combined), pct(b.visibility)]))
          expect(await page.$('[data-filtered-badge]')).toBeNull()
          break
        }
        case 'ranking-detail': {
          expect(await page.$eval('select[data-brand-select]', (el) => (el as HTMLSelectElement).value)).toBe('Brooks')
          const rows = await cells(page, 'table[data-table="query-rank"] tbody tr')
          expect(rows.map((r) => r[0].startsWith(QUERIES[rows.indexOf(r)].query))).toEqual([true, true, true])
          // The last column is the AI search volume: the hand volumes seeded above (1234 -> ≈1.2k, none, 2766 -> ≈2.8k).
          expect(rows.map((r) => r.slice(1))).toEqual(
            QUERY_RANK.Brooks.map((q, i) => [...sixColumns(rank(q.claude), rank(q.chatgpt), 'N/A'), rank(q.combined), pct(q.visibility), ['≈1.2k', 'no estimate', '≈2.8k'][i]]),
          )
          break
        }
        case 'mentions': {
          // Own brand first (marked Your Brand), then competitors by total mentions.
          expect(await page.$$eval('table[data-table="mentions"] thead th[title]', (ths) => ths.map((th) => th.getAttribute('title')))).toEqual(MENTIONS.columns)
          expect(await text(page, 'table[data-table="mentions"] thead th:nth-child(2)')).toContain('Your Brand')
          const rows = await cells(page, 'table[data-table="mentions"] tbody tr:not([data-total-row])')
          expect(rows).toEqual(MENTIONS.rows.map((r) => [r.query, ...r.counts.map(String), String(r.total)]))
          const totals = (await cells(page, 'table[data-table="mentions"] tbody tr[data-total-row]'))[0]
          expect(totals).toEqual(['TOTAL MENTIONS', ...MENTIONS.totals.map((t, i) => `${t}\n${pct(MENTIONS.percents[i])}`), String(MENTIONS.grandTotal)])
          expect(await text(page, '[data-grand-total]')).toBe('25')
          break
        }
        case 'sentiment': {
          const own = SENTIMENT.rows[0]
          expect(await text(page, '[data-card="positive"] .rs-tile-value')).toBe('30%')
          expect(await text(page, '[data-card="negative"] .rs-tile-value')).toBe('10%')
          expect(await text(page, '[data-card="neutral"] .rs-tile-value')).toBe('+0.20')
          expect(await text(page, '[data-card="neutral"] .muted')).toBe(`Positive · ${own.neutral}% neutral · ${own.mentions} sentences about Brooks`)
          expect(await text(page, '[data-card="positive"] .muted')).toBe(`Words: ${SENTIMENT.ownPositiveWords.join(', ')}`)
          expect(await text(page, '[data-card="negative"] .muted')).toBe(`Words: ${SENTIMENT.ownNegativeWords.join(', ')}`)
          const rows = await cells(page, 'table[data-table="sentiment"] tbody tr')
          // [brand, Positive, Neutral, Negative, Distribution (a bar), Score, Sentences]
          expect(rows.map((r) => [r[1], r[2], r[3], r[5], r[6]])).toEqual(SENTIMENT.rows.map((b) => [pct(b.positive), pct(b.neutral), pct(b.negative), signed(b.score), String(b.mentions)]))
          expect(await page.$$eval('table[data-table="sentiment"] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-brand')))).toEqual(SENTIMENT.rows.map((b) => b.name))
          break
        }
        case 'sentiment-detail': {
          const shown = () =>
            page.$$eval('[data-sentiment-card]', (cards) =>
              cards.map((c) => ({ query: (c.querySelector('h3') as HTMLElement).innerText.trim(), statements: [...c.querySelectorAll('.rs-statement')].map((s) => (s as HTMLElement).innerText.trim()) })),
            )
          const want = (polarity?: 'positive' | 'negative') =>
            SENTIMENT_DETAIL.Brooks.map((c) => ({
              query: c.query,
              statements: c.statements
                .filter((s) => !polarity || s.polarity === polarity)
                .map((s) => expect.stringMatching(statementPattern(s.sentence, s.polarity, s.modelId, s.score, s.words))),
            })).filter((c) => c.statements.length > 0)
          expect(await shown()).toEqual(want())
          const [negativeOnly] = await page.$$('xpath/.//a[normalize-space()="Negative Only"]')
          await Promise.all([page.waitForFunction(() => location.search.includes('polarity=negative')), negativeOnly.click()])
          await page.waitForFunction((n) => document.querySelectorAll('[data-sentiment-card]').length === n, { timeout: 10_000 }, 1)
          expect(await shown()).toEqual(want('negative'))
          break
        }
        case 'api-data': {
          await waitForText(page, 'Showing 6 of 6 responses')
          const cards = await page.$$eval('[data-response]', (els) =>
            els.map((el) => {
              const t = (e: Element | null | undefined) => ((e as HTMLElement | null)?.innerText ?? '').trim()
              const [mentions, rankings] = [...el.querySelectorAll('.grid-2 > div')].map((d) => t(d.lastElementChild))
              return { model: t(el.querySelector('.badge')), meta: t(el.querySelector('.rs-response-meta')), query: t(el.querySelector('h3')), mentions, rankings, all: t(el) }
            }),
          )
          expect(cards).toHaveLength(6)
          cards.forEach((card, i) => {
            const a = ANSWERS[i]
            expect(card.model).toBe(a.modelId === 3 ? 'Claude Sonnet 4' : 'ChatGPT 5')
            expect(card.query).toBe(QUERIES[a.queryIndex].query)
            expect(card.meta).toContain(`${a.text.length} characters`)
            // 'Brooks (2), Nike (2), Asics (1)': most mentioned first; the order of equal counts is not checked.
            const counts = card.mentions.split(', ').map((m) => /^(.+) \((\d+)\)$/.exec(m)!)
            expect(Object.fromEntries(counts.map((m) => [m[1], Number(m[2])]))).toEqual(ANSWER_FIGURES[i].mentions)
            expect(counts.map((m) => Number(m[2]))).toEqual(counts.map((m) => Number(m[2])).sort((x, y) => y - x))
            const rankings = Object.entries(ANSWER_FIGURES[i].rankings).sort((x, y) => x[1] - y[1])
            expect(card.rankings).toBe(rankings.length ? rankings.map(([b, r]) => `#${r} ${b}`).join(', ') : 'None')
          })
          expect(cards[4].all).toContain("Runner's World: Brooks vs Asics")
          // Search in the text, then narrow to the answers that mention Nike: A3, A5, A6 say 'disappointing'; none of them counts Nike.
          await page.type('[data-api-filters] input[type=search]', 'disappointing')
          await Promise.all([page.waitForFunction(() => location.search.includes('q=disappointing')), page.click('[data-api-filters] button[type=submit]')])
          await waitForText(page, 'Showing 3 of 3 responses')
          await Promise.all([page.waitForFunction(() => location.search.includes('mentions=Hoka')), page.select('[data-api-filters] select[aria-label="Brand mentioned"]', 'Hoka')])
          await waitForText(page, 'Showing 3 of 3 responses')
          await Promise.all([page.waitForFunction(() => location.search.includes('mentions=Nike')), page.select('[data-api-filters] select[aria-label="Brand mentioned"]', 'Nike')])
          await waitForText(page, 'No responses match these filters')
          await Promise.all([page.waitForFunction(() => !location.search.includes('q=')), (await page.$$('xpath/.//button[normalize-space()="Clear filters"]'))[0].click()])
          await waitForText(page, 'Showing 6 of 6 responses')
          break
        }
        case 'model-admin': {
          expect(await page.$$eval('[data-model-card]', (els) => els.length)).toBe(8)
          await waitForText(page, 'Analysis Management')
          const claude = (await cells(page, `[data-session="3-${hw.analysisId}"]`))[0]
          // [date, Total Queries, Successful, Failed, Avg Length, Failed queries, ...]
          const [y, m, d] = ANALYSIS_DATE.split('-')
          expect(claude.slice(0, 4)).toEqual([`${d}/${m}/${y.slice(2)}`, '3', '3', '0'])
          expect(claude[5]).toBe('None')
          break
        }
      }
      await screenshot(page, `results-${tab}`)
    }
    expect(alerts).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('opens every tab of a simulator-run analysis, and a brand named like HTML is text', async () => {
    const page = await signedInPage()
    const errors = collectPageErrors(page)
    const alerts: string[] = []
    page.on('dialog', async (d) => {
      alerts.push(d.message())
      await d.dismiss()
    })
    for (const tab of RUN_TABS) {
      await page.goto(resultsUrl(tab === 'overview' ? {} : { tab }), { waitUntil: 'networkidle0' })
      await page.waitForSelector(`[data-tab-content="${tab}"]`, { timeout: 20_000 })
      switch (tab) {
        case 'topics':
        case 'audiences':
          await page.waitForSelector('.recharts-scatter-symbol', { timeout: 10_000 })
          expect(await page.$$eval('.recharts-scatter-symbol', (els) => els.length)).toBe(2)
          await waitForText(page, 'Leaders')
          await waitForText(page, 'Brand Share Breakdown')
          if (tab === 'audiences') await screenshot(page, 'results-audiences')
          break
        case 'brand-rank':
          expect(await page.$$eval('table[data-table="brand-rank"] td', (tds, evil) => tds.some((td) => (td as HTMLElement).innerText.includes(evil as string)), EVIL)).toBe(true)
          expect(await page.$$('img[src="x"]')).toHaveLength(0)
          break
        case 'ranking-detail':
          expect(await page.$$eval('table[data-table="query-rank"] tbody tr', (rows) => rows.length)).toBe(RUN_QUERIES.length)
          break
        case 'api-data':
          expect(await page.$$eval('[data-response]', (els) => els.length)).toBe(Math.min(15, analysis.apiResponses.length))
          break
        case 'model-admin':
          await waitForText(page, 'Analysis Management')
          await waitForText(page, 'Today')
          break
      }
    }
    expect(alerts).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('keeps filters in the URL: model and topic filters change the figures and survive a reload', async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)
    await page.goto(handUrl(), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="overview"]')
    await Promise.all([page.waitForFunction(() => location.search.includes('model=claude')), page.select('select[name=model]', 'claude')])
    await page.waitForFunction(
      (want) => (document.querySelector('[data-tile="Total Mentions"] .rs-tile-value') as HTMLElement | null)?.innerText.trim() === want,
      { timeout: 10_000 },
      String(CLAUDE_ONLY.totalMentions),
    )
    await page.reload({ waitUntil: 'networkidle0' })
    expect(await page.$eval('select[name=model]', (el) => (el as HTMLSelectElement).value)).toBe('claude')
    expect(await text(page, '[data-tile="Total Mentions"] .rs-tile-value')).toBe('14')
    expect(await text(page, '[data-tile="Avg Ranking"] .rs-tile-value')).toBe('2')

    await page.goto(handUrl({ tab: 'brand-rank' }), { waitUntil: 'networkidle0' })
    await Promise.all([page.waitForFunction(() => location.search.includes('topic=Durability')), page.select('select[name=topic]', 'Durability')])
    await page.waitForSelector('[data-filtered-badge]')
    expect(await text(page, '[data-filtered-badge]')).toBe('Filtered: 1/3 queries')
    const rows = await cells(page, 'table[data-table="brand-rank"] tbody tr')
    expect(rows.map((r) => [r.at(-2), r.at(-1)])).toEqual(DURABILITY_ONLY.rows.map((b) => [rank(b.combined), pct(b.visibility)]))
    await screenshot(page, 'results-brand-rank-filtered')
    expect(errors).toEqual([])
    await page.close()
  })

  it('copies Query Rank as tab-separated text and downloads the Brand Rank spreadsheet', async () => {
    await browser.defaultBrowserContext().overridePermissions(testEnv().appUrl, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write'])
    const page = await signedInPage(hw.owner)
    await page.goto(handUrl({ tab: 'ranking-detail' }), { waitUntil: 'networkidle0' })
    const [copy] = await page.$$('xpath/.//button[normalize-space()="Copy"]')
    await copy.click()
    await waitForText(page, 'Copied to clipboard')
    const clip = (await page.evaluate(() => navigator.clipboard.readText())).split('\n').map((l) => l.split('\t'))
    expect(clip).toEqual([
      ['Query', 'Claude 4', 'Perplexity', 'Gemini 2.0', 'ChatGPT 5', 'Grok-4', 'DeepSeek', 'Combined Avg', 'Visibility %', 'AI search volume / month, rounded (DataForSEO, simulated, Oct 2026, United Kingdom)'],
      // Volumes 1234 -> 1200 (two significant figures), none, 2766 -> 2800.
      ...QUERY_RANK.Brooks.map((q, i) => [q.query, ...sixColumns(rank(q.claude), rank(q.chatgpt), 'N/A'), rank(q.combined), String(q.visibility), ['1200', 'no estimate', '2800'][i]]),
    ])

    const downloads = path.join(testEnv().artifactsDir, 'downloads', String(Date.now()))
    mkdirSync(downloads, { recursive: true })
    const cdp = await page.createCDPSession()
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads })
    await page.goto(handUrl({ tab: 'brand-rank' }), { waitUntil: 'networkidle0' })
    const [excel] = await page.$$('xpath/.//button[normalize-space()="Export Excel"]')
    await excel.click()
    const file = `brand-rank-analysis-${ANALYSIS_DATE}.xlsx`
    await until(`the download ${file}`, async () => readdirSync(downloads).includes(file), 15_000)
    const wb = XLSX.read(readFileSync(path.join(downloads, file)))
    expect(wb.SheetNames).toEqual(['Brand Rank'])
    const rows = XLSX.utils.sheet_to_json<any[]>(wb.Sheets['Brand Rank'], { header: 1 })
    // Numbers stay numbers in the sheet; a rank the brand never had is 'N/A'.
    const cell = (r: number | null) => (r === null ? 'N/A' : r)
    expect(rows.slice(1)).toEqual(BRAND_RANK.rows.map((b) => [b.name, b.name === 'Brooks' ? 'Yes' : 'No', ...sixColumns(cell(b.claude), cell(b.chatgpt), 'N/A'), cell(b.combined), b.visibility]))
    await page.close()
  })

  it('creates a share link that opens signed out, read-only, with only that analysis', async () => {
    const page = await signedInPage()
    await page.goto(resultsUrl(), { waitUntil: 'networkidle0' })
    const [exportButton] = await page.$$('xpath/.//button[normalize-space()="Export"]')
    await exportButton.click()
    await page.waitForSelector('[data-export-link]')
    await waitForText(page, 'Link active for 30 days')
    const link = await page.$eval('[data-export-link]', (el) => (el as HTMLInputElement).value)
    expect(link).toMatch(new RegExp(`^${testEnv().appUrl}/export/[A-Za-z0-9_-]{32,}$`))
    await screenshot(page, 'results-export-dialog')
    await page.close()

    const incognito = await browser.createBrowserContext()
    const anon = await incognito.newPage()
    const errors = collectPageErrors(anon)
    await anon.setViewport({ width: 1366, height: 900 })
    const res = await anon.goto(`${link}?tab=brand-rank`, { waitUntil: 'networkidle0' })
    expect(res?.status()).toBe(200)
    await anon.waitForSelector('[data-tab-content="brand-rank"]')
    expect(await anon.$('select[name=analysis]')).toBeNull()
    expect(await anon.$('[data-tab="model-admin"]')).toBeNull()
    await screenshot(anon, 'results-export-page')
    expect(errors).toEqual([])
    await incognito.close()
  })

  it('reports the JavaScript sent for the results page and the time to first render of the overview', async () => {
    const page = await signedInPage()
    const scripts = new Map<string, number>()
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script' && r.ok()) scripts.set(r.url(), gzipSync(await r.buffer().catch(() => Buffer.alloc(0))).length)
    })
    const t0 = Date.now()
    await page.goto(resultsUrl(), { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('[data-tile="Total Mentions"]')
    const firstRenderMs = Date.now() - t0
    await page.waitForSelector('.recharts-surface')
    const chartsMs = Date.now() - t0
    await page.waitForNetworkIdle()
    const jsGzipKb = Math.round(([...scripts.values()].reduce((a, b) => a + b, 0) / 1024) * 10) / 10
    const report = { firstRenderMs, chartsRenderedMs: chartsMs, jsGzipKb, scripts: [...scripts.keys()].map((u) => new URL(u).pathname) }
    mkdirSync(testEnv().artifactsDir, { recursive: true })
    writeFileSync(path.join(testEnv().artifactsDir, 'results-perf.json'), JSON.stringify(report, null, 2))
    console.log('results page:', JSON.stringify({ firstRenderMs, chartsRenderedMs: chartsMs, jsGzipKb }))
    // A report, not a verdict: timings never decide a test. The page did render and load its scripts.
    expect(report.scripts.length).toBeGreaterThan(0)
    await page.close()
  })
})

describe('choosing brands, the sticky tab bar, the sentiment formula and Refresh', () => {
  const columns = (page: Page) => page.$$eval('table[data-table="mentions"] thead th[title]', (ths) => ths.map((th) => th.getAttribute('title')))
  const shownParam = (page: Page) => page.evaluate(() => new URLSearchParams(location.search).getAll('brands'))
  const waitForColumns = (page: Page, want: string[]) =>
    page.waitForFunction(
      (w) => JSON.stringify([...document.querySelectorAll('table[data-table="mentions"] thead th[title]')].map((th) => th.getAttribute('title'))) === JSON.stringify(w),
      { timeout: 10_000 },
      want,
    )
  const toggle = async (page: Page, brand: string) => {
    if (!(await page.$eval('[data-brand-chooser]', (d) => (d as HTMLDetailsElement).open))) await page.click('[data-brand-chooser] > summary')
    await page.click(`[data-brand-chooser] input[value="${brand}"]`)
  }

  it('chooses the Mentions columns: own brand always shown, kept in the URL across reloads and tabs', async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)
    await page.goto(handUrl({ tab: 'mentions' }), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="mentions"]')
    expect(await columns(page)).toEqual(MENTIONS.columns)
    expect(await text(page, '[data-brand-chooser] > summary')).toBe('Brands shown: 4 of 4')
    await page.click('[data-brand-chooser] > summary')
    expect(await page.$eval('[data-brand-chooser] input[value="Brooks"]', (i) => [(i as HTMLInputElement).checked, (i as HTMLInputElement).disabled])).toEqual([true, true])

    // Hide Asics, then Nike: Brooks (own) and Hoka stay, with the hand-worked counts of those columns.
    await toggle(page, 'Asics')
    await waitForColumns(page, ['Brooks', 'Hoka', 'Nike'])
    await toggle(page, 'Nike')
    await waitForColumns(page, ['Brooks', 'Hoka'])
    expect(await shownParam(page)).toEqual(['Brooks', 'Hoka'])
    const keep = [0, 2] // Brooks and Hoka in MENTIONS.columns
    const rows = await cells(page, 'table[data-table="mentions"] tbody tr:not([data-total-row])')
    // Total still counts every tracked brand, as the note says.
    expect(rows).toEqual(MENTIONS.rows.map((r) => [r.query, ...keep.map((i) => String(r.counts[i])), String(r.total)]))
    const totals = (await cells(page, 'table[data-table="mentions"] tbody tr[data-total-row]'))[0]
    expect(totals).toEqual(['TOTAL MENTIONS', ...keep.map((i) => `${MENTIONS.totals[i]}\n${pct(MENTIONS.percents[i])}`), String(MENTIONS.grandTotal)])
    expect(await text(page, '[data-brands-note]')).toBe('Showing 2 of 4 brands; Total and % count all 4.')
    expect(await text(page, '[data-brand-chooser] > summary')).toBe('Brands shown: 2 of 4')

    // The own brand cannot be hidden, whatever the URL says.
    await page.goto(handUrl({ tab: 'mentions', brands: 'Hoka' }), { waitUntil: 'networkidle0' })
    expect(await columns(page)).toEqual(['Brooks', 'Hoka'])

    // Kept across a reload and a round trip through another tab.
    await page.reload({ waitUntil: 'networkidle0' })
    expect(await columns(page)).toEqual(['Brooks', 'Hoka'])
    await Promise.all([page.waitForSelector('[data-tab-content="sentiment"]'), page.click('nav.tabbar a[data-tab="sentiment"]')])
    await Promise.all([page.waitForSelector('[data-tab-content="mentions"]'), page.click('nav.tabbar a[data-tab="mentions"]')])
    expect(await columns(page)).toEqual(['Brooks', 'Hoka'])

    // Your brand only, then Show all (the param goes).
    await page.click('[data-brand-chooser] > summary')
    await (await page.$$('xpath/.//button[normalize-space()="Your brand only"]'))[0].click()
    await waitForColumns(page, ['Brooks'])
    await (await page.$$('xpath/.//button[normalize-space()="Show all"]'))[0].click()
    await waitForColumns(page, MENTIONS.columns)
    expect(await shownParam(page)).toEqual([])
    expect(await page.$('[data-brands-note]')).toBeNull()
    expect(errors).toEqual([])
    await page.close()
  })

  it('stops a heading scrolled to below the sticky tab bar', async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)
    await page.setViewport({ width: 1366, height: 600 })
    await page.goto(handUrl(), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="overview"]')
    const where = await page.evaluate(() => {
      const bar = document.querySelector('nav.tabbar') as HTMLElement
      const headings = [...document.querySelectorAll('[data-tab-content] h2, [data-tab-content] h3')] as HTMLElement[]
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight
      // A heading far enough down that the page can bring it to the top.
      const heading = headings.find((h) => h.getBoundingClientRect().top + window.scrollY > 400 && h.getBoundingClientRect().top + window.scrollY < maxScroll)!
      heading.scrollIntoView({ block: 'start' })
      return { scrollY: window.scrollY, barTop: bar.getBoundingClientRect().top, barBottom: bar.getBoundingClientRect().bottom, headingTop: heading.getBoundingClientRect().top, heading: heading.innerText }
    })
    expect(where.scrollY).toBeGreaterThan(0)
    expect(where.barTop).toBe(89) // stuck
    expect(where.headingTop).toBeGreaterThanOrEqual(where.barBottom)
    expect(where.headingTop - where.barBottom).toBeLessThanOrEqual(24)
    expect(errors).toEqual([])
    await page.close()
  })

  it("explains each brand's sentiment score with its own numbers", async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)
    await page.goto(handUrl({ tab: 'sentiment' }), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="sentiment"]')
    // Brooks (SENTIMENT.rows[0]): 10 sentences whose scores add up to +2 -> +0.20.
    await page.focus('[data-card="neutral"] .rs-help > button')
    expect(await text(page, '[data-card="neutral"] [role=tooltip]')).toContain('+0.20 = sum of sentence scores +2 ÷ 10 sentences naming Brooks.')
    const titles = await page.$$eval('table[data-table="sentiment"] [data-score-formula]', (els) => els.map((e) => e.getAttribute('title')))
    expect(titles).toEqual([
      '+0.20 = sum of sentence scores +2 ÷ 10 sentences naming Brooks.',
      '-0.17 = sum of sentence scores -1 ÷ 6 sentences naming Asics.',
      '+0.20 = sum of sentence scores +1 ÷ 5 sentences naming Hoka.',
      '-0.25 = sum of sentence scores -1 ÷ 4 sentences naming Nike.',
    ])
    expect(errors).toEqual([])
    await page.close()
  })

  it("Model Admin Refresh says 'Analysis Refreshed'", async () => {
    const page = await signedInPage()
    const errors = collectPageErrors(page)
    await page.goto(resultsUrl({ tab: 'model-admin' }), { waitUntil: 'networkidle0' })
    await waitForText(page, 'Analysis Management')
    const [refresh] = await page.$$('xpath/.//details[@data-management]//button[normalize-space()="Refresh"]')
    const modelId = Number(await refresh.evaluate((b) => b.closest('details')!.getAttribute('data-management')))
    // Toasts come one at a time and the simulator answers fast, so the run's own toast soon replaces this one: record them all.
    await page.evaluate(() => {
      const seen: string[] = ((window as any).__toasts = [])
      new MutationObserver(() =>
        document.querySelectorAll('.toast').forEach((t) => {
          const shown = `${t.querySelector('.toast-title')?.textContent} | ${t.querySelector('.toast-description')?.textContent ?? ''}`
          if (seen.at(-1) !== shown) seen.push(shown)
        }),
      ).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await refresh.click()
    const toasts = () => page.evaluate(() => (window as any).__toasts as string[])
    await until('a toast after Refresh', async () => (await toasts()).length > 0, 15_000)
    expect((await toasts())[0]).toBe('Analysis Refreshed | Model analysis has been updated for today')
    // The refresh is a run of that model (recorded before the answer came back); let it end before the stack stops.
    const db = await (await import('../support/flows')).sql()
    const running = async () => (await db<{ n: number }[]>`select count(*)::int as n from model_runs where analysis_id = ${analysis.id} and status = 'running' and ${modelId} = any(model_ids)`)[0].n
    await until('the refreshed model run to end', async () => (await running()) === 0, 120_000, 500)
    // The model's card followed the run to its end.
    await until('the card to report the refreshed run complete', async () => (await toasts()).some((t) => / Analysis Complete \|/.test(t)), 30_000)
    expect(errors).toEqual([])
    await page.close()
  })
})
