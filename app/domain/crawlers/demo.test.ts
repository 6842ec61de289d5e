import { describe, expect, it } from 'vitest'
import { demoLog } from './demo'
import { aggregateText } from './aggregate'

describe('the demo month of logs', () => {
  it('fits the citations: the first cited page never crawled, ClaudeBot refused, a referral trickle, 30 days', () => {
    const a = aggregateText(demoLog(['/guide', '/pricing', '/faq'], '2026-03-02'), { format: 'combined' })
    expect(a.badLines).toBe(0)
    const days = new Set(a.hits.map((h) => h.day))
    // 30 days ending 2026-03-02: 2026-02-01 … 2026-03-02 (February 2026 has 28 days).
    expect(days.size).toBe(30)
    expect([...days].sort()[0]).toBe('2026-02-01')
    expect(a.hits.some((h) => h.path === '/guide')).toBe(false)
    expect(a.hits.filter((h) => h.bot === 'ClaudeBot').every((h) => h.status === 403)).toBe(true)
    expect(a.hits.some((h) => h.bot === 'GPTBot' && h.verified === 'verified')).toBe(true)
    expect(a.referrals.length).toBeGreaterThan(0)
    expect(demoLog(['/a'], '2026-03-02')).toBe(demoLog(['/a'], '2026-03-02'))
  })
})
