/**
 * A new user's first run in demo mode, in headless Chromium: the results show the
 * brands the answers name that the project does not track, one click adds one as a competitor;
 * and once the default quota is used up, disabled actions say why in place and Profile & Limits
 * says how to get more. The simulator's day and seed are pinned.
 */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { createProject, resetSimulator, setLimits, signUp, simulator, startAnalysis, waitForAnalysis } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  await simulator({ day: '2026-03-02', seed: 'first-run', brandRate: 1 })
})
afterAll(async () => {
  await browser?.close()
  await resetSimulator()
})

describe('a first run in the browser', () => {
  it('shows discovered brands with one-click add, then explains every limit in place', async () => {
    const s = await signUp()
    const project = await createProject(s, {
      name: 'Notion first run',
      brandDomain: 'Notion',
      marketDescription: 'note-taking and team wiki software',
      competitors: ['Confluence'],
      queries: ['best note-taking and team wiki software for a 50-person team', 'alternatives to Confluence for remote teams', 'which team wiki has the best search'],
      isLightMode: true,
    })
    const started = await startAnalysis(s, project.id)
    expect((await waitForAnalysis(s, started.id)).status).toBe('completed')

    const page = await browser.newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()
    const [name, value] = s.cookie.split(/=(.*)/s)
    await page.setCookie({ name, value, url: appUrl })

    await page.goto(`${appUrl}/?phase=2&project=${project.id}&analysis=${started.id}&tab=overview`)
    await waitForText(page, 'Brands the answers name that you do not track')
    const first = await page.$eval('[data-testid=discovered-brands] tr[data-discovered]', (tr) => tr.getAttribute('data-discovered'))
    expect(first).toBeTruthy()
    expect(['Notion', 'Confluence']).not.toContain(first)
    // The Avg Ranking tile says whose average it is and shows the own brand's.
    expect(await page.$eval('[data-tile="Avg Ranking"] .rs-tile-note', (e) => e.textContent)).toMatch(/^Mean of all brands' ranks · yours: /)
    await page.click('[data-testid=discovered-brands] tr[data-discovered] button')
    await waitForText(page, 'Competitor Added')
    await page.waitForFunction((n) => ![...document.querySelectorAll('[data-testid=discovered-brands] tr[data-discovered]')].some((tr) => tr.getAttribute('data-discovered') === n), { timeout: 30_000 }, first)
    await screenshot(page, 'first-run-discovered-added')

    // The sidebar's results tabs keep the analysis and model chosen.
    await page.goto(`${appUrl}/?phase=2&project=${project.id}&analysis=${started.id}&tab=overview&model=gpt41`)
    await waitForText(page, 'Brand Results Summary')
    await Promise.all([page.waitForFunction(() => location.search.includes('tab=mentions'), { timeout: 30_000 }), page.click('.phase-subtabs a[href*="tab=mentions"]')])
    const search = new URLSearchParams(await page.evaluate(() => location.search))
    expect(search.get('model')).toBe('gpt41')
    expect(search.get('analysis')).toBe(String(started.id))

    // The quota of a new account (1 project, 1 analysis) is used up: the reasons show where the actions are.
    await setLimits(s.userId, { maxProjects: 0, maxAnalyses: 0 })
    await page.goto(`${appUrl}/?phase=1&tab=setup`)
    await waitForText(page, 'Generate Analysis Framework')
    await waitForText(page, 'Project limit reached (0 remaining)')
    expect(await page.$eval('[data-testid=generate-blocked]', (e) => e.textContent)).toContain('Upgrade your plan or contact support for increased limits.')
    const disabled = await page.$$eval('button[type=submit]', (bs) => bs.filter((b) => b.textContent?.includes('Generate Analysis Framework')).every((b) => (b as HTMLButtonElement).disabled))
    expect(disabled).toBe(true)

    await page.goto(`${appUrl}/profile`)
    await waitForText(page, 'How to get more')
    await waitForText(page, 'ADMIN_EMAILS')
    expect(errors).toEqual([])
    await page.close()
  })
})
