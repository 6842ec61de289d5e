import { homeHref, homePhaseOf, phaseNumber } from './home-phases'

describe('home route phases', () => {
  it('reads the public phase numbers as keys', () => {
    expect(homePhaseOf('1')).toEqual({ key: 'setup', n: 1 })
    expect(homePhaseOf('2')).toEqual({ key: 'results', n: 2 })
    expect(homePhaseOf('4')).toEqual({ key: 'sources', n: 4 })
    expect(homePhaseOf('7')).toEqual({ key: 'chat', n: 7 })
    expect(homePhaseOf('8')).toEqual({ key: 'settings', n: 8 })
  })

  it('treats an absent, zero or non-numeric phase as none, and a number no phase has as unknown', () => {
    expect(homePhaseOf(null)).toEqual({ key: 'none', n: 0 })
    expect(homePhaseOf('0')).toEqual({ key: 'none', n: 0 })
    expect(homePhaseOf('abc')).toEqual({ key: 'none', n: 0 })
    expect(homePhaseOf('9')).toEqual({ key: 'unknown', n: 9 })
  })

  it('writes links with the number users bookmark, parameters in the given order, empty ones left out', () => {
    expect(phaseNumber('ideator')).toBe(6)
    expect(homeHref('results', { project: 3, analysis: 4, tab: 'overview' })).toBe('/?phase=2&project=3&analysis=4&tab=overview')
    expect(homeHref('results', { project: 3, analysis: undefined, tab: null })).toBe('/?phase=2&project=3')
    expect(homeHref('setup', { tab: 'setup' })).toBe('/?phase=1&tab=setup')
  })
})
