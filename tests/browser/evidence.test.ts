/**
 * Evidence in headless Chromium: on the hand-worked analysis (tests/support/hand-worked-analysis.ts)
 * a rate shows its n and 95 % interval beside it, an average rank its spread; clicking a cell opens the answers
 * it was computed from with the brand's mentions and its ranked list item marked in the text; samples per query
 * are set in the project's Edit dialog with the trade-off explained. Screenshots go to test-artifacts/screenshots.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { createProject, signUp, sql, type Session } from '../support/flows'
import { ANSWERS, CLAUDE, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { METRICS_VERSION } from '../../app/domain/metrics/version'

let browser: Browser
let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function signedInPage(as: Session): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = as.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

const url = (params: Record<string, string>) => `${testEnv().appUrl}/?${new URLSearchParams({ phase: '2', project: String(hw.projectId), analysis: String(hw.analysisId), ...params })}`
/** The n and interval drawn beside a figure (CSS generated content of .ev-ci). */
const ciText = (page: Page, selector: string) =>
  page.$eval(selector, (el) => getComputedStyle(el, '::after').content.replace(/^"|"$/g, ''))

describe('evidence on the results screens', () => {
  it('shows n and intervals, and a click on a cell opens its answers with the mention and the rank marked', async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)

    // Brand Rank: Nike is ranked by 1 of the 6 models (17 %): n=6, Wilson 3.0–56.4 %; Brooks's Claude rank 1.5 rests on ranks 1 and 2.
    await page.goto(url({ tab: 'brand-rank' }), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="brand-rank"]')
    expect(await ciText(page, 'tr[data-brand="Nike"] td:last-child .ev-ci')).toBe('n=6 · 3–56.4%')
    expect(await ciText(page, 'tr[data-brand="Brooks"] td:nth-child(2) .ev-ci')).toBe('n=2 · 1–2 · SD 0.71')
    // The cell's own text stays the figure (copy and spreadsheet exports read it).
    expect(await page.$eval('tr[data-brand="Nike"] td:last-child', (td) => (td as HTMLElement).innerText.trim())).toBe('17%')
    // The seeded analysis was stored with the current definitions.
    await waitForText(page, `Metric definitions version ${METRICS_VERSION}`)
    await waitForText(page, 'One answer per query and model')

    // Query Rank for Nike: the Claude cell of the first query -> answer A1, Nike named twice, ranked 3rd.
    await page.goto(url({ tab: 'ranking-detail', brand: 'Nike' }), { waitUntil: 'networkidle0' })
    const cell = `button[data-evidence="metric=rank&brand=Nike&model=${CLAUDE}&query=0"]`
    await page.waitForSelector(cell)
    await page.click(cell)
    await page.waitForSelector('[data-evidence-panel] [data-evidence-answer]', { timeout: 20_000 })
    expect(await page.$eval('[data-evidence-cell]', (el) => el.textContent)).toBe('Nike · average rank · Claude Sonnet 4 · “best running shoes for flat feet”')
    expect(await page.$$eval('[data-evidence-answer]', (els) => els.length)).toBe(1)
    expect(await page.$$eval('[data-evidence-answer] mark.ev-mention', (els) => els.map((e) => e.textContent))).toEqual(['Nike', 'Nike'])
    expect(await page.$$eval('[data-evidence-answer] .ev-rank', (els) => els.map((e) => e.textContent).join(''))).toMatch(/Nike Structure$/)
    expect(await page.$eval('[data-evidence-answer] .ev-text', (el) => el.textContent)).toBe(ANSWERS[0].text)
    expect(await page.$eval('[data-evidence-answer] [data-evidence-figures]', (el) => el.textContent)).toBe('2 mentions · rank 3')
    // The highlight is really painted.
    expect(await page.$eval('[data-evidence-answer] mark.ev-mention', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 230, 138)')
    await screenshot(page, 'evidence-query-rank-cell')
    await page.keyboard.press('Escape')
    await page.waitForSelector('[data-evidence-panel]', { hidden: true })

    // Share of Model, Brooks combined: 10 of 25 mentions over all six answers, each with Brooks marked.
    await page.goto(url({ tab: 'share-of-model' }), { waitUntil: 'networkidle0' })
    expect(await ciText(page, 'tr[data-brand="Brooks"] td:last-child .ev-ci')).toBe('n=25 · 23.4–59.3%')
    await page.click('tr[data-brand="Brooks"] td:last-child button.ev-link')
    await page.waitForSelector('[data-evidence-summary]')
    expect(await page.$eval('[data-evidence-summary]', (el) => el.textContent)).toBe(
      'Brooks is named 10 times out of 25 mentions of all tracked brands in these 6 answers (40%).',
    )
    expect(await page.$$eval('[data-evidence-answer]', (els) => els.length)).toBe(6)
    expect(await page.$$eval('[data-evidence-answer] mark.ev-mention', (els) => els.length)).toBe(10)
    await screenshot(page, 'evidence-share-cell')
    await page.click('[data-evidence-panel] button[aria-label="Close"]')

    // Mentions: the count of a query cell opens that query's two answers.
    await page.goto(url({ tab: 'mentions' }), { waitUntil: 'networkidle0' })
    await page.click('button[data-evidence="metric=mentions&brand=Hoka&query=1"]')
    await page.waitForSelector('[data-evidence-answer]')
    expect(await page.$$eval('[data-evidence-answer] mark.ev-mention', (els) => els.map((e) => e.textContent))).toEqual(['Hoka', 'Hoka', 'Hoka'])
    await page.keyboard.press('Escape')

    // Topics: Brooks in Durability, 4 of 8 mentions (Wilson 21.5–78.5 %); the figure opens Q2's two answers.
    await page.goto(url({ tab: 'topics' }), { waitUntil: 'networkidle0' })
    expect(await ciText(page, 'table[data-table="topics-evidence"] tr[data-group="Durability"] td:nth-child(2) .ev-ci')).toBe('n=8 · 21.5–78.5%')
    await page.click('table[data-table="topics-evidence"] tr[data-group="Durability"] td:nth-child(2) button.ev-link')
    await page.waitForSelector('[data-evidence-summary]')
    expect(await page.$eval('[data-evidence-summary]', (el) => el.textContent)).toBe(
      'Brooks is named 4 times out of 8 mentions of all tracked brands in these 2 answers (50%).',
    )
    expect(errors).toEqual([])
    await page.close()
  })

  it('on a share link, signed out, a figure opens its answers too', async () => {
    const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
    const page = await browser.newPage()
    await page.setViewport({ width: 1366, height: 900 })
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/export/${created.body.exportId}?tab=brand-rank`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="brand-rank"]')
    expect(await page.$('[data-evidence-rebuild]')).toBeNull()
    await page.click('tr[data-brand="Nike"] td:last-child button.ev-link')
    await page.waitForSelector('[data-evidence-answer]')
    // Nike is ranked only by Claude, in A1.
    expect(await page.$eval('[data-evidence-summary]', (el) => el.textContent)).toMatch(/^Nike is ranked in 1 of 6 answers: 3\./)
    expect(await page.$$eval('[data-evidence-answer].ev-hit', (els) => els.length)).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('sets samples per query in the Edit Project dialog with the trade-off explained', async () => {
    const owner = await signUp()
    const project = await createProject(owner, { queries: ['best running shoes for flat feet', 'best trail shoes'] })
    const page = await signedInPage(owner)
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/projects`, { waitUntil: 'networkidle0' })
    await page.click(`tr[data-project-id="${project.id}"] button[aria-label="Project actions"]`)
    await page.click(`xpath/.//tr[@data-project-id="${project.id}"]//button[@role="menuitem" and .="Edit Details"]`)
    await page.waitForSelector('[data-samples-field] select')
    // 2 queries × 6 models × 1 = 12 answers; a 50 % rate over 12 answers: Wilson 25.4–74.6 %, ±24.6 points.
    expect(await page.$eval('[data-samples-help]', (el) => el.textContent)).toContain('12 answers per analysis (2 queries × 6 models × 1)')
    expect(await page.$eval('[data-samples-help]', (el) => el.textContent)).toContain('±24.6 points')
    await page.select('[data-samples-field] select', '3')
    // 36 answers: 3 × the cost; 50 % over 36: Wilson 34.5–65.5 %, ±15.5 points.
    await page.waitForFunction(() => document.querySelector('[data-samples-help]')?.textContent?.includes('36 answers per analysis'))
    const help = await page.$eval('[data-samples-help]', (el) => el.textContent ?? '')
    expect(help).toContain('3 × the cost')
    expect(help).toContain('±15.5 points (±24.6 with one sample)')
    await screenshot(page, 'evidence-samples-field')
    await page.click('xpath/.//button[.="Save Changes"]')
    await waitForText(page, 'Project Saved')
    const db = await sql()
    expect((await db<{ n: number }[]>`select samples_per_query as n from projects where id = ${project.id}`)[0].n).toBe(3)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('evidence on the Overview tiles', () => {
  it("the tiles' own-brand figures open the answers behind them, with n and interval beside the rate", async () => {
    const page = await signedInPage(hw.owner)
    const errors = collectPageErrors(page)
    await page.goto(url({ tab: 'overview' }), { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="overview"]')
    const tile = (label: string) => `[data-tile="${label}"]`
    // The tile's value stays the all-brands figure; its note holds Brooks's figures as links.
    expect(await page.$eval(`${tile('Total Mentions')} .rs-tile-value`, (el) => (el as HTMLElement).innerText.trim())).toBe('25')
    expect(await page.$$eval(`${tile('Total Mentions')} button.ev-link`, (els) => els.map((e) => e.getAttribute('data-evidence')))).toEqual([
      'metric=mentions&brand=Brooks',
      'metric=share&brand=Brooks',
    ])
    // Brooks: 10 of 25 mentions = 40 %, Wilson 23.4–59.3 %.
    expect(await ciText(page, `${tile('Total Mentions')} .ev-ci`)).toBe('n=25 · 23.4–59.3%')

    await page.click(`${tile('Total Mentions')} button[data-evidence="metric=share&brand=Brooks"]`)
    await page.waitForSelector('[data-evidence-summary]')
    expect(await page.$eval('[data-evidence-cell]', (el) => el.textContent)).toBe('Brooks · share of mentions · all models shown')
    expect(await page.$eval('[data-evidence-summary]', (el) => el.textContent)).toBe(
      'Brooks is named 10 times out of 25 mentions of all tracked brands in these 6 answers (40%).',
    )
    expect(await page.$$eval('[data-evidence-answer] mark.ev-mention', (els) => els.length)).toBe(10)
    await screenshot(page, 'evidence-overview-tile')
    await page.keyboard.press('Escape')
    await page.waitForSelector('[data-evidence-panel]', { hidden: true })

    // Avg Ranking: "yours: #1.6" opens the answers that rank Brooks (A1, A2, A3, A4, A6: 5 of the 6).
    const rank = `${tile('Avg Ranking')} button[data-evidence="metric=rank&brand=Brooks"]`
    expect(await page.$eval(rank, (el) => el.textContent)).toBe('#1.6')
    expect(await page.$eval(`${tile('Avg Ranking')} .rs-tile-note`, (el) => el.textContent)).toBe("Mean of all brands' ranks · yours: #1.6")
    await page.click(rank)
    await page.waitForSelector('[data-evidence-summary]')
    expect(await page.$eval('[data-evidence-summary]', (el) => el.textContent)).toMatch(/^Brooks is ranked in 5 of 6 answers: /)
    expect(await page.$$eval('[data-evidence-answer].ev-hit', (els) => els.length)).toBe(5)
    await page.keyboard.press('Escape')
    await page.waitForSelector('[data-evidence-panel]', { hidden: true })

    // The "RANK #2" badge opens the same answers.
    expect(await page.$eval('[data-own-rank] button.ev-link', (el) => el.getAttribute('data-evidence'))).toBe('metric=rank&brand=Brooks')
    expect(errors).toEqual([])
    await page.close()
  })
})
