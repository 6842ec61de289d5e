/**
 * WCAG 2.1 A/AA scans with axe-core. The plain axe-core script is injected with
 * page.evaluate: @axe-core/puppeteer wants the full `puppeteer` package as a peer (which downloads
 * its own Chrome) while the tests drive Debian's chromium through puppeteer-core, and our pages have
 * no frames for its frame walking to matter.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'puppeteer-core'

/** The rule sets of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const

let source: string | null = null
const axeSource = () => (source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))

export interface AxeViolation {
  rule: string
  impact: string | null
  help: string
  nodes: Array<{ target: string; summary: string }>
}

/** Scans the page as it is now (finite animations first run to their end, so a fade never decides a contrast). */
export async function scanPage(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource())
  return page.evaluate(async (tags) => {
    await Promise.all(
      document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)),
    )
    const axe = (window as any).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v: any) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => ({ target: n.target.join(' '), summary: String(n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
    }))
  }, [...WCAG_TAGS])
}

/** One line per failing element: rule, target and axe's summary. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  const lines = violations.flatMap((v) => v.nodes.map((n) => `  [${v.rule}] ${n.target}: ${n.summary || v.help}`))
  return `${where}: ${lines.length} WCAG 2.1 A/AA violation(s)\n${lines.join('\n')}`
}

/** Fails with the readable list when the page as it is now has any violation. */
export async function expectAccessible(page: Page, where = page.url()) {
  const violations = await scanPage(page)
  if (violations.length) throw new Error(formatViolations(where, violations))
}

/** What a page shows, roughly: the same state reached twice (a poll, a repeated wait) is scanned once. */
const scanned = new WeakMap<Page, Set<string>>()

export async function expectAccessibleOnce(page: Page) {
  const state = await page.evaluate(() => `${location.href}|${document.getElementsByTagName('*').length}|${document.body?.innerText.length ?? 0}`).catch(() => null)
  if (state === null) return // the page navigated away or closed meanwhile: its next state is scanned then
  const seen = scanned.get(page) ?? new Set<string>()
  scanned.set(page, seen)
  if (seen.has(state)) return
  seen.add(state)
  let violations: AxeViolation[]
  try {
    violations = await scanPage(page)
  } catch (e) {
    if (/detached|Target closed|Session closed/i.test(String(e))) return
    if (!/context was destroyed/i.test(String(e))) throw e
    // A client-side redirect during the scan: the page it lands on is scanned once it settles.
    await page.waitForNetworkIdle({ idleTime: 300, timeout: 30_000 }).catch(() => undefined)
    return expectAccessibleOnce(page)
  }
  if (violations.length) throw new Error(formatViolations(page.url(), violations))
}
