import { describe, expect, it } from 'vitest'
import { ownBrandsOnly, shownBrandIndexes, toggleShownBrand } from './brand-choice'

const brands = [
  { name: 'Notion', isOwn: true },
  { name: 'Confluence', isOwn: false },
  { name: 'Coda', isOwn: false },
  { name: 'Slite', isOwn: false },
]

describe('brands shown in the Mentions table', () => {
  it('shows every brand when the URL lists none, or none of the analysis', () => {
    expect(shownBrandIndexes(brands, [])).toEqual([0, 1, 2, 3])
    expect(shownBrandIndexes(brands, ['Gone Brand'])).toEqual([0, 1, 2, 3])
  })

  it('shows the listed brands in table order, and the own brand whether listed or not', () => {
    expect(shownBrandIndexes(brands, ['Slite', 'Coda'])).toEqual([0, 2, 3])
    expect(shownBrandIndexes(brands, ['Notion'])).toEqual([0])
    expect(shownBrandIndexes(brands, ['Coda', 'Gone Brand'])).toEqual([0, 2])
  })

  it('hides and shows one brand at a time, dropping the param when all are shown', () => {
    expect(toggleShownBrand(brands, [], 'Coda')).toEqual(['Notion', 'Confluence', 'Slite'])
    expect(toggleShownBrand(brands, ['Notion', 'Confluence', 'Slite'], 'Coda')).toBeNull()
    expect(toggleShownBrand(brands, ['Notion', 'Coda'], 'Coda')).toEqual(['Notion'])
    expect(toggleShownBrand(brands, ['Notion'], 'Slite')).toEqual(['Notion', 'Slite'])
  })

  it('never hides the own brand', () => {
    expect(toggleShownBrand(brands, ['Notion', 'Coda'], 'Notion')).toEqual(['Notion', 'Coda'])
    expect(toggleShownBrand(brands, [], 'Notion')).toBeNull()
    expect(ownBrandsOnly(brands)).toEqual(['Notion'])
  })

  it('without an own brand, hiding the last brand shows all again rather than an empty table', () => {
    const theirs = brands.slice(1)
    expect(toggleShownBrand(theirs, ['Coda'], 'Coda')).toBeNull()
    expect(ownBrandsOnly(theirs)).toBeNull()
  })
})
