import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { mkdirSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { testEnv } from './env'

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
}

/** Fails the test on uncaught page errors (a broken hydration or script shows up here). */
export function collectPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  return errors
}
