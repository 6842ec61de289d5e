/**
 * AI search volume in headless Chromium: on the hand-worked analysis with hand-chosen volumes
 * (tests/support/volume-fixtures.ts), Query Rank shows the rounded volume column, the demand-weighted visibility
 * beside the unweighted one, the source line (simulated, month, market) and the share of queries without an estimate.
 * One page load.
 */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
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
    expect(errors).toEqual([])
  })
})
