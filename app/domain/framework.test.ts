import { cleanFramework, fallbackFramework } from './framework'

describe('cleanFramework', () => {
  it('trims, de-duplicates, drops the own brand and caps the lists', () => {
    const out = cleanFramework(
      {
        competitors: [
          { name: ' Nike ', alternativeNames: [], domains: ['nike.com'] },
          { name: 'nike', alternativeNames: [], domains: [] },
          { name: 'Brooks', alternativeNames: [], domains: [] },
          { name: 'Hoka', alternativeNames: [], domains: [] },
        ],
        queries: ['best shoes', 'Best  shoes', '', 'trail shoes'],
        brandDomains: ['brooksrunning.com'],
      },
      { brand: 'Brooks', maxCompetitors: 19, maxQueries: 40 },
    )
    expect(out.competitors.map((c) => c.name)).toEqual(['Nike', 'Hoka'])
    expect(out.queries).toEqual(['best shoes', 'trail shoes'])
    expect(cleanFramework({ queries: Array.from({ length: 50 }, (_, i) => `q${i}`) }, { brand: 'B', maxCompetitors: 19, maxQueries: 20 }).queries).toHaveLength(20)
  })

  it('drops generated alternative names that break the alternative-name rules instead of failing the project', () => {
    const out = cleanFramework(
      { competitors: [{ name: 'Nike', alternativeNames: ['Nike Running', 'Swoosh', 'NB'], domains: [] }, { name: 'New Balance', alternativeNames: ['NB', 'Swoosh'], domains: [] }] },
      { brand: 'Brooks', maxCompetitors: 19, maxQueries: 40 },
    )
    expect(out.competitors[0].alternativeNames).toEqual(['Swoosh']) // 'Nike Running' overlaps Nike; 'NB' is too short to count
    expect(out.competitors[1].alternativeNames).not.toContain('Swoosh') // already Nike's
  })
  it('normalises domains and de-duplicates names case-insensitively', () => {
    const cleaned = cleanFramework(
      {
        competitors: [
          { name: 'Costa', alternativeNames: [], domains: ['https://www.costa.co.uk/menu'] },
          { name: ' Starbucks ', alternativeNames: ['SBUX', 'sbux'], domains: ['starbucks.com'] },
          { name: 'starbucks', alternativeNames: [], domains: [] },
          { name: 'Pret', alternativeNames: [], domains: [] },
        ],
        brandDomains: ['WWW.Costa.co.uk'],
        queries: ['a', 'A ', 'b', 'c'],
      },
      { brand: 'costa', maxCompetitors: 1, maxQueries: 2 },
    )
    expect(cleaned).toEqual({ competitors: [{ name: 'Starbucks', alternativeNames: ['SBUX'], domains: ['starbucks.com'] }], brandDomains: ['costa.co.uk'], queries: ['a', 'b'] })
  })

  it('drops generated names and queries a project would refuse (over 300 characters, control characters)', () => {
    const out = cleanFramework(
      {
        competitors: [{ name: 'N'.repeat(301), alternativeNames: [], domains: [] }, { name: 'Hoka\u0000', alternativeNames: [], domains: [] }, { name: 'Asics', alternativeNames: [], domains: [] }],
        queries: ['q'.repeat(301), 'best\u0007 shoes', `  ${'w'.repeat(300)}  `],
      },
      { brand: 'Brooks', maxCompetitors: 19, maxQueries: 40 },
    )
    expect(out.competitors.map((c) => c.name)).toEqual(['Asics'])
    expect(out.queries).toEqual(['w'.repeat(300)])
  })
})

describe('fallbackFramework', () => {
  it('gives 19 placeholder competitors and 40 queries (20 in light mode)', () => {
    expect(fallbackFramework({ brand: 'B', market: 'running shoes', isLightMode: false }).competitors).toHaveLength(19)
    expect(fallbackFramework({ brand: 'B', market: 'running shoes', isLightMode: false }).queries).toHaveLength(40)
    expect(fallbackFramework({ brand: 'B', market: 'running shoes', isLightMode: true }).queries).toHaveLength(20)
  })
})

describe('cleanFramework: names that count', () => {
  it('proposes a name of 2 characters or fewer only with an alternative name that counts', () => {
    const out = cleanFramework(
      {
        competitors: [
          { name: 'On', alternativeNames: ['On Running', 'On Cloud'], domains: ['on.com'] },
          { name: 'UA', alternativeNames: ['XY'], domains: [] },
          { name: 'HP', alternativeNames: [], domains: [] },
          { name: 'Asics', alternativeNames: [], domains: [] },
        ],
      },
      { brand: 'Hoka', maxCompetitors: 19, maxQueries: 40 },
    )
    // "On" keeps both alternatives (they overlap only a name that is never counted); "UA" and "HP" have nothing that counts
    expect(out.competitors).toEqual([
      { name: 'On', alternativeNames: ['On Running', 'On Cloud'], domains: ['on.com'] },
      { name: 'Asics', alternativeNames: [], domains: [] },
    ])
  })

  it('fills the cap with names that count when short names are dropped', () => {
    const out = cleanFramework(
      { competitors: [{ name: 'HP', alternativeNames: [], domains: [] }, { name: 'Dell', alternativeNames: [], domains: [] }, { name: 'Lenovo', alternativeNames: [], domains: [] }] },
      { brand: 'Acer', maxCompetitors: 2, maxQueries: 40 },
    )
    expect(out.competitors.map((c) => c.name)).toEqual(['Dell', 'Lenovo'])
  })
})
