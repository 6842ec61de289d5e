/**
 * The AI Chat's ai_crawlers tool: the AI Crawlers tab's figures of a period, named plainly for the model (hits per
 * purpose and vendor, verified or not, top pages, status alerts, AI referrals). Pure: the app reads the overview
 * through app/lib/crawlers.server.ts, as the tab does.
 */
import type { BotClass } from './classes'
import type { StatusAlert } from './views'
import { RANGE_DAYS } from './schemas'

export const CRAWLERS_CHAT_TOOL = {
  name: 'ai_crawlers',
  description:
    "Which AI crawlers and assistants visit the brand's own site, from its uploaded server logs: hits per purpose (training, search/index, " +
    'user-triggered) and vendor, verified against the vendors\' address lists or reverse DNS, top crawled pages, agents refused with ' +
    '403/429/5xx (alerts), and visits referred by AI assistants. Figures of Source Insights → AI Crawlers.',
  inputSchema: {
    type: 'object',
    properties: { days: { type: 'integer', enum: RANGE_DAYS.map(Number), description: 'The period in days, ending on the newest day of log data. Default 30.' } },
    additionalProperties: false,
  },
}

export const crawlersDaysOf = (input: Record<string, unknown>): number => (RANGE_DAYS.map(Number).includes(Number(input.days)) ? Number(input.days) : 30)

/** What the tool reads: the overview the tab shows (app/lib/crawlers.server.ts CrawlerOverview). */
export interface CrawlersChatInput {
  days: number
  from: string
  to: string
  simulated: boolean
  totals: { aiHits: number; otherBotHits: number; humanHits: number; referrals: number; unverified: number }
  bots: { bot: string; vendor: string; class: BotClass; hits: number; verified: number; unverified: number; lastSeen: string }[]
  topPaths: { path: string; hits: number }[]
  alerts: StatusAlert[]
  referrals: { assistant: string; path: string; visits: number }[]
}

export function crawlersChatResult(o: CrawlersChatInput) {
  if (o.totals.aiHits + o.totals.referrals + o.totals.otherBotHits === 0)
    return { screen: 'Source Insights → AI Crawlers', note: 'No server logs for this project in this period: upload them on Source Insights → AI Crawlers.' }
  const sum = <T>(list: T[], n: (x: T) => number) => list.reduce((s, x) => s + n(x), 0)
  const byVendor = new Map<string, number>()
  for (const b of o.bots) byVendor.set(b.vendor, (byVendor.get(b.vendor) ?? 0) + b.hits)
  const byAssistant = new Map<string, number>()
  for (const r of o.referrals) byAssistant.set(r.assistant, (byAssistant.get(r.assistant) ?? 0) + r.visits)
  const verified = sum(o.bots, (b) => b.verified)
  return {
    screen: 'Source Insights → AI Crawlers',
    period: { days: o.days, from: o.from, to: o.to },
    ...(o.simulated ? { simulated: 'These are simulated logs (demo mode).' } : {}),
    note: "verified: the address is in the vendor's published list or its reverse DNS is the vendor's (forward-confirmed); notVerifiable: the vendor publishes neither, or the check is off.",
    totals: {
      aiAgentHits: o.totals.aiHits, verified, unverified: o.totals.unverified, notVerifiable: o.totals.aiHits - verified - o.totals.unverified,
      otherBotHits: o.totals.otherBotHits, humanRequests: o.totals.humanHits, aiReferralVisits: o.totals.referrals,
    },
    byPurpose: { training: sum(o.bots.filter((b) => b.class === 'training'), (b) => b.hits), search: sum(o.bots.filter((b) => b.class === 'search'), (b) => b.hits), user: sum(o.bots.filter((b) => b.class === 'user'), (b) => b.hits) },
    byVendor: Object.fromEntries([...byVendor].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    agents: o.bots.map((b) => ({ agent: b.bot, vendor: b.vendor, purpose: b.class, hits: b.hits, verified: b.verified, unverified: b.unverified, lastSeen: b.lastSeen.slice(0, 10) })),
    topPaths: o.topPaths.slice(0, 5).map((p) => ({ path: p.path, hits: p.hits })),
    alerts: o.alerts.map((a) => ({ agent: a.bot, vendor: a.vendor, refused: a.blocked, of: a.hits, percent: a.percent, statuses: a.statuses })),
    referrals: {
      byAssistant: Object.fromEntries([...byAssistant].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
      topLandingPages: o.referrals.slice(0, 5),
    },
  }
}
