import { accuracyRows, alertMessage, answerSources, groupAccuracy, newContradictions, type ClaimDetail, type ClaimRow } from './accuracy'

const names: Record<number, string> = { 3: 'Claude Sonnet 4', 8: 'ChatGPT 5' }
const modelName = (id: number) => names[id]
const facts = [
  { id: 1, statement: 'Founded in 2009.', sourceUrl: 'https://acme.example/about' },
  { id: 2, statement: 'Headquartered in Berlin.', sourceUrl: null },
]
const row = (analysisId: number, modelId: number, factId: number, claim: string, createdAt: string): ClaimRow => ({
  analysisId, modelId, factId, factStatement: facts.find((f) => f.id === factId)!.statement, claim, sentence: `Acme: ${claim}.`, createdAt,
})
// Analysis 10 (1 March): ChatGPT says 2011. Analysis 11 (3 March): ChatGPT says 2011 twice (again), Claude says 2010 (new),
// ChatGPT says Munich (new).
const history = [
  row(10, 8, 1, 'Founded in 2011', '2026-03-01T08:00:00Z'),
  row(11, 8, 1, 'founded in 2011', '2026-03-03T08:00:00Z'),
  row(11, 8, 1, 'Founded in 2011', '2026-03-03T08:00:00Z'),
  row(11, 3, 1, 'Founded in 2010', '2026-03-03T08:00:00Z'),
  row(11, 8, 2, 'Headquartered in Munich', '2026-03-03T08:00:00Z'),
]
const detail = (r: ClaimRow, responseId: number, query: string): ClaimDetail => ({ ...r, responseId, query, sample: 1, sources: [{ url: 'https://wiki.example/acme', title: 'Acme', domain: 'wiki.example' }] })
const current = [detail(history[1], 101, 'best crm'), detail(history[2], 102, 'crm for startups'), detail(history[3], 103, 'best crm'), detail(history[4], 104, 'crm in germany')]

describe('the Accuracy view', () => {
  it('groups by fact, most contradicted first, then by claim and model, with first/last seen and new', () => {
    const out = groupAccuracy(current, history, facts, 11, modelName)
    // Fact 1: 3 contradictions (ChatGPT 2 answers, Claude 1); fact 2: 1.
    expect(out.map((f) => [f.fact, f.contradictions])).toEqual([['Founded in 2009.', 3], ['Headquartered in Berlin.', 1]])
    expect(out[0].sourceUrl).toBe('https://acme.example/about')
    expect(out[0].byModel).toEqual([{ modelId: 8, model: 'ChatGPT 5', claims: 2 }, { modelId: 3, model: 'Claude Sonnet 4', claims: 1 }])
    // "founded in 2011" and "Founded in 2011" are one claim: seen 1 March (analysis 10) and 3 March, so not new.
    expect(out[0].claims.map((c) => [c.model, c.claim, c.answers.map((a) => a.responseId), c.firstSeen, c.lastSeen, c.isNew])).toEqual([
      ['ChatGPT 5', 'founded in 2011', [101, 102], '2026-03-01', '2026-03-03', false],
      ['Claude Sonnet 4', 'Founded in 2010', [103], '2026-03-03', '2026-03-03', true],
    ])
    expect(out[1].claims[0]).toMatchObject({ model: 'ChatGPT 5', isNew: true, answers: [{ query: 'crm in germany', sources: [{ domain: 'wiki.example' }] }] })
  })

  it('finds the new contradictions once each and words the alert', () => {
    const fresh = newContradictions(history, 11)
    expect(fresh).toEqual([
      { factStatement: 'Founded in 2009.', modelId: 3, claim: 'Founded in 2010' },
      { factStatement: 'Headquartered in Berlin.', modelId: 8, claim: 'Headquartered in Munich' },
    ])
    expect(alertMessage('Acme', fresh, modelName)).toBe('New wrong claim about Acme: Claude Sonnet 4 says "Founded in 2010" (fact: "Founded in 2009.") and 1 more.')
    expect(newContradictions(history, 10)).toHaveLength(1)
  })

  it('exports one row per answer behind a contradicted claim', () => {
    const rows = accuracyRows(groupAccuracy(current, history, facts, 11, modelName))
    expect(rows).toHaveLength(1 + 4)
    expect(rows[1]).toEqual(['Founded in 2009.', 'ChatGPT 5', 'founded in 2011', 'best crm', '1', 'Acme: founded in 2011.', 'https://wiki.example/acme', '2026-03-01', '2026-03-03', 'no'])
  })

  it('lists an answer\'s cited sites once, citations first', () => {
    expect(answerSources([{ url: 'https://www.a.example/x', title: 'A' }], [{ url: 'https://www.a.example/x' }, { url: 'https://b.example/' }, { nope: 1 }])).toEqual([
      { url: 'https://www.a.example/x', title: 'A', domain: 'a.example' },
      { url: 'https://b.example/', title: null, domain: 'b.example' },
    ])
  })
})
