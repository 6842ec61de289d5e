import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { uniqueEmail } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a new user in the browser', () => {
  it('signs up and sees the home shell in demo mode', async () => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()
    await page.goto(`${appUrl}/`)
    await waitForText(page, 'Sign In')
    await page.goto(`${appUrl}/signup`)
    await page.type('input[name=email]', uniqueEmail('browser'))
    await page.type('input[name=password]', 'correct horse battery')
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])
    await waitForText(page, 'No Project Selected')
    const banner = await page.$eval('[data-testid=demo-banner]', (el) => el.textContent ?? '')
    expect(banner).toMatch(/simulator/)
    const nav = await page.$eval('header nav', (el) => el.textContent ?? '')
    for (const item of ['New', 'Projects', 'Support', "What's New?"]) expect(nav).toContain(item)
    expect(nav).not.toContain('Admin')
    const phases = await page.$eval('aside', (el) => el.textContent ?? '')
    for (const label of ['Setup', 'Analysis', 'Trends', 'Source Insights', 'Content Optimiser', 'Content Ideator', 'AI Chat']) expect(phases).toContain(label)
    await screenshot(page, 'home-shell')
    // On a phone the navigation folds into the small-screen menu.
    await page.setViewport({ width: 390, height: 844 })
    await page.click('button[aria-label=Menu]')
    await page.waitForSelector('[data-testid=mobile-menu]')
    const menu = await page.$eval('[data-testid=mobile-menu]', (el) => el.textContent ?? '')
    for (const item of ['New Project', 'My Projects', "What's New?", 'Switch Project']) expect(menu).toContain(item)
    await screenshot(page, 'home-shell-phone')
    expect(errors).toEqual([])
    await page.close()
  })

  it('signed out on a signed-in screen: toast, then sent to sign in', async () => {
    const context = await browser.createBrowserContext() // no cookies from the test above
    const page = await context.newPage()
    const toLogin = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/login', { timeout: 15_000 })
    const response = await page.goto(`${testEnv().appUrl}/analysis-progress`, { waitUntil: 'domcontentloaded' })
    expect(response?.status()).toBe(401)
    expect(await response?.text()).toContain('Unauthorised – You are logged out. Logging in again...')
    // After 500 ms the browser goes to /api/login (which then starts the sign-in).
    await toLogin
    await page.close()
  })
})
