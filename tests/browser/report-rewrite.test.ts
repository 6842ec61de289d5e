/**
 * The model rewrite of the report summary's style in headless Chromium, as the owner meets it: with the setting off,
 * the "Download report" menu's item says so and links to Report branding; the owner turns it on there, asks from the
 * menu, the menu follows the rewrite to its verdict, and the report's web page and the share link's page show the
 * rewritten wording with the "Simulated" note. The hand-worked analysis: Brooks 10 of 25 mentions (40 %).
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'

let browser: Browser
let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim())

async function openMenu(page: Page) {
  await waitForText(page, 'Download report')
  await page.click('[data-report-menu] > button')
  await page.waitForSelector('[data-report="html"]', { visible: true })
}

/** The report's web page, reached by the menu's own link: its summary shows the simulator's rewrite and the note. */
async function expectRewrittenReport(page: Page) {
  await openMenu(page)
  const href = await page.$eval('[data-report="html"]', (a) => (a as HTMLAnchorElement).href)
  await page.goto(href, { waitUntil: 'load' })
  const summary = await text(page, '.summary')
  // The simulator's faithful rewrite: each section behind a lead-in, the hand-worked 40 % of 25 mentions kept.
  expect(summary).toContain('In short: Brooks holds 40% of the brand mentions (n = 25 mentions')
  expect(await text(page, '.summary [data-summary-note="rewritten"]')).toBe(
    'The wording of this summary was rewritten by a model (OpenAI) from the computed facts; every figure in it was checked against them. ' +
      'Simulated: in demo mode the built-in model simulator rewrote it, not a real AI model.',
  )
}

it('off, the menu item says so and where to turn it on; turned on at /branding and asked from the menu, the report page and the share page show the rewrite, labelled simulated', async () => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = hw.owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  const results = `${testEnv().appUrl}/?phase=2&project=${hw.projectId}&analysis=${hw.analysisId}`
  await page.goto(results, { waitUntil: 'networkidle0' })

  // Off by default: the item cannot be used, and says how to turn it on.
  await openMenu(page)
  await page.waitForSelector('[data-report-rewrite-off]', { visible: true })
  expect(await text(page, '[data-report-rewrite-off]')).toBe('Off for this project: turn it on in Report branding.')
  expect(await page.$eval('[data-report="rewrite"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true)
  await screenshot(page, 'report-rewrite-off')

  // Its link leads to the project's branding page, where the owner turns it on.
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('[data-report-rewrite-off] a')])
  expect(page.url()).toBe(`${testEnv().appUrl}/branding?project=${hw.projectId}`)
  await page.select('[data-rewrite-form] select[name="rewriteSummary"]', 'on')
  await page.click('[data-rewrite-form] button[type="submit"]')
  await page.waitForSelector('[data-rewrite-form] [role="status"]', { visible: true })
  expect(await text(page, '[data-rewrite-form] [role="status"]')).toBe('Saved.')

  // Back on the results, the owner asks; the menu follows the rewrite until the guard has judged it.
  await page.goto(results, { waitUntil: 'networkidle0' })
  await openMenu(page)
  await page.waitForSelector('[data-report="rewrite"]:not([disabled])', { visible: true })
  expect(await page.$('[data-report-rewrite-off]')).toBeNull()
  await page.click('[data-report="rewrite"]')
  await page.waitForSelector('[data-report-rewrite-status="accepted"]', { visible: true, timeout: 90_000 })
  expect(await text(page, '[data-report-rewrite-status]')).toBe(
    'A model rewrote the summary (simulated: demo mode); every figure in it is one of the computed facts. The report without filters shows it: open “Report as web page”.',
  )
  await screenshot(page, 'report-rewrite-accepted')

  await expectRewrittenReport(page)
  await screenshot(page, 'report-rewrite-web-page')

  // The share link's page shows the same report.
  const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
  expect(created.status).toBe(201)
  await page.goto(`${testEnv().appUrl}/export/${created.body.exportId}`, { waitUntil: 'networkidle0' })
  await expectRewrittenReport(page)
  expect(page.url()).toContain(`/export/${created.body.exportId}/report?`)
  expect(errors).toEqual([])
  await page.close()
})
