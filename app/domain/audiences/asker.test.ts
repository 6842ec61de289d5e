import { askerQueries, askerQuerySchema, askerSettingSchema, modelsOfFilter, personaDescription, personaPrompt, personaVisibility, type AskerAnswer } from './asker'

describe('personaPrompt', () => {
  it('prefixes the query with the persona the way that person would introduce themselves', () => {
    expect(personaPrompt({ query: 'best payroll software for 50 employees UK', audience: 'Finance Manager', audienceContext: 'Finance Manager: Signs off payroll at a 50-person UK company.' })).toBe(
      "I'm asking as Finance Manager (signs off payroll at a 50-person UK company). best payroll software for 50 employees UK",
    )
  })

  it('uses the name alone when the context adds nothing, and the project language when it knows it', () => {
    expect(personaPrompt({ query: 'beste Lohnsoftware', audience: 'Gründer', audienceContext: 'Gründer: Gründer' }, 'de-DE')).toBe('Ich frage als Gründer. beste Lohnsoftware')
    expect(personaPrompt({ query: 'q', audience: 'Parents', audienceContext: null }, 'sv-SE')).toBe("I'm asking as Parents. q")
  })

  it('reads the description out of an audienceContext written as "name: description"', () => {
    expect(personaDescription('Startup Founder', 'startup founder: Hires fast')).toBe('Hires fast')
    expect(personaDescription('Startup Founder', 'Someone who hires fast')).toBe('Someone who hires fast')
  })
})

const queries = [
  { index: 0, query: 'q a', audience: 'Finance Manager', audienceContext: 'Finance Manager: Signs off payroll' },
  { index: 1, query: 'q b', audience: 'Finance Manager', audienceContext: 'Finance Manager: Signs off payroll' },
  { index: 2, query: 'q c', audience: 'Startup Founder', audienceContext: 'Startup Founder: Hires fast' },
  { index: 3, query: 'q d', audience: null, audienceContext: null },
  { index: 4, query: 'q e', audience: '  ', audienceContext: null },
]
const a = (modelId: number, queryIndex: number, ownRank: number | null, answered = true): AskerAnswer => ({ modelId, queryIndex, ownRank, answered })

describe('askerQueries', () => {
  it('keeps the queries that have an audience', () => {
    expect(askerQueries(queries).map((q) => q.index)).toEqual([0, 1, 2])
  })
})

describe('personaVisibility', () => {
  // As written: Finance Manager q0 (m8 ranked 1, m3 not ranked), q1 (m8 ranked 2, m3 failed) -> 2 of 3 answered;
  // Startup Founder q2 (m8 not named, m3 ranked 4) -> 1 of 2. q3 has no persona and model 99 is no card model: ignored.
  const base = [a(8, 0, 1), a(3, 0, 0), a(8, 1, 2), a(3, 1, null, false), a(8, 2, null), a(3, 2, 4), a(8, 3, 1), a(99, 0, 1)]
  // As persona: Finance Manager 4 of 4 ranked; Startup Founder m8 not ranked, m3 failed -> 0 of 1.
  const asked = [a(8, 0, 1), a(3, 0, 1), a(8, 1, 1), a(3, 1, 3), a(8, 2, 0), a(3, 2, null, false)]

  it('gives each persona its visibility with and without the persona, with n and the 95 % Wilson interval', () => {
    const v = personaVisibility(queries, base, asked)
    expect(v.asked).toBe(true)
    expect(v.personas).toEqual([
      {
        audience: 'Finance Manager',
        queries: 2,
        // 2/3 = 66.7 %; Wilson (z = 1.96): 20.8–93.9
        without: { value: 66.7, x: 2, n: 3, interval: { low: 20.8, high: 93.9 } },
        // 4/4 = 100 %; Wilson: 51.0–100
        with: { value: 100, x: 4, n: 4, interval: { low: 51, high: 100 } },
        difference: 33.3,
      },
      {
        audience: 'Startup Founder',
        queries: 1,
        // 1/2 = 50 %; Wilson: 9.5–90.5
        without: { value: 50, x: 1, n: 2, interval: { low: 9.5, high: 90.5 } },
        // 0/1 = 0 %; Wilson: 0–79.3
        with: { value: 0, x: 0, n: 1, interval: { low: 0, high: 79.3 } },
        difference: -50,
      },
    ])
    // All persona queries: 3/5 = 60 % (23.1–88.2) and 4/5 = 80 % (37.6–96.4).
    expect(v.total).toEqual({
      audience: 'All personas',
      queries: 3,
      without: { value: 60, x: 3, n: 5, interval: { low: 23.1, high: 88.2 } },
      with: { value: 80, x: 4, n: 5, interval: { low: 37.6, high: 96.4 } },
      difference: 20,
    })
  })

  it('counts only the models of the filter, and says when nothing was asked as a persona', () => {
    const v = personaVisibility(queries, base, [], modelsOfFilter('gpt41'))
    expect(v.asked).toBe(false)
    // ChatGPT 5 (id 8) only: Finance Manager 2 of 2 ranked as written; nothing asked as persona.
    expect(v.personas[0]).toMatchObject({ without: { x: 2, n: 2 }, with: { value: 0, x: 0, n: 0, interval: null }, difference: null })
    expect(personaVisibility([{ index: 0, query: 'q' }], [], []).total).toBeNull()
    // Persona answers of a model without ordinary answers (its data deleted) are left out.
    expect(personaVisibility(queries, base.filter((x) => x.modelId !== 3), asked).total).toMatchObject({ without: { x: 2, n: 3 }, with: { x: 2, n: 3 } })
  })
})

describe('schemas', () => {
  it('takes a boolean setting and a known model filter, with clear messages', () => {
    expect(askerSettingSchema.safeParse({ askAsPersona: true }).success).toBe(true)
    expect(askerSettingSchema.safeParse({ askAsPersona: 'yes' }).error?.issues[0].message).toBe('askAsPersona must be true or false')
    expect(askerSettingSchema.safeParse({}).error?.issues[0].message).toBe('askAsPersona is required')
    expect(askerQuerySchema.parse({}).model).toBe('combined')
    expect(askerQuerySchema.safeParse({ model: 'gpt99' }).error?.issues[0].message).toMatch(/^model must be one of combined, /)
    expect(modelsOfFilter('combined')).toBeUndefined()
  })
})
