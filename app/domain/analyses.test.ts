import { ACTIVE_STATUSES, brandList, isActiveStatus, isoDay, today } from './analyses'

describe('analysis lifecycle', () => {
  it('counts pending, in_progress and processing as active, and nothing else', () => {
    expect([...ACTIVE_STATUSES]).toEqual(['pending', 'in_progress', 'processing'])
    expect(['completed', 'failed', 'cancelled', undefined, null].map(isActiveStatus)).toEqual([false, false, false, false, false])
  })

  it('names a day in UTC whatever the time of day', () => {
    expect(today(new Date('2028-02-29T23:59:59.999Z'))).toBe('2028-02-29')
    expect(isoDay(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01')
    expect(isoDay('2026-11-23')).toBe('2026-11-23')
  })

  it('lists the own brand first, marked, then the competitors unmarked', () => {
    const list = brandList({ brand: { name: 'Brooks', alternativeNames: [], domains: [] }, competitors: [{ name: 'Hoka', alternativeNames: ['HOKA ONE'], domains: [], isOwn: true }] })
    expect(list.map((b) => [b.name, b.isOwn])).toEqual([
      ['Brooks', true],
      ['Hoka', false],
    ])
  })
})
