/**
 * Files a page downloads in headless Chromium, for parsing exports back: each page gets a fresh
 * folder (CDP `Browser.setDownloadBehavior`), and `take` waits, with a deadline, for the one new
 * complete file that a click produced.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { testEnv } from './env'
import { until } from './flows'

export interface Download {
  name: string
  bytes: Buffer
}

export async function downloadsOf(page: Page, label: string) {
  const dir = path.join(testEnv().artifactsDir, 'downloads', `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`)
  mkdirSync(dir, { recursive: true })
  const cdp = await page.createCDPSession()
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir })
  const seen = new Set<string>()
  // Chromium writes `name.crdownload` (and hidden temporary files) and renames it when the download is complete.
  const complete = () => readdirSync(dir).filter((f) => !f.startsWith('.') && !f.endsWith('.crdownload') && !seen.has(f))
  return {
    dir,
    /** Runs `trigger` and returns the single file it downloaded. */
    async take(trigger: () => Promise<unknown>, timeoutMs = 20_000): Promise<Download> {
      await trigger()
      let fresh: string[] = []
      await until(`a download into ${dir}`, async () => (fresh = complete()).length > 0, timeoutMs, 100)
      if (fresh.length !== 1) throw new Error(`expected one new download, got ${fresh.join(', ')}`)
      seen.add(fresh[0])
      return { name: fresh[0], bytes: readFileSync(path.join(dir, fresh[0])) }
    },
  }
}
