import { headerButton, headerPercent } from './progress'

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

describe('headerButton: analyses first, then running source searches (§4 search phase)', () => {
  it('is null when nothing runs', () => {
    expect(headerButton([])).toBeNull()
  })
  it('shows the analyses only while one runs, whatever the searches', () => {
    expect(headerButton([{ id: 1, progressDetails: { progressPercent: 30, phase: 'Querying AI models' } }, { id: 2, kind: 'source-search', progressDetails: { progressPercent: 90, phase: 'Enhanced Source Search' } }])).toEqual({
      label: 'Analysis',
      percent: 30,
      href: '/analysis-progress',
    })
  })
  it('shows a source search by its kind or by a phase text containing Search or Enhanced, linking to its analysis', () => {
    expect(headerButton([{ id: 7, kind: 'source-search', progressDetails: { progressPercent: 40, phase: 'Waiting for Source Search' } }])).toEqual({ label: 'Source Search', percent: 40, href: '/analysis-progress?analysis=7' })
    expect(headerButton([{ id: 8, progressDetails: { progressPercent: 10, phase: 'Enhanced Source Search' } }, { id: 9, progressDetails: { progressPercent: 20, phase: 'Building Basic Search Insights' } }])).toEqual({
      label: 'Source Search',
      percent: 15,
      href: '/analysis-progress?analysis=8',
    })
  })
})
