import puppeteer, { Page, type Browser } from 'puppeteer-core'
import { mkdirSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { testEnv } from './env'
import { expectAccessibleOnce } from './axe'

/**
 * Every page a browser test opens is scanned for WCAG 2.1 A/AA violations once it has loaded,
 * and again at each waitForText: a violation fails the test with a readable list.
 * Patched on the prototype so pages of every browser context are covered.
 */
for (const method of ['goto', 'reload'] as const) {
  const original = Page.prototype[method] as (this: Page, ...args: any[]) => Promise<any>
  ;(Page.prototype as any)[method] = async function (this: Page, ...args: any[]) {
    const response = await original.apply(this, args)
    if (/^text\/html/.test(response?.headers()['content-type'] ?? '')) await expectAccessibleOnce(this)
    return response
  }
}

/** A real headless Chromium (Debian's package), with the flags this offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  const exe = testEnv().chromiumPath
  if (!exe) throw new Error('Chromium is not installed: run `npm test` (it installs it with apt) or set CHROMIUM_PATH')
  return puppeteer.launch({
    executablePath: exe,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      `--user-data-dir=${mkdtempSync(path.join(os.tmpdir(), 'chromium-'))}`,
    ],
  })
}

export async function screenshot(page: Page, name: string) {
  const dir = path.join(testEnv().artifactsDir, 'screenshots')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`) as `${string}.png`, fullPage: true })
}

export async function waitForText(page: Page, text: string, timeout = 30_000) {
  await page.waitForFunction((t) => document.body?.innerText.includes(t), { timeout, polling: 200 }, text)
  await expectAccessibleOnce(page)
}

/** Fails the test on uncaught page errors (a broken hydration or script shows up here). */
export function collectPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  return errors
}
