/**
 * A demo that looks like the market typed: a German and a Japanese demo project, analysed in
 * headless Chromium. The answers on API Data are in the project's language (no English remarks such as
 * "Let me search …" or "Sources:"), Source Insights lists the market's own sites (test.de, runnersworld.de …;
 * kakaku.com, itmedia.co.jp …) and the brands' pages, never the English catalogue's (Wikipedia in English,
 * The Guardian, Which?, TechRadar), and the Content Ideator starts on the project's language. The simulator's
 * day and seed are pinned, so the answers are the same on any date.
 */
import type { Browser, Page } from 'puppeteer-core'
import { deu, eng } from 'stopword'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser'
import { analyseDemoProject, resetSimulator, signUp, simulator, until, type Session } from '../support/flows'
import { MARKETS } from '../../simulator/knowledge'
import { localDomains } from '../../simulator/sites'

let browser: Browser | undefined

afterAll(async () => {
  await browser?.close()
  await resetSimulator()
})

const ENGLISH_SITES = /en\.wikipedia|theguardian|which\.co\.uk|techradar|trustedreviews|gsmarena/
const BRAND_DOMAINS = new Set(MARKETS.flatMap((m) => m.brands.flatMap((b) => b.domains)))

async function signedInPage(as: Session): Promise<Page> {
  browser ??= await launchBrowser()
  const page = await browser.newPage()
  await page.setViewport({ width: 1440, height: 900 })
  const [name, value] = as.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

/** A project made as the setup screen makes it, analysed in full (Source Insights need it), and its source search run (the test stack starts none by itself). */
async function analysed(input: { name: string; market: string; region: string; language: string; seed: string }) {
  await simulator({ day: '2026-03-02', seed: input.seed })
  const s = await signUp()
  const run = await analyseDemoProject(s, { ...input, queries: 3, isLightMode: false })
  expect(run.status).toBe('completed')
  const search = await s.json(`/api/analyses/${run.analysisId}/source-search`, { method: 'POST', json: {} })
  expect(search.status).toBe(202)
  await until('the source search to end', async () => ['completed', 'failed'].includes((await s.json(`/api/analyses/${run.analysisId}/source-search`)).body?.searchInsightsStatus), 180_000, 250)
  expect((await s.json(`/api/analyses/${run.analysisId}/source-search`)).body.searchInsightsStatus).toBe('completed')
  return { s, ...run }
}

async function screen(page: Page, params: Record<string, string>, selector: string) {
  await page.goto(`${testEnv().appUrl}/?${new URLSearchParams(params)}`, { waitUntil: 'networkidle0' })
  await page.waitForSelector(selector, { timeout: 20_000 })
}

const answers = (page: Page) => page.$$eval('.rs-response-text', (els) => els.map((e) => (e as HTMLElement).innerText))
const sites = (page: Page) => page.$$eval('tr[data-site]', (rows) => rows.map((r) => r.getAttribute('data-site') ?? ''))

describe('a demo project in another language looks native', () => {
  it('German: answers in German, German sites cited, the ideator starts on German', async () => {
    const { s, project, analysisId, queries } = await analysed({ name: 'Hoka', market: 'Laufschuhe', region: 'Deutschland', language: 'de', seed: 'demo-language-de' })
    expect(queries.join(' ')).not.toMatch(/\b(the|for|best|which)\b|die beste Kundenservice| im Vergleich: /)
    const page = await signedInPage(s)
    const errors = collectPageErrors(page)

    await screen(page, { phase: '2', project: String(project.id), analysis: String(analysisId), tab: 'api-data' }, '.rs-response-text')
    const texts = await answers(page)
    expect(texts.length).toBeGreaterThan(0)
    for (const t of texts) {
      expect(t).not.toMatch(/Let me search|I'll search|\bSources:|official website/)
      const words = t.toLowerCase().match(/\p{L}+/gu) ?? []
      expect(words.filter((w) => deu.includes(w)).length, t).toBeGreaterThan(words.filter((w) => eng.includes(w) && !deu.includes(w)).length)
    }
    await screenshot(page, 'demo-language-de-api-data')

    await screen(page, { phase: '4', project: String(project.id) }, '[data-tab-panel="site-priorities"]')
    const cited = await sites(page)
    expect(cited.length).toBeGreaterThan(2)
    const german = new Set(localDomains('de'))
    expect(cited.filter((d) => !german.has(d) && !BRAND_DOMAINS.has(d))).toEqual([])
    expect(cited.some((d) => german.has(d))).toBe(true)
    expect(cited.join(' ')).not.toMatch(ENGLISH_SITES)
    await screenshot(page, 'demo-language-de-sources')

    await screen(page, { phase: '6', project: String(project.id) }, '#ideator-language')
    expect(await page.$eval('#ideator-language', (e) => (e as HTMLSelectElement).value)).toBe('de')
    expect(errors).toEqual([])
    await page.close()
  }, 400_000)

  it('Japanese: answers in Japanese, Japanese sites cited', async () => {
    const { s, project, analysisId } = await analysed({ name: 'ソニー', market: 'スマートフォン', region: '日本', language: 'ja', seed: 'demo-language-ja' })
    const page = await signedInPage(s)
    const errors = collectPageErrors(page)

    await screen(page, { phase: '2', project: String(project.id), analysis: String(analysisId), tab: 'api-data' }, '.rs-response-text')
    for (const t of await answers(page)) {
      expect(t).toMatch(/[\p{scx=Hira}]/u)
      expect(t).not.toMatch(/Let me search|I'll search|\bSources:|official website|\b(the|and|with|for)\b/)
    }

    await screen(page, { phase: '4', project: String(project.id) }, '[data-tab-panel="site-priorities"]')
    const cited = await sites(page)
    const japanese = new Set(localDomains('ja'))
    expect(cited.filter((d) => !japanese.has(d) && !BRAND_DOMAINS.has(d))).toEqual([])
    expect(cited.some((d) => japanese.has(d))).toBe(true)
    await screenshot(page, 'demo-language-ja-sources')
    expect(errors).toEqual([])
    await page.close()
  }, 400_000)
})
