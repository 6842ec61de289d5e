/**
 * 'Download report' in headless Chromium: on the results of the hand-worked analysis the
 * owner opens the menu and downloads the PDF and the workbook; both files are parsed back and carry the
 * hand-worked figures. A visitor of the share link, signed out, downloads the same workbook there.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import * as XLSX from 'xlsx'
import { extractText } from 'unpdf'
import { testEnv } from '../support/env'
import { collectPageErrors, launchBrowser, screenshot, waitForText } from '../support/browser'
import { until } from '../support/flows'
import { ANALYSIS_DATE, MENTIONS, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'

let browser: Browser
let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function downloadsOf(page: Page) {
  const dir = path.join(testEnv().artifactsDir, 'downloads', `report-${Date.now()}-${Math.random().toString(36).slice(2)}`)
  mkdirSync(dir, { recursive: true })
  const cdp = await page.createCDPSession()
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir })
  return dir
}

async function download(page: Page, dir: string, which: 'pdf' | 'xlsx'): Promise<Buffer> {
  await page.click('[data-report-menu] button')
  await page.waitForSelector(`[data-report="${which}"]`, { visible: true })
  await page.click(`[data-report="${which}"]`)
  let file = ''
  await until(`the ${which} download`, async () => {
    file = readdirSync(dir).find((f) => f.endsWith(`.${which}`)) ?? ''
    return Boolean(file)
  }, 30_000)
  expect(file).toMatch(new RegExp(`-report-${ANALYSIS_DATE}\\.${which}$`))
  return readFileSync(path.join(dir, file))
}

const mentionsRows = (wb: XLSX.WorkBook) => XLSX.utils.sheet_to_json<any[]>(wb.Sheets.Mentions, { header: 1, blankrows: false })

it('the owner downloads the PDF and the workbook from the results header', async () => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  await page.setViewport({ width: 1366, height: 900 })
  const [name, value] = hw.owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  await page.goto(`${testEnv().appUrl}/?phase=2&project=${hw.projectId}&analysis=${hw.analysisId}`, { waitUntil: 'networkidle0' })
  await waitForText(page, 'Download report')
  const dir = await downloadsOf(page)

  const xlsx = XLSX.read(await download(page, dir, 'xlsx'))
  expect(mentionsRows(xlsx)).toContainEqual(['TOTAL MENTIONS', ...MENTIONS.totals, MENTIONS.grandTotal])
  await screenshot(page, 'report-menu')

  const pdf = await download(page, dir, 'pdf')
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true })
  expect(text.replace(/\s+/g, ' ')).toMatch(/TOTAL MENTIONS 10 6 5 4 25/)
  expect(errors).toEqual([])
  await page.close()
})

it('a visitor of the share link downloads the workbook, signed out', async () => {
  const created = await hw.owner.json(`/api/projects/${hw.projectId}/export`, { method: 'POST', json: { analysisId: hw.analysisId } })
  expect(created.status).toBe(201)
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  await page.goto(`${testEnv().appUrl}/export/${created.body.exportId}`, { waitUntil: 'networkidle0' })
  await waitForText(page, 'Download report')
  const dir = await downloadsOf(page)
  const wb = XLSX.read(await download(page, dir, 'xlsx'))
  const cover = Object.fromEntries(XLSX.utils.sheet_to_json<any[]>(wb.Sheets.Cover, { header: 1, blankrows: false }).map((r) => [r[0], r[1]]))
  expect(cover).toMatchObject({ Project: hw.projectName, 'Analysis date': ANALYSIS_DATE })
  expect(mentionsRows(wb)).toContainEqual(['TOTAL MENTIONS', ...MENTIONS.totals, MENTIONS.grandTotal])
  expect(errors).toEqual([])
  await page.close()
})

/** A real 40×20 PNG (one red row repeated), written here: signature, IHDR, IDAT, IEND with their CRCs. */
function redPng(width = 40, height = 20): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])))
    return Buffer.concat([len, Buffer.from(type), data, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xd9, 0x2d, 0x20]))])
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

it("an agency puts its name and logo on the report: branding page, then the report's web page", async () => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  const [name, value] = hw.owner.cookie.split('=')
  await page.setCookie({ name, value, url: testEnv().appUrl })
  await page.goto(`${testEnv().appUrl}/branding`, { waitUntil: 'networkidle0' })
  await page.type('input[name="companyName"]', 'Northwind Agency')
  await page.type('input[name="footerText"]', 'Confidential: prepared for the board')
  await page.click('input[name="hideProductName"]')
  const logo = path.join(testEnv().artifactsDir, 'northwind-logo.png')
  writeFileSync(logo, redPng())
  const file = await page.$('input[name="logo"]')
  await (file as any).uploadFile(logo)
  await page.click('[data-branding-form] button[type="submit"]')
  await waitForText(page, 'Saved.')
  expect(await page.$eval('img[alt="Current logo"]', (img) => (img as HTMLImageElement).naturalWidth)).toBe(40)

  await page.goto(`${testEnv().appUrl}/api/analyses/${hw.analysisId}/report?format=html`, { waitUntil: 'load' })
  const text = await page.evaluate(() => document.body.innerText)
  expect(text).toContain('Northwind Agency')
  expect(text).toContain('Confidential: prepared for the board')
  expect(text).not.toContain('AI Brand Visibility')
  expect(text).toContain('Executive summary')
  expect(await page.$$eval('.chart svg', (svgs) => svgs.length)).toBeGreaterThanOrEqual(3)
  expect(await page.$eval('.cover img.logo', (img) => (img as HTMLImageElement).naturalWidth)).toBe(40)
  await screenshot(page, 'report-web-page')
  expect(errors).toEqual([])
  await page.close()
})
