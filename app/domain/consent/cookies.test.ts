import { acceptAll, allows, consentSchema, makeConsent, needsBanner, parseConsent, rejectAll } from './cookies'

const t1 = new Date('2024-02-29T23:59:58Z')
const t2 = new Date('2024-03-01T10:00:00Z')

describe('cookie consent', () => {
  it('no record, a broken one or another version shows the banner', () => {
    expect(needsBanner(null)).toBe(true)
    expect(needsBanner(parseConsent('{not json'))).toBe(true)
    expect(needsBanner(parseConsent(JSON.stringify({ ...acceptAll(t1), version: '0.9' })))).toBe(true)
    expect(needsBanner(parseConsent(JSON.stringify(acceptAll(t1))))).toBe(false)
  })
  it('Accept All and Reject All keep necessary on', () => {
    expect(acceptAll(t1)).toEqual({ version: '1.0', necessary: true, analytics: true, marketing: true, preferences: true, timestamp: '2024-02-29T23:59:58.000Z', lastUpdated: '2024-02-29T23:59:58.000Z' })
    expect(rejectAll(t1)).toMatchObject({ necessary: true, analytics: false, marketing: false, preferences: false })
  })
  it('a custom save keeps the first timestamp and updates lastUpdated', () => {
    const first = rejectAll(t1)
    const next = makeConsent({ analytics: false, marketing: false, preferences: true }, t2, first)
    expect(next).toMatchObject({ preferences: true, timestamp: '2024-02-29T23:59:58.000Z', lastUpdated: '2024-03-01T10:00:00.000Z' })
  })
  it('allows: necessary always; the others only with a current record that says yes', () => {
    expect(allows(null, 'necessary')).toBe(true)
    expect(allows(null, 'analytics')).toBe(false)
    expect(allows(acceptAll(t1), 'marketing')).toBe(true)
    expect(allows({ ...acceptAll(t1), version: '0.9' }, 'marketing')).toBe(false)
  })
  it('the necessary category cannot be turned off', () => {
    const r = consentSchema.safeParse({ ...rejectAll(t1), necessary: false })
    expect(r.error?.issues[0].message).toBe('The necessary category cannot be turned off')
    expect(parseConsent(JSON.stringify({ ...rejectAll(t1), necessary: false }))).toBeNull()
  })
})
