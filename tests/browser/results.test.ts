/**
 * The results screens in headless Chromium: every tab of a completed analysis, key figures
 * against the metrics module (computed here from GET /api/analyses/{id}), filters in the
 * URL, copy and spreadsheet export, the share link opened signed out, and a brand named
 * like an HTML payload shown as text. Screenshots go to test-artifacts/screenshots.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import type { AnalysisMetrics } from '../../app/domain/metrics'
import { round1 } from '../../app/domain/metrics/colours'
import { formatNumber, formatPercent, formatRank } from '../../app/components/results/format'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'
import type { Session } from '../support/flows'
import { EVIL, expectedMetrics, QUERIES, runResultsAnalysis } from '../support/results-fixtures'

const TABS = ['overview', 'share-of-model', 'topics', 'audiences', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data', 'model-admin']

let browser: Browser
let owner: Session & { userId: number }
let project: any
let analysis: any

function metrics(opts: { modelIds?: number[]; topic?: string } = {}): AnalysisMetrics {
  return expectedMetrics(analysis, project, opts)
}

const resultsUrl = (params: Record<string, string> = {}) =>
  `${testEnv().appUrl}/?${new URLSearchParams({ phase: '2', project: String(project.id), analysis: String(analysis.id), ...params })}`

async function signedInPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = owner.cookie.split('=')
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

beforeAll(async () => {
  ({ owner, project, analysis } = await runResultsAnalysis())
  expect(analysis.status).toBe('completed')
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('results screens in the browser', () => {
  it('opens every tab with the metrics module figures and saves a screenshot of each', async () => {
    const page = await signedInPage()
    const errors = collectPageErrors(page)
    const alerts: string[] = []
    page.on('dialog', async (d) => {
      alerts.push(d.message())
      await d.dismiss()
    })
    const m = metrics()
    const own = m.byBrand['Brooks']

    for (const tab of TABS) {
      await page.goto(resultsUrl(tab === 'overview' ? {} : { tab }), { waitUntil: 'networkidle0' })
      await page.waitForSelector(`[data-tab-content="${tab}"]`, { timeout: 20_000 })
      const active = await text(page, 'nav.tabbar a.active')
      expect(active.toLowerCase().replace(/\s+/g, '-')).toBe(tab === 'ranking-detail' ? 'query-rank' : tab)

      switch (tab) {
        case 'overview': {
          expect(await text(page, '[data-tile="Total Mentions"] .rs-tile-value')).toBe(formatNumber(m.summary.totalMentions))
          expect(await text(page, '[data-tile="Brands with Mentions"] .rs-tile-value')).toBe(String(m.summary.brandsWithMentions))
          expect(await text(page, '[data-tile="Avg Ranking"] .rs-tile-value')).toBe(formatRank(m.summary.averageRank))
          expect(await text(page, '[data-tile="Brands Ranked"] .rs-tile-value')).toBe(String(m.summary.brandsRanked))
          expect(await page.$$eval('.recharts-surface', (els) => els.length)).toBeGreaterThanOrEqual(3)
          await waitForText(page, 'Brand Analysis Overview')
          break
        }
        case 'share-of-model':
          expect(await text(page, '[data-brand="Brooks"] [data-combined]')).toBe(formatPercent(round1(own.share.combined)))
          break
        case 'topics':
        case 'audiences':
          await page.waitForSelector('.recharts-scatter-symbol', { timeout: 10_000 })
          expect(await page.$$eval('.recharts-scatter-symbol', (els) => els.length)).toBe(2)
          await waitForText(page, 'Leaders')
          await waitForText(page, 'Brand Share Breakdown')
          break
        case 'brand-rank': {
          expect(await text(page, '[data-brand="Brooks"] [data-combined]')).toBe(formatRank(own.rank.combined))
          expect(await text(page, '[data-brand="Brooks"] [data-visibility]')).toBe(`${own.visibility}%`)
          // The HTML-looking brand name is text, not markup.
          expect(await page.$$eval('table[data-table="brand-rank"] td', (tds, evil) => tds.some((td) => (td as HTMLElement).innerText.includes(evil as string)), EVIL)).toBe(true)
          expect(await page.$$('img[src="x"]')).toHaveLength(0)
          break
        }
        case 'ranking-detail':
          expect(await page.$$eval('table[data-table="query-rank"] tbody tr', (rows) => rows.length)).toBe(QUERIES.length)
          break
        case 'mentions':
          expect(await text(page, '[data-grand-total]')).toBe(formatNumber(m.totals.mentionsTotal))
          expect(await text(page, 'table[data-table="mentions"] thead th:nth-child(2)')).toContain('Your Brand')
          break
        case 'sentiment':
          expect(await text(page, '[data-card="positive"] .rs-tile-value')).toBe(`${own.sentiment.positive}%`)
          expect(await text(page, '[data-card="negative"] .rs-tile-value')).toBe(`${own.sentiment.negative}%`)
          break
        case 'sentiment-detail': {
          const cards = await page.$$('[data-sentiment-card]')
          if (cards.length === 0) await waitForText(page, 'No Sentiment Data Found')
          break
        }
        case 'api-data':
          expect(await page.$$eval('[data-response]', (els) => els.length)).toBe(Math.min(15, analysis.apiResponses.length))
          break
        case 'model-admin':
          expect(await page.$$eval('[data-model-card]', (els) => els.length)).toBe(8)
          await waitForText(page, 'Analysis Management')
          await waitForText(page, 'Today')
          break
      }
      await screenshot(page, `results-${tab}`)
    }
    expect(alerts).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('keeps filters in the URL: model and topic filters change the figures and survive a reload', async () => {
    const page = await signedInPage()
    const errors = collectPageErrors(page)
    await page.goto(resultsUrl(), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="overview"]')
    await Promise.all([page.waitForFunction(() => location.search.includes('model=claude')), page.select('select[name=model]', 'claude')])
    const claude = metrics({ modelIds: [3] })
    await page.waitForFunction(
      (want) => (document.querySelector('[data-tile="Total Mentions"] .rs-tile-value') as HTMLElement | null)?.innerText.trim() === want,
      { timeout: 10_000 },
      formatNumber(claude.summary.totalMentions),
    )
    await page.reload({ waitUntil: 'networkidle0' })
    expect(await page.$eval('select[name=model]', (el) => (el as HTMLSelectElement).value)).toBe('claude')
    expect(await text(page, '[data-tile="Total Mentions"] .rs-tile-value')).toBe(formatNumber(claude.summary.totalMentions))

    await page.goto(resultsUrl({ tab: 'brand-rank' }), { waitUntil: 'networkidle0' })
    await Promise.all([page.waitForFunction(() => location.search.includes('topic=Value')), page.select('select[name=topic]', 'Value')])
    await page.waitForSelector('[data-filtered-badge]')
    expect(await text(page, '[data-filtered-badge]')).toBe('Filtered: 2/4 queries')
    const value = metrics({ topic: 'Value' })
    expect(await text(page, '[data-brand="Brooks"] [data-combined]')).toBe(formatRank(value.byBrand['Brooks'].rank.combined))
    await screenshot(page, 'results-brand-rank-filtered')
    expect(errors).toEqual([])
    await page.close()
  })

  it('copies Query Rank as tab-separated text and downloads the Brand Rank spreadsheet', async () => {
    await browser.defaultBrowserContext().overridePermissions(testEnv().appUrl, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write'])
    const page = await signedInPage()
    await page.goto(resultsUrl({ tab: 'ranking-detail' }), { waitUntil: 'networkidle0' })
    const [copy] = await page.$$('xpath/.//button[normalize-space()="Copy"]')
    await copy.click()
    await waitForText(page, 'Copied to clipboard')
    const clip = await page.evaluate(() => navigator.clipboard.readText())
    expect(clip.split('\n')[0].split('\t')).toEqual(['Query', 'Claude 4', 'Perplexity', 'Gemini 2.0', 'ChatGPT 5', 'Grok-4', 'DeepSeek', 'Combined Avg', 'Visibility %'])
    expect(clip.split('\n')).toHaveLength(QUERIES.length + 1)

    const downloads = path.join(testEnv().artifactsDir, 'downloads', String(Date.now()))
    mkdirSync(downloads, { recursive: true })
    const cdp = await page.createCDPSession()
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads })
    await page.goto(resultsUrl({ tab: 'brand-rank' }), { waitUntil: 'networkidle0' })
    const [excel] = await page.$$('xpath/.//button[normalize-space()="Export Excel"]')
    await excel.click()
    const file = `brand-rank-analysis-${analysis.date}.xlsx`
    const deadline = Date.now() + 15_000
    while (!readdirSync(downloads).includes(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
    const wb = XLSX.read(readFileSync(path.join(downloads, file)))
    expect(wb.SheetNames).toEqual(['Brand Rank'])
    const rows = XLSX.utils.sheet_to_json<any[]>(wb.Sheets['Brand Rank'], { header: 1 })
    const m = metrics()
    expect(rows[1][0]).toBe('Brooks')
    expect(rows[1][8]).toBe(m.byBrand['Brooks'].rank.combined ?? 'N/A')
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
    expect(firstRenderMs).toBeLessThan(10_000)
    await page.close()
  })
})
