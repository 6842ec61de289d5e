import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { resetSimulator, simulator, sql, uniqueEmail } from '../support/flows'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  await resetSimulator()
  await simulator({ seed: 'audiences-browser', day: '2026-03-02' })
})
afterAll(async () => {
  await browser?.close()
})

// Clicks through the DOM, not at screen coordinates: the page scrolls smoothly to each new section.
const clickButton = async (page: Page, label: string) => {
  const button = await page.waitForSelector(`xpath/.//button[contains(., ${JSON.stringify(label)})]`)
  await button!.evaluate((b) => (b as HTMLButtonElement).click())
}
const click = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).click())

/** React has attached its handlers to the page's buttons (a click before hydration would submit the form natively). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => Object.keys(b).some((k) => k.startsWith('__reactProps'))), { timeout: 30_000 })

const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim())

/** Fills the setup form with the B2B payroll market (the simulator knows it) and generates its audiences. */
async function generatePayrollAudiences(page: Page, projectName: string) {
  await page.type('#setup-name', projectName)
  await page.type('#setup-brandDomain', 'PayFlow')
  await page.type('#setup-marketDescription', 'Payroll software for small and medium businesses')
  await page.click('[data-testid=market-type-B2B]')
  await page.type('#setup-region', 'United Kingdom')
  await clickButton(page, 'Generate Audiences & Topics')
  await waitForText(page, 'Edit & Select Target Audiences', 60_000)
}

const signUpInBrowser = async (page: Page, email: string) => {
  await page.goto(`${testEnv().appUrl}/signup`)
  await page.type('input[name=email]', email)
  await page.type('input[name=password]', 'correct horse battery')
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')])
}

describe('Topics & Audiences setup in the browser', () => {
  it('tells a light-tier user to upgrade or use Legacy mode, with Light Mode locked on', async () => {
    // A context of its own: its session cookie does not sign the next test in.
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    const email = uniqueEmail('light')
    await signUpInBrowser(page, email)
    const db = await sql()
    await db`update users set tier = 'light' where email = ${email}`
    await page.goto(`${testEnv().appUrl}/?phase=1&tab=setup-beta`)
    await waitForText(page, 'Upgrade to Use Audiences & Topics')
    expect(await page.$eval('xpath/.//button[contains(., "Upgrade to Use Audiences & Topics")]', (b) => (b as HTMLButtonElement).disabled)).toBe(true)
    await waitForText(page, 'Audience and topic generation is for Standard and Full tiers. Please use Legacy mode.')
    await waitForText(page, 'Light Tier - Always On')
    expect(await page.$eval('input[type=checkbox]', (c) => [(c as HTMLInputElement).checked, (c as HTMLInputElement).disabled])).toEqual([true, true])
    await waitForText(page, '20 queries instead of 40')
    expect(errors).toEqual([])
    await context.close()
  }, 60_000)


  it('generates personas and topics, edits an audience, adds a topic, generates topic queries, proceeds and reads the Topics and Audiences tabs', async () => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    // Every question is accepted, except where the test answers Cancel; each one asked is kept.
    let cancelNext = false
    let asked: (message: string) => void = () => {}
    page.on('dialog', (d) => {
      asked(d.message())
      void (cancelNext ? d.dismiss() : d.accept())
      cancelNext = false
    })
    const { appUrl } = testEnv()
    await signUpInBrowser(page, uniqueEmail('audiences'))

    await page.goto(`${appUrl}/?phase=1&tab=setup-beta`)
    await waitForText(page, 'Brand & Market Definition')
    await hydrated(page)
    expect(await page.$eval('[data-testid=setup-help]', (e) => e.getAttribute('title'))).toContain('AI identifies 20+ audience personas')
    await clickButton(page, 'Generate Audiences & Topics')
    await waitForText(page, 'Project name is required')

    await generatePayrollAudiences(page, 'Payroll personas')
    await waitForText(page, 'Role-Based Personas')
    await waitForText(page, 'Demographic-Based Personas')
    expect(await text(page, '[data-testid=stat-audiences]')).toBe('20')
    expect(await text(page, '[data-testid=stat-selected]')).toBe('0')
    await waitForText(page, 'Finance Manager')
    await waitForText(page, 'Regenerate Audiences & Topics')
    expect(await page.$eval('xpath/.//button[contains(., "Generate Audience Queries (0 selected)")]', (b) => (b as HTMLButtonElement).disabled)).toBe(true)

    // Edit the first persona's name: Enter saves; Escape cancels the next edit.
    await click(page, '[data-edit="Audience name"]')
    await page.$eval('input[aria-label="Audience name"]', (e) => ((e as HTMLInputElement).value = ''))
    await page.type('input[aria-label="Audience name"]', 'Payroll Lead at a 50-person firm')
    await page.keyboard.press('Enter')
    await waitForText(page, 'Payroll Lead at a 50-person firm')
    await click(page, '[data-edit="Audience name"]')
    await page.type('input[aria-label="Audience name"]', ' changed')
    await page.keyboard.press('Escape')
    expect(await page.$$eval('[data-edit="Audience name"]', (els) => (els[0] as HTMLElement).innerText)).toBe('Payroll Lead at a 50-person firm')
    await clickButton(page, 'Show More')
    await waitForText(page, 'Pain Points')

    // Select the persona, pick the most relevant topic, add a custom one (auto-selected).
    await click(page, 'input[aria-label="Select Payroll Lead at a 50-person firm"]')
    await click(page, '[data-testid=topic-card]')
    await page.type('input[aria-label="Custom topic"]', 'Auto-enrolment pensions')
    await clickButton(page, 'Add Topic')
    expect(await text(page, '[data-testid=stat-selected]')).toBe('3')
    expect(await text(page, '[data-testid=stat-queries-est-]')).toBe('10')
    await waitForText(page, 'Ready to Generate Queries')
    await waitForText(page, 'Generate Audience Queries (1 selected)')
    await screenshot(page, 'audiences-picker')

    await clickButton(page, 'Generate 10 Queries')
    await waitForText(page, 'Analysis Queries', 60_000)
    expect(await text(page, '[data-testid=query-count]')).toBe('10/50')
    const topicBadges = await page.$$eval('[data-testid=query-topic]', (els) => els.map((e) => (e as HTMLElement).innerText))
    expect(topicBadges).toHaveLength(10)
    expect(topicBadges.filter((t) => t === 'Auto-enrolment pensions')).toHaveLength(5)
    // The top topic's queries are asked on behalf of its connected audiences.
    expect(await page.$$eval('[data-testid=query-audience]', (els) => els.length)).toBeGreaterThan(0)

    // The query editor offers the topics and 'No topic'.
    await click(page, '[data-testid=query-row] button:not([aria-label])')
    await page.waitForSelector('select[aria-label=Topic]')
    const options = await page.$$eval('select[aria-label=Topic] option', (os) => os.map((o) => o.textContent))
    expect(options[0]).toBe('No topic')
    expect(options).toContain('Auto-enrolment pensions')
    await clickButton(page, 'Cancel')

    // Generating audience queries now would replace the 10 topic queries: asked first, and Cancel keeps them.
    cancelNext = true
    const question = new Promise<string>((r) => (asked = r))
    await clickButton(page, 'Generate Audience Queries (1 selected)')
    expect(await question).toBe('Generating audience queries replaces the 10 topic queries in the list, with your edits. Continue?')
    // Cancel returns before any request is sent (the handler stops at the question): the list is as it was.
    expect(await text(page, '[data-testid=query-count]')).toBe('10/50')
    expect(await page.$$eval('[data-testid=query-topic]', (els) => els.map((e) => (e as HTMLElement).innerText))).toEqual(topicBadges)

    // Keep one query of each topic so the analysis is short.
    for (;;) {
      const topics = await page.$$eval('[data-testid=query-topic]', (els) => els.map((e) => (e as HTMLElement).innerText))
      if (topics.length <= 2) break
      const index = topics[1] === topics[0] ? 2 : topics.length
      await click(page, `[data-testid=query-row] button[aria-label="Remove query ${index}"]`)
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=query-row]').length === n, {}, topics.length - 1)
    }
    expect(await text(page, '[data-testid=query-count]')).toBe('2/50')
    // The top topic's first query is asked on behalf of its first connected audience: ask it as that persona too.
    const persona = (await page.$$eval('[data-testid=query-audience]', (els) => els.map((e) => (e as HTMLElement).innerText)))[0].split(':')[0]
    expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(false)
    await click(page, 'input[aria-label="Ask as persona"]')
    expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(true)
    await screenshot(page, 'audiences-review')

    await clickButton(page, 'Proceed to Analysis')
    await page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 })
    await waitForText(page, 'Analysis Complete!', 150_000)
    const link = await page.waitForSelector('xpath/.//a[contains(., "View Analysis Results Now")]')
    const href = await link!.evaluate((a) => (a as HTMLAnchorElement).href)

    for (const tab of ['topics', 'audiences']) {
      const url = new URL(href)
      url.searchParams.set('tab', tab)
      await page.goto(url.href, { waitUntil: 'networkidle0' })
      await page.waitForSelector(`[data-tab-content="${tab}"]`, { timeout: 20_000 })
      await page.waitForSelector('.recharts-scatter-symbol', { timeout: 15_000 })
      await waitForText(page, 'Brand Share Breakdown')
      if (tab === 'audiences') {
        // Visibility by persona: one audience query asked by six models, as written and as the persona.
        await page.waitForSelector('[data-testid=persona-row]', { timeout: 20_000 })
        const row = await page.$eval('[data-testid=persona-row]', (r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim()))
        expect(row[0]).toBe(persona)
        expect(row[1]).toBe('1')
        expect(row[4]).toMatch(/^[0-6]\/6$/)
        expect(row[7]).toMatch(/^[0-6]\/6$/)
        expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(true)
        // The panel loading below the charts leaves them drawn.
        await page.waitForSelector('[data-tab-content="audiences"] .recharts-scatter-symbol', { timeout: 15_000 })
        await page.waitForSelector('[data-tab-content="audiences"] .recharts-bar-rectangle', { timeout: 15_000 })
      }
      await screenshot(page, `audiences-results-${tab}`)
    }
    await waitForText(page, 'All Audiences')
    expect(errors).toEqual([])
  }, 300_000)
})

describe('the audience editor and the persona lists', () => {
  /** A signed-in page of its own with generated personas for a B2B payroll product. */
  const generatedSetup = async (on: Browser = browser) => {
    const context = await on.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport({ width: 1400, height: 1000 })
    const errors = collectPageErrors(page)
    await signUpInBrowser(page, uniqueEmail('editor'))
    await page.goto(`${testEnv().appUrl}/?phase=1&tab=setup-beta`)
    await waitForText(page, 'Brand & Market Definition')
    await hydrated(page)
    await generatePayrollAudiences(page, 'Payroll editor')
    expect(await text(page, '[data-testid=stat-audiences]')).toBe('20')
    await settled(page)
    return { context, page, errors }
  }
  /** The smooth scroll to the new section has ended (real mouse moves need the cards to stand still). */
  const settled = (page: Page) =>
    page.waitForFunction(
      () => {
        const w = window as unknown as { lastY?: number; still?: number }
        const still = w.lastY === window.scrollY ? (w.still ?? 0) + 1 : 0
        Object.assign(w, { lastY: window.scrollY, still })
        return still >= 3
      },
      { polling: 100, timeout: 10_000 },
    )
  const cardNames = (page: Page) => page.$$eval('[data-testid=audience-card] [data-edit="Audience name"]', (els) => els.map((e) => (e as HTMLElement).innerText.trim()))
  const stat = (page: Page, name: 'audiences' | 'selected') => text(page, `[data-testid=stat-${name}]`)
  const buttonText = (page: Page, start: string) =>
    page.$eval(`xpath/.//button[starts-with(normalize-space(.), ${JSON.stringify(start)})]`, (b) => [(b as HTMLButtonElement).innerText.trim(), (b as HTMLButtonElement).disabled] as const)
  /** The names under a collapsible list's summary, e.g. 'Need-Based Audiences (10)'. */
  const listOf = (page: Page, title: string) =>
    page.$$eval(
      'details',
      (ds, t) => {
        const d = ds.find((x) => x.querySelector('summary')?.textContent?.startsWith(t as string))
        return d ? { summary: d.querySelector('summary')!.textContent!.trim(), open: (d as HTMLDetailsElement).open, names: [...d.querySelectorAll('li strong')].map((s) => s.textContent!.trim()) } : null
      },
      title,
    )

  it('lists need-based and demographic personas in two collapsible lists that follow the editor', async () => {
    const { context, page, errors } = await generatedSetup()
    const names = await cardNames(page)
    expect(names).toHaveLength(20)
    // The simulator's personas: the first 10 need-based (the 'Role-Based Personas' of the editor), the rest demographic.
    const need = await listOf(page, 'Need-Based Audiences')
    const demo = await listOf(page, 'Demographic Audiences')
    expect(need).toMatchObject({ summary: 'Need-Based Audiences (10)', open: false, names: names.slice(0, 10) })
    expect(demo).toMatchObject({ summary: 'Demographic Audiences (10)', open: false, names: names.slice(10) })
    expect(need!.names).toContain('Finance Manager')
    expect(need!.names).toContain('Payroll Administrator')

    // Collapsed until the user opens them: the names are not on screen.
    const visible = (name: string) => page.$$eval('details li strong', (els, n) => els.some((e) => e.textContent === n && e.checkVisibility()), name)
    expect(await visible(names[10])).toBe(false)
    await page.$$eval('details summary', (ss) => ss.forEach((s) => (s.textContent!.startsWith('Demographic Audiences') ? (s as HTMLElement).click() : null)))
    expect((await listOf(page, 'Demographic Audiences'))!.open).toBe(true)
    expect(await visible(names[10])).toBe(true)
    expect(await visible(names[0])).toBe(false)
    await page.$$eval('details summary', (ss) => ss.forEach((s) => (s.textContent!.startsWith('Need-Based Audiences') ? (s as HTMLElement).click() : null)))
    expect(await visible(names[0])).toBe(true)
    // Each entry shows the persona's description after its name.
    const line = await page.$$eval('details li', (lis) => (lis[0] as HTMLElement).innerText)
    expect(line.startsWith(`${names[0]} — `)).toBe(true)
    expect(line.length).toBeGreaterThan(names[0].length + 10)

    // An edit in the editor shows in the list at once.
    await click(page, '[data-edit="Audience name"]')
    await page.$eval('input[aria-label="Audience name"]', (e) => ((e as HTMLInputElement).value = ''))
    await page.type('input[aria-label="Audience name"]', 'Head of Payroll')
    await page.keyboard.press('Enter')
    expect((await listOf(page, 'Need-Based Audiences'))!.names[0]).toBe('Head of Payroll')
    await screenshot(page, 'audiences-lists')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  it('deletes a persona from its hover button, adds a custom one, and asks before regenerating, which clears the selection', async () => {
    // Headless Chromium reports a touch-like screen without hover (where the button always shows): this one has a mouse.
    const { default: puppeteer } = await import('puppeteer-core')
    const mouseBrowser = await puppeteer.launch({
      executablePath: testEnv().chromiumPath ?? undefined,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
        '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4'],
    })
    onTestFinished(() => mouseBrowser.close())
    const { context, page, errors } = await generatedSetup(mouseBrowser)
    expect(await page.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(true)
    const names = await cardNames(page)

    // Select the second persona, then delete it: its card, its list entry and its selection go.
    const victim = names[1]
    await click(page, `input[aria-label="Select ${victim}"]`)
    expect(await stat(page, 'selected')).toBe('1')
    expect(await buttonText(page, 'Generate Audience Queries')).toEqual(['Generate Audience Queries (1 selected)', false])
    const card = (await page.$$('[data-testid=audience-card]'))[1]
    const deleteButton = (await card.$('button.audience-delete'))!
    const opacity = () => deleteButton.evaluate((b) => getComputedStyle(b).opacity)
    // Hidden until the pointer is over the card.
    await page.mouse.move(0, 0)
    await page.waitForFunction((b) => getComputedStyle(b as Element).opacity === '0', {}, deleteButton)
    await card.hover()
    await page.waitForFunction((b) => getComputedStyle(b as Element).opacity === '1', {}, deleteButton)
    expect(await deleteButton.evaluate((b) => b.getAttribute('aria-label'))).toBe(`Delete ${victim}`)
    expect(await opacity()).toBe('1')
    await deleteButton.click()
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=audience-card]').length === n, {}, 19)
    expect(await cardNames(page)).toEqual(names.filter((n) => n !== victim))
    expect(await stat(page, 'audiences')).toBe('19')
    expect(await stat(page, 'selected')).toBe('0')
    expect(await buttonText(page, 'Generate Audience Queries')).toEqual(['Generate Audience Queries (0 selected)', true])
    expect(await listOf(page, 'Need-Based Audiences')).toMatchObject({ summary: 'Need-Based Audiences (9)' })
    expect((await listOf(page, 'Need-Based Audiences'))!.names).not.toContain(victim)
    // The eleventh persona moves up into 'Role-Based Personas' (the first 10).
    const roleBased = await page.$$eval('h3', (hs) => {
      const role = hs.find((h) => h.textContent === 'Role-Based Personas')!
      return [...role.nextElementSibling!.querySelectorAll('[data-edit="Audience name"]')].map((e) => (e as HTMLElement).innerText.trim())
    })
    expect(roleBased).toEqual([names[0], ...names.slice(2, 11)])

    // 'Add New Audience': a persona with placeholder texts, appended and selected.
    await clickButton(page, 'Add New Audience')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=audience-card]').length === 20)
    expect((await cardNames(page)).at(-1)).toBe('New Audience')
    const added = (await page.$$('[data-testid=audience-card]')).at(-1)!
    expect(await added.$eval('.muted [data-edit="Audience description"]', (e) => (e as HTMLElement).innerText)).toBe('Describe who this audience is')
    expect(await added.$eval('input[type=checkbox]', (c) => [(c as HTMLInputElement).checked, c.getAttribute('aria-label')])).toEqual([true, 'Select New Audience'])
    expect(await stat(page, 'audiences')).toBe('20')
    expect(await stat(page, 'selected')).toBe('1')
    expect(await buttonText(page, 'Generate Audience Queries')).toEqual(['Generate Audience Queries (1 selected)', false])
    // Its details are placeholders too, editable like any other.
    await added.$eval('xpath/.//button[contains(., "Show More")]', (b) => (b as HTMLButtonElement).click())
    expect(await added.$$eval('[data-edit]', (els) => els.map((e) => (e as HTMLElement).innerText.trim()))).toEqual([
      'New Audience',
      'Describe who this audience is',
      'Key traits of this audience',
      'How they search for answers',
      'Problems they want solved',
      'What drives their decision',
    ])
    // A second one gets an id of its own: both stay, both selected.
    await clickButton(page, 'Add New Audience')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=audience-card]').length === 21)
    expect(await stat(page, 'selected')).toBe('2')
    await click(page, 'input[aria-label="Select New Audience"]')
    expect(await stat(page, 'selected')).toBe('1')
    await screenshot(page, 'audiences-editor-custom')

    // Regenerate asks first; Cancel keeps everything as it is.
    const dialogs: string[] = []
    let answer = false
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`)
      void (answer ? d.accept() : d.dismiss())
    })
    const regenerate = `xpath/.//div[h2[contains(., "Edit & Select Target Audiences")]]//button[normalize-space(.)="Regenerate Audiences & Topics"]`
    await page.$eval(regenerate, (b) => (b as HTMLButtonElement).click())
    expect(dialogs).toEqual(['confirm: This will generate new audiences and clear your current selection. Continue?'])
    expect(await stat(page, 'audiences')).toBe('21')
    expect(await stat(page, 'selected')).toBe('1')
    expect((await cardNames(page)).filter((n) => n === 'New Audience')).toHaveLength(2)

    // OK regenerates: the custom personas go and nothing stays selected.
    answer = true
    await page.$eval(regenerate, (b) => (b as HTMLButtonElement).click())
    await waitForText(page, 'Audiences & Topics Generated', 60_000)
    expect(dialogs).toHaveLength(2)
    expect(dialogs[1]).toBe(dialogs[0])
    await page.waitForFunction(() => document.querySelector('[data-testid=stat-audiences]')?.textContent === '20')
    expect(await cardNames(page)).toEqual(names)
    expect(await stat(page, 'selected')).toBe('0')
    expect(await buttonText(page, 'Generate Audience Queries')).toEqual(['Generate Audience Queries (0 selected)', true])
    expect(await page.$$eval('[data-testid=audience-card] input[type=checkbox]', (cs) => cs.filter((c) => (c as HTMLInputElement).checked).length)).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)

  it('scrolls to the setup section 500 ms after arriving with the session flag set, below the sticky header, and clears the flag', async () => {
    const { SCROLL_TO_SETUP_KEY } = await import('~/components/setup/AudiencesSetup')
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    // Short enough that the setup form is taller than the window.
    await page.setViewport({ width: 1200, height: 420 })
    const errors = collectPageErrors(page)
    // From the first script of every page: when React took over the buttons, when the flag was gone, each time the
    // page read the flag (what it found), and whether the window scrolled.
    await page.evaluateOnNewDocument((key) => {
      const w = window as unknown as { hydratedAt?: number; flagGoneAt?: number; flagReads: (string | null)[]; scrolled: boolean }
      w.flagReads = []
      w.scrolled = false
      const getItem = Storage.prototype.getItem
      Storage.prototype.getItem = function (this: Storage, k: string) {
        const v = getItem.call(this, k)
        if (k === key && this === window.sessionStorage) w.flagReads.push(v)
        return v
      }
      window.addEventListener('scroll', () => (w.scrolled = true))
      const timer = setInterval(() => {
        if (w.hydratedAt === undefined && [...document.querySelectorAll('button')].some((b) => Object.keys(b).some((k) => k.startsWith('__reactProps')))) w.hydratedAt = performance.now()
        if (w.hydratedAt !== undefined && getItem.call(sessionStorage, key) === null) {
          w.flagGoneAt = performance.now()
          clearInterval(timer)
        }
      }, 5)
    }, SCROLL_TO_SETUP_KEY)
    await signUpInBrowser(page, uniqueEmail('scroll'))
    const url = `${testEnv().appUrl}/?phase=1&tab=setup-beta`
    const sectionTop = () => page.$eval('#setup-section', (e) => Math.round(e.getBoundingClientRect().top))
    const scrollY = () => page.evaluate(() => window.scrollY)
    /**
     * The setup screen reads the flag once, when it mounts, and schedules the scroll only if it is set: once it has
     * read it and found none, nothing is pending, so the page can be checked for "no scroll" at once.
     */
    const flagReadAndAbsent = async () => {
      await page.waitForFunction(() => (window as unknown as { flagReads: (string | null)[] }).flagReads.length > 0, { timeout: 10_000 })
      expect(await page.evaluate(() => (window as unknown as { flagReads: (string | null)[] }).flagReads.every((v) => v === null))).toBe(true)
    }
    const scrolled = () => page.evaluate(() => (window as unknown as { scrolled: boolean }).scrolled)

    // Without the flag the page stays at the top.
    await page.goto(url)
    await hydrated(page)
    const resting = await sectionTop()
    expect(resting).toBeGreaterThan(64)
    await flagReadAndAbsent()
    expect(await scrolled()).toBe(false)
    expect(await scrollY()).toBe(0)
    expect(await sectionTop()).toBe(resting)

    // What the sender does (Source Insights, before it sends the user to a setup tab): set the flag, then navigate.
    await page.evaluate((k) => sessionStorage.setItem(k, 'true'), SCROLL_TO_SETUP_KEY)
    await page.goto(url)
    await page.waitForFunction(() => (window as unknown as { flagGoneAt?: number }).flagGoneAt !== undefined, { timeout: 10_000 })
    // Cleared about 500 ms after the screen came up, not at once.
    const delay = await page.evaluate(() => {
      const w = window as unknown as { hydratedAt: number; flagGoneAt: number }
      return w.flagGoneAt - w.hydratedAt
    })
    expect(delay).toBeGreaterThanOrEqual(450)
    // Smoothly to the section, which stops just below the sticky header instead of under it.
    await page.waitForFunction(() => Math.abs(document.getElementById('setup-section')!.getBoundingClientRect().top - 64) <= 1, { timeout: 10_000 })
    expect(Math.abs((await scrollY()) - (resting - 64))).toBeLessThanOrEqual(1)
    const header = await page.$eval('.app-header', (e) => e.getBoundingClientRect().bottom)
    const heading = await page.$eval('#setup-section h1', (e) => e.getBoundingClientRect().top)
    expect(heading).toBeGreaterThanOrEqual(header)
    expect(await page.evaluate((k) => sessionStorage.getItem(k), SCROLL_TO_SETUP_KEY)).toBeNull()
    await screenshot(page, 'audiences-scroll-flag')

    // The flag was used up: the next visit stays at the top (a new history entry, so the browser restores no position).
    await page.goto(`${testEnv().appUrl}/`)
    await page.goto(url)
    await hydrated(page)
    await flagReadAndAbsent()
    expect(await scrolled()).toBe(false)
    expect(await scrollY()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})

describe('Ask as persona: tick, Proceed, run', () => {
  it('asks every audience query twice per model and shows the comparison on the Audiences tab', async () => {
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport({ width: 1280, height: 800 })
    const errors = collectPageErrors(page)
    const email = uniqueEmail('persona-path')
    await signUpInBrowser(page, email)
    await page.goto(`${testEnv().appUrl}/?phase=1&tab=setup-beta`)
    await waitForText(page, 'Brand & Market Definition')
    await hydrated(page)
    await generatePayrollAudiences(page, 'Persona path')

    // Audience queries for two personas (no topic queries): every query carries its audience.
    await click(page, '[data-testid=audience-card] input[type=checkbox]')
    await page.$$eval('[data-testid=audience-card] input[type=checkbox]', (cs) => (cs[1] as HTMLElement).click())
    await clickButton(page, 'Generate Audience Queries (2 selected)')
    await waitForText(page, 'Analysis Queries', 60_000)
    // Keep three queries so the run is short.
    for (;;) {
      const n = await page.$$eval('[data-testid=query-row]', (rows) => rows.length)
      if (n <= 3) break
      await click(page, `[data-testid=query-row] button[aria-label="Remove query ${n}"]`)
      await page.waitForFunction((k) => document.querySelectorAll('[data-testid=query-row]').length === k, {}, n - 1)
    }
    expect(await page.$$eval('[data-testid=query-audience]', (els) => els.length)).toBe(3)

    await click(page, 'input[aria-label="Ask as persona"]')
    expect(await page.$eval('input[aria-label="Ask as persona"]', (c) => (c as HTMLInputElement).checked)).toBe(true)
    await clickButton(page, 'Proceed to Analysis')
    await page.waitForFunction(() => location.pathname === '/analysis-progress', { timeout: 30_000 })
    await waitForText(page, 'Analysis Complete!', 150_000)

    // 3 queries × 6 models × 1 sample as written, and the same again asked as the persona: 18 + 18 answers.
    const db = await sql()
    const [run] = await db<{ id: number; plain: number; persona: number; on: boolean }[]>`
      select a.id, p.ask_as_persona as on,
        (select count(*)::int from api_responses r where r.analysis_id = a.id) as plain,
        (select count(*)::int from persona_responses r where r.analysis_id = a.id) as persona
      from analyses a join projects p on p.id = a.project_id join users u on u.id = p.user_id where u.email = ${email}`
    expect(run).toMatchObject({ on: true, plain: 18, persona: 18 })

    const link = await page.waitForSelector('xpath/.//a[contains(., "View Analysis Results Now")]')
    const url = new URL(await link!.evaluate((a) => (a as HTMLAnchorElement).href))
    url.searchParams.set('tab', 'audiences')
    await page.goto(url.href, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-testid=persona-row]', { timeout: 30_000 })
    const rows = await page.$$eval('[data-testid=persona-row]', (rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())))
    // The three queries kept, by persona; each asked by the six models as written and as the persona: n = 6 per query on both sides.
    expect(rows.reduce((n, row) => n + Number(row[1]), 0)).toBe(3)
    for (const row of rows) {
      expect(row[4]).toMatch(/^\d+\/\d+$/)
      expect(Number(row[4].split('/')[1])).toBe(6 * Number(row[1]))
      expect(row[7]).toMatch(/^\d+\/\d+$/)
      expect(Number(row[7].split('/')[1])).toBe(6 * Number(row[1]))
    }
    await screenshot(page, 'persona-path-audiences')
    expect(errors).toEqual([])
    await context.close()
  }, 300_000)
})
