/** /service-worker.js in headless Chromium: serves the shell's assets offline and never caches /api/ or pages. */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { launchBrowser } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('service worker', () => {
  it('serves the shell offline and keeps API answers and pages out of its cache', async () => {
    const { appUrl } = testEnv()
    const script = await fetch(`${appUrl}/service-worker.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toContain('javascript')
    expect(script.headers.get('cache-control')).toBe('no-cache')

    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.goto(`${appUrl}/faq`)
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== undefined)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    // Once the worker controls the page, load it again so its requests go through the worker.
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 })
    // Visit an API route and a page while online: neither may end up in the cache.
    await page.evaluate(() => Promise.all([fetch('/api/auth/status'), fetch('/faq')]))
    const cached = await page.evaluate(async () => {
      const out: string[] = []
      for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) out.push(new URL(req.url).pathname)
      return out
    })
    expect(cached.length).toBeGreaterThan(0)
    expect(cached.every((p) => p.startsWith('/build/'))).toBe(true)

    const rootModule = await page.evaluate(() => (window as any).__remixManifest.routes.root.module as string)
    await page.setOfflineMode(true)
    const offline = await page.evaluate(async (path) => {
      const asset = await fetch(path).then((r) => r.status).catch(() => 'failed')
      const api = await fetch('/api/auth/status').then((r) => r.status).catch(() => 'failed')
      return { asset, api }
    }, rootModule)
    expect(offline).toEqual({ asset: 200, api: 'failed' })
    await page.setOfflineMode(false)
    await context.close()
  })
})
