/**
 * Source Insights → AI Crawlers in headless Chromium, one page: a seeded completed analysis (ChatGPT cites the own
 * /guide page, Claude cites nike.com twice), a log uploaded through the app, then the tab's alert, agents and the
 * join of crawled and cited pages, and each agent's sample lines shown as text, with figures worked out by hand below.
 */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser'
import { signUp, sql, until } from '../support/flows'

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CLAUDEBOT = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const line = (ip: string, min: number, path: string, status: number, ref: string, ua: string) =>
  `${ip} - - [03/Nov/2026:06:${String(min).padStart(2, '0')}:00 +0000] "GET ${path} HTTP/1.1" ${status} 512 "${ref}" "${ua}"`

// GPTBot: /pricing 12 × 200 (the first one's query holds markup: its sample line must show as text). ClaudeBot: /guide
// 6 × 403. One person from chatgpt.com on /guide.
const MARKUP = '/pricing?ref=<img src=x onerror=alert(1)><b>bold</b>'
const LOG = [
  ...Array.from({ length: 12 }, (_, i) => line('20.171.206.7', i, i === 0 ? MARKUP : '/pricing', 200, '-', GPTBOT)),
  ...Array.from({ length: 6 }, (_, i) => line('198.51.100.20', 20 + i, '/guide', 403, '-', CLAUDEBOT)),
  line('203.0.113.5', 40, '/guide', 200, 'https://chatgpt.com/', CHROME),
].join('\n')

let browser: Browser | undefined
afterAll(async () => {
  await browser?.close()
})

async function seed() {
  const owner = await signUp()
  const db = await sql()
  const brands = { brand: { name: 'Brooks', alternativeNames: [], domains: ['brooksrunning.com'] }, competitors: [{ name: 'Nike', alternativeNames: [], domains: ['nike.com'] }] }
  const queries = [{ index: 0, query: 'best running shoes', topic: null, audience: null, audienceContext: null }]
  const [project] = await db<{ id: number }[]>`
    insert into projects (user_id, name, brand_domain, market_description, market_region, language, brand_details)
    values (${owner.userId}, ${`Crawlers ${owner.userId}`}, 'Brooks', 'running shoes', 'United Kingdom', 'en-GB', ${db.json({ alternativeNames: [], domains: ['brooksrunning.com'] })}) returning id`
  const [analysis] = await db<{ id: number }[]>`
    insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
    values (${project.id}, ${owner.userId}, 'completed', '2026-11-03', ${[3, 8]}::int[], 1, ${db.json(queries)}, ${db.json(brands)}, now()) returning id`
  const answer = (modelId: number, urls: string[]) => ({ analysis_id: analysis.id, model_id: modelId, query_index: 0, query: queries[0].query, response: 'An answer.', citations: db.json(urls.map((url) => ({ url }))) })
  await db`insert into api_responses ${db([answer(8, ['https://www.brooksrunning.com/guide']), answer(3, ['https://www.nike.com/a', 'https://www.nike.com/b'])])}`
  return { owner, projectId: project.id }
}

describe('AI Crawlers tab', () => {
  it('shows the blocked-agent alert, the agents and the join with citations', async () => {
    const { owner, projectId } = await seed()
    const up = await owner.request(`/api/crawlers/${projectId}/upload?fileName=access.log`, { method: 'POST', body: LOG })
    expect(up.status).toBe(202)
    await until('the upload counted', async () => (await owner.json(`/api/crawlers/${projectId}`)).body.uploads[0]?.status === 'completed', 60_000, 250)

    browser = await launchBrowser()
    const page = await browser.newPage()
    await page.setViewport({ width: 1366, height: 900 })
    const [name, value] = owner.cookie.split('=')
    await page.setCookie({ name, value, url: testEnv().appUrl })
    const errors = collectPageErrors(page)
    await page.goto(`${testEnv().appUrl}/?${new URLSearchParams({ phase: '4', project: String(projectId), tab: 'ai-crawlers' })}`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-crawler-alerts]', { timeout: 30_000 })
    // ClaudeBot: 6 of 6 refused = 100 %.
    expect(await page.$eval('[data-alert="ClaudeBot"]', (e) => (e as HTMLElement).innerText)).toContain('ClaudeBot (Anthropic) got 6 of 6 requests refused (100%: 6× 403)')
    expect(await page.$eval('[data-tab="ai-crawlers"]', (e) => e.getAttribute('aria-current'))).toBe('page')
    const bots = await page.$$eval('[data-bots] tr[data-bot]', (rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((td) => (td as HTMLElement).innerText.trim())))
    // GPTBot 12 hits, all from 20.171.206.x (verified); ClaudeBot 6, no published list (neither).
    expect(bots).toEqual([
      ['GPTBot', 'OpenAI', 'Training crawler', '12', '12', '0'],
      ['ClaudeBot', 'Anthropic', 'Training crawler', '6', '0', '0'],
    ])
    // /guide: ClaudeBot 6, cited by ChatGPT 5, 1 referral; /pricing: GPTBot 12, never cited.
    const pages = await page.$$eval('[data-joined] tr[data-page]', (rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((td) => (td as HTMLElement).innerText.trim())))
    expect(pages).toEqual([
      ['/guide', 'ClaudeBot (6, last 2026-11-03)', 'ChatGPT 5', '1'],
      ['/pricing', 'GPTBot (12, last 2026-11-03)', '—', '0'],
    ])
    const list = (sel: string) => page.$$eval(`${sel} li`, (li) => li.map((e) => (e as HTMLElement).innerText.trim()))
    expect(await list('[data-cited-never-crawled]')).toEqual(['/guide — ChatGPT 5'])
    expect(await list('[data-crawled-never-cited]')).toEqual(['/pricing — 12 hits'])
    expect(await list('[data-blocked-competitors]')).toEqual(['ClaudeBot (Anthropic): 6 refused requests; its model cites competitors 2 times'])
    // Sample lines: the five GPTBot lines the chunk kept (the first five of the log), opened on a click, as plain text.
    expect(await page.$eval('tr[data-bot="GPTBot"] [data-bot-samples] summary', (e) => (e as HTMLElement).innerText.trim())).toBe('5 lines')
    expect(await page.$eval('tr[data-bot="GPTBot"] [data-bot-samples]', (e) => (e as HTMLDetailsElement).open)).toBe(false)
    await page.click('tr[data-bot="GPTBot"] [data-bot-samples] summary')
    await page.waitForSelector('tr[data-bot="GPTBot"] [data-bot-samples][open] pre', { visible: true })
    const shown = await page.$eval('tr[data-bot="GPTBot"] [data-bot-samples] pre', (e) => (e as HTMLElement).textContent)
    expect(shown).toBe(LOG.split('\n').slice(0, 5).join('\n'))
    expect(shown).toContain('<img src=x onerror=alert(1)><b>bold</b>')
    expect(await page.$$eval('[data-crawlers-tab] img, [data-crawlers-tab] pre b', (els) => els.length)).toBe(0)
    await screenshot(page, 'crawlers-tab')
    expect(errors).toEqual([])
  }, 120_000)
})
