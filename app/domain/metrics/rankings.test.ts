import { describe, expect, it } from 'vitest'
import type { BrandDef } from './brands'
import { extractRankItems, parseRankings } from './rankings'

const b = (name: string, alternativeNames: string[] = []): BrandDef => ({ name, alternativeNames, domains: [] })
const nike = b('Nike')
const adidas = b('Adidas')
const brooks = b('Brooks Running', ['Brooks'])
const asics = b('Asics')
const hoka = b('Hoka')
const brands = [nike, adidas, brooks, asics, hoka]

describe('parseRankings: numbered lists (§5)', () => {
  it('reads "1." lists; the rank is the number of the item naming the brand', () => {
    const t = 'Top picks:\n1. Nike Pegasus\n2. Adidas Boston\n3. Brooks Ghost'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2, 'Brooks Running': 3 })
  })

  it.each([
    ['1)', '1) Nike\n2) Adidas'],
    ['**1.**', '**1.** Nike\n**2.** Adidas'],
    ['**1. Name**', '**1. Nike**\n**2. Adidas**'],
    ['1. **Name**', '1. **Nike** - light\n2. **Adidas** - fast'],
    ['### 1.', '### 1. Nike\nText.\n### 2. Adidas\nText.'],
    ['indented / bulleted', '  1. Nike\n  2. Adidas'],
    ['1:', '1: Nike\n2: Adidas'],
  ])('accepts the %s variant', (_v, t) => {
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('reads numbers up to 20 and ignores 21+', () => {
    const lines = Array.from({ length: 21 }, (_, i) => `${i + 1}. Filler ${i + 1}`)
    lines[19] = '20. Hoka'
    lines[20] = '21. Asics'
    expect(parseRankings(lines.join('\n'), brands)).toEqual({ Hoka: 20 })
  })

  it('uses the number written, not the position', () => {
    expect(parseRankings('3. Nike\n5. Adidas', brands)).toEqual({ Nike: 3, Adidas: 5 })
  })

  it('does not take decimals, times or years at line start for list numbers', () => {
    expect(parseRankings('4.5 stars for Nike\n10:30 Adidas opens\n2024. Hoka', brands)).toEqual({})
  })

  it('keeps the first occurrence when a brand appears in two lists', () => {
    const t = 'Best overall:\n1. Asics\n2. Nike\n\n## Budget\n1. Nike\n2. Hoka'
    expect(parseRankings(t, brands)).toEqual({ Asics: 1, Nike: 2, Hoka: 2 })
  })

  it('prefers the item whose lead names the brand over a passing comparison', () => {
    // item 1 names Adidas only in its description; item 2 is Adidas's own item
    const t = '1. **Nike Pegasus** - lighter than Adidas shoes\n2. **Adidas Boston** - fast'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('falls back to the item body when no lead names the brand', () => {
    const t = '1. **Best overall**\n   The Nike Pegasus is versatile.\n2. **Best cushioning**\n   Hoka Clifton.'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Hoka: 2 })
  })

  it('ranks every brand named in an item lead (ties)', () => {
    expect(parseRankings('1. Nike and Adidas (tie)\n2. Asics', brands)).toEqual({ Nike: 1, Adidas: 1, Asics: 2 })
  })

  it('stops the last item at the conclusion paragraph', () => {
    const t = '1. Nike\n2. Adidas\n\nIn summary, Asics is also worth a look.'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('stops an item at a heading', () => {
    const t = '1. Nike\n\n**Other options**\nHoka is also popular.'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1 })
  })

  it('uses alternative names and needs whole words', () => {
    expect(parseRankings('1. Brooks Ghost\n2. Pineapple Asicsx\n3. Hoka', brands)).toEqual({ 'Brooks Running': 1, Hoka: 3 })
  })

  it('leaves unranked brands out (never 0)', () => {
    const r = parseRankings('Nike and Adidas are both good.\n1. Nike', brands)
    expect(r).toEqual({ Nike: 1 })
    expect('Adidas' in r).toBe(false)
  })

  it('ignores numbered source lists after a Sources heading', () => {
    const t = 'Nike is good.\n\nSources:\n1. Adidas press release\n2. Hoka blog'
    expect(parseRankings(t, brands)).toEqual({})
  })
})

describe('parseRankings: ordinal words first..tenth (§5)', () => {
  it('reads ordinal words at line start', () => {
    const t = 'First, Nike.\nSecond: Adidas\n**Third** - Asics\nFourth place: Hoka'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2, Asics: 3, Hoka: 4 })
  })

  it('reads ordinal words at sentence start in prose', () => {
    const t = 'Here is my view. First, Nike leads the pack. Second, Adidas follows. Finally Asics.'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('knows all ten ordinals', () => {
    const words = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth']
    const names = words.map((_, i) => b(`Brand${i + 1}`))
    const t = words.map((w, i) => `${w}: Brand${i + 1}`).join('\n')
    expect(parseRankings(t, names)).toEqual(Object.fromEntries(names.map((n, i) => [n.name, i + 1])))
  })

  it('does not treat mid-sentence ordinals as items', () => {
    expect(parseRankings('Nike was the first brand to do this, and Adidas second.', brands)).toEqual({})
  })

  it('ignores prose ordinals inside a numbered list', () => {
    const t = '1. Adidas is fast. First, it is light and Nike is heavier.\n2. Nike'
    expect(parseRankings(t, brands)).toEqual({ Adidas: 1, Nike: 2 })
  })
})

describe('extractRankItems', () => {
  it('exposes rank, lead and body of each item', () => {
    const items = extractRankItems('1. **Nike** - light\n   Good value.\n2. Adidas: fast')
    expect(items.map((i) => [i.rank, i.lead])).toEqual([
      [1, 'Nike'],
      [2, 'Adidas'],
    ])
    expect(items[0].body).toContain('Good value.')
  })
})
