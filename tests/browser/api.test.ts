/**
 * In headless Chromium, on Profile & Limits: a user creates an API key (shown once), it works on /api/v1, the list
 * shows its prefix, and Revoke stops it (401).
 */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { signUp } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { KeyClient } from '../support/api-keys'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('API keys on Profile & Limits', () => {
  it('creates a key shown once, lists it by prefix, and revokes it', async () => {
    const user = await signUp()
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport({ width: 1300, height: 1000 })
    const [name, value] = user.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    const errors = collectPageErrors(page)

    await page.goto(`${testEnv().appUrl}/profile`)
    await waitForText(page, 'API keys')
    await waitForText(page, 'No API keys yet.')
    await page.type('input[name=name]', 'Weekly report')
    await page.click('input[name=scopes][value=run]')
    await page.type('input[name=expiresInDays]', '30')
    await page.click('xpath/.//button[.="Create API key"]')
    await page.waitForSelector('[data-testid=new-api-key-value]')
    await waitForText(page, 'it is shown only once')
    const key = await page.$eval('[data-testid=new-api-key-value]', (e) => e.textContent ?? '')
    expect(key).toMatch(/^abv_[A-Za-z0-9_-]{43}$/)

    // The list (reloaded after the action) shows the prefix, scopes and status, never the key.
    await page.waitForSelector('[data-testid=api-keys] [data-testid=api-key-row]')
    const row = await page.$eval('[data-testid=api-keys] [data-testid=api-key-row]', (e) => e.textContent ?? '')
    expect(row).toContain('Weekly report')
    expect(row).toContain(`${key.slice(0, 12)}…`)
    expect(row).toContain('read, run')
    expect(row).toContain('Active')
    expect(row).not.toContain(key)
    await screenshot(page, 'api-key-created')

    const client = new KeyClient(key)
    expect((await client.call('/api/v1/me')).status).toBe(200)

    // Shown once: a reload no longer has it.
    await page.reload()
    await page.waitForSelector('[data-testid=api-keys]')
    expect(await page.$('[data-testid=new-api-key-value]')).toBeNull()
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(key)

    page.on('dialog', (d) => void d.accept())
    await page.click('[data-testid=api-keys] [data-testid=api-key-row] button.btn-danger')
    await page.waitForFunction(() => document.querySelector('[data-testid=api-keys] [data-testid=api-key-status]')?.textContent === 'Revoked', { timeout: 15_000 })
    await screenshot(page, 'api-key-revoked')
    const after = await client.call('/api/v1/me')
    expect(after.status).toBe(401)
    expect(after.body.error.message).toBe('This API key was revoked.')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the reference page lists every operation of the OpenAPI document', async () => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/api/v1/docs`)
    await waitForText(page, 'AI Brand Visibility API')
    const doc = (await (await fetch(`${testEnv().appUrl}/api/v1/openapi.json`)).json()) as any
    const count = Object.values<any>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
    expect(await page.$$eval('[data-testid=api-operation]', (s) => s.length)).toBe(count)
    await waitForText(page, 'GET /api/v1/analyses/{analysisId}/visibility')
    await screenshot(page, 'api-reference')
    expect(errors).toEqual([])
    await page.close()
  })
})
