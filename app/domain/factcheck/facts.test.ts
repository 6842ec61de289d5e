import { factInputSchema, factsSheetSchema, MAX_FACTS, parseFactsCsv } from './facts'

describe('brand facts', () => {
  it('trims a statement, keeps an http(s) source and turns an empty one into none', () => {
    expect(factInputSchema.parse({ statement: '  Founded   in 2009. ', sourceUrl: 'https://acme.example/about' })).toEqual({ statement: 'Founded in 2009.', sourceUrl: 'https://acme.example/about' })
    expect(factInputSchema.parse({ statement: 'Founded in 2009.', sourceUrl: '' })).toEqual({ statement: 'Founded in 2009.', sourceUrl: null })
    expect(factInputSchema.parse({ statement: 'Founded in 2009.' })).toEqual({ statement: 'Founded in 2009.', sourceUrl: null })
  })

  it('refuses an empty statement, a javascript: source, control characters and too many facts, naming the field', () => {
    expect(factInputSchema.safeParse({ statement: ' ' }).error?.issues[0].message).toBe('Fact is required')
    expect(factInputSchema.safeParse({ statement: 'x', sourceUrl: 'javascript:alert(1)' }).error?.issues[0].message).toBe('Source URL must be an http or https address')
    expect(factInputSchema.safeParse({ statement: 'a\u0000b' }).error?.issues[0].message).toBe('Fact must not contain control characters')
    const many = Array.from({ length: MAX_FACTS + 1 }, (_, i) => ({ statement: `Fact ${i}` }))
    expect(factsSheetSchema.safeParse({ facts: many }).error?.issues[0].message).toBe(`facts: at most ${MAX_FACTS} per project`)
  })

  it('imports a CSV with a header (any column order, quoted commas), reporting the refused rows by line', () => {
    const csv = 'source,statement\nhttps://acme.example/about,"Founded in 2009 in Boulder, Colorado."\n,Does not offer a free plan.\nftp://x,Plans start at $9.\n'
    expect(parseFactsCsv(csv)).toEqual({
      facts: [
        { statement: 'Founded in 2009 in Boulder, Colorado.', sourceUrl: 'https://acme.example/about' },
        { statement: 'Does not offer a free plan.', sourceUrl: null },
      ],
      errors: ['Row 4: Source URL must be an http or https address'],
    })
  })

  it('reads a German semicolon file with a byte order mark and a file without a header', () => {
    expect(parseFactsCsv('\uFEFFAussage;Quelle\nGegründet 2011.;https://tessaro.example\n').facts).toEqual([{ statement: 'Gegründet 2011.', sourceUrl: 'https://tessaro.example' }])
    expect(parseFactsCsv('Founded in 2014.\nHeadquartered in Dublin.\n').facts.map((f) => f.statement)).toEqual(['Founded in 2014.', 'Headquartered in Dublin.'])
    expect(parseFactsCsv('\n\n')).toEqual({ facts: [], errors: ['The file has no rows'] })
  })
})
