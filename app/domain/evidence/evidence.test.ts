/**
 * Evidence highlights and collection lines on answers of the hand-worked analysis (tests/support/hand-worked-analysis.ts),
 * positions counted by hand.
 */
import { brandMarks, cellParams, collectionLine, collectionOf, describeCell, evidenceQuerySchema, isHit, segmentsOf } from '.'

const brands = ['Brooks', 'Nike', 'Asics', 'Hoka'].map((name, i) => ({ name, alternativeNames: [], domains: [], isOwn: i === 0 }))

// A1, counted by hand: line 1 has 60 characters, then "\n\n": the list starts at 62, "1. " puts Brooks at 65-71; the list lines
// (24, 15 and 17 characters, each + "\n") and the blank line end at 122, where the last paragraph starts with Brooks (122-128).
const A1 = [
  'Runners with flat feet usually need a shoe with a firm arch.',
  '',
  '1. Brooks Adrenaline GTS',
  '2. Asics Kayano',
  '3. Nike Structure',
  '',
  'Brooks has excellent arch support. The Nike Structure has a poor fit for wide feet.',
].join('\n')

describe('highlights', () => {
  it('marks every mention of the brand and, for a rank, the list item that ranks it', () => {
    const marks = brandMarks(A1, brands, 'Brooks', 1)
    expect(marks.mentions).toEqual([
      [65, 71],
      [122, 128],
    ])
    expect(A1.slice(65, 71)).toBe('Brooks')
    expect(A1.slice(122, 128)).toBe('Brooks')
    expect(marks.rankRange).not.toBeNull()
    expect(A1.slice(...marks.rankRange!)).toMatch(/^(1\. )?Brooks Adrenaline GTS$/)
    const segs = segmentsOf(A1, marks)
    expect(segs.map((s) => s.text).join('')).toBe(A1)
    expect(segs.filter((s) => s.mention).map((s) => s.text)).toEqual(['Brooks', 'Brooks'])
    expect(segs.filter((s) => s.rank).map((s) => s.text).join('')).toContain('Adrenaline GTS')
  })
  it('marks Nike in the list item ranked 3', () => {
    const marks = brandMarks(A1, brands, 'Nike', 3)
    expect(marks.mentions.map(([s, e]) => A1.slice(s, e))).toEqual(['Nike', 'Nike'])
    expect(A1.slice(...marks.rankRange!)).toMatch(/Nike Structure$/)
  })
  it('does not mark a brand inside a www link or under the Sources heading (they do not count)', () => {
    const A5 = 'Hoka midsoles compress sooner. See www.hoka.com/durability for figures.\n\nSources:\n- Nike running guide'
    expect(brandMarks(A5, brands, 'Hoka', null).mentions).toEqual([[0, 4]])
    expect(brandMarks(A5, brands, 'Nike', null).mentions).toEqual([])
  })
  it('no marks for a brand the analysis does not track; text passes through whole', () => {
    const marks = brandMarks('Adidas is fine.', brands, 'Adidas', null)
    expect(marks).toEqual({ mentions: [], rankRange: null })
    expect(segmentsOf('<b>Adidas</b>', marks)).toEqual([{ text: '<b>Adidas</b>' }])
  })
})

describe('cells', () => {
  it('a cell round-trips through its URL parameters and the API schema', () => {
    const p = cellParams({ metric: 'share', brand: 'Brooks', modelId: 8, queryIndex: 0, topic: 'Comfort' })
    expect(p.toString()).toBe('metric=share&brand=Brooks&model=8&query=0&topic=Comfort')
    expect(evidenceQuerySchema.parse(Object.fromEntries(p))).toEqual({ metric: 'share', brand: 'Brooks', model: 8, query: 0, topic: 'Comfort', audience: null, page: 1 })
  })
  it('refuses what is not a cell', () => {
    expect(evidenceQuerySchema.safeParse({ metric: 'share' }).success).toBe(false)
    expect(evidenceQuerySchema.safeParse({ metric: 'bogus', brand: 'Brooks' }).success).toBe(false)
    expect(evidenceQuerySchema.safeParse({ metric: 'rank', brand: 'Brooks', model: '4' }).success).toBe(false)
    expect(evidenceQuerySchema.safeParse({ metric: 'rank', brand: 'Brooks', query: '-1' }).success).toBe(false)
  })
  it('says in words what a cell covers, and which answers bear on it', () => {
    expect(describeCell({ metric: 'rank', brand: 'Nike', modelId: 3, queryIndex: 0 }, 'best running shoes for flat feet')).toBe('Nike · average rank · Claude Sonnet 4 · “best running shoes for flat feet”')
    expect(isHit('rank', 2, null)).toBe(false)
    expect(isHit('visibility', 0, 3)).toBe(true)
    expect(isHit('share', 1, null)).toBe(true)
  })
})

describe('collection', () => {
  it('records the API and whether web search was on', () => {
    expect(collectionOf({ provider: 'openai', model: 'gpt-5', webSearchRequested: true, baseUrl: 'http://127.0.0.1:4010/openai/v1', simulated: true })).toEqual({
      provider: 'openai', api: 'OpenAI Responses API', model: 'gpt-5', webSearch: true, endpoint: '127.0.0.1:4010', demo: true,
    })
    // DeepSeek has no search tool; Sonar always searches.
    expect(collectionOf({ provider: 'deepseek', model: 'deepseek-chat', webSearchRequested: true, simulated: false }).webSearch).toBe(false)
    expect(collectionOf({ provider: 'perplexity', model: 'sonar', webSearchRequested: false, simulated: false }).webSearch).toBe(true)
  })
  it('writes one line an auditor reads', () => {
    const c = collectionOf({ provider: 'anthropic', model: 'claude-sonnet-4-20250514', webSearchRequested: true, simulated: false })
    expect(collectionLine(c, { modelName: 'Claude Sonnet 4', sample: 2, date: '2025-05-20T10:00:00.000Z' })).toBe(
      'Claude Sonnet 4 · claude-sonnet-4-20250514 via Anthropic Messages API · web search on · sample 2 · 20/05/2025',
    )
    expect(collectionLine(null, { modelName: 'ChatGPT 5', sample: 1, date: '2025-05-20T10:00:00.000Z' })).toBe(
      'ChatGPT 5 · sample 1 · 20/05/2025 · collection details not recorded (answer stored before they were)',
    )
  })
})
