/**
 * A Japanese-language project analysed in demo mode, seen in headless Chromium: the
 * results screens show non-zero mentions, a rank and a sentiment split, with the competitors
 * named in Japanese. Light Mode keeps the run short; the simulator's day and seed are pinned,
 * so the answers (and so the figures) are the same on any date.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser'
import { analyseDemoProject, resetSimulator, signUp, simulator, type Session } from '../support/flows'

const JAPANESE = /[\p{scx=Hira}\p{scx=Kana}\p{sc=Han}]/u

let browser: Browser | undefined

afterAll(async () => {
  await browser?.close()
  await resetSimulator()
})

async function signedInPage(as: Session): Promise<Page> {
  const page = await browser!.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = as.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

/** The visible text of every cell of each row matched by the selector. */
const cells = (page: Page, rowSelector: string) =>
  page.$$eval(rowSelector, (rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())))
const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText.trim())

describe('the results of a Japanese demo analysis', () => {
  it('show mentions, a rank and a sentiment split on screen', async () => {
    await simulator({ day: '2026-03-02', seed: 'languages-ja-browser' })
    const s = await signUp()
    const { project, analysisId, status } = await analyseDemoProject(s, { name: 'ソニー', market: 'スマートフォン', region: '日本', language: 'ja' })
    expect(status).toBe('completed')

    browser = await launchBrowser()
    const page = await signedInPage(s)
    const errors = collectPageErrors(page)
    const open = async (tab: string) => {
      const params = new URLSearchParams({ phase: '2', project: String(project.id), analysis: String(analysisId), ...(tab === 'overview' ? {} : { tab }) })
      await page.goto(`${testEnv().appUrl}/?${params}`, { waitUntil: 'networkidle0' })
      await page.waitForSelector(`[data-tab-content="${tab}"]`, { timeout: 20_000 })
    }

    await open('overview')
    expect(Number(await text(page, '[data-tile="Total Mentions"] .rs-tile-value'))).toBeGreaterThan(0)
    expect(Number(await text(page, '[data-tile="Brands with Mentions"] .rs-tile-value'))).toBeGreaterThan(1)
    expect(Number(await text(page, '[data-tile="Brands Ranked"] .rs-tile-value'))).toBeGreaterThan(0)
    await screenshot(page, 'languages-ja-overview')

    await open('mentions')
    // Brands named in Japanese (サムスン, アップル, ...) are counted inside text without spaces.
    const heads = await page.$$eval('table[data-table="mentions"] thead th[title]', (ths) => ths.map((th) => th.getAttribute('title') ?? ''))
    expect(heads.some((h) => JAPANESE.test(h))).toBe(true)
    expect(Number(await text(page, '[data-grand-total]'))).toBeGreaterThan(0)

    await open('brand-rank')
    // [brand, six model columns, Combined, Visibility]: some brand has a combined rank, not N/A.
    const ranks = await cells(page, 'table[data-table="brand-rank"] tbody tr')
    const combined = ranks.map((r) => r[r.length - 2])
    expect(combined.some((c) => /^\d+(\.\d+)?$/.test(c)), JSON.stringify(ranks)).toBe(true)

    await open('sentiment')
    // [brand, Positive, Neutral, Negative, Distribution, Score, Sentences]: measured, and not all neutral.
    await page.waitForSelector('table[data-table="sentiment"] tbody tr', { timeout: 10_000 })
    const rows = await cells(page, 'table[data-table="sentiment"] tbody tr')
    const measured = rows.filter((r) => Number(r[6]) > 0)
    expect(measured.length, JSON.stringify(rows)).toBeGreaterThan(0)
    expect(measured.some((r) => r[1] !== '0%' || r[3] !== '0%'), JSON.stringify(rows)).toBe(true)
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/sentiment not available/i)
    await screenshot(page, 'languages-ja-sentiment')

    expect(errors).toEqual([])
  }, 400_000)
})
