import { audiencePrompt, parseAudiencePrompt } from '../activities/gateway/audience-prompts'
import { answerAudiencePrompt, buildAudiencesTopics, buildGroupQueries } from './audiences'

const payroll = { brand: 'PayFlow', market: 'Payroll software for small and medium businesses', region: 'United Kingdom', language: 'en-GB', marketType: 'B2B' as const, maxCompetitors: 19, maxQueries: 0 }

describe('audience prompts round trip', () => {
  it('reads the project, the task and every group back out of a prompt', () => {
    const p = audiencePrompt({ ...payroll, task: 'audience-queries', maxQueries: 7, groups: [{ key: 'A1', count: 4, name: 'Finance Manager', description: 'Signs off payroll', topics: ['Pricing', 'Compliance'] }, { key: 'A2', count: 3, name: 'Retirees' }] })
    const back = parseAudiencePrompt(p.prompt)!
    expect(back).toMatchObject({ task: 'audience-queries', brand: 'PayFlow', region: 'United Kingdom', marketType: 'B2B', maxCompetitors: 19, maxQueries: 7 })
    expect(back.groups).toEqual([
      { key: 'A1', count: 4, name: 'Finance Manager', description: 'Signs off payroll', topics: ['Pricing', 'Compliance'] },
      { key: 'A2', count: 3, name: 'Retirees', description: undefined, topics: [] },
    ])
    expect(parseAudiencePrompt('Brand: X\nMarket: y\nCompetitors wanted: 1\nQueries wanted: 1')).toBeUndefined()
  })
})

describe('simulated audiences and topics', () => {
  it('gives a B2B payroll product finance and payroll roles first, then company sizes, all linked to topics', () => {
    const input = parseAudiencePrompt(audiencePrompt({ ...payroll, task: 'audiences-topics', audiencesWanted: 20, topicsWanted: 12 }).prompt)!
    const out = buildAudiencesTopics(input, 'test-seed')
    expect(out.audiences).toHaveLength(20)
    expect(out.audiences.slice(0, 3).map((a) => a.name)).toEqual(['Finance Manager', 'Payroll Administrator', 'HR Manager'])
    expect(out.audiences.slice(0, 10).every((a) => a.type === 'need-based')).toBe(true)
    expect(out.audiences.slice(10).every((a) => a.type === 'demographic')).toBe(true)
    expect(out.audiences[11].name).toBe('Small Businesses (10-49 staff)')
    const topicNames = new Set(out.topics.map((t) => t.name))
    expect(out.topics.length).toBeGreaterThan(0)
    expect(out.topics.every((t) => t.name.length <= 30 && t.relevance >= 0 && t.relevance <= 10)).toBe(true)
    for (const a of out.audiences) expect(a.topics.every((t) => topicNames.has(t))).toBe(true)
  })

  it('gives consumers of running shoes runner personas and life stages', () => {
    const input = parseAudiencePrompt(audiencePrompt({ ...payroll, brand: 'Brooks', market: 'running shoes for road runners', marketType: 'B2C', task: 'audiences-topics', audiencesWanted: 20, topicsWanted: 12 }).prompt)!
    const out = buildAudiencesTopics(input, 'test-seed')
    expect(out.audiences[0].name).toBe('Beginner Runner')
    expect(out.audiences.some((a) => a.name.startsWith('Students (18-24)'))).toBe(true)
  })

  it('writes the asked number of distinct queries per group, in the words of the market, and is deterministic', () => {
    const input = parseAudiencePrompt(
      audiencePrompt({ ...payroll, task: 'audience-queries', maxQueries: 8, groups: [{ key: 'A1', count: 5, name: 'Finance Manager', description: 'Finance Manager looking for payroll software for a 50-person company' }, { key: 'A2', count: 3, name: 'Retirees' }] }).prompt,
    )!
    const out = buildGroupQueries(input, 'test-seed', '2026')
    expect(out.queries.filter((q) => q.group === 'A1')).toHaveLength(5)
    expect(out.queries.filter((q) => q.group === 'A2')).toHaveLength(3)
    expect(new Set(out.queries.map((q) => q.query.toLowerCase())).size).toBe(8)
    expect(out.queries.every((q) => q.query.includes('payroll software') || /\bvs\b|worth it|alternatives to/.test(q.query))).toBe(true)
    expect(out.queries.some((q) => q.query === 'best payroll software for a 50-person company in the UK')).toBe(true)
    expect(out.competitors.length).toBe(19)
    expect(out.competitors.map((c) => c.name)).not.toContain('PayFlow')
    expect(answerAudiencePrompt(input, 'test-seed', '2026-01-01')).toEqual(out)
  })
})
