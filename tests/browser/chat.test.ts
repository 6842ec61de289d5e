/**
 * Phase 7, AI Chat, in headless Chromium: the welcome with its data points, the suggested
 * prompts (5 × 4, hidden after a pick), 'AI is thinking...', the reply seen token by token while the simulator
 * holds Claude's stream (never a timing race: the hold is moved on by the test), the answer's figures against the
 * hand-worked Brand Rank, HH:mm times, reload, Clear, Enter / Shift+Enter, the quota toast, 'No Analysis Data',
 * and a reply carrying `<script>` and a javascript: link (from a hostile query text) rendered inert.
 */
import type { Browser, Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { createProject, resetSimulator, setLimits, simulator, sql, type Session } from '../support/flows'
import { BRAND_RANK, CLAUDE_ONLY, SHARE, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'

let browser: Browser
let hw: HandWorkedAnalysis

beforeAll(async () => {
  await resetSimulator()
  browser = await launchBrowser()
  hw = await seedHandWorkedAnalysis()
}, 120_000)
afterAll(async () => {
  await resetSimulator()
  await browser?.close()
})

async function pageFor(s: Session): Promise<Page> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = s.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

const chatUrl = (projectId: number, analysisId?: number) => `${testEnv().appUrl}/?phase=7&project=${projectId}${analysisId ? `&analysis=${analysisId}` : ''}`
const texts = (page: Page, selector: string) => page.$$eval(selector, (els) => els.map((e) => (e as HTMLElement).innerText.trim()))
const disabled = (page: Page, label: string) =>
  page.$$eval('.chat-actions button', (els, l) => (els.find((e) => e.textContent?.trim() === l) as HTMLButtonElement | undefined)?.disabled ?? null, label)

describe('the AI Chat screen', () => {
  it('streams a reply with the Brand Rank figures, keeps it over a reload, and clears it', async () => {
    const page = await pageFor(hw.owner)
    const errors = collectPageErrors(page)
    await page.goto(chatUrl(hw.projectId, hw.analysisId), { waitUntil: 'networkidle0' })
    await waitForText(page, 'AI Chat')
    // Welcome: 6 answered answers × 4 brands.
    await waitForText(page, 'I have access to 24 data points')
    expect(await page.$$eval('.chat-prompt-group h3', (els) => els.map((e) => e.textContent))).toEqual(['Rankings & Visibility', 'Query Performance', 'Competitive Analysis', 'Source Insights', 'Strategic Insights'])
    expect(await page.$$eval('.chat-prompt', (els) => els.length)).toBe(20)
    for (const b of ['Copy', 'Download', 'Clear']) expect(await disabled(page, b)).toBe(true)

    // Shift+Enter is a new line, nothing is sent.
    await page.type('textarea[aria-label="Message"]', 'first line')
    await page.keyboard.down('Shift')
    await page.keyboard.press('Enter')
    await page.keyboard.up('Shift')
    expect(await page.$eval('textarea[aria-label="Message"]', (el) => (el as HTMLTextAreaElement).value)).toBe('first line\n')
    expect(await texts(page, '[data-testid="chat-user"]')).toEqual([])

    // Picking a prompt fills the input and hides the prompts.
    await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('.chat-prompt')].find((b) => b.textContent === "What is my brand's visibility on Claude?")!.click())
    expect(await page.$eval('textarea[aria-label="Message"]', (el) => (el as HTMLTextAreaElement).value)).toBe("What is my brand's visibility on Claude?")
    expect(await page.$('[data-testid="chat-prompts"]')).toBeNull()

    // Claude's stream is held before its first word: the screen says it is thinking and the input waits.
    await simulator({ streamHold: { afterDeltas: 0 } })
    await page.keyboard.press('Enter')
    await waitForText(page, 'AI is thinking...')
    await waitForText(page, 'Reading: Brand Rank and Share of Model')
    expect(await page.$eval('textarea[aria-label="Message"]', (el) => (el as HTMLTextAreaElement).disabled)).toBe(true)
    expect(await texts(page, '[data-testid="chat-user"] .chat-user-text')).toEqual(["What is my brand's visibility on Claude?"])

    // Two text deltas let through: the first words show while the rest is still being written.
    await simulator({ streamHold: { afterDeltas: 2 } })
    await page.waitForFunction(() => (document.querySelector('[data-testid="chat-streaming"]') as HTMLElement | null)?.innerText.trim().length, { timeout: 30_000, polling: 100 })
    const partial = await page.$eval('[data-testid="chat-streaming"]', (el) => (el as HTMLElement).innerText.trim())
    expect(partial.length).toBeGreaterThan(0)
    expect(partial).not.toContain('share of model')
    expect(await page.$('[data-testid="chat-assistant"]')).toBeNull()
    await screenshot(page, 'chat-streaming')

    await simulator({ streamHold: null })
    await page.waitForSelector('[data-testid="chat-assistant"]', { timeout: 30_000 })
    const reply = (await texts(page, '[data-testid="chat-assistant"]'))[0]
    expect(reply.startsWith(partial.split(/\s+/).slice(0, 3).join(' '))).toBe(true)
    // The Brand Rank tab under the Claude filter: Brooks 1.5, visibility 17%; Share of Model, Claude: 42.9%.
    expect(reply).toContain(`On Claude Sonnet 4, Brooks has an average rank of ${BRAND_RANK.rows[0].claude} and a visibility of ${CLAUDE_ONLY.brooks.visibility}%; its share of model there is ${SHARE.rows[0].claude}%.`)
    // A few sentences, no table: the question did not ask for one.
    expect(await page.$$('[data-testid="chat-assistant"] table')).toHaveLength(0)
    expect(await page.$('[data-testid="chat-live"]')).toBeNull()
    for (const t of await texts(page, '.chat-time')) expect(t).toMatch(/^\d{2}:\d{2}$/)
    for (const b of ['Copy', 'Download', 'Clear']) expect(await disabled(page, b)).toBe(false)
    await screenshot(page, 'chat-answer')

    // A reload shows the stored conversation.
    await page.reload({ waitUntil: 'networkidle0' })
    await waitForText(page, 'share of model there is 42.9%')
    expect(await texts(page, '[data-testid="chat-user"] .chat-user-text')).toEqual(["What is my brand's visibility on Claude?"])

    // Clear: back to the welcome alone.
    await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('.chat-actions button')].find((b) => b.textContent === 'Clear')!.click())
    await waitForText(page, 'Cleared')
    expect(await page.$$('[data-testid="chat-user"], [data-testid="chat-assistant"]')).toHaveLength(0)
    expect(await page.$$('[data-testid="chat-system"]')).toHaveLength(1)
    await page.reload({ waitUntil: 'networkidle0' })
    await waitForText(page, 'I have access to 24 data points')
    expect(await page.$$('[data-testid="chat-user"], [data-testid="chat-assistant"]')).toHaveLength(0)
    expect(errors).toEqual([])
  })

  it("shows the quota toast when the AI service refuses, and keeps the question in the input", async () => {
    const page = await pageFor(hw.owner)
    await page.goto(chatUrl(hw.projectId, hw.analysisId), { waitUntil: 'networkidle0' })
    await waitForText(page, 'I have access to 24 data points')
    await simulator({ providers: { anthropic: { faults: [{ type: '429', times: 1 }] } } })
    await page.type('textarea[aria-label="Message"]', 'How does my brand rank on each AI model?')
    await page.keyboard.press('Enter')
    await waitForText(page, 'Service Temporarily Unavailable')
    await waitForText(page, 'AI service is temporarily unavailable due to quota limits. Please try again in a few minutes.')
    expect(await page.$eval('textarea[aria-label="Message"]', (el) => (el as HTMLTextAreaElement).value)).toBe('How does my brand rank on each AI model?')
    expect(await page.$$('[data-testid="chat-user"]')).toHaveLength(0)
    await resetSimulator()
  })

  it('renders a reply with <script> and a javascript: link as inert text', async () => {
    // A hostile query text reaches the reply through the Mentions tool (data-borne, as from a scraped title).
    const evil = hw2Query
    const page = await pageFor(hw2.owner)
    const errors = collectPageErrors(page)
    await page.goto(chatUrl(hw2.projectId, hw2.analysisId), { waitUntil: 'networkidle0' })
    await waitForText(page, 'I have access to 24 data points')
    await page.type('textarea[aria-label="Message"]', 'How many mentions does each brand get per query?')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="chat-assistant"]', { timeout: 60_000 })
    const reply = (await texts(page, '[data-testid="chat-assistant"]'))[0]
    expect(reply).toContain('<script>window.__chatXss=1</script>')
    expect(reply).toContain('deal')
    const dom = await page.evaluate(() => ({
      scripts: document.querySelectorAll('.chat-messages script').length,
      xss: (window as unknown as { __chatXss?: number }).__chatXss ?? null,
      hrefs: [...document.querySelectorAll('.chat-messages a')].map((a) => a.getAttribute('href')),
      inert: [...document.querySelectorAll('.chat-messages .chat-unsafe-link')].map((e) => e.textContent),
    }))
    expect(dom.scripts).toBe(0)
    expect(dom.xss).toBeNull()
    expect(dom.hrefs.filter((h) => !/^https?:/.test(h ?? ''))).toEqual([])
    expect(dom.inert).toContain('deal')
    expect(evil).toContain('javascript:')
    await screenshot(page, 'chat-sanitised')
    expect(errors).toEqual([])
  })

  it.each([
    [1440, 900],
    [1280, 800],
  ])('at %i × %i the floating FAQ button covers neither Send nor the prompts, and an IME Enter sends nothing', async (width, height) => {
    const page = await pageFor(hw.owner)
    await page.setViewport({ width, height })
    await page.goto(chatUrl(hw.projectId, hw.analysisId), { waitUntil: 'networkidle0' })
    await waitForText(page, 'I have access to 24 data points')
    await page.type('textarea[aria-label="Message"]', 'Welche Marke wird am häufigsten erwähnt?')
    const layout = () =>
      page.evaluate(() => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect()
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
        }
        const send = [...document.querySelectorAll<HTMLButtonElement>('.chat-input button')].find((b) => b.textContent === 'Send')!
        const fab = document.querySelector('.faq-fab')!
        const s = box(send)
        const hit = document.elementFromPoint((s.left + s.right) / 2, (s.top + s.bottom) / 2)
        const prompts = document.querySelector('[data-testid="chat-prompts"]')
        return { send: s, fab: box(fab), hitIsSend: hit === send || send.contains(hit), prompts: prompts ? box(prompts) : null, view: { width: innerWidth, height: innerHeight } }
      })
    const apart = (a: { left: number; top: number; right: number; bottom: number }, b: typeof a) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
    for (const shown of [true, false]) {
      const l = await layout()
      expect(l.view).toEqual({ width, height })
      expect(l.prompts !== null).toBe(shown)
      // Both on screen, apart, and a click on Send reaches Send.
      expect(l.send.bottom).toBeLessThanOrEqual(height)
      expect(l.fab.bottom).toBeLessThanOrEqual(height)
      expect(apart(l.send, l.fab), JSON.stringify(l)).toBe(true)
      if (l.prompts) expect(apart(l.prompts, l.fab), JSON.stringify(l)).toBe(true)
      expect(l.hitIsSend).toBe(true)
      if (shown) {
        await screenshot(page, `chat-layout-${width}x${height}`)
        await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('.chat-head button')].find((b) => b.textContent === 'Hide')?.click())
        await page.waitForFunction(() => !document.querySelector('[data-testid="chat-prompts"]'), { timeout: 10_000 })
      }
    }
    // The Enter of an input-method conversion (isComposing, keyCode 229) sends nothing.
    await page.$eval('textarea[aria-label="Message"]', (el) => {
      const e = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', isComposing: true, bubbles: true, cancelable: true })
      Object.defineProperty(e, 'keyCode', { get: () => 229 })
      el.dispatchEvent(e)
    })
    expect(await page.$$('[data-testid="chat-user"]')).toHaveLength(0)
    await page.browserContext().close()
  })

  it("says 'No Analysis Data' for a project without a completed analysis", async () => {
    await setLimits(hw.owner.userId, { maxProjects: null })
    const project = await createProject(hw.owner, { name: `No analysis ${hw.owner.userId}` })
    const page = await pageFor(hw.owner)
    await page.goto(chatUrl(project.id), { waitUntil: 'networkidle0' })
    await waitForText(page, 'No Analysis Data')
    await waitForText(page, 'Please run an analysis first to use AI Chat.')
  })
})

// A second hand-worked analysis whose third query text carries a script tag and a javascript: link.
let hw2: HandWorkedAnalysis
const hw2Query = 'which brand lasts longest <script>window.__chatXss=1</script> [deal](javascript:window.__chatXss=2)'
beforeAll(async () => {
  hw2 = await seedHandWorkedAnalysis()
  const db = await sql()
  await db`update analyses set queries = jsonb_set(queries, '{2,query}', to_jsonb(${hw2Query}::text)) where id = ${hw2.analysisId}`
  await db`update api_responses set query = ${hw2Query} where analysis_id = ${hw2.analysisId} and query_index = 2`
  const rebuilt = await hw2.owner.json(`/api/analyses/${hw2.analysisId}/rebuild-mentions`, { method: 'POST', json: {} })
  if (rebuilt.status !== 200) throw new Error(`rebuild-mentions failed: ${rebuilt.status}`)
}, 120_000)
