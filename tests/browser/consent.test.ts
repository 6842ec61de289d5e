/** The cookie banner and preferences dialog in headless Chromium. */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { createProject, setLimits, signUp } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const stored = (page: import('puppeteer-core').Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'))
const bannerShown = async (page: import('puppeteer-core').Page) => (await page.$('[data-testid=cookie-banner]')) !== null

describe('cookie consent', () => {
  it('shows until a choice is made, keeps necessary on, and comes back for a new version', async () => {
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()
    await page.goto(`${appUrl}/`)
    await page.waitForSelector('[data-testid=cookie-banner]')
    // No analytics or marketing script on the page (there are none at all).
    const scripts = await page.$$eval('script[src]', (s) => s.map((x) => (x as HTMLScriptElement).src))
    expect(scripts.every((src) => src.startsWith(appUrl))).toBe(true)
    await screenshot(page, 'cookie-banner')

    // Dismiss hides it without saving; the next page shows it again.
    await page.click('[data-testid=cookie-banner] button[aria-label=Dismiss]')
    expect(await bannerShown(page)).toBe(false)
    expect(await stored(page)).toBeNull()
    await page.goto(`${appUrl}/cookie-policy`)
    await page.waitForSelector('[data-testid=cookie-banner]')
    await waitForText(page, 'no analytics and no marketing scripts')

    // Reject All stores a version 1.0 record with necessary on.
    await page.click('xpath/.//div[@data-testid="cookie-banner"]//button[.="Reject All"]')
    expect(await bannerShown(page)).toBe(false)
    expect(await stored(page)).toMatchObject({ version: '1.0', necessary: true, analytics: false, marketing: false, preferences: false })
    await page.reload()
    await waitForText(page, 'Cookie Policy')
    expect(await bannerShown(page)).toBe(false)

    // Preferences dialog from the footer: necessary cannot be turned off; a custom choice is saved.
    await page.click('xpath/.//footer//button[.="Cookie settings"]')
    await page.waitForSelector('[data-testid=cookie-preferences]')
    expect(await page.$eval('input[aria-label=Necessary]', (i) => [(i as HTMLInputElement).checked, (i as HTMLInputElement).disabled])).toEqual([true, true])
    await page.click('input[name=preferences]')
    await page.click('xpath/.//button[.="Save Preferences"]')
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, marketing: false, preferences: true })

    // A record of another version shows the banner again.
    await page.evaluate(() => localStorage.setItem('cookie-consent', JSON.stringify({ ...JSON.parse(localStorage.getItem('cookie-consent')!), version: '0.9' })))
    await page.reload()
    await page.waitForSelector('[data-testid=cookie-banner]')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a signed-in choice is kept on the server too', async () => {
    const user = await signUp()
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const [name, value] = user.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    await page.goto(`${testEnv().appUrl}/privacy-policy`)
    await page.waitForSelector('[data-testid=cookie-banner]')
    await page.click('xpath/.//div[@data-testid="cookie-banner"]//button[.="Accept All"]')
    const deadline = Date.now() + 10_000
    let consent: any = null
    while (!consent && Date.now() < deadline) {
      consent = (await user.json('/api/cookie-consent')).body.consent
      if (!consent) await new Promise((r) => setTimeout(r, 200))
    }
    expect(consent).toMatchObject({ version: '1.0', necessary: true, analytics: true, marketing: true, preferences: true })
    await context.close()
  })

  it('keeps the selected project in local storage only while Preferences are allowed', async () => {
    const user = await signUp()
    await setLimits(user.userId, { maxProjects: null })
    const a = await createProject(user, { name: 'Consent project A' })
    const b = await createProject(user, { name: 'Consent project B' })
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    const [name, value] = user.cookie.split('=')
    const { appUrl } = testEnv()
    await page.setCookie({ name, value, url: appUrl })
    const selected = () => page.evaluate(() => localStorage.getItem('selectedProjectId'))
    /** Opens project A, then switches to B with the sidebar's selector; the URL change proves both writes ran. */
    const openAThenB = async () => {
      await page.goto(`${appUrl}/?phase=2&project=${a.id}&tab=overview`)
      await page.waitForSelector('select.project-selector')
      await page.waitForFunction((id) => (document.querySelector('select.project-selector') as HTMLSelectElement | null)?.value === String(id), {}, a.id)
      await page.select('select.project-selector', String(b.id))
      await page.waitForFunction((id) => new URLSearchParams(location.search).get('project') === String(id), { timeout: 30_000 }, b.id)
    }

    // No choice yet: nothing is remembered, and switching projects works all the same.
    await openAThenB()
    expect(await stored(page)).toBeNull()
    expect(await selected()).toBeNull()

    // Accept All: the selected project is remembered.
    await page.goto(`${appUrl}/cookie-policy`)
    await page.click('xpath/.//div[@data-testid="cookie-banner"]//button[.="Accept All"]')
    await openAThenB()
    await page.waitForFunction((id) => localStorage.getItem('selectedProjectId') === String(id), { timeout: 10_000 }, b.id)

    // Reject All from the preferences dialog forgets it, and it is not written again.
    await page.goto(`${appUrl}/cookie-policy`)
    await page.click('xpath/.//footer//button[.="Cookie settings"]')
    await page.waitForSelector('[data-testid=cookie-preferences]')
    await page.click('xpath/.//div[@role="dialog"]//button[.="Reject All"]')
    expect(await stored(page)).toMatchObject({ version: '1.0', preferences: false })
    expect(await selected()).toBeNull()
    await openAThenB()
    expect(await selected()).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })
})
