import { describe, expect, it } from 'vitest'
import { joinCitations, splitRange, statusAlerts } from './views'

const own = { name: 'Brooks', alternativeNames: [], domains: ['brooksrunning.com'] }
const nike = { name: 'Nike', alternativeNames: [], domains: ['nike.com'] }

describe('status alerts', () => {
  it('flags an AI agent refused on 20 % or more of at least 5 hits', () => {
    const alerts = statusAlerts([
      { bot: 'GPTBot', status: 200, hits: 8 },
      { bot: 'GPTBot', status: 429, hits: 1 },
      { bot: 'GPTBot', status: 503, hits: 1 },
      { bot: 'ClaudeBot', status: 403, hits: 4 }, // 4 hits: below the minimum of 5
      { bot: 'PerplexityBot', status: 200, hits: 9 },
      { bot: 'PerplexityBot', status: 404, hits: 1 }, // 404 is not a refusal
    ])
    // GPTBot: 2 refused of 10 = 20 %.
    expect(alerts).toEqual([{ bot: 'GPTBot', vendor: 'OpenAI', hits: 10, blocked: 2, percent: 20, statuses: { '429': 1, '503': 1 } }])
  })
})

describe('joined with citations', () => {
  it('lists cited-never-crawled, crawled-often-never-cited and blocked-but-cites-competitors', () => {
    const view = joinCitations({
      crawls: [
        { path: '/pricing', bot: 'GPTBot', hits: 12, blocked: 0, lastSeen: '2026-11-03T06:00:00.000Z' },
        { path: '/guide', bot: 'ClaudeBot', hits: 6, blocked: 6, lastSeen: '2026-11-03T07:00:00.000Z' },
      ],
      citations: [
        { modelId: 8, url: 'https://www.brooksrunning.com/guide' }, // ChatGPT cites /guide: OpenAI's agents never came there
        { modelId: 3, url: 'https://www.nike.com/running' }, // Claude cites a competitor
        { modelId: 3, url: 'https://www.nike.com/shoes' },
      ],
      referrals: { '/guide': 2 },
      own,
      competitors: [nike],
    })
    expect(view.pages.map((p) => [p.path, p.citedBy, p.referrals])).toEqual([
      ['/guide', [8], 2],
      ['/pricing', [], 0],
    ])
    expect(view.citedNeverCrawled).toEqual([{ path: '/guide', modelId: 8 }])
    // /pricing: 12 GPTBot hits >= 10 and no citation.
    expect(view.crawledOftenNeverCited).toEqual([{ path: '/pricing', hits: 12 }])
    // ClaudeBot refused 6 of 6; Claude (model 3) cites nike.com twice.
    expect(view.blockedButCitesCompetitors).toEqual([{ bot: 'ClaudeBot', vendor: 'Anthropic', blocked: 6, competitorCitations: 2 }])
  })
})

describe('splitRange', () => {
  it('reads whole months from the rollup and the ends day by day', () => {
    // 2025-11-05 … 2026-02-10: Nov 5–30 by day, Dec and Jan whole, Feb 1–10 by day.
    expect(splitRange('2025-11-05', '2026-02-10')).toEqual({ months: ['2025-12-01', '2026-01-01'], spans: [['2025-11-05', '2025-11-30'], ['2026-02-01', '2026-02-10']] })
    // A leap February whole: 2024-02-01 … 2024-02-29.
    expect(splitRange('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01'], spans: [] })
    expect(splitRange('2026-11-03', '2026-11-03')).toEqual({ months: [], spans: [['2026-11-03', '2026-11-03']] })
  })
})
