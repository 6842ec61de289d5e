import { describe, expect, it } from 'vitest'
import { baselineOf, experimentSchema, proposeControls, unknownQueries } from './design'

const queries = [
  { query: 'best running shoes', topic: 'Comfort', audience: null },
  { query: 'shoes for flat feet', topic: 'Comfort', audience: null },
  { query: 'cheap running shoes', topic: 'Price', audience: null },
  { query: 'running shoe brands', topic: null, audience: 'Beginners' },
  { query: 'trail shoes', topic: 'Trail', audience: 'Beginners' },
]

describe('proposed controls', () => {
  it('takes queries of the same topic or audience first, as many as treated and at least 2', () => {
    // treated: best running shoes (Comfort) -> the other Comfort query, then the first of the rest.
    expect(proposeControls(queries, ['best running shoes'])).toEqual(['shoes for flat feet', 'cheap running shoes'])
    // treated: running shoe brands (Beginners) + cheap (Price) -> trail (Beginners), then the first two others.
    expect(proposeControls(queries, ['running shoe brands', 'Cheap running shoes'])).toEqual(['trail shoes', 'best running shoes'])
  })
})

describe('baseline', () => {
  it('counts distinct run dates before the change: 7 is enough, 6 warns', () => {
    const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-07', '2026-03-08']
    expect(baselineOf(dates, '2026-03-08')).toEqual({ runsBefore: 7, enough: true, warning: null })
    expect(baselineOf(dates, '2026-03-07')).toMatchObject({ runsBefore: 6, enough: false })
  })
})

describe('the change schema', () => {
  const ok = { description: 'New comparison page', urls: ['https://brooks.example/compare'], changeDate: '2026-03-08', treated: ['best running shoes'], control: ['trail shoes'] }
  it('accepts a change and names what is wrong otherwise', () => {
    expect(experimentSchema.parse(ok)).toEqual(ok)
    const bad = (patch: object) => experimentSchema.safeParse({ ...ok, ...patch }).error?.issues[0].message
    expect(bad({ changeDate: '2026-02-30' })).toBe('The change date must be a date as YYYY-MM-DD')
    expect(bad({ urls: ['ftp://x'] })).toBe('Each URL must start with http:// or https://')
    expect(bad({ treated: [] })).toBe('Treated queries: choose at least one query')
    expect(bad({ control: ['Best running shoes'] })).toBe('A query cannot be both treated and control')
    expect(bad({ description: '  ' })).toBe('Say what changed')
  })
  it('lists queries the project does not have', () => {
    expect(unknownQueries({ treated: ['best running shoes'], control: ['nope'] }, queries.map((q) => q.query))).toEqual(['nope'])
  })
})
