/**
 * Fact-check in headless Chromium, one path: Setup → Brand facts (the seeded fact shown, one added and
 * saved), then the results' Accuracy tab with the contradicted claim seeded on the hand-worked analysis's answer A5:
 * the fact, the model, the sentence quoted, the site that answer cited, first and last seen, and the alert.
 */
import type { Browser, Page } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { sql, until } from '../support/flows'

let browser: Browser
let hw: HandWorkedAnalysis
let modelName: string

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  const db = await sql()
  await db`insert into brand_facts (project_id, position, statement, source_url) values (${hw.projectId}, 0, 'Brooks trainers last about 500 km.', 'https://brooks.example/care')`
  // A5 says "Many runners report that their Brooks trainers pass 800 km." and cites runnersworld.com.
  const [a5] = await db<{ id: string; model_id: number }[]>`select id, model_id from api_responses where analysis_id = ${hw.analysisId} and response like '%pass 800 km%'`
  modelName = a5.model_id === 3 ? 'Claude Sonnet 4' : 'ChatGPT 5'
  await db`
    insert into factcheck_claims (response_id, analysis_id, project_id, model_id, label, claim, sentence, fact_id, fact_statement, created_at)
    select ${a5.id}, ${hw.analysisId}, ${hw.projectId}, ${a5.model_id}, 'contradicted', 'Brooks trainers pass 800 km',
      'Many runners report that their Brooks trainers pass 800 km.', f.id, f.statement, '2026-03-02T10:00:00Z'
    from brand_facts f where f.project_id = ${hw.projectId}`
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

async function signedIn(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = hw.owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  return { page, errors: collectPageErrors(page) }
}

describe('fact-check screens', () => {
  it('edits the brand facts, then shows the wrong claim on the Accuracy tab', async () => {
    const { page, errors } = await signedIn()
    await page.goto(`${testEnv().appUrl}/?phase=1&tab=facts&project=${hw.projectId}`, { waitUntil: 'networkidle0' })
    await waitForText(page, 'Brand facts: Brooks')
    expect(await page.$eval('input[aria-label="Fact 1"]', (e) => (e as HTMLInputElement).value)).toBe('Brooks trainers last about 500 km.')
    await page.click('[data-testid="facts-setup"] button:not([aria-label])')
    await page.waitForSelector('input[aria-label="Fact 2"]')
    await page.type('input[aria-label="Fact 2"]', 'Brooks is headquartered in Seattle.')
    const save = await page.$$('[data-testid="facts-setup"] button.btn-primary')
    await save[0].click()
    await waitForText(page, 'Brand facts saved')
    const db = await sql()
    await until('the two facts stored', async () => (await db`select 1 from brand_facts where project_id = ${hw.projectId}`).length === 2, 10_000)

    await page.goto(`${testEnv().appUrl}/?phase=2&project=${hw.projectId}&analysis=${hw.analysisId}&tab=accuracy`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-tab-content="accuracy"]')
    await waitForText(page, 'Fact: Brooks trainers last about 500 km.')
    // One contradiction, by the model of A5; seen on 2 March only, and new (no earlier analysis).
    expect(await page.$eval('[data-testid="accuracy-fact"] p.muted', (e) => (e as HTMLElement).innerText)).toBe(`Contradicted 1 time: ${modelName}: 1`)
    const cells = await page.$$eval('[data-testid="accuracy-claim"] td', (tds) => tds.map((td) => (td as HTMLElement).innerText.trim().replace(/\s+/g, ' ')))
    expect(cells).toEqual([
      modelName,
      'Brooks trainers pass 800 km New',
      expect.stringMatching(/^“?Many runners report that their Brooks trainers pass 800 km\.”? \(.+, sample 1\) Cited: runnersworld\.com$/),
      '2026-03-02',
      '2026-03-02',
    ])
    expect(await page.$eval('[data-testid="accuracy-alert"]', (e) => (e as HTMLElement).innerText)).toBe('1 new wrong claim about Brooks in this analysis: no earlier analysis had it.')
    await screenshot(page, 'factcheck-accuracy')
    expect(errors).toEqual([])
    await page.close()
  })
})
