import { headerPercent } from './progress'

describe('headerPercent (§4 header Analysis button)', () => {
  it('is null without active analyses', () => {
    expect(headerPercent([])).toBeNull()
  })
  it('shows progressPercent of a single analysis', () => {
    expect(headerPercent([{ progressDetails: { progressPercent: 42 } }])).toBe(42)
  })
  it('averages several analyses', () => {
    expect(headerPercent([{ progressDetails: { progressPercent: 40 } }, { progressDetails: { progressPercent: 61 } }])).toBe(51) // 50.5 rounds to 51
  })
  it('estimates a missing value from responses over the expected total (240 full, 20 light)', () => {
    expect(headerPercent([{ apiResponses: 60 }])).toBe(25) // 60/240
    expect(headerPercent([{ apiResponses: 5, project: { isLightMode: true } }])).toBe(25) // 5/20
  })
  it('caps at 100', () => {
    expect(headerPercent([{ apiResponses: 300 }])).toBe(100)
  })
})
