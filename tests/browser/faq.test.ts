/**
 * The FAQ chat in headless Chromium: the floating button with its 'FAQ' badge on the
 * public landing page, Enter sends and Shift+Enter does not, a preset prompt is sent when picked,
 * and the full page on /faq sends its preset on its own. The Enter that confirms an input-method
 * conversion sends nothing; "not sure" answers link the closest topics.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const bubbles = (page: Page, role: 'user' | 'assistant') => page.$$eval(`.faq-msg-${role} p`, (els) => els.map((e) => e.textContent ?? ''))

/** A fresh page on the landing page, errors collected. */
async function landing() {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  const errors = collectPageErrors(page)
  await page.goto(`${testEnv().appUrl}/`)
  await waitForText(page, 'Sign In')
  return { context, page, errors }
}

describe('the FAQ chat', () => {
  it('opens from the floating button on the landing page and answers, citing the entry', async () => {
    const { context, page, errors } = await landing()
    expect(await page.$eval('.faq-fab .faq-badge', (el) => el.textContent)).toBe('FAQ')
    await page.click('.faq-fab')
    await waitForText(page, 'I answer questions about AI Brand Visibility from our FAQ')

    // Shift+Enter starts a new line and sends nothing.
    await page.type('textarea[aria-label="Your question"]', 'How long does')
    await page.keyboard.down('Shift')
    await page.keyboard.press('Enter')
    await page.keyboard.up('Shift')
    await page.type('textarea[aria-label="Your question"]', 'an analysis take?')
    expect(await bubbles(page, 'user')).toEqual([])
    // Enter sends.
    await page.keyboard.press('Enter')
    await waitForText(page, 'Usually 2-5 minutes.')
    expect(await bubbles(page, 'user')).toEqual(['How long does\nan analysis take?'])
    expect(await page.$eval('.faq-msg-assistant .faq-source', (el) => el.getAttribute('href'))).toBe('/faq#duration')

    // A preset prompt is sent as soon as it is picked.
    const [preset] = await page.$$('.faq-presets button')
    await preset.click()
    await waitForText(page, 'It asks six AI assistants the questions your buyers ask')
    expect((await bubbles(page, 'user')).at(-1)).toBe('What does AI Brand Visibility do?')
    await screenshot(page, 'faq-chat-floating')
    expect(errors).toEqual([])
    await context.close()
  })

  it('does not send when Enter confirms an input-method conversion; a real Enter sends', async () => {
    const { context, page, errors } = await landing()
    await page.click('.faq-fab')
    await waitForText(page, 'I answer questions about AI Brand Visibility from our FAQ')
    await page.type('textarea[aria-label="Your question"]', '分析にはどのくらい')
    // The Enter of a Japanese/Chinese conversion: isComposing while composing, and keyCode 229 (Safari sends
    // that one after compositionend, without isComposing).
    const imeEnter = (page: Page, isComposing: boolean) =>
      page.$eval(
        'textarea[aria-label="Your question"]',
        (el, composing) => {
          const e = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', isComposing: composing, bubbles: true, cancelable: true })
          Object.defineProperty(e, 'keyCode', { get: () => 229 })
          return el.dispatchEvent(e)
        },
        isComposing,
      )
    expect(await imeEnter(page, true)).toBe(true) // not cancelled: the browser's own handling goes on
    expect(await imeEnter(page, false)).toBe(true)
    expect(await bubbles(page, 'user')).toEqual([])
    expect(await page.$eval('textarea[aria-label="Your question"]', (el) => (el as HTMLTextAreaElement).value)).toBe('分析にはどのくらい')
    await page.type('textarea[aria-label="Your question"]', ' — how long does an analysis take?')
    await page.keyboard.press('Enter')
    await waitForText(page, 'Usually 2-5 minutes.')
    expect(await bubbles(page, 'user')).toEqual(['分析にはどのくらい — how long does an analysis take?'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('offers the closest topics as links when it is not sure', async () => {
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.goto(`${testEnv().appUrl}/faq?q=${encodeURIComponent('what counts as a query?')}`)
    await waitForText(page, 'I’m not sure — here are the closest topics:')
    const links = await page.$$eval('.faq-closest a', (els) => els.map((a) => a.getAttribute('href')))
    expect(links.length).toBeGreaterThanOrEqual(2)
    expect(links).toEqual(expect.arrayContaining(['/faq#mentions', '/faq#queries']))
    await context.close()
  })

  it('sends the preset prompt on its own in full-page mode on /faq, and ?q= instead when given', async () => {
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/faq`)
    await waitForText(page, 'It asks six AI assistants the questions your buyers ask')
    expect(await bubbles(page, 'user')).toEqual(['What does AI Brand Visibility do?'])
    expect(await page.$('.faq-fab')).toBeNull()
    await page.goto(`${testEnv().appUrl}/faq?q=${encodeURIComponent('Can I export the results?')}`)
    await waitForText(page, 'Every results table exports to Excel')
    await screenshot(page, 'faq-chat-page')
    expect(errors).toEqual([])
    await context.close()
  })
})
