import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { type BrandDef, countableNames, findAllBrandSpans, orderBrands } from './brands'
import { ALT_NAME_EMPTY, ALT_NAME_EXISTS, ALT_NAME_SAME_AS_MAIN, ALT_NAME_TOO_SHORT, validateAlternativeName } from './alternative-names'

const nike: BrandDef = { name: 'Nike', alternativeNames: ['Swoosh Co'], domains: ['nike.com'], isOwn: true }
const brooks: BrandDef = { name: 'Brooks Running', alternativeNames: ['Brooks Sports'], domains: [] }
const asics: BrandDef = { name: 'Asics', alternativeNames: [], domains: [] }
const all = [nike, brooks, asics]

describe('countableNames', () => {
  it('trims, collapses spaces, drops names of 2 chars or fewer and duplicates, longest first', () => {
    expect(countableNames({ name: ' New  Balance ', alternativeNames: ['NB', 'new balance', 'Balance Co'], domains: [] })).toEqual([
      'New Balance',
      'Balance Co',
    ])
  })
})

describe('orderBrands', () => {
  it('puts the own brand first and keeps the rest in order', () => {
    expect(orderBrands([brooks, asics, nike]).map((b) => b.name)).toEqual(['Nike', 'Brooks Running', 'Asics'])
  })
})

describe('validateAlternativeName', () => {
  it('rejects empty or blank names', () => {
    expect(validateAlternativeName('', nike, all)).toBe(ALT_NAME_EMPTY)
    expect(validateAlternativeName('   ', nike, all)).toBe(ALT_NAME_EMPTY)
    expect(ALT_NAME_EMPTY).toBe('Alternative name cannot be empty')
  })

  it('rejects the main brand name, case-insensitively', () => {
    expect(validateAlternativeName(' nike ', nike, all)).toBe('Alternative name cannot be the same as the main brand name')
    expect(ALT_NAME_SAME_AS_MAIN).toBe('Alternative name cannot be the same as the main brand name')
  })

  it('rejects an existing alternative name', () => {
    expect(validateAlternativeName('swoosh co', nike, all)).toBe('This alternative name already exists')
    expect(ALT_NAME_EXISTS).toBe('This alternative name already exists')
  })

  it('rejects names too short to be counted', () => {
    expect(validateAlternativeName('NK', nike, all)).toBe(ALT_NAME_TOO_SHORT)
  })

  it('rejects substring overlap with the main name (double counting)', () => {
    const msg = validateAlternativeName('Nike Inc', nike, all)
    expect(msg).toMatch(/overlaps with the main brand name "Nike"/)
    expect(msg).toMatch(/double-counted/)
    expect(validateAlternativeName('Brooks', brooks, all)).toMatch(/main brand name "Brooks Running".*double-counted/)
  })

  it('rejects substring overlap with an existing alternative (double counting)', () => {
    expect(validateAlternativeName('Swoosh', nike, all)).toMatch(/existing alternative name "Swoosh Co".*double-counted/)
  })

  it('rejects overlap with another brand or its alternatives (wrong attribution)', () => {
    expect(validateAlternativeName('ASICS Tiger', nike, all)).toMatch(/brand "Asics".*attributed to the wrong brand/)
    expect(validateAlternativeName('Sports', nike, all)).toMatch(/alternative name "Brooks Sports" of "Brooks Running".*wrong brand/)
  })

  it('accepts a distinct name', () => {
    expect(validateAlternativeName('Air Jordan', nike, all)).toBeNull()
  })

  it('lets a name that counts stand in for a main name too short to count', () => {
    const on = { name: 'On', alternativeNames: [], domains: [] }
    // "On" is never counted, so "On Running" cannot double-count with it
    expect(validateAlternativeName('On Running', on, [...all, on])).toBeNull()
    // a name that counts still may not overlap another brand's countable name
    expect(validateAlternativeName('On Nike', on, [...all, on])).toMatch(/brand "Nike".*wrong brand/)
  })

  it('finds the target by name when given a copy', () => {
    expect(validateAlternativeName('Air Jordan', { ...nike }, all)).toBeNull()
  })
})

describe('names that start outside the Basic Multilingual Plane', () => {
  const brand = (name: string) => ({ name, alternativeNames: [], domains: [] })

  // A name that failed its left boundary used to be retried one code unit on, inside its own surrogate pair, where a
  // unicode regex starts again at the pair's first half: the scan never ended (a worker stuck on one answer).
  it('finishes, and counts the whole-word mentions of a name starting with an emoji or an astral letter', () => {
    // First in a process of its own with a deadline: a scan that never ends cannot be stopped inside this one.
    const probe = `import { findAllBrandSpans } from './app/domain/metrics/brands.ts'
      console.log(JSON.stringify(findAllBrandSpans([{ name: '🚀Rocket', alternativeNames: [], domains: [] }], 'a🚀Rocket and 🚀Rocket')))`
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { encoding: 'utf8', timeout: 20_000 })
    expect(run.signal, 'the scan did not end within 20 s').toBeNull()
    expect(run.stdout.trim()).toBe('[[14,22]]')

    // "🚀Rocket" is 8 code units; "a🚀Rocket" (a letter before it) is not a whole word.
    expect(findAllBrandSpans([brand('🚀Rocket'), brand('Nike')], '🚀Rocket is popular. Many prefer a🚀Rocket clone, but 🚀Rocket wins over Nike.')).toEqual([
      [0, 8, 54, 62],
      [73, 77],
    ])
    // "𝒜" (U+1D49C) is a surrogate pair: "𝒜lpha" is 6 code units; "x𝒜lpha" is not a whole word.
    expect(findAllBrandSpans([brand('𝒜lpha')], '𝒜lpha leads; x𝒜lpha does not count; 𝒜lpha again.')).toEqual([[0, 6, 38, 44]])
  })
})
