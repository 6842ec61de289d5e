/**
 * In headless Chromium: the owner shares a project from the Projects page; the sharee sees it badged
 * Shared with a view-only menu; a non-admin gets the Access Denied screen at /admin; an admin sees the dashboard.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { createProject, signUp, signUpAdmin } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A fresh browser context signed in with the session of an account made over HTTP. */
async function pageFor(session: { cookie: string }): Promise<Page> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ width: 1300, height: 900 })
  const [name, value] = session.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return page
}

const menuItems = (page: Page, projectId: number) =>
  page.$$eval(`tr[data-project-id="${projectId}"] [role=menuitem]`, (items) => items.map((i) => i.textContent?.trim() ?? ''))

describe('sharing in the browser', () => {
  it('owner shares by e-mail; the sharee sees it Shared and can only open or archive it', async () => {
    const [owner, sharee] = await Promise.all([signUp(), signUp()])
    const project = await createProject(owner, { name: 'Shared shoes' })
    const { appUrl } = testEnv()

    const page = await pageFor(owner)
    const errors = collectPageErrors(page)
    await page.goto(`${appUrl}/projects`)
    await waitForText(page, 'Shared shoes')
    await page.click(`tr[data-project-id="${project.id}"] button[aria-label="Project actions"]`)
    expect(await menuItems(page, project.id)).toEqual(['View Project', 'Share with User', 'Edit Details', 'Archive', 'Delete'])
    await page.click(`xpath/.//tr[@data-project-id="${project.id}"]//button[@role="menuitem" and .="Share with User"]`)
    await waitForText(page, 'Share Project')
    // The Share button is disabled while the e-mail is empty.
    expect(await page.$eval('[role=dialog] button[type=submit]', (b) => (b as HTMLButtonElement).disabled)).toBe(true)
    await page.type('[role=dialog] input[name=email]', 'nobody-at-all@example.test')
    await page.click('[role=dialog] button[type=submit]')
    await waitForText(page, 'No user with that email')
    await page.$eval('[role=dialog] input[name=email]', (i) => ((i as HTMLInputElement).value = ''))
    await page.click('[role=dialog] input[name=email]', { count: 3 })
    await page.keyboard.press('Backspace')
    await page.type('[role=dialog] input[name=email]', sharee.email)
    await page.click('[role=dialog] button[type=submit]')
    await page.waitForSelector('[data-testid=share-list]')
    expect(await page.$eval('[data-testid=share-list]', (e) => e.textContent)).toContain(sharee.email)
    await screenshot(page, 'sharing-dialog')
    expect(errors).toEqual([])

    const theirs = await pageFor(sharee)
    await theirs.goto(`${appUrl}/projects`)
    await waitForText(theirs, 'Shared shoes')
    const row = await theirs.$eval(`tr[data-project-id="${project.id}"]`, (e) => e.textContent ?? '')
    expect(row).toContain('Shared')
    await theirs.click(`tr[data-project-id="${project.id}"] button[aria-label="Project actions"]`)
    expect(await menuItems(theirs, project.id)).toEqual(['Access Project', 'Archive'])
    await theirs.click(`xpath/.//tr[@data-project-id="${project.id}"]//button[@role="menuitem" and .="Archive"]`)
    // Gone from the sharee's active list (public projects of other users may still be listed there).
    await theirs.waitForFunction((id) => !document.querySelector(`tr[data-project-id="${id}"]`), { timeout: 30_000 }, project.id)
    await theirs.click('xpath/.//button[.="Archived"]')
    await theirs.waitForSelector(`tr[data-project-id="${project.id}"]`)
    await screenshot(theirs, 'sharing-sharee-archived')
  })
})

describe('admin pages in the browser', () => {
  it('a non-admin sees Access Denied; an admin sees the dashboard with its tabs and cards', async () => {
    const { appUrl } = testEnv()
    const user = await signUp()
    const page = await pageFor(user)
    const denied = await page.goto(`${appUrl}/admin`)
    expect(denied?.status()).toBe(403)
    await waitForText(page, 'Access Denied')
    expect((await page.goto(`${appUrl}/debug-auth`))?.status()).toBe(403)
    // Feedback from Support reaches the admins.
    await page.goto(`${appUrl}/support`)
    await page.type('[data-testid=feedback-form] textarea', 'Browser feedback: the share dialog is handy')
    await page.click('[data-testid=feedback-form] button[type=submit]')
    await waitForText(page, 'Your feedback was sent to the administrators.')

    const admin = await signUpAdmin()
    const adminPage = await pageFor(admin)
    const errors = collectPageErrors(adminPage)
    await adminPage.goto(`${appUrl}/admin`)
    await waitForText(adminPage, 'Admin Dashboard')
    const tabs = await adminPage.$eval('nav[aria-label="Admin tabs"]', (e) => e.textContent ?? '')
    for (const t of ['Users', 'Feedback', 'Latest Analyses', 'User Migration', 'Source Explorer', 'Enhanced Explorer']) expect(tabs).toContain(t)
    const cards = await adminPage.$eval('[data-testid=admin-summary]', (e) => e.textContent ?? '')
    for (const c of ['Total Users', 'Active Users', 'Legacy Users', 'Azure Linked', 'Azure Only', 'Total Projects', 'Current Analyses']) expect(cards).toContain(c)
    expect(await adminPage.$eval('[data-testid=admin-users]', (e) => e.textContent ?? '')).toContain(user.email)
    await screenshot(adminPage, 'admin-dashboard')
    await adminPage.goto(`${appUrl}/admin?tab=feedback`)
    await waitForText(adminPage, 'Browser feedback: the share dialog is handy')
    await adminPage.goto(`${appUrl}/debug-auth`)
    await waitForText(adminPage, 'Environment keys')
    expect(await adminPage.$eval('[data-testid=debug-env-keys]', (e) => e.textContent ?? '')).toContain('OPENAI_API_KEY')
    // The API key test panel: no key in the test stack, so every key is 'missing' with 'Key not configured'.
    await adminPage.click('[data-testid=key-test] button')
    await adminPage.waitForSelector('[data-testid=key-test-summary]', { timeout: 30_000 })
    const keys = await adminPage.$eval('[data-testid=key-test]', (e) => e.textContent ?? '')
    expect(keys).toContain('0 working, 0 failing')
    expect(keys).toContain('Key not configured')
    await screenshot(adminPage, 'debug-auth-key-test')

    // User Migration: link the user's local account to a Microsoft identity by its object ID.
    await adminPage.goto(`${appUrl}/admin?tab=migration`)
    await waitForText(adminPage, 'Link to Microsoft')
    const row = `[data-testid=user-migration] tr:has(td:first-child)`
    const target = await adminPage.$$eval(row, (rows, email) => rows.findIndex((r) => r.querySelector('td')?.textContent === email), user.email)
    expect(target).toBeGreaterThanOrEqual(0)
    const rowHandle = (await adminPage.$$(row))[target]
    await (await rowHandle.$('button'))!.click()
    await adminPage.type(`input[aria-label="Microsoft Entra object ID for ${user.email}"]`, '3f2504e0-4f89-11d3-9a0c-0305e82c3399')
    await adminPage.click(`[data-testid=user-migration] button[type=submit]`)
    await adminPage.waitForFunction(
      (email) => [...document.querySelectorAll('[data-testid=user-migration] tr')].some((r) => r.textContent?.includes(email as string) && r.textContent.includes('azure_linked')),
      { timeout: 15_000 },
      user.email,
    )
    expect(errors).toEqual([])
  })
})

describe('Edit Project dialog in the browser', () => {
  it('caps adding queries at 15 while a project with more keeps them and can delete them', async () => {
    const owner = await signUp()
    const queries = Array.from({ length: 17 }, (_, i) => `running shoe question number ${i + 1}`)
    const project = await createProject(owner, { name: 'Many queries', queries })
    const { appUrl } = testEnv()
    const page = await pageFor(owner)
    const errors = collectPageErrors(page)
    await page.goto(`${appUrl}/projects`)
    await waitForText(page, 'Many queries')
    await page.click(`tr[data-project-id="${project.id}"] button[aria-label="Project actions"]`)
    await page.click(`xpath/.//tr[@data-project-id="${project.id}"]//button[@role="menuitem" and .="Edit Details"]`)
    await waitForText(page, 'Edit Project')
    const capText = () => page.$eval('[data-testid=queries-cap]', (e) => e.textContent?.trim() ?? '')
    const addQuery = () => page.$('[role=dialog] input[placeholder="Add query"]')
    const deleteFirstQuery = () => page.click('xpath/.//div[contains(@class,"field")][span[starts-with(.,"Queries (")]]//button[.="Delete"]')
    // 17 kept; adding is refused (the old cap was max(15, 17) = 17, which let two more in).
    await waitForText(page, 'Queries (17)')
    expect(await capText()).toBe('Maximum of 15 queries reached: delete 3 to add another')
    expect(await addQuery()).toBeNull()
    await deleteFirstQuery()
    await deleteFirstQuery()
    await waitForText(page, 'Queries (15)')
    expect(await capText()).toBe('Maximum of 15 queries reached')
    expect(await addQuery()).toBeNull()
    await deleteFirstQuery()
    await waitForText(page, 'Queries (14)')
    expect(await addQuery()).not.toBeNull()
    await page.type('[role=dialog] input[placeholder="Add query"]', 'best trail shoes for mud')
    await page.click('xpath/.//div[contains(@class,"field")][span[starts-with(.,"Queries (")]]//button[.="Add"]')
    await waitForText(page, 'Queries (15)')
    expect(await addQuery()).toBeNull()
    // A competitor name of 2 characters is said in place not to count, with the way to an alternative name.
    const competitors = 'xpath/.//div[contains(@class,"field")][span[starts-with(.,"Competitors (")]]'
    expect(await page.$('[data-testid=not-counted]')).toBeNull()
    await page.type('[role=dialog] input[placeholder="Add competitor"]', 'On')
    await page.click(`${competitors}//button[.="Add"]`)
    await waitForText(page, '“On” will not be counted: names of 2 characters or fewer are ignored in answers.')
    expect(await page.$eval('[data-testid=not-counted] a', (a) => a.getAttribute('href'))).toBe(`/?phase=1&project=${project.id}`)
    await page.click(`${competitors}//li[span[.="On"]]//button[.="Delete"]`)
    await page.waitForFunction(() => !document.querySelector('[data-testid=not-counted]'))
    await page.click('xpath/.//div[@role="dialog"]//button[.="Save Changes"]')
    await waitForText(page, 'Project Saved')
    const saved = await owner.json(`/api/projects/${project.id}`)
    expect(saved.body.queries).toEqual([...queries.slice(3), 'best trail shoes for mud'])
    expect(errors).toEqual([])
  })
})
