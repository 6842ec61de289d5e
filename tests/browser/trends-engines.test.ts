/**
 * The Trends page with the engines in headless Chromium: two daily analyses asked of ChatGPT 5 and Google AI Overview
 * (tests/support/trends-engines-fixtures.ts, its table of answers there); on day 2 the AI Overview showed nothing for
 * the second query. Picking the AI Overview as the model, the share and rank tables show its own figures with n and
 * the absent answer left out of n; the Models over time panel lists both models by name; under Query Ranking each
 * model's counts for the query over both days. Every figure is worked out by hand below.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'
import { ENGINE_TREND_QUERIES, seedEngineTrends } from '../support/trends-engines-fixtures'

let browser: Browser
let seeded: Awaited<ReturnType<typeof seedEngineTrends>>

beforeAll(async () => {
  browser = await launchBrowser()
  seeded = await seedEngineTrends()
})
afterAll(async () => {
  await browser?.close()
})

const rows = (page: Page, table: string) =>
  page.$$eval(`table[data-table="${table}"] tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())))

/** Waits until the table's first cell of some row reads `first` and that row's cells equal `cells`. */
async function waitForRow(page: Page, table: string, cells: string[]) {
  await page.waitForFunction(
    (t, want) =>
      [...document.querySelectorAll(`table[data-table="${t}"] tbody tr`)].some(
        (tr) => JSON.stringify([...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())) === JSON.stringify(want),
      ),
    {},
    table,
    cells,
  )
}

describe('Trends page with the engines', () => {
  it('shows one model on its own, the models over time and the query counts per model', async () => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.setViewport({ width: 1366, height: 900 })
    await page.emulateTimezone('Europe/London')
    const [name, value] = seeded.owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    await page.goto(`${testEnv().appUrl}/?phase=3&project=${seeded.projectId}`, { waitUntil: 'networkidle0' })
    await waitForText(page, 'Models over time')

    // The Model select: all API models, then each model the analyses hold by its catalogue name.
    const options = await page.$$eval('select[aria-label="Model"] option', (os) => os.map((o) => (o as HTMLOptionElement).text.trim()))
    expect(options).toEqual(['All API models', '■ ChatGPT 5', '■ Google AI Overview'])
    // The series' brand starts as the own brand.
    expect(await page.$eval('select[aria-label="Model brand"]', (s) => (s as HTMLSelectElement).value)).toBe('Acme')

    // Models over time, Acme's mention rate: ChatGPT 5 names Acme in q0 of 2 answers each day (50 %, n=2). The AI
    // Overview: day 1 both queries shown, Acme named in both (100 %, n=2, shown 2 of 2); day 2 q1 showed no Overview,
    // so n=1 (q0, which names Rival only: 0 %), shown 1 of 2 = 50 %, absent 1.
    expect(await rows(page, 'models-trend')).toEqual([
      ['■ ChatGPT 5', '50% n=2', '50% n=2'],
      ['■ Google AI Overview', '100% n=2 shown 100%, absent 0 (not counted)', '0% n=1 shown 50%, absent 1 (not counted)'],
    ])
    const legend = await page.$$eval('[data-testid="models-trend"] .recharts-legend-item-text', (ls) => ls.map((l) => (l as HTMLElement).textContent))
    expect(legend).toEqual(['ChatGPT 5', 'Google AI Overview', 'Google AI Overview presence'])

    // Query Ranking, first query ('best project tracker', q0) over both days. Brands by total mentions of the API
    // models: Rival 2 + 2 = 4, Acme 1 + 1 = 2, so Rival's column first. ChatGPT 5: Rival day 2 only (1 of 2), Acme
    // both days (2 of 2). AI Overview: Rival day 2 (1 of 2), Acme day 1 (1 of 2), never absent on q0.
    expect(await page.$eval('select[aria-label="Query"]', (s) => (s as HTMLSelectElement).value)).toBe(ENGINE_TREND_QUERIES[0])
    expect(await rows(page, 'query-model-totals')).toEqual([
      ['■ ChatGPT 5', '1 of 2', '2 of 2', '–'],
      ['■ Google AI Overview', '1 of 2', '1 of 2', 'absent 0'],
    ])

    // Pick the AI Overview: the share table shows its own rates of Acme. Day 1: named and ranked in both answers
    // (100 %, n=2); day 2: 0 of the 1 answer with an Overview, the absent one not counted.
    await page.select('select[aria-label="Model"]', '11')
    await waitForText(page, 'Mention Rate & Rank Rate: Google AI Overview')
    expect(await rows(page, 'share-trend')).toEqual([
      ['Acme (Your Brand)', '100% n=2 ranked 100% n=2 absent 0 (not counted)', '0% n=1 ranked 0% n=1 absent 1 (not counted)'],
    ])
    // The interval on hover: 2 of 2 -> 34.2-100 %, 0 of 1 -> 0-79.3 % (Wilson, z = 1.96).
    const titles = await page.$$eval('table[data-table="share-trend"] tbody td.num', (tds) => tds.map((td) => td.getAttribute('title')))
    expect(titles).toEqual([
      'Mention rate 100% (95% interval 34.2–100%, n=2); rank rate 100% (95% interval 34.2–100%, n=2)',
      'Mention rate 0% (95% interval 0–79.3%, n=1); rank rate 0% (95% interval 0–79.3%, n=1)',
    ])
    // Rank: day 1 Acme ranked 1 (q0) and 2 (q1) -> 1.5; day 2 unranked.
    expect(await rows(page, 'rank-trend')).toEqual([['Acme (Your Brand)', '1.5 n=2 absent 0 (not counted)', 'N/A n=1 absent 1 (not counted)']])

    // Another brand for the series (read again from the server): Rival. AI Overview day 1: q1 only (1 of 2 = 50 %,
    // rank 1); day 2: 1 of 1 (100 %, rank 1).
    await page.select('select[aria-label="Model brand"]', 'Rival')
    await waitForRow(page, 'share-trend', ['Rival', '50% n=2 ranked 50% n=2 absent 0 (not counted)', '100% n=1 ranked 100% n=1 absent 1 (not counted)'])
    expect(await rows(page, 'rank-trend')).toEqual([['Rival', '1 n=2 absent 0 (not counted)', '1 n=1 absent 1 (not counted)']])

    // The second query: the AI Overview showed an Overview on day 1 only, naming both brands (1 of 1 each), absent
    // on day 2; ChatGPT 5 names Rival both days (2 of 2), Acme never (0 of 2).
    await page.select('select[aria-label="Query"]', ENGINE_TREND_QUERIES[1])
    await waitForRow(page, 'query-model-totals', ['■ Google AI Overview', '1 of 1', '1 of 1', 'absent 1'])
    expect(await rows(page, 'query-model-totals')).toEqual([
      ['■ ChatGPT 5', '2 of 2', '0 of 2', '–'],
      ['■ Google AI Overview', '1 of 1', '1 of 1', 'absent 1'],
    ])

    // Back to all API models: today's view (mention share of the brand totals).
    await page.select('select[aria-label="Model"]', '')
    await waitForText(page, 'Mention Share & Rank Rate')
    expect(errors).toEqual([])
    await page.close()
  })
})
