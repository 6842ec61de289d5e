/**
 * WCAG 2.1 AA in headless Chromium: an axe-core scan (rules tagged wcag2a, wcag2aa,
 * wcag21a, wcag21aa) of every page of the product — signed out, signed in, admin, shared and public
 * views — at 1440 × 900 and 390 × 844, each page's violations listed together; and a keyboard-only
 * walk (page.keyboard only): sign up, create a project, run an analysis, every results tab, a
 * filter, the answers behind a figure, export — focus always visible, never lost, given back.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser'
import { formatViolations, scanPage } from '../support/axe'
import { resetSimulator, signUpAdmin, uniqueEmail, until, type Session } from '../support/flows'
import { seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { seedHandWorkedSources } from '../support/hand-worked-sources'
import { seedTrendProject, type SeededTrends } from '../support/trends-fixtures'
import { seedIdeatorProject } from '../support/ideator-fixtures'

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const

const RESULT_TABS = ['overview', 'share-of-model', 'topics', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data', 'accuracy', 'model-admin']
const SOURCE_TABS = ['site-priorities', 'source-analytics', 'topics-audiences', 'keyword-insights', 'content-priorities', 'api-response', 'site-model-comparison', 'model-export']

let browser: Browser
let hw: HandWorkedAnalysis
let sources: Awaited<ReturnType<typeof seedHandWorkedSources>>
let trends: SeededTrends
let ideator: { projectId: number }
let admin: Session
let exportId: string

beforeAll(async () => {
  await resetSimulator()
  ;[hw, sources, trends, admin] = await Promise.all([seedHandWorkedAnalysis(), seedHandWorkedSources(), seedTrendProject(10), signUpAdmin()])
  ideator = await seedIdeatorProject(hw.owner)
  const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
  expect(created.status).toBe(201)
  exportId = created.body.exportId
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

async function pageAs(session: Session | null, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport(viewport)
  if (session) {
    const [name, value] = session.cookie.split(/=(.*)/s)
    await page.setCookie({ name, value, url: testEnv().appUrl })
  }
  return page
}

/** Scans the page once it has settled; a client-side redirect during the scan is waited for and the new page scanned. */
async function settledScan(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await scanPage(page)
    } catch (e) {
      if (attempt === 3 || !/context was destroyed/i.test(String(e))) throw e
      await page.waitForNetworkIdle({ idleTime: 300, timeout: 30_000 }).catch(() => undefined)
    }
  }
}

/**
 * Opens each path as `session` and lists its violations. The browser support's hook scans on every
 * goto and throws at a page with a violation; that error is caught here and the page scanned again,
 * so one failure lists every page's violations.
 */
async function violationsOf(session: Session | null, paths: string[], viewport: { width: number; height: number }) {
  const page = await pageAs(session, viewport)
  const errors = collectPageErrors(page)
  const failures: string[] = []
  for (const path of paths) {
    // The hook's scan passed unless goto threw; then the page is scanned here for the full list.
    const passed = await page.goto(`${testEnv().appUrl}${path}`, { waitUntil: 'networkidle0' }).then(() => true, () => false)
    const violations = passed ? [] : await settledScan(page)
    if (violations.length) failures.push(formatViolations(`${path} at ${viewport.width}×${viewport.height}`, violations))
  }
  await page.browserContext().close()
  return [...failures, ...errors.map((e) => `page error: ${e}`)]
}

async function scanAll(lists: Array<[Session | null, string[]]>, viewport: { width: number; height: number }) {
  const failures: string[] = []
  for (const [session, paths] of lists) failures.push(...(await violationsOf(session, paths, viewport)))
  expect(failures.join('\n\n')).toBe('')
}

describe.each(VIEWPORTS)('axe-core finds no WCAG 2.1 A/AA violation at $width×$height', (viewport) => {
  it('signed out: landing, sign-in, sign-up, FAQ, information and legal pages, API docs, not found', async () => {
    await scanAll([[null, ['/', '/login', '/signup', '/faq', '/how-we-count', '/info', '/support', '/whats-new', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/api/v1/docs', '/no-such-page']]], viewport)
  }, 600_000)

  it('shared and public views: the shared results and each of their tabs, signed out', async () => {
    await scanAll([[null, [`/export/${exportId}`, ...['brand-rank', 'ranking-detail', 'mentions', 'sentiment'].map((t) => `/export/${exportId}?tab=${t}`)]]], viewport)
  }, 600_000)

  it('signed in: setup, every results tab, Content Optimiser, Ideator, AI Chat, settings, Projects, Profile', async () => {
    const p = hw.projectId
    await scanAll(
      [
        [
          hw.owner,
          [
            '/?phase=1&tab=setup',
            '/?phase=1&tab=setup-beta',
            `/?phase=1&project=${p}&tab=setup`,
            ...RESULT_TABS.map((t) => `/?phase=2&project=${p}&analysis=${hw.analysisId}&tab=${t}`),
            `/?phase=5&project=${p}`,
            `/?phase=6&project=${ideator.projectId}&tab=content-recommendations`,
            `/?phase=6&project=${ideator.projectId}&tab=citation-explorer`,
            `/?phase=7&project=${p}`,
            `/?phase=8&project=${p}`,
            '/projects',
            '/profile',
            '/analysis-settings',
            '/export-history',
          ],
        ],
      ],
      viewport,
    )
  }, 600_000)

  it('signed in: Trends and every Source Insights tab', async () => {
    await scanAll([[trends.owner, [`/?phase=3&project=${trends.projectId}`]], [sources.owner, SOURCE_TABS.map((t) => `/?phase=4&project=${sources.projectId}&tab=${t}`)]], viewport)
  }, 600_000)

  it('admin: every admin tab and the source explorers', async () => {
    await scanAll([[admin, ['/admin', '/admin?tab=feedback', '/admin?tab=latest', '/admin?tab=migration', '/admin/source-explorer', '/admin/source-explorer-enhanced']]], viewport)
  }, 600_000)
})

// ------------------------------------------------------------------ keyboard only

interface Focused {
  tag: string
  text: string
  inBody: boolean
  visible: boolean
  matches: boolean
  key: string
}

/** What has focus, whether it matches `selector` (and `text`, when given) and whether its focus is drawn. */
const focused = (page: Page, selector: string, text?: string) =>
  page.evaluate(
    (sel, txt) => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return { tag: 'BODY', text: '', inBody: false, visible: false, matches: false, key: '' }
      const cs = getComputedStyle(el)
      const visible = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none'
      const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ')
      const matches = el.matches(sel) && (!txt || label === txt)
      return { tag: el.tagName, text: label.slice(0, 60), inBody: true, visible, matches, key: `${el.tagName}|${label}|${el.getAttribute('href') ?? ''}|${el.getAttribute('data-evidence') ?? ''}` }
    },
    selector,
    text ?? '',
  ) as Promise<Focused>

/** Presses Tab until `selector` (with `text`) has focus; every stop must show its focus and keep it on the page. */
async function tabTo(page: Page, selector: string, text?: string, max = 400, backwards = false): Promise<Focused> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    if (backwards) await page.keyboard.down('Shift')
    await page.keyboard.press('Tab')
    if (backwards) await page.keyboard.up('Shift')
    const f = await focused(page, selector, text)
    if (!f.inBody) {
      seen.push('(body)')
      continue
    }
    if (!f.visible) throw new Error(`focus is not visible on ${f.tag} "${f.text}"`)
    if (f.matches) return f
    seen.push(`${f.tag} ${f.text}`)
  }
  throw new Error(`Tab never reached ${selector}${text ? ` "${text}"` : ''}; it went through: ${seen.slice(-30).join(' → ')}`)
}

const activeInside = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector)

describe('keyboard only', () => {
  it('signs up, creates a project, runs an analysis, walks the results, opens the answers behind a figure and exports', async () => {
    const page = await pageAs(null, VIEWPORTS[0])
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()

    // Sign up. The first Tab stop of a page is "Skip to content", and it moves focus to the page's main.
    await page.goto(`${appUrl}/signup`, { waitUntil: 'networkidle0' })
    await page.keyboard.press('Tab')
    expect((await focused(page, 'a.skip-link')).matches).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
    await tabTo(page, 'input[name=email]')
    await page.keyboard.type(uniqueEmail('keyboard'))
    await tabTo(page, 'input[name=password]')
    await page.keyboard.type('correct horse battery')
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')])
    expect(new URL(page.url()).pathname).not.toBe('/signup')

    // Create a project: the header's New link, then the form, errors first (announced, tied to their fields).
    await tabTo(page, 'header nav a', 'New')
    await Promise.all([page.waitForFunction(() => location.search.includes('phase=1'), { timeout: 30_000 }), page.keyboard.press('Enter')])
    await page.waitForSelector('#setup-name')
    await tabTo(page, 'button[type=submit]', 'Generate Analysis Framework')
    await page.keyboard.press('Enter')
    await page.waitForSelector('#setup-name[aria-invalid=true]')
    expect(await page.$eval('#setup-name', (e) => e.getAttribute('aria-describedby'))).toBe('setup-name-error')
    expect(await page.$eval('#setup-name-error', (e) => [e.getAttribute('role'), e.textContent])).toEqual(['alert', 'Project name is required'])
    await tabTo(page, '#setup-name')
    await page.keyboard.type('Keyboard project')
    await tabTo(page, '#setup-brandDomain')
    await page.keyboard.type('Brooks')
    await tabTo(page, '#setup-marketDescription')
    await page.keyboard.type('running shoes for road runners')
    await tabTo(page, 'button[type=submit]', 'Generate Analysis Framework')
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.body.innerText.includes('Top Competitors'), { timeout: 60_000 })

    // Run the analysis and follow it to the results.
    await tabTo(page, 'button', 'Proceed to Analysis', 800)
    await Promise.all([page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 }), page.keyboard.press('Enter')])
    // Live progress is announced politely while the analysis runs (a fast run may already show its end).
    await page.waitForFunction(() => document.querySelector('[data-testid=overall-percent]') || document.body.innerText.includes('Analysis Complete!'), { timeout: 60_000 })
    const live = await page.$eval('[data-testid=overall-percent]', (e) => e.closest('[aria-live]')?.getAttribute('aria-live')).catch(() => 'ended')
    expect(['polite', 'ended']).toContain(live)
    await page.waitForFunction(() => document.body.innerText.includes('Analysis Complete!'), { timeout: 150_000 })
    await tabTo(page, 'a', 'View Analysis Results Now')
    await Promise.all([page.waitForFunction(() => location.search.includes('phase=2'), { timeout: 30_000 }), page.keyboard.press('Enter')])
    await page.waitForSelector('[data-tab-content="overview"]', { timeout: 30_000 })

    // Export (in the header, first): the dialog takes focus; Escape gives it back to the Export button.
    await tabTo(page, 'button', 'Export')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[role=dialog]', { timeout: 30_000 })
    expect(await activeInside(page, '[role=dialog]')).toBe(true)
    await page.waitForFunction(() => (document.querySelector('[data-export-link]') as HTMLInputElement | null)?.value.includes('/export/'), { timeout: 30_000 })
    await screenshot(page, 'accessibility-keyboard-export')
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'))
    expect((await focused(page, 'button', 'Export')).matches).toBe(true)

    // A filter: the model select changes with the arrow keys (All Models is its last option, so up) and the URL keeps the choice.
    await tabTo(page, '.rs-filters select[name=model]')
    const before = await page.evaluate(() => location.search)
    await page.keyboard.press('ArrowUp')
    await until('the model filter to reach the URL', async () => (await page.evaluate(() => new URLSearchParams(location.search).has('model'))) && (await page.evaluate(() => location.search)) !== before, 30_000)
    await page.waitForSelector('[data-tab-content="overview"]', { timeout: 30_000 })

    // The answers behind a figure: the drawer takes focus and keeps it, Escape closes it and focus returns to the figure.
    const figure = await tabTo(page, 'button.ev-link')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-evidence-panel]')
    expect(await activeInside(page, '[data-evidence-panel]')).toBe(true)
    await page.waitForSelector('[data-evidence-answer], [data-evidence-panel] .error-box', { timeout: 30_000 })
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await activeInside(page, '[data-evidence-panel]')).toBe(true)
    }
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => !document.querySelector('[data-evidence-panel]'))
    expect((await focused(page, 'button.ev-link')).key).toBe(figure.key)

    // Every results tab from the tab bar (back to it with Shift+Tab), by Tab and Enter; the filter stays chosen.
    const tabs = await page.$$eval('nav.tabbar a', (as) => as.map((a) => (a as HTMLElement).innerText.trim()))
    expect(tabs.length).toBeGreaterThanOrEqual(8)
    await tabTo(page, 'nav.tabbar a', tabs[0], 400, true)
    for (const label of tabs.slice(1)) {
      await tabTo(page, 'nav.tabbar a', label)
      await page.keyboard.press('Enter')
      await page.waitForFunction((l) => (document.querySelector('nav.tabbar a[aria-current=page]') as HTMLElement | null)?.innerText.trim() === l, { timeout: 30_000 }, label)
      await page.waitForSelector('[data-tab-content]', { timeout: 30_000 })
      expect(await page.evaluate(() => new URLSearchParams(location.search).has('model'))).toBe(true)
    }
    expect(errors).toEqual([])
    await page.browserContext().close()
  }, 900_000)
})
