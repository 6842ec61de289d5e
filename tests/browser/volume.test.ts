/**
 * AI search volume in headless Chromium: on the hand-worked analysis with hand-chosen volumes
 * (tests/support/volume-fixtures.ts), Query Rank shows the rounded volume column, the demand-weighted visibility
 * beside the unweighted one, the source line (simulated, month, market) and the share of queries without an estimate.
 * One page load.
 */
import type { Browser } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { downloadsOf, type Download } from '../support/downloads'
import { seedHandWorkedAnalysis } from '../support/hand-worked-analysis'
import { seedHandVolumes, VOLUME_FIGURES } from '../support/volume-fixtures'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('AI search volume on Query Rank', () => {
  it('shows the rounded volume column and the demand-weighted visibility beside the unweighted one', async () => {
    const hw = await seedHandWorkedAnalysis()
    await seedHandVolumes()
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.setViewport({ width: 1366, height: 900 })
    const [name, value] = hw.owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    const qs = new URLSearchParams({ phase: '2', project: String(hw.projectId), analysis: String(hw.analysisId), tab: 'ranking-detail' })
    await page.goto(`${testEnv().appUrl}/?${qs}`, { waitUntil: 'networkidle0' })

    await page.waitForSelector('[data-testid="volume-weighted"]')
    expect(await page.$$eval('[data-testid="volume-cell"]', (tds) => tds.map((td) => td.textContent))).toEqual(VOLUME_FIGURES.labels)
    const summary = await page.$eval('[data-testid="volume-weighted"]', (el) => (el as HTMLElement).innerText)
    expect(summary).toContain(`Demand-weighted visibility of Brooks: ${VOLUME_FIGURES.weighted} %`)
    expect(summary).toContain(`unweighted ${VOLUME_FIGURES.unweighted} %`)
    expect(summary).toContain(VOLUME_FIGURES.sourceLine)
    expect(summary).toContain('1 of 3 queries (33.3 %) have no volume estimate and are left out of the demand-weighted figure.')
    await waitForText(page, 'AI search volume')
    await screenshot(page, 'volume-query-rank')

    // The exports carry the same column: the rounded estimate as a number (1234 -> 1200, 2766 -> 2800), 'no estimate'
    // where the provider has none, and the source and month in the header.
    const files = await downloadsOf(page, 'volume-exports')
    const click = async (label: string) => {
      const [b] = await page.$$(`xpath/.//section[@data-tab-content="ranking-detail"]//button[normalize-space()="${label}"]`)
      await b.click()
    }
    const sheet = (f: Download) => {
      const wb = XLSX.read(f.bytes, { type: 'buffer' })
      return XLSX.utils.sheet_to_json<(string | number)[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null })
    }
    const header = 'AI search volume / month, rounded (DataForSEO, simulated, Oct 2026, United Kingdom)'
    const csv = await files.take(() => click('Export CSV'))
    expect(csv.name).toMatch(/-query-rank-brooks-2025-05-20\.csv$/)
    // The CSV as text first (a BOM, then comma-separated lines), then parsed as a spreadsheet program reads it.
    const lines = csv.bytes.toString('utf8').replace(/^\ufeff/, '').split(/\r?\n/)
    expect(lines[0].endsWith(`,Visibility %,"${header}"`)).toBe(true)
    expect(lines[1].endsWith(',1.5,33,1200')).toBe(true)
    expect(lines[2].endsWith(',1.5,33,no estimate')).toBe(true)
    const fromCsv = sheet(csv)
    expect(fromCsv[0].at(-1)).toBe(header)
    expect(fromCsv.slice(1).map((r) => r.at(-1))).toEqual([1200, 'no estimate', 2800])
    const xlsx = await files.take(() => click('Export Excel'))
    expect(xlsx.name).toMatch(/-query-rank-brooks-2025-05-20\.xlsx$/)
    const fromXlsx = sheet(xlsx)
    expect(fromXlsx[0].at(-1)).toBe(header)
    expect(fromXlsx.slice(1).map((r) => r.at(-1))).toEqual([1200, 'no estimate', 2800])
    expect(fromXlsx).toEqual(fromCsv)
    expect(errors).toEqual([])
  })
})
