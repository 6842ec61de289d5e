/**
 * Trends → Experiments in headless Chromium: on a project with 16 seeded daily runs (figures worked by hand in
 * tests/integration/experiments.test.ts), a change is recorded through the form (controls proposed, baseline
 * counted), and its verdict, estimate table, treated-versus-control chart and the change marker on the Trends
 * charts show.
 */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { EXPERIMENT_QUERIES, seedExperimentProject } from '../support/experiments-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('Experiments on the Trends page', () => {
  it('records a change and shows whether it moved visibility', async () => {
    const seeded = await seedExperimentProject()
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.setViewport({ width: 1366, height: 900 })
    const [name, value] = seeded.owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    await page.goto(`${testEnv().appUrl}/?phase=3&project=${seeded.projectId}`, { waitUntil: 'networkidle0' })
    await waitForText(page, 'Record a change')
    await page.click('[data-testid="record-change"] summary')
    await page.type('[data-testid="record-change"] textarea', 'Comparison page for flat feet and trail')
    await page.type('[data-testid="record-change"] label:nth-of-type(2) textarea', 'https://brooks.example/compare')
    // A React-controlled date input: the native setter, then the input event React listens to.
    await page.$eval('[data-testid="record-change"] input[type="date"]', (el) => {
      const input = el as HTMLInputElement
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '2026-03-11')
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    for (const q of EXPERIMENT_QUERIES.slice(0, 2))
      await page.evaluate((text) => {
        const label = [...document.querySelectorAll('[data-testid="record-change"] fieldset:first-of-type label')].find((l) => (l as HTMLElement).innerText.trim() === text)
        ;(label!.querySelector('input') as HTMLInputElement).click()
      }, q)
    // Controls proposed (the other two queries), 10 runs before the change.
    await waitForText(page, '10 daily runs before the change.')
    // The proposal for both treated queries (an answer for the first choice alone may come in before it).
    await page.waitForFunction(
      (want) => [...document.querySelectorAll('[data-testid="record-change"] fieldset:nth-of-type(2) input:checked')].map((i) => (i.parentElement as HTMLElement).innerText.trim()).join('|') === want,
      { timeout: 15_000 },
      EXPERIMENT_QUERIES.slice(2).join('|'),
    )
    await page.click('[data-testid="record-change"] button.btn')
    // Treated 50 -> 100 %, controls 50 -> 50 %: +50 points, every draw the same.
    await waitForText(page, 'visibility up 50.0 points (interval 50.0–50.0)')
    const first = await page.$eval('table[data-table="experiment-estimates"] tbody tr', (tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim()))
    expect(first).toEqual(['Visibility (points)', '50.0', '50.0 to 50.0', '2 + 2 queries, 10 + 6 days, 128 answers'])
    // The change is marked on the experiment's chart and on the Trends charts.
    await page.waitForSelector('[data-testid="experiment-results"] .recharts-reference-line')
    await page.waitForSelector('[data-testid="mentions-trend"] .recharts-reference-line')
    await screenshot(page, 'experiments')
    expect(errors).toEqual([])
    await page.close()
  })
})
