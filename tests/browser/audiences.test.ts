import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { resetSimulator, simulator, sql, uniqueEmail } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  await resetSimulator()
  await simulator({ seed: 'audiences-browser', day: '2026-03-02' })
})
afterAll(async () => {
  await browser?.close()
})

// Clicks through the DOM, not at screen coordinates: the page scrolls smoothly to each new section.
const clickButton = async (page: Page, label: string) => {
  const button = await page.waitForSelector(`xpath/.//button[contains(., ${JSON.stringify(label)})]`)
  await button!.evaluate((b) => (b as HTMLButtonElement).click())
}
const click = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).click())

/** React has attached its handlers to the page's buttons (a click before hydration would submit the form natively). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => Object.keys(b).some((k) => k.startsWith('__reactProps'))), { timeout: 30_000 })

const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim())

const signUpInBrowser = async (page: Page, email: string) => {
  await page.goto(`${testEnv().appUrl}/signup`)
  await page.type('input[name=email]', email)
  await page.type('input[name=password]', 'correct horse battery')
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])
}

describe('Topics & Audiences setup in the browser', () => {
  it('tells a light-tier user to upgrade or use Legacy mode, with Light Mode locked on', async () => {
    // A context of its own: its session cookie does not sign the next test in.
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    const email = uniqueEmail('light')
    await signUpInBrowser(page, email)
    const db = await sql()
    await db`update users set tier = 'light' where email = ${email}`
    await page.goto(`${testEnv().appUrl}/?phase=1&tab=setup-beta`)
    await waitForText(page, 'Upgrade to Use Audiences & Topics')
    expect(await page.$eval('xpath/.//button[contains(., "Upgrade to Use Audiences & Topics")]', (b) => (b as HTMLButtonElement).disabled)).toBe(true)
    await waitForText(page, 'Audience and topic generation is for Standard and Full tiers. Please use Legacy mode.')
    await waitForText(page, 'Light Tier - Always On')
    expect(await page.$eval('input[type=checkbox]', (c) => [(c as HTMLInputElement).checked, (c as HTMLInputElement).disabled])).toEqual([true, true])
    await waitForText(page, '20 queries instead of 40')
    expect(errors).toEqual([])
    await context.close()
  }, 60_000)


  it('generates personas and topics, edits an audience, adds a topic, generates topic queries, proceeds and reads the Topics and Audiences tabs', async () => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    page.on('dialog', (d) => void d.accept())
    const { appUrl } = testEnv()
    await signUpInBrowser(page, uniqueEmail('audiences'))

    await page.goto(`${appUrl}/?phase=1&tab=setup-beta`)
    await waitForText(page, 'Brand & Market Definition')
    await hydrated(page)
    expect(await page.$eval('[data-testid=setup-help]', (e) => e.getAttribute('title'))).toContain('AI identifies 20+ audience personas')
    await clickButton(page, 'Generate Audiences & Topics')
    await waitForText(page, 'Project name is required')

    await page.type('#setup-name', 'Payroll personas')
    await page.type('#setup-brandDomain', 'PayFlow')
    await page.type('#setup-marketDescription', 'Payroll software for small and medium businesses')
    await page.click('[data-testid=market-type-B2B]')
    await page.type('#setup-region', 'United Kingdom')
    await clickButton(page, 'Generate Audiences & Topics')
    await waitForText(page, 'Edit & Select Target Audiences', 60_000)
    await waitForText(page, 'Role-Based Personas')
    await waitForText(page, 'Demographic-Based Personas')
    expect(await text(page, '[data-testid=stat-audiences]')).toBe('20')
    expect(await text(page, '[data-testid=stat-selected]')).toBe('0')
    await waitForText(page, 'Finance Manager')
    await waitForText(page, 'Regenerate Audiences & Topics')
    expect(await page.$eval('xpath/.//button[contains(., "Generate Audience Queries (0 selected)")]', (b) => (b as HTMLButtonElement).disabled)).toBe(true)

    // Edit the first persona's name: Enter saves; Escape cancels the next edit.
    await click(page, '[aria-label="Edit Audience name"]')
    await page.$eval('input[aria-label="Audience name"]', (e) => ((e as HTMLInputElement).value = ''))
    await page.type('input[aria-label="Audience name"]', 'Payroll Lead at a 50-person firm')
    await page.keyboard.press('Enter')
    await waitForText(page, 'Payroll Lead at a 50-person firm')
    await click(page, '[aria-label="Edit Audience name"]')
    await page.type('input[aria-label="Audience name"]', ' changed')
    await page.keyboard.press('Escape')
    expect(await page.$$eval('[aria-label="Edit Audience name"]', (els) => (els[0] as HTMLElement).innerText)).toBe('Payroll Lead at a 50-person firm')
    await clickButton(page, 'Show More')
    await waitForText(page, 'Pain Points')

    // Select the persona, pick the most relevant topic, add a custom one (auto-selected).
    await click(page, 'input[aria-label="Select Payroll Lead at a 50-person firm"]')
    await click(page, '[data-testid=topic-card]')
    await page.type('input[aria-label="Custom topic"]', 'Auto-enrolment pensions')
    await clickButton(page, 'Add Topic')
    expect(await text(page, '[data-testid=stat-selected]')).toBe('3')
    expect(await text(page, '[data-testid=stat-queries-est-]')).toBe('10')
    await waitForText(page, 'Ready to Generate Queries')
    await waitForText(page, 'Generate Audience Queries (1 selected)')
    await screenshot(page, 'audiences-picker')

    await clickButton(page, 'Generate 10 Queries')
    await waitForText(page, 'Analysis Queries', 60_000)
    expect(await text(page, '[data-testid=query-count]')).toBe('10/50')
    const topicBadges = await page.$$eval('[data-testid=query-topic]', (els) => els.map((e) => (e as HTMLElement).innerText))
    expect(topicBadges).toHaveLength(10)
    expect(topicBadges.filter((t) => t === 'Auto-enrolment pensions')).toHaveLength(5)
    // The top topic's queries are asked on behalf of its connected audiences.
    expect(await page.$$eval('[data-testid=query-audience]', (els) => els.length)).toBeGreaterThan(0)

    // The query editor offers the topics and 'No topic'.
    await click(page, '[data-testid=query-row] button:not([aria-label])')
    await page.waitForSelector('select[aria-label=Topic]')
    const options = await page.$$eval('select[aria-label=Topic] option', (os) => os.map((o) => o.textContent))
    expect(options[0]).toBe('No topic')
    expect(options).toContain('Auto-enrolment pensions')
    await clickButton(page, 'Cancel')

    // Keep one query of each topic so the analysis is short.
    for (;;) {
      const topics = await page.$$eval('[data-testid=query-topic]', (els) => els.map((e) => (e as HTMLElement).innerText))
      if (topics.length <= 2) break
      const index = topics[1] === topics[0] ? 2 : topics.length
      await click(page, `[data-testid=query-row] button[aria-label="Remove query ${index}"]`)
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=query-row]').length === n, {}, topics.length - 1)
    }
    expect(await text(page, '[data-testid=query-count]')).toBe('2/50')
    // The top topic's first query is asked on behalf of its first connected audience: ask it as that persona too (issue 11 §4).
    const persona = (await page.$$eval('[data-testid=query-audience]', (els) => els.map((e) => (e as HTMLElement).innerText)))[0].split(':')[0]
    expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(false)
    await click(page, 'input[aria-label="Ask as persona"]')
    expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(true)
    await screenshot(page, 'audiences-review')

    await clickButton(page, 'Proceed to Analysis')
    await page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 })
    await waitForText(page, 'Analysis Complete!', 150_000)
    const link = await page.waitForSelector('xpath/.//a[contains(., "View Analysis Results Now")]')
    const href = await link!.evaluate((a) => (a as HTMLAnchorElement).href)

    for (const tab of ['topics', 'audiences']) {
      const url = new URL(href)
      url.searchParams.set('tab', tab)
      await page.goto(url.href, { waitUntil: 'networkidle0' })
      await page.waitForSelector(`[data-tab-content="${tab}"]`, { timeout: 20_000 })
      await page.waitForSelector('.recharts-scatter-symbol', { timeout: 15_000 })
      await waitForText(page, 'Brand Share Breakdown')
      if (tab === 'audiences') {
        // Visibility by persona: one audience query asked by six models, as written and as the persona.
        await page.waitForSelector('[data-testid=persona-row]', { timeout: 20_000 })
        const row = await page.$eval('[data-testid=persona-row]', (r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim()))
        expect(row[0]).toBe(persona)
        expect(row[1]).toBe('1')
        expect(row[4]).toMatch(/^[0-6]\/6$/)
        expect(row[7]).toMatch(/^[0-6]\/6$/)
        expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(true)
        // The panel loading below the charts leaves them drawn.
        await page.waitForSelector('[data-tab-content="audiences"] .recharts-scatter-symbol', { timeout: 15_000 })
        await page.waitForSelector('[data-tab-content="audiences"] .recharts-bar-rectangle', { timeout: 15_000 })
      }
      await screenshot(page, `audiences-results-${tab}`)
    }
    await waitForText(page, 'All Audiences')
    expect(errors).toEqual([])
  }, 300_000)
})
