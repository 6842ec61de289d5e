import { analysisPercent, headerButton, headerPercent } from './progress'

describe('analysisPercent: one figure per analysis, for the header and the progress page', () => {
  it('is progressPercent when it is at least 0', () => {
    expect(analysisPercent({ progressDetails: { progressPercent: 42 } })).toBe(42)
    expect(analysisPercent({ progressDetails: { progressPercent: 0 } })).toBe(0)
  })
  it('estimates a missing value from responses over the expected total (240 full, 20 light)', () => {
    expect(analysisPercent({ apiResponses: 60 })).toBe(25) // 60/240
    expect(analysisPercent({ apiResponses: 5, project: { isLightMode: true } })).toBe(25) // 5/20
    expect(analysisPercent({ progressDetails: { progressPercent: -1 }, apiResponses: 24 })).toBe(10) // 24/240
  })
  it('caps at 100', () => {
    expect(analysisPercent({ apiResponses: 300 })).toBe(100)
  })
})

describe('headerPercent (the header and the progress page show one figure)', () => {
  it('is null without active analyses', () => {
    expect(headerPercent([])).toBeNull()
  })
  it('shows the newest analysis (the one its button opens), never an average with the others', () => {
    // 46 % and 16 % would average to 31 %, a figure of no run
    expect(headerPercent([{ id: 2, progressDetails: { progressPercent: 46 } }, { id: 1, progressDetails: { progressPercent: 16 } }])).toBe(46)
  })
  it("takes the progress page's fresher reading of the same run, and only of that run", () => {
    const active = [{ id: 2, progressDetails: { progressPercent: 31 } }]
    expect(headerPercent(active, { id: 2, percent: 46 })).toBe(46)
    expect(headerPercent(active, { id: 9, percent: 80 })).toBe(31)
  })
  it('shows the run the progress page follows when several run, and links to it', () => {
    const active = [{ id: 2, progressDetails: { progressPercent: 16 } }, { id: 1, progressDetails: { progressPercent: 40 } }]
    expect(headerPercent(active, { id: 1, percent: 46 })).toBe(46)
    expect(headerButton(active, { id: 1, percent: 46 })).toEqual({ label: 'Analysis', percent: 46, href: '/analysis-progress?analysis=1', others: 1 })
  })
})

describe('headerButton: analyses first, then running source searches (search phase)', () => {
  it('is null when nothing runs', () => {
    expect(headerButton([])).toBeNull()
  })
  it('shows the analyses only while one runs, whatever the searches, and links to the run it shows', () => {
    expect(headerButton([{ id: 1, progressDetails: { progressPercent: 30, phase: 'Querying AI models' } }, { id: 2, kind: 'source-search', progressDetails: { progressPercent: 90, phase: 'Enhanced Source Search' } }])).toEqual({
      label: 'Analysis',
      percent: 30,
      href: '/analysis-progress?analysis=1',
      others: 0,
    })
  })
  it('shows a source search by its kind or by a phase text containing Search or Enhanced, linking to its analysis, and counts the others', () => {
    expect(headerButton([{ id: 7, kind: 'source-search', progressDetails: { progressPercent: 40, phase: 'Waiting for Source Search' } }])).toEqual({ label: 'Source Search', percent: 40, href: '/analysis-progress?analysis=7', others: 0 })
    expect(headerButton([{ id: 8, progressDetails: { progressPercent: 10, phase: 'Enhanced Source Search' } }, { id: 9, progressDetails: { progressPercent: 20, phase: 'Building Basic Search Insights' } }])).toEqual({
      label: 'Source Search',
      percent: 10,
      href: '/analysis-progress?analysis=8',
      others: 1,
    })
  })
})
