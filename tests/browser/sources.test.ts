/**
 * Source Insights (phase 4) in headless Chromium: every tab of the hand-worked insights
 * (tests/support/hand-worked-sources.ts) with the figures worked out by hand, filters in the URL,
 * the sidebar's sub-tabs, and deleting the insights through the confirmation dialog. Screenshots
 * go to test-artifacts/screenshots.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, ElementHandle, Page } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'
import { BROOKS_G, NIKE_X, NIKE_Y, REDDIT_R, RW_A, RW_B, seedHandWorkedSources } from '../support/hand-worked-sources'
import { downloadsOf, type Download } from '../support/downloads'
import { simulator, until } from '../support/flows'

let browser: Browser
let hw: Seeded

beforeAll(async () => {
  hw = await seedHandWorkedSources()
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

type Seeded = Awaited<ReturnType<typeof seedHandWorkedSources>>

/** Source Insights of a seeded project, signed in as its owner; waits for a tab's panel when one is named. */
async function openSeeded(seed: Seeded, params: Record<string, string> = {}, panel?: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = seed.owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  const errors = collectPageErrors(page)
  await page.goto(`${testEnv().appUrl}/?${new URLSearchParams({ phase: '4', project: String(seed.projectId), ...params })}`, { waitUntil: 'networkidle0' })
  if (panel) await page.waitForSelector(`[data-tab-panel="${panel}"]`)
  return { page, errors }
}

const open = (params: Record<string, string> = {}) => openSeeded(hw, params)

async function shot(page: Page, name: string) {
  const dir = path.join(testEnv().artifactsDir, 'screenshots')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`) as `${string}.png`, fullPage: true })
}

const cells = (page: Page, rowSelector: string) =>
  page.$$eval(rowSelector, (rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim().replace(/\s+/g, ' '))))

describe('Source Insights tabs', () => {
  it('Site Priorities: ranked sites, types, per-model counts with coverage, tiles', async () => {
    const { page, errors } = await open()
    await page.waitForSelector('[data-tab-panel="site-priorities"]')
    // nike 2 (Gemini 2: 2/2 queries), runnersworld 2 (1 + 1), brooksrunning 1 (ChatGPT 1/1), reddit 1
    expect(await cells(page, '[data-table="site-priorities"] tr[data-site]')).toEqual([
      ['1', 'Nike nike.com', '2', 'Competitor', '2', '2 2/2 (100%)', '0 0/1 (0%)', '2/2 (100%)'],
      ['2', 'Runnersworld runnersworld.com', '2', 'Earned', '2', '1 1/2 (50%)', '1 1/1 (100%)', '1/2 (50%)'],
      ['3', 'Brooksrunning brooksrunning.com', '1', 'Owned', '1', '0 0/2 (0%)', '1 1/1 (100%)', '1/2 (50%)'],
      ['4', 'Reddit reddit.com', '1', 'Earned', '1', '1 1/2 (50%)', '0 0/1 (0%)', '1/2 (50%)'],
    ])
    expect(await page.$eval('[data-tile="Domains"] .rs-tile-value', (e) => (e as HTMLElement).innerText)).toBe('4')
    expect(await page.$eval('[data-tile="Citations"] .rs-tile-value', (e) => (e as HTMLElement).innerText)).toBe('6')
    // 1 of 3 answers cites brooksrunning
    expect(await page.$eval('[data-tile="Owned citation rate"] .rs-tile-value', (e) => (e as HTMLElement).innerText)).toBe('33.3%')
    expect(await cells(page, '[data-table="gap-list"] tr[data-gap]')).toEqual([['reddit.com', '1', '1', '1']])
    // Per query, with n and the Wilson interval: q0 1 of 2 (E2), q1 0 of 1 (E3)
    expect(await cells(page, '[data-table="owned-rate-by-query"] tr[data-owned-rate-query]')).toEqual([
      ['best running shoes', '1 / 2', '50%', '9.5–90.5%'],
      ['trail shoes for beginners', '0 / 1', '0%', '0–79.3%'],
    ])
    // Per-model citation share (Gemini 4 citations, weight 3; ChatGPT 2, weight 1.5), position-weighted below
    expect(await cells(page, '[data-table="citation-share-by-model"] tr[data-share-by-model]')).toEqual([
      ['runnersworld.com', '25% 33.3% weighted', '50% 33.3% weighted'],
      ['nike.com', '50% 33.3% weighted', '0% 0% weighted'],
      ['brooksrunning.com', '0% 0% weighted', '50% 66.7% weighted'],
      ['reddit.com', '25% 33.3% weighted', '0% 0% weighted'],
    ])
    // A row expands to its URLs and queries
    await page.click('tr[data-site="runnersworld.com"]')
    await page.waitForSelector('tr[data-site-detail="runnersworld.com"]')
    const detail = await page.$eval('tr[data-site-detail="runnersworld.com"]', (e) => (e as HTMLElement).innerText)
    expect(detail).toContain('https://www.runnersworld.com/a')
    expect(detail).toContain('https://www.runnersworld.com/b')
    expect(detail).toContain('best running shoes')
    await shot(page, 'sources-site-priorities')
    expect(errors).toEqual([])
    await page.close()
  })

  it('the filters live in the URL: ChatGPT only, then Clear filters', async () => {
    const { page } = await open()
    await page.select('select[name="model"]', '8')
    await page.waitForFunction(() => location.search.includes('model=8'))
    await page.waitForSelector('[data-filter-banner]')
    await page.waitForFunction(() => document.querySelectorAll('tr[data-site]').length === 2)
    expect(await page.$$eval('tr[data-site]', (rows) => rows.map((r) => r.getAttribute('data-site')))).toEqual(['brooksrunning.com', 'runnersworld.com'])
    await page.click('[data-filter-banner] button')
    await page.waitForFunction(() => document.querySelectorAll('tr[data-site]').length === 4)
    await page.close()
  })

  it('Source Analytics, Keyword Insights, Topics & Audiences', async () => {
    let { page } = await open({ tab: 'source-analytics' })
    // Owned 1/6, Competitor 2/6, Earned 3/6
    expect(await page.$$eval('[data-type-tile]', (t) => t.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()))).toEqual([
      'Owned 16.7% 1 citations · 1 unique sites',
      'Competitor 33.3% 2 citations · 1 unique sites',
      'Earned 50% 3 citations · 2 unique sites',
    ])
    await shot(page, 'sources-analytics')
    await page.close()
    ;({ page } = await open({ tab: 'keyword-insights' }))
    // Gemini: 2 + 1 expansions over 2 queries
    expect(await page.$eval('[data-tile="Original Queries"] .rs-tile-value', (e) => (e as HTMLElement).innerText)).toBe('2')
    expect(await page.$eval('[data-tile="Expanded Search Queries"] .rs-tile-value', (e) => (e as HTMLElement).innerText)).toBe('3')
    expect(await page.$eval('[data-tile="Avg. Expansions per Query"] .rs-tile-value', (e) => (e as HTMLElement).innerText)).toBe('1.5')
    await page.close()
    ;({ page } = await open({ tab: 'topics-audiences' }))
    expect(await page.$$eval('[data-group="Road"] [data-domain]', (s) => s.map((e) => [e.getAttribute('data-domain'), e.getAttribute('title')]))).toEqual([
      ['runnersworld.com', 'runnersworld.com: 50% (2)'],
      ['brooksrunning.com', 'brooksrunning.com: 25% (1)'],
      ['nike.com', 'nike.com: 25% (1)'],
    ])
    await page.close()
  })

  it('Citations, API Response, Site/Model Comparison, Model Export', async () => {
    let { page } = await open({ tab: 'content-priorities', q: '0' })
    expect(await page.$eval('[data-citation-counts]', (e) => (e as HTMLElement).innerText)).toBe('2 unique citations · 2 model responses · 2 domains')
    expect(await page.$$eval('[data-citation] p', (p) => p.map((e) => (e as HTMLElement).innerText))).toEqual([
      'The Ghost 16 is a smooth neutral daily trainer.',
      'Our testers ran 500 miles in each shoe to find the best.',
    ])
    await page.close()
    ;({ page } = await open({ tab: 'api-response', q: '1' }))
    await waitForText(page, '(2 queries available)')
    expect(await page.$$eval('[data-api-item]', (s) => s.map((e) => e.getAttribute('data-api-item')))).toEqual(['6'])
    await page.close()
    ;({ page } = await open({ tab: 'site-model-comparison' }))
    await page.type('input[name="domain"]', 'r')
    await page.click('form button[type="submit"]')
    await page.waitForFunction(() => location.search.includes('domain=r'))
    await page.waitForFunction(() => document.querySelectorAll('tr[data-compare]').length === 3)
    expect(await cells(page, 'tr[data-compare]')).toEqual([
      ['runnersworld.com', '1', '1', '2'],
      ['brooksrunning.com', '0', '1', '1'],
      ['reddit.com', '1', '0', '1'],
    ])
    await page.close()
    ;({ page } = await open({ tab: 'model-export' }))
    expect(await page.$$eval('tr[data-export-row] td:nth-child(2)', (t) => t.map((e) => (e as HTMLElement).innerText))).toEqual(['Gemini 2.0 Flash', 'ChatGPT 5', 'Gemini 2.0 Flash'])
    await page.close()
  })

  it('the sidebar lists the eight sub-tabs of phase 4', async () => {
    const { page } = await open()
    const tabs = await page.$$eval('.phase-item.active .phase-subtabs a', (a) => a.map((e) => (e as HTMLElement).innerText.trim()))
    expect(tabs).toEqual(['Site Priorities', 'Source Analytics', 'Topics & Audiences', 'Keyword Insights', 'Citations', 'API Response', 'Site/Model Comparison', 'Model Export'])
    await page.close()
  })

  it('Delete All Search Insights asks for confirmation, then every tab needs the enhanced analysis', async () => {
    const { page, errors } = await open()
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.accept()
    })
    await page.click('[data-search-panel] .btn-danger')
    await page.waitForSelector('[data-required]')
    expect(dialogs).toEqual(['Are you sure you want to delete all search insights data? This cannot be undone.'])
    await waitForText(page, 'Enhanced Source Analysis Required')
    await waitForText(page, 'Go to Phase 2: Source Insights')
    expect(await page.$eval('[data-insight-counts]', (e) => (e as HTMLElement).innerText)).toBe('0 basic · 0 enhanced')
    await shot(page, 'sources-required')
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('the search phase in the header and on /analysis-progress (polled every 2 s)', () => {
  it('a running source search shows as Source Search in the header and its phase on the progress page; cancelled, it says so', async () => {
    const mine = await seedHandWorkedSources()
    await simulator({ gate: { allow: 0 } })
    try {
      expect((await mine.owner.json(`/api/analyses/${mine.analysisId}/source-search`, { method: 'POST', json: {} })).status).toBe(202)
      await until('the search to run', async () => (await mine.owner.json(`/api/analyses/${mine.analysisId}/source-search`)).body.searchInsightsStatus === 'in_progress', 60_000)
      const active = (await mine.owner.json('/api/analyses?activeOnly=true')).body
      expect(active).toEqual([expect.objectContaining({ id: mine.analysisId, kind: 'source-search', searchInsightsStatus: 'in_progress', progressDetails: expect.objectContaining({ phase: expect.stringMatching(/Search/) }) })])

      const page = await browser.newPage()
      await page.setViewport({ width: 1366, height: 900 })
      const [name, value] = mine.owner.cookie.split('=')
      await page.setCookie({ name, value, url: testEnv().appUrl })
      const errors = collectPageErrors(page)
      await page.goto(`${testEnv().appUrl}/projects`, { waitUntil: 'networkidle0' })
      await page.waitForSelector('[data-testid="header-analysis"]')
      expect(await page.$eval('[data-testid="header-analysis"]', (e) => (e as HTMLElement).innerText)).toMatch(/^Source Search \d+%$/)
      await page.click('[data-testid="header-analysis"]')
      await page.waitForSelector('[data-testid="search-progress"][data-search-status="in_progress"]')
      expect(await page.$eval('[data-testid="search-phase"]', (e) => (e as HTMLElement).innerText)).toMatch(/^(Enhanced Source Search|Building Basic Search Insights)$/)
      expect(new URL(page.url()).searchParams.get('analysis')).toBe(String(mine.analysisId))
      await shot(page, 'sources-search-progress')

      expect((await mine.owner.json(`/api/analyses/${mine.analysisId}/cancel-search`, { method: 'POST', json: {} })).status).toBe(200)
      await page.waitForSelector('[data-testid="search-progress"][data-search-status="cancelled"]', { timeout: 20_000 })
      await waitForText(page, 'Search Cancelled')
      await page.waitForFunction(() => !document.querySelector('[data-testid="header-analysis"]'), { timeout: 20_000 })
      expect(errors).toEqual([])
      await page.close()
    } finally {
      await simulator({ gate: null })
    }
  })
})

describe('Source exports parsed back', () => {
  // Insights of their own: the tabs' tests above delete theirs.
  let mine: Seeded
  beforeAll(async () => {
    mine = await seedHandWorkedSources()
  })
  // `{project name}-{export}-{analysis date}`, lower-cased with dashes; the project is `Sources {userId}`
  const fileName = (what: string, ext: 'xlsx' | 'csv') => `sources-${mine.owner.userId}-${what}-2025-05-20.${ext}`

  /** Opens a tab of the seeded insights and waits for its panel (the exports are built from the rendered data). */
  const openMine = (params: Record<string, string> & { tab: string }) => openSeeded(mine, params, params.tab)

  async function button(page: Page, panel: string, text: string): Promise<ElementHandle<Element>> {
    const root = await page.waitForSelector(`[data-tab-panel="${panel}"]`)
    const found = await root!.$$(`xpath/.//button[normalize-space()="${text}"]`)
    expect(found, `one '${text}' button in ${panel}`).toHaveLength(1)
    return found[0]
  }

  /** The first sheet of an xlsx or csv file as rows of cells; a csv also starts with the UTF-8 BOM. */
  function rowsOf(file: Download, sheet?: string) {
    if (file.name.endsWith('.csv')) expect(file.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const wb = XLSX.read(file.bytes, { type: 'buffer' })
    if (sheet) expect(wb.SheetNames).toEqual([sheet])
    return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, blankrows: false })
  }

  it('Site Priorities (Excel and CSV) and the gap list', async () => {
    const { page, errors } = await openMine({ tab: 'site-priorities' })
    const files = await downloadsOf(page, 'sources-site-priorities')
    const head = ['Rank', 'Source', 'Domain', 'Type', 'URLs', 'Total Citations', 'Gemini 2.0 Flash citations', 'ChatGPT 5 citations', 'Gemini 2.0 Flash coverage %', 'ChatGPT 5 coverage %', 'Combined coverage %']
    // nike x, y (Gemini 2 of 2 queries); runnersworld a (Gemini q0), b (ChatGPT q0); brooksrunning g (ChatGPT q0); reddit r (Gemini q1).
    // Gemini answered 2 queries, ChatGPT 1; combined coverage is of the 2 queries.
    const sites = [
      [1, 'Nike', 'nike.com', 'Competitor', 2, 2, 2, 0, 100, 0, 100],
      [2, 'Runnersworld', 'runnersworld.com', 'Earned', 2, 2, 1, 1, 50, 100, 50],
      [3, 'Brooksrunning', 'brooksrunning.com', 'Owned', 1, 1, 0, 1, 0, 100, 50],
      [4, 'Reddit', 'reddit.com', 'Earned', 1, 1, 1, 0, 50, 0, 50],
    ]
    const xlsx = await files.take(async () => (await button(page, 'site-priorities', 'Export Excel')).click())
    expect(xlsx.name).toBe(fileName('site-priorities', 'xlsx'))
    expect(rowsOf(xlsx, 'Site Priorities')).toEqual([head, ...sites])
    const csv = await files.take(async () => (await button(page, 'site-priorities', 'Export CSV')).click())
    expect(csv.name).toBe(fileName('site-priorities', 'csv'))
    expect(rowsOf(csv)).toEqual([head, ...sites])
    expect(csv.bytes.toString('utf8').split('\r\n')[1]).toBe('1,Nike,nike.com,Competitor,2,2,2,0,100,0,100')
    // reddit is cited once (E3), with nike, and never with brooksrunning
    const gaps = await files.take(async () => (await button(page, 'site-priorities', 'Export gap list')).click())
    expect(gaps.name).toBe(fileName('gap-list', 'csv'))
    expect(rowsOf(gaps)).toEqual([['Domain', 'Citations', 'Answers citing a competitor too', 'Queries'], ['reddit.com', 1, 1, 1]])
    expect(errors).toEqual([])
    await page.close()
  })

  it('Citations and Site/Model Comparison (CSV)', async () => {
    let { page, errors } = await openMine({ tab: 'content-priorities', q: '0' })
    let files = await downloadsOf(page, 'sources-citations')
    // q0: 2 cards shown (nike x 'Nike' and runnersworld b 'runnersworld.com' fail the snippet filter): brooksrunning g (ChatGPT), runnersworld a (Gemini)
    const citations = await files.take(async () => (await button(page, 'content-priorities', 'Export CSV')).click())
    expect(citations.name).toBe(fileName('citations', 'csv'))
    expect(rowsOf(citations)).toEqual([
      ['Query', 'Total Citations', 'Unique Citations', 'Models', 'Top Citations'],
      ['best running shoes', 2, 2, 'ChatGPT 5, Gemini 2.0 Flash', `${BROOKS_G.url} ${RW_A.url}`],
    ])
    expect(errors).toEqual([])
    await page.close()
    ;({ page, errors } = await openMine({ tab: 'site-model-comparison', domain: 'r' }))
    files = await downloadsOf(page, 'sources-comparison')
    const comparison = await files.take(async () => (await button(page, 'site-model-comparison', 'Export CSV')).click())
    expect(comparison.name).toBe(fileName('site-model-comparison', 'csv'))
    // Domains containing 'r': runnersworld 1 + 1, brooksrunning ChatGPT 1, reddit Gemini 1
    expect(rowsOf(comparison)).toEqual([
      ['Domain', 'Type', 'Gemini 2.0 Flash', 'ChatGPT 5', 'Total'],
      ['runnersworld.com', 'Earned', 1, 1, 2],
      ['brooksrunning.com', 'Owned', 0, 1, 1],
      ['reddit.com', 'Earned', 1, 0, 1],
    ])
    expect(errors).toEqual([])
    await page.close()
  })

  it('Model Export: Full and Minimal, Excel and CSV, all models and one model', async () => {
    let { page, errors } = await openMine({ tab: 'model-export' })
    let files = await downloadsOf(page, 'sources-model-export')
    // The three enhanced answers in query order, each with its cited URLs in citation order
    const full = [
      ['Model', 'Prompt', 'Response', 'Source URLs'],
      ['Gemini 2.0 Flash', 'best running shoes', 'Answer enhanced 6 0', `${RW_A.url}\n${NIKE_X.url}`],
      ['ChatGPT 5', 'best running shoes', 'Answer enhanced 8 0', `${BROOKS_G.url}\n${RW_B.url}`],
      ['Gemini 2.0 Flash', 'trail shoes for beginners', 'Answer enhanced 6 1', `${REDDIT_R.url}\n${NIKE_Y.url}`],
    ]
    const xlsx = await files.take(async () => (await button(page, 'model-export', 'Export Excel')).click())
    expect(xlsx.name).toBe(fileName('model-export-all-models-full', 'xlsx'))
    expect(rowsOf(xlsx, 'Model Export')).toEqual(full)
    const csv = await files.take(async () => (await button(page, 'model-export', 'Export CSV')).click())
    expect(csv.name).toBe(fileName('model-export-all-models-full', 'csv'))
    expect(rowsOf(csv)).toEqual(full)
    await page.select('[data-tab-panel="model-export"] select', 'minimal')
    const minimal = await files.take(async () => (await button(page, 'model-export', 'Export CSV')).click())
    expect(minimal.name).toBe(fileName('model-export-all-models-minimal', 'csv'))
    expect(rowsOf(minimal)).toEqual(full.map((r) => r.slice(0, 3)))
    expect(errors).toEqual([])
    await page.close()

    // ChatGPT only: no Model column, the model in the file name
    ;({ page, errors } = await openMine({ tab: 'model-export', model: '8' }))
    files = await downloadsOf(page, 'sources-model-export-chatgpt')
    const one = await files.take(async () => (await button(page, 'model-export', 'Export Excel')).click())
    expect(one.name).toBe(fileName('model-export-chatgpt-5-full', 'xlsx'))
    expect(rowsOf(one, 'Model Export')).toEqual([['Prompt', 'Response', 'Source URLs'], ['best running shoes', 'Answer enhanced 8 0', `${BROOKS_G.url}\n${RW_B.url}`]])
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('Citations: legacy card view', () => {
  // Insights of their own: the tabs' tests above delete theirs.
  let mine: Seeded
  beforeAll(async () => {
    mine = await seedHandWorkedSources()
  })

  const open = (params: Record<string, string>) => openSeeded(mine, params, 'content-priorities')

  const text = (page: Page, selector: string) => page.$$eval(selector, (s) => s.map((e) => (e as HTMLElement).innerText.trim().replace(/\s+/g, ' ')))

  it('switches from Cards to the legacy view (kept in the URL): numbered citations, Sources: list, N sources cited', async () => {
    let { page, errors } = await open({ tab: 'content-priorities', q: '0' })
    // Cards by default
    expect(await page.$eval('[data-citations-layout]', (e) => e.getAttribute('data-citations-layout'))).toBe('cards')
    expect(await page.$$('[data-legacy-response]')).toHaveLength(0)
    await page.click('[data-citations-layout] button[data-layout="legacy"]')
    await page.waitForFunction(() => location.search.includes('layout=legacy'))
    await page.waitForSelector('[data-legacy-response]')
    expect(new URL(page.url()).searchParams.get('q')).toBe('0')
    // q0, enhanced: E1 Gemini [runnersworld a, nike x], E2 ChatGPT [brooksrunning g, runnersworld b]; by model id (6, then 8)
    expect(await page.$$eval('[data-legacy-response]', (s) => s.map((e) => e.getAttribute('data-legacy-response')))).toEqual(['6', '8'])
    expect(await text(page, '[data-legacy-response] .src-card-head')).toEqual(['Gemini 2.0 Flash', 'ChatGPT 5'])
    expect(await text(page, '[data-legacy-response="6"] [data-legacy-citation]')).toEqual([`[1] Best running shoes 2025 tested ${RW_A.url}`, `[2] Nike ${NIKE_X.url}`])
    // runnersworld b's title is its domain
    expect(await text(page, '[data-legacy-response="8"] [data-legacy-citation]')).toEqual([`[1] Ghost 16 | Brooks Running ${BROOKS_G.url}`, `[2] runnersworld.com ${RW_B.url}`])
    expect(await text(page, '[data-legacy-response="6"] [data-legacy-sources] strong')).toEqual(['Sources:'])
    expect(await text(page, '[data-legacy-response="6"] [data-legacy-sources] li')).toEqual([RW_A.url, NIKE_X.url])
    expect(await text(page, '[data-legacy-response="8"] [data-legacy-sources] li')).toEqual([BROOKS_G.url, RW_B.url])
    expect(await text(page, '[data-legacy-count]')).toEqual(['2 sources cited', '2 sources cited'])
    await shot(page, 'sources-citations-legacy')
    // back to Cards: the parameter leaves the URL, the cards return
    await page.click('[data-citations-layout] button[data-layout="cards"]')
    await page.waitForFunction(() => !location.search.includes('layout=') && document.querySelectorAll('[data-citation]').length === 2)
    expect(await page.$$('[data-legacy-response]')).toHaveLength(0)
    expect(errors).toEqual([])
    await page.close()

    // Basic insights of q0: B1 ChatGPT [wikipedia] -> one source, singular
    ;({ page, errors } = await open({ tab: 'content-priorities', q: '0', set: 'basic', layout: 'legacy' }))
    await page.waitForSelector('[data-legacy-response]')
    expect(await page.$$eval('[data-legacy-response]', (s) => s.map((e) => e.getAttribute('data-legacy-response')))).toEqual(['8'])
    expect(await text(page, '[data-legacy-citation]')).toEqual(['[1] Running shoe - Wikipedia https://en.wikipedia.org/wiki/Running_shoe'])
    expect(await text(page, '[data-legacy-sources] li')).toEqual(['https://en.wikipedia.org/wiki/Running_shoe'])
    expect(await text(page, '[data-legacy-count]')).toEqual(['1 source cited'])
    expect(errors).toEqual([])
    await page.close()
  })
})
