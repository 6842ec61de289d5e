/**
 * The content optimiser in headless Chromium: validation toasts, a whole run of pasted HTML with the
 * progress panel, every result tab (screenshot of each), the rewrite with Preview and HTML Code, auto-save
 * and the 'Saved (n)' dialog, a public link opened signed out.
 */
import type { Browser, Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { createProject, resetSimulator, setLimits, signUp, type Session } from '../support/flows'

const PROMPT = 'best running shoes for beginners'
const PAGE = `<article><h1>Best running shoes for beginners</h1>
<p>By Ana Smith, updated 12 March 2026. The best running shoes for beginners have soft cushioning and a secure fit.</p>
<img src="https://shop.example/ghost.jpg" alt="Brooks Ghost">
<h2>Comparison</h2><table><tr><th>Shoe</th><th>Price</th></tr><tr><td>Ghost</td><td>£130</td></tr></table>
<h2>Our bakery &lt;script&gt;alert(1)&lt;/script&gt;</h2><p>We also bake sourdough bread every morning.</p></article>`

let browser: Browser
let owner: Session & { userId: number }
let projectId: number

beforeAll(async () => {
  await resetSimulator()
  browser = await launchBrowser()
  owner = await signUp()
  await setLimits(owner.userId, { maxAnalyses: null, maxProjects: null })
  projectId = (await createProject(owner)).id
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

async function signedInPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

const clickText = (page: Page, selector: string, text: string) =>
  page.evaluate(
    (sel, t) => {
      const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.innerText.trim() === t)
      if (!el) throw new Error(`no ${sel} with text ${t}`)
      el.click()
    },
    selector,
    text,
  )

describe('content optimiser screen', () => {
  it('validates, runs, shows every tab, optimises, saves and shares', async () => {
    const page = await signedInPage()
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/content-optimizer-v2?project=${projectId}`, { waitUntil: 'networkidle0' })
    await waitForText(page, 'Target Prompt/Query')
    await waitForText(page, 'Saved (0)')

    await page.click('[data-testid=analyse-button]')
    await waitForText(page, 'Query Required')
    await waitForText(page, 'Please enter a prompt/query to analyze against')
    await page.type('#opt-prompt', PROMPT)
    await page.click('[data-testid=analyse-button]')
    await waitForText(page, 'Please provide content to analyze')
    await clickText(page, 'button', 'URL')
    await page.click('[data-testid=analyse-button]')
    await waitForText(page, 'Please provide a URL to analyze')
    await page.type('#opt-url', 'http://127.0.0.1/admin')
    await page.click('[data-testid=analyse-button]')
    await waitForText(page, 'This address cannot be fetched: 127.0.0.1 is a loopback address')
    await clickText(page, 'button', 'Text/HTML')
    await page.$eval('#opt-content', (el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
      setter.call(el, v)
      el.dispatchEvent(new Event('input', { bubbles: true }))
    }, PAGE)
    await page.click('[data-testid=analyse-button]')
    await page.waitForSelector('[data-testid=optimiser-progress]', { timeout: 10_000 })
    await waitForText(page, 'Extracting & processing content')
    await page.waitForSelector('[data-testid=optimiser-results]', { timeout: 120_000 })
    await waitForText(page, 'Analysis Complete')
    await waitForText(page, 'Saved to project')
    await waitForText(page, 'Saved (1)')

    const overall = await page.$eval('[data-testid=overall-score]', (e) => Number(e.textContent))
    const pillars = await page.$$eval('[data-testid=pillar-scores] td:nth-child(2)', (tds) => tds.map((t) => Number(t.textContent)))
    expect(pillars).toHaveLength(7)
    // The overall shown is the rounded mean of the seven pillar scores shown (each already ×10 and rounded, so allow 1).
    expect(Math.abs(overall - pillars.reduce((a, b) => a + b, 0) / 7)).toBeLessThanOrEqual(1)
    await waitForText(page, 'Strongest pillar')
    await waitForText(page, 'Critical Actions')
    await screenshot(page, 'optimiser-summary')

    for (const [tab, text] of [
      ['relevance', 'Missing Opportunities'],
      ['synthesis', 'Self-contained sections'],
      ['citation', 'Recommended authoritative sources'],
      ['breadth', 'Covered topics'],
      ['multimodal', 'Proposed enhancement plan'],
      ['personalisation', 'Intent coverage'],
      ['crawlability', 'Measured facts'],
    ] as const) {
      await page.click(`[data-testid=tab-${tab}-button]`)
      await page.waitForSelector(`[data-testid=tab-${tab}]`)
      await waitForText(page, text)
      await screenshot(page, `optimiser-${tab}`)
    }
    // User text renders as text: the heading with a script tag is shown literally in the chunk table.
    await page.click('[data-testid=tab-relevance-button]')
    await waitForText(page, 'Our bakery <script>alert(1)</script>')
    await page.click('[data-testid=tab-summary-button]')

    const label = await page.$eval('[data-testid=optimise-button]', (e) => e.textContent)
    expect(label).toMatch(/^Optimize Content \(\d+ recommendations\)$/)
    await clickText(page, 'button', 'Clear All')
    await waitForText(page, 'Optimize Content (0 recommendations)')
    await page.click('[data-testid=optimise-button]')
    await waitForText(page, 'No Recommendations Selected')
    await clickText(page, 'button', 'Select All')
    await page.select('#opt-language', 'fr')
    await page.click('[data-testid=optimise-button]')
    await page.waitForSelector('[data-testid=optimised-content] iframe', { timeout: 60_000 })
    await waitForText(page, 'Content Optimized')
    await clickText(page, 'button', 'HTML Code')
    const code = await page.$eval('[data-testid=optimised-html]', (e) => e.textContent ?? '')
    expect(code).toContain('<h1>Best running shoes for beginners</h1>')
    expect(code).not.toMatch(/<script/i)
    await screenshot(page, 'optimiser-optimised')
    await waitForText(page, 'Saved (2)')

    await page.click('[data-testid=saved-button]')
    await page.waitForSelector('[data-testid=saves-dialog]')
    await waitForText(page, 'Saved Content Analyses')
    await waitForText(page, 'Optimized')
    await screenshot(page, 'optimiser-saved')
    await clickText(page, '[data-testid=saves-dialog] button', 'Load Analysis')
    await waitForText(page, 'Analysis Loaded')

    await page.click('[data-testid=share-button]')
    await page.waitForSelector('[data-testid=export-dialog]', { timeout: 20_000 })
    await waitForText(page, 'Export Created Successfully')
    const shareUrl = await page.$eval('[data-testid=share-url]', (e) => (e as HTMLInputElement).value)
    expect(shareUrl).toMatch(/\/shared\/content\/[A-Za-z0-9_-]{32}$/)
    expect(errors).toEqual([])

    const anon = await browser.newPage()
    await anon.goto(shareUrl, { waitUntil: 'networkidle0' })
    await waitForText(anon, 'Content analysis')
    await waitForText(anon, `Target prompt: ${PROMPT}`)
    await screenshot(anon, 'optimiser-shared-public')
  }, 240_000)

  it('is phase 5 of the home screen, tied to the selected project', async () => {
    const page = await signedInPage()
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/?phase=5&project=${projectId}`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-testid=optimiser-screen]')
    await waitForText(page, 'Target Prompt/Query')
    await page.waitForFunction(() => /Saved \(\d+\)/.test(document.body.innerText), { timeout: 10_000 })
    await screenshot(page, 'optimiser-phase5')
    expect(errors).toEqual([])
  }, 60_000)
})
