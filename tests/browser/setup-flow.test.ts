import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { resetSimulator, uniqueEmail } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  await resetSimulator()
})
afterAll(async () => {
  await browser?.close()
})

describe('legacy project setup in the browser', () => {
  it('defines a brand, reviews the framework, proceeds, and watches the analysis complete', async () => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()
    await page.goto(`${appUrl}/signup`)
    await page.type('input[name=email]', uniqueEmail('setup'))
    await page.type('input[name=password]', 'correct horse battery')
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])
    await page.goto(`${appUrl}/?phase=1&tab=setup`)
    await waitForText(page, 'Brand & Market Definition')
    await waitForText(page, 'How It Works')

    // Validation messages come first.
    await page.click('button[type=submit]')
    await waitForText(page, 'Project name is required')
    await waitForText(page, 'Brand name is required')
    await waitForText(page, 'Market description is required')

    await page.type('#setup-name', 'Browser test project')
    await page.type('#setup-brandDomain', 'Brooks')
    await page.type('#setup-marketDescription', 'running shoes for road runners')
    await page.type('#setup-region', 'United Kingdom')
    const languages = await page.$$eval('#setup-language option', (o) => o.length)
    expect(languages).toBe(30) // the spec lists 30 codes under "29 setup languages"
    await page.click('button[type=submit]')
    await waitForText(page, 'Top Competitors', 60_000)
    await waitForText(page, '(Your Brand)')
    const competitorCount = await page.$eval('[data-testid=competitor-count]', (e) => e.textContent)
    expect(competitorCount).toMatch(/^\d+\/19$/)
    // Trim the framework to keep the analysis short: keep 2 queries.
    let rows = await page.$$('[data-testid=query-row]')
    while (rows.length > 2) {
      await page.click('[data-testid=query-row] button[aria-label^="Remove query"]')
      rows = await page.$$('[data-testid=query-row]')
    }
    expect(await page.$eval('[data-testid=query-count]', (e) => e.textContent)).toBe('2/40')
    await screenshot(page, 'setup-review')

    const proceed = await page.waitForSelector('xpath/.//button[contains(., "Proceed to Analysis")]')
    await proceed!.click()
    await page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 })
    await waitForText(page, 'AI Model Progress')
    await waitForText(page, 'Analysis Complete!', 120_000)
    await screenshot(page, 'analysis-complete')
    const link = await page.waitForSelector('xpath/.//a[contains(., "View Analysis Results Now")]')
    expect(await link!.evaluate((a) => (a as HTMLAnchorElement).href)).toMatch(/phase=2&project=\d+&analysis=\d+/)
    expect(errors).toEqual([])
  }, 240_000)
})
