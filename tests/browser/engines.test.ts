/**
 * The engines in headless Chromium: on the hand-worked analysis with a Google AI Overview answer for the
 * first query and none for the second, API Data lists the engine as a model and reads the absent one as
 * "no AI Overview"; the Overview shows the presence (1 of 2) and the query without one.
 */
import type { Browser } from 'puppeteer-core'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, waitForText } from '../support/browser'
import { sql } from '../support/flows'
import { QUERIES, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'

const AIO = 11

let browser: Browser
let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  const db = await sql()
  const row = (queryIndex: number, response: string, absent: boolean) => ({
    analysis_id: hw.analysisId, model_id: AIO, query_index: queryIndex, sample: 1, query: QUERIES[queryIndex].query, response, ok: true,
    sources: db.json(absent ? [] : [{ url: 'https://www.runnersworld.com/gear/flat-feet', title: 'Best shoes for flat feet' }]),
    parsed_data: db.json({ provider: 'dataforseo', model: 'dataforseo-v3', ...(absent ? { absent: true } : {}) }),
    model_name: 'Google AI Overview',
  })
  await db`insert into api_responses ${db([row(0, 'For flat feet, Brooks and Asics are the usual picks.', false), row(1, '', true)])}`
  await db`update analyses set model_ids = array_append(model_ids, ${AIO}) where id = ${hw.analysisId}`
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

it('API Data shows the AI Overview as a model and its absent answer as "no AI Overview"; the Overview its presence', async () => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = hw.owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  const url = (params: Record<string, string>) => `${testEnv().appUrl}/?${new URLSearchParams({ phase: '2', project: String(hw.projectId), analysis: String(hw.analysisId), ...params })}`

  await page.goto(url({ tab: 'api-data', model: 'aio' }), { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-absent]')
  expect(await page.$$eval('[data-absent]', (els) => els.map((e) => e.textContent))).toEqual(['no AI Overview'])
  await waitForText(page, 'Google AI Overview')

  await page.goto(url({ tab: 'overview' }), { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-engines] tr[data-engine="11"]')
  // Shown for 1 of the 2 queries that came back.
  expect(await page.$eval('[data-engines] tr[data-engine="11"] td:last-child', (td) => (td as HTMLElement).innerText.trim())).toBe('1 of 2 (50.0 %)')
  expect(await page.$$eval('[data-absent-query]', (els) => els.map((e) => e.textContent))).toEqual([`${QUERIES[1].query}: no AI Overview`])
  expect(errors).toEqual([])
}, 40_000)
