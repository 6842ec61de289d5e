import { findMarket, marketPhrase, regionPhrase, synthesiseBrands, tokens } from './knowledge'
import { Rng, unit } from './prng'

describe('knowledge', () => {
  it.each([
    ['Running shoes and trainers for amateur runners', 'running-shoes'],
    ['CRM software for B2B sales teams', 'crm-software'],
    ['High street coffee chains', 'coffee-chains'],
    ['Electric vehicles (EVs) for UK drivers', 'electric-cars'],
    ['UK current accounts and savings from high street banks', 'uk-banks'],
    ['Mobile phone networks and SIM-only deals', 'mobile-networks'],
    ['Android smartphones', 'smartphones'],
    ['Project management and task management tools', 'project-management-software'],
  ])('finds the market of %j', (text, key) => {
    expect(findMarket(text)?.key).toBe(key)
  })

  it('knows nothing about unrelated markets', () => {
    expect(findMarket('Luxury yacht charters in the Mediterranean')).toBeUndefined()
  })

  it('shortens free-text markets and names regions naturally', () => {
    expect(marketPhrase('Dog grooming salons, mobile and in-store', undefined)).toBe('dog grooming salons')
    expect(regionPhrase('United Kingdom')).toBe('the UK')
    expect(regionPhrase('usa')).toBe('the US')
    expect(regionPhrase('Germany')).toBe('Germany')
    expect(regionPhrase('')).toBeUndefined()
  })

  it('synthesises stable, distinct brand names with illustrative (.example) domains', () => {
    const a = synthesiseBrands('dog grooming', 12)
    expect(new Set(a.map((b) => b.name)).size).toBe(12)
    expect(synthesiseBrands('dog grooming', 12)).toEqual(a)
    expect(a.every((b) => /^[a-z0-9]+\.example$/.test(b.domains[0]))).toBe(true)
  })

  it('tokenises with stop words removed and light stemming', () => {
    expect(tokens('What are the best running shoes for marathons in the UK?')).toEqual(['running', 'shoe', 'marathon'])
  })
})

describe('prng', () => {
  it('is deterministic per key and spreads values', () => {
    const a = new Rng('x', 1)
    const b = new Rng('x', 1)
    const seqA = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA)
    expect(new Rng('x', 2).next()).not.toBe(seqA[0])
    const values = Array.from({ length: 2000 }, (_, i) => unit('k', i))
    const mean = values.reduce((s, v) => s + v, 0) / values.length
    expect(mean).toBeGreaterThan(0.45)
    expect(mean).toBeLessThan(0.55)
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...values)).toBeLessThan(1)
  })
})
