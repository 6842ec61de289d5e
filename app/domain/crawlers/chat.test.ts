import { describe, expect, it } from 'vitest'
import { crawlersChatResult, crawlersDaysOf } from './chat'

const overview = {
  days: 30, from: '2026-10-05', to: '2026-11-03', simulated: false,
  totals: { aiHits: 8, otherBotHits: 1, humanHits: 4, referrals: 3, unverified: 1 },
  bots: [
    { bot: 'GPTBot', vendor: 'OpenAI', class: 'training' as const, hits: 5, verified: 4, unverified: 1, lastSeen: '2026-11-03T06:40:00.000Z' },
    { bot: 'ClaudeBot', vendor: 'Anthropic', class: 'training' as const, hits: 2, verified: 0, unverified: 0, lastSeen: '2026-11-03T07:00:00.000Z' },
    { bot: 'ChatGPT-User', vendor: 'OpenAI', class: 'user' as const, hits: 1, verified: 1, unverified: 0, lastSeen: '2026-11-03T08:00:00.000Z' },
  ],
  topPaths: [{ path: '/guide', hits: 3 }, { path: '/pricing', hits: 3 }, { path: '/docs', hits: 2 }],
  alerts: [{ bot: 'GPTBot', vendor: 'OpenAI', hits: 5, blocked: 2, percent: 40, statuses: { '403': 2 } }],
  referrals: [{ assistant: 'ChatGPT', path: '/guide', visits: 2 }, { assistant: 'Perplexity', path: '/pricing', visits: 1 }],
}

describe('the ai_crawlers chat tool', () => {
  it('names the figures per purpose and vendor, verified or not', () => {
    const r = crawlersChatResult(overview) as any
    // 8 hits: 5 verified (GPTBot 4 + ChatGPT-User 1), 1 unverified, 8 - 5 - 1 = 2 not verifiable (ClaudeBot).
    expect(r.totals).toEqual({ aiAgentHits: 8, verified: 5, unverified: 1, notVerifiable: 2, otherBotHits: 1, humanRequests: 4, aiReferralVisits: 3 })
    expect(r.byPurpose).toEqual({ training: 7, search: 0, user: 1 })
    expect(Object.entries(r.byVendor)).toEqual([['OpenAI', 6], ['Anthropic', 2]])
    expect(r.alerts).toEqual([{ agent: 'GPTBot', vendor: 'OpenAI', refused: 2, of: 5, percent: 40, statuses: { '403': 2 } }])
    expect(r.referrals.byAssistant).toEqual({ ChatGPT: 2, Perplexity: 1 })
    expect(r.agents[0].lastSeen).toBe('2026-11-03')
  })
  it('says where to upload logs when there are none, and reads the period', () => {
    const none = { ...overview, totals: { aiHits: 0, otherBotHits: 0, humanHits: 0, referrals: 0, unverified: 0 }, bots: [] }
    expect(crawlersChatResult(none)).toEqual({ screen: 'Source Insights → AI Crawlers', note: 'No server logs for this project in this period: upload them on Source Insights → AI Crawlers.' })
    expect(crawlersDaysOf({ days: 90 })).toBe(90)
    expect(crawlersDaysOf({ days: 12 })).toBe(30)
  })
})
