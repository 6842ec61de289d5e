/**
 * The Trends page (phase 3) in headless Chromium: a project with 30 seeded daily analyses (figures worked by
 * hand in tests/integration/trends.test.ts), the brand selector, the query and topic-brand selectors, the
 * interval on hover, the daily run turned on, paused and deleted, and the empty, locked and error states.
 * Screenshots go to test-artifacts/screenshots.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'
import { sql, type Session } from '../support/flows'
import { seedTrendProject, TREND_QUERIES, type SeededTrends } from '../support/trends-fixtures'

let browser: Browser
let seeded: SeededTrends

beforeAll(async () => {
  browser = await launchBrowser()
  seeded = await seedTrendProject(30)
})
afterAll(async () => {
  await browser?.close()
})

async function trendsPage(as: Session, projectId: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  await page.setViewport({ width: 1366, height: 900 })
  await page.emulateTimezone('Europe/London')
  const [name, value] = as.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  await page.goto(`${testEnv().appUrl}/?phase=3&project=${projectId}`, { waitUntil: 'networkidle0' })
  return { page, errors }
}

/** Whole-page screenshot with the viewport grown first (recharts redraws at a wrong size mid-capture otherwise). */
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

const rows = (page: Page, table: string) =>
  page.$$eval(`table[data-table="${table}"] tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())))

describe('Trends page', () => {
  it('shows the four trends with tables, n and intervals, and follows the selectors', async () => {
    const { page, errors } = await trendsPage(seeded.owner, seeded.projectId)
    await waitForText(page, 'Brand Mentions Trend')
    for (const title of ['Trends & Historical Data', 'Mention Share & Rank Rate', 'Brand Rank Over Time', 'Query Ranking Over Time', 'Topics Trend Analysis']) await waitForText(page, title)
    // Brands by total mentions, own brand marked; all three are among the default top 10.
    const labels = await page.$$eval('[data-testid="brand-select"] label', (ls) => ls.map((l) => (l as HTMLElement).innerText.trim()))
    expect(labels).toEqual(['Select All', '■ Nike', '■ Brooks (Your Brand)', '■ Asics'])
    // Mentions table: day 1 Brooks 7, day 2 9 with +28.6 %; 30 day columns and the total.
    const mentions = await rows(page, 'mentions-trend')
    const brooks = mentions.find((r) => r[0] === 'Brooks (Your Brand)')!
    expect(brooks).toHaveLength(32)
    expect(brooks[1]).toBe('7')
    expect(brooks[2]).toBe('9 +28.6%')
    // Share cell: value with n, interval on hover.
    const cell = await page.$eval('table[data-table="share-trend"] tbody tr:nth-child(2) td:nth-child(2)', (td) => ({ text: (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), title: td.getAttribute('title') }))
    expect(cell.text).toBe('36.8% n=19 ranked 62.5% n=8')
    expect(cell.title).toBe('Mention share 36.8% (95% interval 19.1–59%, n=19); rank rate 62.5% (95% interval 30.6–86.3%, n=8)')
    // Rank table: day 1 combined ranks Brooks 1.6, Nike 2.
    const ranks = await rows(page, 'rank-trend')
    expect(ranks.map((r) => r.slice(0, 2))).toEqual([['Nike', '2'], ['Brooks (Your Brand)', '1.6'], ['Asics', 'N/A']])
    // The long query is listed cut at 50 characters plus an ellipsis.
    const options = await page.$$eval('select[aria-label="Query"] option', (os) => os.map((o) => (o as HTMLOptionElement).text))
    expect(options).toContain('most comfortable marathon shoes for long distance ...')
    await screenshot(page, 'trends-page')

    // Unselect Nike: its rows leave every table.
    await page.evaluate(() => {
      const l = [...document.querySelectorAll('[data-testid="brand-select"] label')].find((x) => (x as HTMLElement).innerText.includes('Nike'))
      ;(l!.querySelector('input') as HTMLInputElement).click()
    })
    await page.waitForFunction(() => ![...document.querySelectorAll('table[data-table="rank-trend"] td:first-child')].some((td) => (td as HTMLElement).innerText === 'Nike'))
    // Another query: day 1 ranks of 'cheapest good running shoes' (q2): Brooks claude 1 (mentioned 2), chatgpt unmentioned -> 1.
    await page.select('select[aria-label="Query"]', TREND_QUERIES[2].query)
    await page.waitForFunction(() => document.querySelector('select[aria-label="Query"]') && (document.querySelector('select[aria-label="Query"]') as HTMLSelectElement).value.startsWith('cheapest'))
    await page.waitForFunction(() => (document.querySelector('table[data-table="query-trend"] tbody tr td:nth-child(2)') as HTMLElement)?.innerText === '1')
    // Topic trend for Nike.
    await page.select('select[aria-label="Topic trend brand"]', 'Nike')
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Topic trend brand"]') as HTMLSelectElement).value === 'Nike')
    await screenshot(page, 'trends-selectors')
    expect(errors).toEqual([])
    await page.close()
  })

  it('turns the daily run on, pauses and deletes it', async () => {
    const { page, errors } = await trendsPage(seeded.owner, seeded.projectId)
    await waitForText(page, 'No daily analysis is scheduled.')
    await page.select('select[aria-label="Hour of the daily analysis"]', '6')
    // A button is clicked once it is enabled: the panel disables them while a change is on its way (the Run Now request
    // may still be answering when its run is already recorded by a poll).
    const click = async (label: string) => {
      const button = `xpath/.//*[@data-testid="daily-run"]//button[normalize-space(.)="${label}"]`
      await page.waitForSelector(`${button}[not(@disabled)]`)
      await page.$eval(button, (b) => (b as HTMLButtonElement).click())
    }
    await click('Turn On Daily Analysis')
    await waitForText(page, 'Active: every day at 06:00 (Europe/London).')
    await screenshot(page, 'trends-daily-run')
    // Run Now says at once that the run was requested, then how it went, without a reload.
    // (An observer notes the pending line whenever it shows: the run may be recorded within the first poll.)
    await page.evaluate(() => {
      const w = window as unknown as { sawPending?: boolean }
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="run-now-pending"]')) w.sawPending = true
      }).observe(document.body, { childList: true, subtree: true })
    })
    expect(await page.$$eval('[data-testid="scheduled-runs"] li', (l) => l.length)).toBe(0)
    await click('Run Now')
    await page.waitForFunction(() => /Daily Analysis (Started|Skipped)/.test(document.body.innerText), { timeout: 60_000 })
    expect(await page.evaluate(() => (window as unknown as { sawPending?: boolean }).sawPending)).toBe(true)
    expect(await page.$$eval('[data-testid="scheduled-runs"] li', (l) => l.length)).toBe(1)
    await page.waitForFunction(() => !document.querySelector('[data-testid="run-now-pending"]'))
    await click('Pause')
    await waitForText(page, 'Paused: every day at 06:00 (Europe/London).')
    await click('Delete')
    await waitForText(page, 'No daily analysis is scheduled.')
    expect(errors).toEqual([])
    await page.close()
  })

  it('empty, Light Mode and not-found states', async () => {
    const empty = await seedTrendProject(0)
    const e = await trendsPage(empty.owner, empty.projectId)
    await waitForText(e.page, 'No Historical Data')
    await waitForText(e.page, 'Run daily analyses to see trends over time.')
    await screenshot(e.page, 'trends-empty')
    await e.page.close()

    const light = await seedTrendProject(1, { lightMode: true })
    const l = await trendsPage(light.owner, light.projectId)
    await waitForText(l.page, 'Not available in Light Mode')
    await l.page.close()

    // The trends request fails once: 'Error Loading Data' with Retry, which loads the page.
    const page = await browser.newPage()
    await page.setViewport({ width: 1366, height: 900 })
    const [name, value] = seeded.owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    await page.setRequestInterception(true)
    let failed = 0
    page.on('request', (req) => {
      // The page's own trends request (the header's alert bell asks /api/trends/alerts).
      if (req.url().includes(`/api/projects/${seeded.projectId}/trends`) && failed === 0) {
        failed++
        void req.respond({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom', message: 'The database is not reachable' }) })
      } else void req.continue()
    })
    await page.goto(`${testEnv().appUrl}/?phase=3&project=${seeded.projectId}`, { waitUntil: 'networkidle0' })
    await waitForText(page, 'Error Loading Data')
    await waitForText(page, 'The database is not reachable')
    await screenshot(page, 'trends-error')
    await page.evaluate(() => ([...document.querySelectorAll('button')].find((b) => b.innerText === 'Retry') as HTMLButtonElement).click())
    await waitForText(page, 'Brand Mentions Trend')
    await page.close()
  })
})

describe('the trend-alert bell in the header (every signed-in page)', () => {
  it('counts unread alerts of the owner\'s projects and opens the project\'s Trends page', async () => {
    const mine = await seedTrendProject(3, { start: '2025-03-01' })
    const db = await sql()
    await db`insert into trend_alerts (project_id, analysis_id, metric, message, data) values
      (${mine.projectId}, ${mine.analysisIds[2]}, 'share', 'Mention share of Brooks rose to 45% (n=100) from 20% (n=700) over the previous 7 runs', ${db.json({ metric: 'share' })}),
      (${mine.projectId}, ${mine.analysisIds[2]}, 'rank', 'Average rank of Brooks improved to 1.5 (n=40 ranked answers) from 3.1 (n=280) over the previous 7 runs', ${db.json({ metric: 'rank' })})`
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.setViewport({ width: 1366, height: 900 })
    const [name, value] = mine.owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    await page.goto(`${testEnv().appUrl}/projects`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-testid="header-alert-count"]')
    expect(await page.$eval('[data-testid="header-alert-count"]', (e) => (e as HTMLElement).innerText)).toBe('2')
    await page.click('[data-testid="header-alerts"] button')
    const items = await page.$$eval('[data-testid="header-alert"]', (as) => as.map((a) => (a as HTMLElement).innerText.replace(/\s+/g, ' ')))
    expect(items).toHaveLength(2)
    expect(items.some((t) => t.includes('Average rank of Brooks improved to 1.5'))).toBe(true)
    await screenshot(page, 'trends-header-bell')
    await page.click('[data-testid="header-alert"]')
    await page.waitForFunction((id) => location.search.includes('phase=3') && location.search.includes(`project=${id}`), {}, mine.projectId)
    await waitForText(page, 'Brand Mentions Trend')
    // Read on the Trends page: the header bell goes quiet on the next page.
    await page.click('[data-testid="alert-bell"]')
    await page.waitForFunction(() => !document.querySelector('[data-testid="alert-bell"] .rs-count'))
    await page.goto(`${testEnv().appUrl}/profile`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-testid="header-alerts"]')
    expect(await page.$('[data-testid="header-alert-count"]')).toBeNull()
    expect(errors).toEqual([])
    await page.close()
  })
})

