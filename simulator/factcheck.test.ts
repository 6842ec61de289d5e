import { factSentence, judge, sentencesOf, wrongValue } from './factcheck'

const facts = ['Founded in 2009.', 'Headquartered in Berlin.', 'Does not offer a free plan.']
const base = { brand: 'Acme', facts, provider: 'openai', model: 'gpt-5', day: '2026-03-01', seed: 'test' }

describe('the simulator\'s fact-check', () => {
  it('restates facts in some answers, in the project\'s language, the same for the same inputs', () => {
    const said = Array.from({ length: 40 }, (_, i) => factSentence({ ...base, prompt: `best crm ${i}`, language: 'de-DE' }))
    expect(said.filter(Boolean).length).toBeGreaterThan(10)
    expect(said.filter(Boolean).every((s) => s.startsWith('Gut zu wissen über Acme: '))).toBe(true)
    expect(factSentence({ ...base, prompt: 'best crm 1', language: 'de-DE' })).toBe(said[1])
    expect(factSentence({ ...base, facts: [], prompt: 'best crm 1' })).toBe('')
  })

  it('has some models hold a wrong number, the same one in every answer', () => {
    expect(wrongValue('Founded in 2009.', 'gpt-5')).toMatch(/^Founded in 20(10|11|12)\.$/)
    expect(wrongValue('Plans start at $9 per month.', 'x')).toMatch(/^Plans start at \$\d+ per month\.$/)
    expect(wrongValue('Headquartered in Berlin.', 'x')).toBeNull()
    const models = ['gpt-5', 'claude-sonnet-4', 'gemini-2.0-flash', 'sonar', 'grok-4', 'deepseek-chat', 'm7', 'm8', 'm9', 'm10']
    const wrongModels = models.filter((model) =>
      Array.from({ length: 60 }, (_, i) => factSentence({ ...base, facts: ['Founded in 2009.'], model, prompt: `q${i}`, language: 'en' })).some((s) => s && !s.includes('2009')),
    )
    expect(wrongModels.length).toBeGreaterThan(0)
    expect(wrongModels.length).toBeLessThan(models.length)
  })

  it('splits sentences of every script and drops list markers', () => {
    expect(sentencesOf('1. **Acme** is good. It was founded in 2011!\n- Acme について：2009年に創業。本社はベルリン。')).toEqual([
      '**Acme** is good.', 'It was founded in 2011!', 'Acme について：2009年に創業。', '本社はベルリン。',
    ])
  })

  it('judges the brand\'s sentences only, skipping opinions', () => {
    const answer = 'Acme is one of the best CRMs. Good to know about Acme: Founded in 2011. Zoho was founded in 1996. Acme has its head office in Munich. Acme offers a free plan.'
    expect(judge({ brand: 'Acme', alternativeNames: [], language: 'en', facts, answer }).claims).toEqual([
      { sentence: 'Good to know about Acme: Founded in 2011.', claim: 'Founded in 2011', label: 'contradicted', fact: 1 },
      { sentence: 'Acme has its head office in Munich.', claim: 'Acme has its head office in Munich', label: 'unverifiable', fact: 0 },
      { sentence: 'Acme offers a free plan.', claim: 'Acme offers a free plan', label: 'contradicted', fact: 3 },
    ])
  })
})
