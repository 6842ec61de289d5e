/**
 * What the AI Crawlers tab shows, from the stored aggregates: status alerts, and the join of crawled pages with
 * the pages the latest analysis cites. Pure: app/lib/crawlers.server.ts reads the rows, the tab, the API and the
 * MCP tools show the result.
 */
import { AI_AGENTS, agentByToken } from './bots'
import { classifySource, domainMatches } from '../sources/classify'
import type { BrandDef } from '../metrics'

/** A bot's share of error answers (403, 429, 5xx) at or above this, with at least ALERT_MIN_HITS hits, is an alert. */
export const ALERT_SHARE = 0.2
export const ALERT_MIN_HITS = 5
/** "Crawled often": at least this many AI-agent hits on a page in the range. */
export const OFTEN_HITS = 10

export const isBlockedStatus = (status: number) => status === 403 || status === 429 || status >= 500

export interface BotStatusRow {
  bot: string
  status: number
  hits: number
}
export interface StatusAlert {
  bot: string
  vendor: string
  hits: number
  blocked: number
  /** Percent of the bot's hits answered 403, 429 or 5xx (1 decimal). */
  percent: number
  statuses: Record<string, number>
}

export function statusAlerts(rows: BotStatusRow[]): StatusAlert[] {
  const by = new Map<string, StatusAlert>()
  for (const r of rows) {
    const agent = agentByToken(r.bot)
    if (!agent) continue
    const a = by.get(r.bot) ?? { bot: r.bot, vendor: agent.vendor, hits: 0, blocked: 0, percent: 0, statuses: {} }
    a.hits += r.hits
    if (isBlockedStatus(r.status)) {
      a.blocked += r.hits
      a.statuses[String(r.status)] = (a.statuses[String(r.status)] ?? 0) + r.hits
    }
    by.set(r.bot, a)
  }
  return [...by.values()]
    .map((a) => ({ ...a, percent: Math.round((a.blocked / a.hits) * 1000) / 10 }))
    .filter((a) => a.hits >= ALERT_MIN_HITS && a.blocked / a.hits >= ALERT_SHARE)
    .sort((x, y) => y.blocked - x.blocked)
}

/** The robots.txt reality check: what the site's robots.txt says to each AI agent (for '/'). */
export interface RobotsCheck {
  url: string
  fetchedAt: string
  status: 'ok' | 'missing' | 'unreadable'
  note: string | null
  rules: { bot: string; allowed: boolean; rule: string }[]
}

export interface PageCrawl {
  path: string
  bot: string
  hits: number
  blocked: number
  lastSeen: string
}
export interface CitationRow {
  modelId: number
  url: string
}
export interface JoinedPage {
  path: string
  crawledBy: { bot: string; vendor: string; hits: number; lastSeen: string }[]
  citedBy: number[]
  referrals: number
}
export interface JoinedView {
  pages: JoinedPage[]
  /** Own pages a model cites although its vendor's agents never fetched them (cached or third-party data). */
  citedNeverCrawled: { path: string; modelId: number }[]
  crawledOftenNeverCited: { path: string; hits: number }[]
  /** Agents mostly refused on the site whose model cites competitors in the latest analysis. */
  blockedButCitesCompetitors: { bot: string; vendor: string; blocked: number; competitorCitations: number }[]
}

function pathOf(url: string, ownDomains: string[]): string | null {
  try {
    const u = new URL(url)
    return ownDomains.some((d) => domainMatches(u.hostname, d)) ? u.pathname || '/' : null
  } catch {
    return null
  }
}

export function joinCitations(input: { crawls: PageCrawl[]; citations: CitationRow[]; referrals: Record<string, number>; own: BrandDef; competitors: BrandDef[] }): JoinedView {
  const ownDomains = (input.own.domains ?? []).filter(Boolean)
  const pages = new Map<string, JoinedPage>()
  const page = (path: string) => {
    let p = pages.get(path)
    if (!p) pages.set(path, (p = { path, crawledBy: [], citedBy: [], referrals: input.referrals[path] ?? 0 }))
    return p
  }
  for (const c of input.crawls) {
    const agent = agentByToken(c.bot)
    if (agent) page(c.path).crawledBy.push({ bot: c.bot, vendor: agent.vendor, hits: c.hits, lastSeen: c.lastSeen })
  }
  const competitorCites = new Map<number, number>()
  for (const c of input.citations) {
    const path = pathOf(c.url, ownDomains)
    if (path !== null) {
      const p = page(path)
      if (!p.citedBy.includes(c.modelId)) p.citedBy.push(c.modelId)
      continue
    }
    let host: string
    try {
      host = new URL(c.url).hostname
    } catch {
      continue
    }
    if (classifySource(host, input.own, input.competitors) === 'Competitor') competitorCites.set(c.modelId, (competitorCites.get(c.modelId) ?? 0) + 1)
  }
  for (const p of pages.values()) p.citedBy.sort((a, b) => a - b)
  for (const path of Object.keys(input.referrals)) page(path)

  const list = [...pages.values()].sort((a, b) => a.path.localeCompare(b.path))
  const citedNeverCrawled = list.flatMap((p) =>
    p.citedBy
      .filter((m) => !p.crawledBy.some((c) => agentByToken(c.bot)?.models?.includes(m)))
      .map((modelId) => ({ path: p.path, modelId })),
  )
  const crawledOftenNeverCited = list
    .map((p) => ({ path: p.path, hits: p.crawledBy.reduce((s, c) => s + c.hits, 0), cited: p.citedBy.length > 0 }))
    .filter((p) => !p.cited && p.hits >= OFTEN_HITS)
    .map(({ path, hits }) => ({ path, hits }))
  const byBot = new Map<string, { hits: number; blocked: number }>()
  for (const c of input.crawls) {
    const b = byBot.get(c.bot) ?? { hits: 0, blocked: 0 }
    b.hits += c.hits
    b.blocked += c.blocked
    byBot.set(c.bot, b)
  }
  const blockedButCitesCompetitors = AI_AGENTS.flatMap((agent) => {
    const b = byBot.get(agent.token)
    if (!b || b.blocked === 0 || b.blocked / b.hits < 0.5) return []
    const competitorCitations = (agent.models ?? []).reduce((s, m) => s + (competitorCites.get(m) ?? 0), 0)
    return competitorCitations > 0 ? [{ bot: agent.token, vendor: agent.vendor, blocked: b.blocked, competitorCitations }] : []
  })
  return { pages: list, citedNeverCrawled, crawledOftenNeverCited, blockedButCitesCompetitors }
}

/**
 * A range of days (yyyy-mm-dd, inclusive) as the calendar months it holds whole (read from the monthly rollup)
 * and the spans of days left at its ends (read day by day).
 */
export function splitRange(from: string, to: string): { months: string[]; spans: [string, string][] } {
  const months: string[] = []
  const spans: [string, string][] = []
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7)) - 1
  for (;;) {
    const start = iso(Date.UTC(y, m, 1))
    if (start > to) break
    const end = iso(Date.UTC(y, m + 1, 0))
    if (start >= from && end <= to) months.push(start)
    else spans.push([start > from ? start : from, end < to ? end : to])
    m += 1
    if (m === 12) {
      y += 1
      m = 0
    }
  }
  return { months, spans }
}
