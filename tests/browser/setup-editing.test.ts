/**
 * Setup editing in headless Chromium: Enter saves an inline competitor or query edit
 * and Escape cancels it; opening a second edit keeps the first; renaming a competitor drops the
 * domains of its old name; alternative-name and domain chips can be removed. Demo mode with the
 * simulator's day and seed pinned: the framework for Notion proposes Confluence (atlassian.com).
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { createProject, resetSimulator, signUp, simulator, uniqueEmail, until } from '../support/flows'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  await simulator({ day: '2026-03-02', seed: 'setup-editing' })
})
afterAll(async () => {
  await browser?.close()
  await resetSimulator()
})

const rowTexts = (page: Page, kind: 'competitor' | 'query') => page.$$eval(`[data-testid=${kind}-row]`, (rows) => rows.map((r) => (r as HTMLElement).innerText))

describe('editing the framework in setup', () => {
  it('saves with Enter, cancels with Escape, keeps a first edit when a second opens, and re-derives a renamed competitor', async () => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    const { appUrl } = testEnv()
    await page.goto(`${appUrl}/signup`)
    await page.type('input[name=email]', uniqueEmail('editing'))
    await page.type('input[name=password]', 'correct horse battery')
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])
    await page.goto(`${appUrl}/?phase=1&tab=setup`)
    await waitForText(page, 'How It Works')
    await page.type('#setup-name', 'Notion wiki')
    await page.type('#setup-brandDomain', 'Notion')
    await page.type('#setup-marketDescription', 'note-taking and team wiki software')
    await page.click('button[type=submit]')
    await waitForText(page, 'Top Competitors', 60_000)

    // The demo framework proposes the real competitor with its real domain.
    const confluence = (await rowTexts(page, 'competitor')).findIndex((t) => t.startsWith('Confluence'))
    expect(confluence).toBeGreaterThanOrEqual(0)
    expect((await rowTexts(page, 'competitor'))[confluence]).toContain('atlassian.com')

    // Rename with Enter: the old domain goes.
    const editCompetitor = async (i: number) => {
      const rows = await page.$$('[data-testid=competitor-row]')
      const edit = await rows[i].$('xpath/.//button[text()="Edit"]')
      await edit!.click()
    }
    await editCompetitor(confluence)
    const input = await page.waitForSelector('input[aria-label="Competitor name"]')
    await input!.click({ clickCount: 3 })
    await input!.type('TiddlyWiki')
    await input!.press('Enter')
    await page.waitForFunction(() => !document.querySelector('input[aria-label="Competitor name"]'))
    const renamed = (await rowTexts(page, 'competitor'))[confluence]
    expect(renamed.startsWith('TiddlyWiki')).toBe(true)
    expect(renamed).not.toContain('atlassian.com')

    // Escape cancels.
    await editCompetitor(confluence)
    const again = await page.waitForSelector('input[aria-label="Competitor name"]')
    await again!.type(' Docs')
    await again!.press('Escape')
    await page.waitForFunction(() => !document.querySelector('input[aria-label="Competitor name"]'))
    expect((await rowTexts(page, 'competitor'))[confluence].startsWith('TiddlyWiki')).toBe(true)
    expect((await rowTexts(page, 'competitor'))[confluence].startsWith('TiddlyWiki Docs')).toBe(false)

    // A query edit left open is saved when a competitor edit opens.
    const firstQuery = await page.$('[data-testid=query-row]')
    await (await firstQuery!.$('xpath/.//button[text()="Edit"]'))!.click()
    const q = await page.waitForSelector('input[aria-label="Query"]')
    await q!.click({ clickCount: 3 })
    await q!.type('best team wiki for a 40-person startup')
    await editCompetitor(0)
    await page.waitForSelector('input[aria-label="Competitor name"]')
    expect((await rowTexts(page, 'query'))[0]).toContain('best team wiki for a 40-person startup')
    await page.keyboard.press('Escape')

    // Domain chips can be removed.
    const before = await page.$$eval('[data-testid=competitor-row] .chip-domain', (c) => c.length)
    expect(before).toBeGreaterThan(0)
    await page.click('[data-testid=competitor-row] .chip-domain button')
    expect(await page.$$eval('[data-testid=competitor-row] .chip-domain', (c) => c.length)).toBe(before - 1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('/?phase=1&project={id} opens a saved project filled in; Proceed updates that project, and only its owner may open it', async () => {
    const owner = await signUp()
    const project = await createProject(owner, {
      competitorDetails: [{ name: 'Nike', alternativeNames: ['Swoosh'], domains: ['nike.com'] }, { name: 'Asics', alternativeNames: [], domains: [] }],
      competitors: ['Nike', 'Asics'],
    })
    const page = await (await browser.createBrowserContext()).newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    const [name, value] = owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    await page.goto(`${testEnv().appUrl}/?phase=1&project=${project.id}`)
    await waitForText(page, `Editing ${project.name}`)
    expect(await page.$eval('#setup-name', (e) => (e as HTMLInputElement).value)).toBe(project.name)
    expect(await page.$eval('#setup-marketDescription', (e) => (e as HTMLTextAreaElement).value)).toBe('running shoes for road runners')
    const competitors = await rowTexts(page, 'competitor')
    expect(competitors.map((t) => t.split('\n')[0].trim())).toEqual(['Nike', 'Asics'])
    expect(competitors[0]).toContain('Swoosh')
    expect(competitors[0]).toContain('nike.com')
    expect((await rowTexts(page, 'query')).map((t) => t.split('\n')[0].trim())).toEqual(['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk'])

    // Change the second query, then Proceed: the same project is saved (not a second one) and an analysis starts.
    const rows = await page.$$('[data-testid=query-row]')
    await (await rows[1].$('xpath/.//button[text()="Edit"]'))!.click()
    const q = await page.waitForSelector('input[aria-label="Query"]')
    await q!.click({ clickCount: 3 })
    await q!.type('lightest marathon racing shoes')
    await q!.press('Enter')
    await (await page.$$('xpath/.//button[normalize-space()="Proceed to Analysis"]'))[0].click()
    await page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 })
    const saved = (await owner.json(`/api/projects/${project.id}`)).body
    expect(saved.queries).toEqual(['best running shoes for flat feet', 'lightest marathon racing shoes', 'best cushioned running shoes uk'])
    expect(saved.competitorDetails[0]).toMatchObject({ name: 'Nike', alternativeNames: ['Swoosh'], domains: ['nike.com'] })
    // The list also holds other users' public projects (made by other tests on the shared stack): only own ones count.
    const mine = (await owner.json('/api/projects')).body
    expect((Array.isArray(mine) ? mine : mine.projects).filter((p: { accessType: string }) => p.accessType === 'owner').map((p: { id: number }) => p.id)).toEqual([project.id])
    await until('the analysis the Proceed started', async () => (await owner.json(`/api/projects/${project.id}`)).body.latestAnalysis !== null, 30_000)
    expect(errors).toEqual([])

    // Someone else: not found, and nothing of the project in the page.
    const other = await signUp()
    const res = await other.request(`/?phase=1&project=${project.id}`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain(project.name)
  })
})

describe('renaming a competitor to a name already in use', () => {
  it('is refused in place with the reason, and Proceed then saves the project without a 400', async () => {
    const owner = await signUp()
    const page = await (await browser.createBrowserContext()).newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    const [cookie, value] = owner.cookie.split('=')
    await page.setCookie({ name: cookie, value, url: testEnv().appUrl })
    await page.goto(`${testEnv().appUrl}/?phase=1&tab=setup`)
    await waitForText(page, 'How It Works')
    await page.type('#setup-name', 'Notion rename')
    await page.type('#setup-brandDomain', 'Notion')
    await page.type('#setup-marketDescription', 'note-taking and team wiki software')
    await page.click('button[type=submit]')
    await waitForText(page, 'Top Competitors', 60_000)

    const names = async () => (await rowTexts(page, 'competitor')).map((t) => t.split('\n')[0].trim())
    const before = await names()
    const confluence = before.indexOf('Confluence')
    expect(confluence).toBeGreaterThanOrEqual(0)
    expect(before).toContain('Slite') // the demo framework proposes both

    const rename = async (to: string) => {
      const input = await page.waitForSelector('input[aria-label="Competitor name"]')
      await input!.click({ clickCount: 3 })
      await input!.type(to)
      await input!.press('Enter')
    }
    const rows = await page.$$('[data-testid=competitor-row]')
    await (await rows[confluence].$('xpath/.//button[text()="Edit"]'))!.click()

    // Another competitor's name: refused, the editor stays open with the reason, nothing changes.
    await rename('Slite')
    await page.waitForSelector('[data-testid=edit-error]')
    expect(await page.$eval('[data-testid=edit-error]', (e) => (e as HTMLElement).innerText)).toBe('Slite is already in the list')
    expect(await page.$eval('input[aria-label="Competitor name"]', (e) => e.getAttribute('aria-invalid'))).toBe('true')
    // Opening another edit does not drop the refused one.
    const firstQuery = await page.$('[data-testid=query-row]')
    await (await firstQuery!.$('xpath/.//button[text()="Edit"]'))!.click()
    expect(await page.$('input[aria-label="Query"]')).toBeNull()
    expect(await page.$eval('input[aria-label="Competitor name"]', (e) => (e as HTMLInputElement).value)).toBe('Slite')

    // The own brand's name, in another case: refused too.
    await rename('notion')
    await page.waitForFunction(() => document.querySelector('[data-testid=edit-error]')?.textContent === '"notion" is your own brand and cannot also be a competitor')

    // A new name is accepted; the list keeps unique names.
    await rename('TiddlyWiki')
    await page.waitForFunction(() => !document.querySelector('input[aria-label="Competitor name"]'))
    const after = await names()
    expect(after[confluence]).toBe('TiddlyWiki')
    expect(after.filter((n) => n === 'Slite')).toHaveLength(1)
    expect(new Set(after.map((n) => n.toLowerCase())).size).toBe(after.length)

    // Proceed saves (no 'Project Creation Failed'): keep 2 queries so the analysis is short.
    let queries = await page.$$('[data-testid=query-row]')
    while (queries.length > 2) {
      await page.click('[data-testid=query-row] button[aria-label^="Remove query"]')
      queries = await page.$$('[data-testid=query-row]')
    }
    await (await page.$$('xpath/.//button[normalize-space()="Proceed to Analysis"]'))[0].click()
    await page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 })
    const mine = (await owner.json('/api/projects')).body
    const [saved] = (Array.isArray(mine) ? mine : mine.projects).filter((p: { accessType: string }) => p.accessType === 'owner')
    const project = (await owner.json(`/api/projects/${saved.id}`)).body
    const details: { name: string; domains: string[] }[] = (project.project ?? project).competitorDetails
    expect(details.map((c) => c.name)).toEqual(after)
    expect(details[confluence]).toMatchObject({ name: 'TiddlyWiki', domains: [] })
    await until('the analysis the Proceed started to end', async () => {
      const p = (await owner.json(`/api/projects/${saved.id}`)).body
      return ['completed', 'failed', 'cancelled'].includes((p.project ?? p).latestAnalysis?.status)
    }, 150_000, 500)
    expect(errors).toEqual([])
    await page.close()
  }, 240_000)
})
