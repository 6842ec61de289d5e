/**
 * What a marketer saw on screen, at 1440 × 900 and 1280 × 800 — screens that fit (Brand Rank's Visibility
 * % on screen, every results tab in the bar, scatter labels apart, no heading needing an emoji font, a colour per pie
 * slice, a truthful competitor limit, a cancelled run called cancelled) and names that count (no short name proposed
 * without one that counts, said in place when typed; one progress figure in the header and on the progress page).
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, resetSimulator, setLimits, signUp, simulator, sql, startAnalysis, until, waitForAnalysis, type Session } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const

// 19 competitors: 20 brands, more than the 6-colour competitor palette.
const COMPETITORS = ['Nike', 'Asics', 'Hoka', 'New Balance', 'Saucony', 'Adidas', 'Mizuno', 'Puma', 'Altra', 'Salomon', 'Under Armour', 'Reebok', 'Karhu', 'Merrell', 'Diadora', 'Topo Athletic', 'Inov-8', 'Skechers', 'Newton']
const QUERIES = [
  { query: 'best running shoes for flat feet', topic: 'Comfort', audience: 'Beginners' },
  { query: 'most comfortable marathon shoes', topic: 'Comfort', audience: 'Marathoners' },
  { query: 'best value running shoes uk', topic: 'Value', audience: 'Beginners' },
  { query: 'which running shoe brand lasts longest', topic: 'Durability', audience: 'Marathoners' },
  { query: 'best cushioned running shoes', topic: 'Cushioning', audience: 'Beginners' },
  { query: 'best running shoes for wide feet', topic: 'Fit', audience: 'Marathoners' },
]

let browser: Browser
let owner: Session & { userId: number }
let project: { id: number }
let analysis: { id: number }

beforeAll(async () => {
  browser = await launchBrowser()
  await resetSimulator()
  owner = await signUp()
  project = await createProject(owner, {
    competitors: COMPETITORS,
    queries: QUERIES,
    topics: ['Comfort', 'Value', 'Durability', 'Cushioning', 'Fit'].map((name, i) => ({ id: name.toLowerCase(), name, relevance: 9 - i })),
    audiences: [
      { id: 'beginners', name: 'Beginners', description: 'New runners' },
      { id: 'marathoners', name: 'Marathoners', description: 'Runners training for 42 km' },
    ],
  })
  const started = await startAnalysis(owner, project.id)
  analysis = await waitForAnalysis(owner, started.id)
  expect((analysis as unknown as { status: string }).status).toBe('completed')
}, 240_000)
afterAll(async () => {
  await browser?.close()
})

async function pageAs(s: Session, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewport(viewport)
  const [name, value] = s.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}
const resultsUrl = (tab: string) => `${testEnv().appUrl}/?${new URLSearchParams({ phase: '2', project: String(project.id), analysis: String(analysis.id), tab })}`

/** Headings whose text needs an emoji font (a box where the server or a PDF has none). */
const emojiHeadings = (page: Page) =>
  page.$$eval('h1, h2, h3, h4, h5, h6', (hs) => hs.map((h) => (h as HTMLElement).innerText).filter((t) => /\p{Emoji_Presentation}|\u20E3/u.test(t)))

describe.each(VIEWPORTS)('results screens at $width × $height', (viewport) => {
  it('shows every tab in the bar and Brand Rank with its Visibility % column on screen', async () => {
    const page = await pageAs(owner, viewport)
    const errors = collectPageErrors(page)
    await page.goto(resultsUrl('brand-rank'), { waitUntil: 'networkidle0' })
    await page.waitForSelector('table[data-table="brand-rank"] tbody tr')
    // Every tab, Model Admin last, lies inside the bar and the window (the bar wraps rather than scrolls).
    const tabs = await page.$$eval('nav.tabbar [data-tab]', (links) => {
      const bar = links[0].closest('nav')!.getBoundingClientRect()
      return links.map((a) => {
        const r = a.getBoundingClientRect()
        return { tab: a.getAttribute('data-tab'), inside: r.left >= bar.left - 0.5 && r.right <= bar.right + 0.5 && r.right <= window.innerWidth && r.width > 0 }
      })
    })
    expect(tabs.map((t) => t.tab)).toEqual(expect.arrayContaining(['topics', 'audiences', 'brand-rank', 'model-admin']))
    expect(tabs.filter((t) => !t.inside)).toEqual([])
    // The Visibility % heading and cells are in view without scrolling the table sideways.
    const fit = await page.$eval('table[data-table="brand-rank"]', (table) => {
      const wrap = table.parentElement!
      const heads = [...table.querySelectorAll('thead th')]
      const last = heads[heads.length - 1].getBoundingClientRect()
      return { heading: (heads[heads.length - 1] as HTMLElement).innerText.trim(), scrolls: wrap.scrollWidth > wrap.clientWidth + 1, right: last.right, width: window.innerWidth }
    })
    expect(fit.heading).toMatch(/^Visibility %/)
    expect(fit.scrolls).toBe(false)
    expect(fit.right).toBeLessThanOrEqual(fit.width)
    expect(await emojiHeadings(page)).toEqual([])
    await screenshot(page, `screens-brand-rank-${viewport.width}`)
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('keeps the Topics scatter labels apart and gives each pie slice its own colour', async () => {
    const page = await pageAs(owner, viewport)
    const errors = collectPageErrors(page)
    await page.goto(resultsUrl('topics'), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-testid="scatter-labels"] text')
    const labels = await page.$$eval('[data-testid="scatter-labels"] text', (ts) =>
      ts.map((t) => {
        const r = t.getBoundingClientRect()
        return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom }
      }),
    )
    // Five topics, five labels, no two boxes overlapping.
    expect(labels).toHaveLength(5)
    const overlaps = labels.flatMap((a, i) => labels.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map((b) => `${a.text} / ${b.text}`))
    expect(overlaps).toEqual([])
    expect(await emojiHeadings(page)).toEqual([])
    await screenshot(page, `screens-topics-${viewport.width}`)

    await page.goto(resultsUrl('overview'), { waitUntil: 'networkidle0' })
    await page.waitForSelector('.recharts-pie-sector')
    // Each pie: at most the own brand, six competitors and Others; no colour twice.
    const pies = await page.$$eval('.recharts-pie', (ps) => ps.map((p) => [...p.querySelectorAll('.recharts-pie-sector path')].map((s) => s.getAttribute('fill'))))
    expect(pies.length).toBeGreaterThan(0)
    for (const fills of pies) {
      expect(fills.length).toBeLessThanOrEqual(8)
      expect(new Set(fills).size).toBe(fills.length)
    }
    expect(await emojiHeadings(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})

describe('runs and figures', () => {
  const temporal = temporalClientForTests()

  it('calls a run an operator cancelled "Analysis Cancelled", not failed', async () => {
    const s = await signUp()
    const p = await createProject(s)
    // Every model call held: the run is in flight when the operator cancels it in Temporal.
    await simulator({ gate: { allow: 0 } })
    try {
      const a = await startAnalysis(s, p.id)
      const db = await sql()
      const [row] = await db<{ workflow_id: string }[]>`select workflow_id from analyses where id = ${a.id}`
      await temporal.client.workflow.getHandle(row.workflow_id).cancel()
      expect((await waitForAnalysis(s, a.id)).status).toBe('cancelled')
      const page = await pageAs(s, VIEWPORTS[1])
      await page.goto(`${testEnv().appUrl}/?phase=2&project=${p.id}&analysis=${a.id}`, { waitUntil: 'networkidle0' })
      await waitForText(page, 'Analysis Cancelled')
      expect(await page.$$eval('h2', (hs) => hs.map((h) => (h as HTMLElement).innerText))).not.toContain('Analysis Failed')
      await page.close()
    } finally {
      await simulator({ gate: null })
    }
  }, 120_000)

  it('shows one progress figure for a run in the header and on its progress page, with another run going', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxProjects: 2, maxAnalyses: 2 })
    const first = await createProject(s)
    const second = await createProject(s)
    // The simulator answers 3 calls and holds the rest: the first run stops at 3 of its 3 queries × 6 models = 18
    // answers, 3/18 = 17 %; the second run, started after, gets no answer: 0 %. (The old header averaged them: 9 %.)
    await simulator({ gate: { allow: 3 } })
    try {
      const a = await startAnalysis(s, first.id)
      const db = await sql()
      await until('3 stored answers', async () => (await db<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${a.id}`)[0].n === 3, 60_000, 100)
      const b = await startAnalysis(s, second.id)
      const page = await pageAs(s, VIEWPORTS[0])
      const errors = collectPageErrors(page)
      await page.goto(`${testEnv().appUrl}/analysis-progress?analysis=${a.id}`, { waitUntil: 'domcontentloaded' })
      await page.waitForFunction(
        () => document.querySelector('[data-testid="overall-percent"]')?.textContent === '17%' && document.querySelector('[data-testid="header-analysis"]')?.textContent === 'Analysis 17% (+1)',
        { timeout: 30_000, polling: 100 },
      )
      expect(await page.$eval('[data-testid="header-analysis"]', (l) => (l as HTMLAnchorElement).getAttribute('href'))).toBe(`/analysis-progress?analysis=${a.id}`)
      // The newest run's own page: its figure in both places.
      await page.goto(`${testEnv().appUrl}/analysis-progress?analysis=${b.id}`, { waitUntil: 'domcontentloaded' })
      await page.waitForFunction(
        () => document.querySelector('[data-testid="overall-percent"]')?.textContent === '0%' && document.querySelector('[data-testid="header-analysis"]')?.textContent === 'Analysis 0% (+1)',
        { timeout: 30_000, polling: 100 },
      )
      expect(errors).toEqual([])
      await page.close()
    } finally {
      await simulator({ gate: null })
    }
  }, 180_000)
})

describe('names that count in the setup', () => {
  it('proposes no name too short to count, says so in place for a typed one, and names the real competitor limit', async () => {
    // A browser context of its own: signed out (the other tests' session cookies live in the default one).
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport(VIEWPORTS[1])
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()
    await page.goto(`${appUrl}/signup`)
    await page.type('input[name=email]', `short-names-${Date.now().toString(36)}@example.test`)
    await page.type('input[name=password]', 'correct horse battery')
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])
    await page.goto(`${appUrl}/?phase=1&tab=setup`)
    await waitForText(page, 'Brand & Market Definition')
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => Object.keys(b).some((k) => k.startsWith('__reactProps'))), { timeout: 30_000 })
    await page.type('#setup-name', 'Short names')
    await page.type('#setup-brandDomain', 'Brooks')
    await page.type('#setup-marketDescription', 'running shoes for road runners')
    await page.type('#setup-region', 'Germany')
    await page.click('button[type=submit]')
    await waitForText(page, 'Top Competitors', 60_000)
    // The simulator knows "On" (2 characters) with "On Running": proposed only with a name that counts, so no row says it will not be counted.
    const rows = await page.$$eval('[data-testid=competitor-row]', (rs) => rs.map((r) => (r as HTMLElement).innerText))
    expect(rows.length).toBe(19)
    expect(await page.$$('[data-testid=not-counted]')).toHaveLength(0)
    const on = rows.find((r) => /^On\b/.test(r))
    if (on) expect(on).toContain('On Running')
    // 19 of 19: the message names the limit that applies.
    expect(await page.$eval('[data-testid=competitor-count]', (e) => e.textContent)).toBe('19/19')
    expect(await page.$eval('[data-testid=competitor-cap]', (e) => e.textContent)).toBe('Maximum of 19 competitors reached')

    // A name typed in that will not be counted: said in place, with the way to add one that counts.
    // (the row's own ✕ comes after its chips' remove buttons)
    await page.$$eval('[data-testid=competitor-row]', (rs) => ([...rs[rs.length - 1].querySelectorAll('button[aria-label^="Remove "]')].pop() as HTMLElement).click())
    await page.waitForFunction(() => document.querySelector('[data-testid=competitor-count]')?.textContent === '18/19')
    expect(await page.$eval('[data-testid=competitor-cap]', (e) => e.textContent)).toBe('Quick add stops at 9 competitors; Add Custom adds more, up to 19')
    page.once('dialog', (d) => void d.accept('UA'))
    await page.$eval('xpath/.//button[contains(., "Add Custom")]', (b) => (b as HTMLElement).click())
    await page.waitForSelector('[data-testid=not-counted]')
    expect(await page.$eval('[data-testid=not-counted]', (e) => (e as HTMLElement).innerText)).toMatch(/^“UA” will not be counted: names of 2 characters or fewer are ignored/)
    page.once('dialog', (d) => void d.accept('UA Sportswear'))
    await page.$eval('[data-testid=not-counted] button', (b) => (b as HTMLElement).click())
    await page.waitForFunction(() => !document.querySelector('[data-testid=not-counted]'))
    expect(await page.$$eval('[data-testid=competitor-row]', (rs) => (rs[rs.length - 1] as HTMLElement).innerText)).toContain('UA Sportswear')
    await screenshot(page, 'screens-short-names')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
