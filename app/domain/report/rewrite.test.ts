import { summaryText } from './summary-text'
import { summaryFacts } from './summary'
import { judgeRewrite, parseRewritePrompt, rewritePrompt, summaryWithRewrite, unknownFigures } from './rewrite'

describe('a rewritten summary may only use the computed figures', () => {
  const facts = summaryFacts({
    brand: 'Acme', date: '2025-05-20', answers: 12, share: { value: 40, x: 10, n: 25 }, visibility: { value: 50, x: 3, n: 6 },
    rank: { value: 1.6, spread: null }, position: 2, engineShares: [{ modelId: 3, share: 50 }, { modelId: 8, share: 30 }],
    brands: [{ name: 'Acme', isOwn: true, share: 40 }, { name: 'Rival', isOwn: false, share: 24 }], points: [], analysisId: 1, cited: [], queries: [],
  })
  const text = summaryText(facts, 'en').flatMap((s) => s.sentences).join(' ')

  it('accepts new wording around the same figures, in either decimal style', () => {
    expect(unknownFigures('Acme leads with 40 % of mentions, 16 points ahead of Rival (24 %); average rank 1,6.', text)).toEqual([])
  })

  it('names every figure that is not in the facts', () => {
    // 45 % and rank 1.4 appear nowhere in the computed summary (40 %, 1.6).
    expect(unknownFigures('Acme holds 45 % of mentions with an average rank of 1.4.', text)).toEqual([45, 1.4])
  })
})

describe("the rewrite's prompt, verdict and what the report shows", () => {
  const sections = [
    { heading: 'Where the brand stands', sentences: ['Acme holds 40% of the brand mentions (n = 25 mentions; 95 % interval 23.4–59.3 %).', 'Average rank 1.6.'] },
    { heading: 'Competitors', sentences: ['Top competitor Rival holds 24% of mentions.'] },
  ]
  const task = { lang: 'en' as const, brand: 'Acme', project: 'Acme shoes', sections }

  it('reads its task back from the prompt, whatever follows it', () => {
    expect(parseRewritePrompt(`${rewritePrompt(task)}\nReply as JSON.`)).toEqual(task)
    expect(parseRewritePrompt('Summarise this.')).toBeNull()
  })

  it('accepts one faithful paragraph per section, and refuses a figure the facts lack or a missing section', () => {
    const faithful = ['Acme leads with 40% of mentions (n = 25; interval 23.4–59.3 %) at an average rank of 1.6.', 'Rival trails at 24%.']
    expect(judgeRewrite(faithful, sections)).toEqual({ status: 'accepted', paragraphs: faithful })
    // 45 is nowhere in the facts.
    expect(judgeRewrite(['Acme holds 45% of mentions.', 'Rival trails at 24%.'], sections)).toEqual({ status: 'rejected', paragraphs: ['Acme holds 45% of mentions.', 'Rival trails at 24%.'], unknownFigures: [45] })
    expect(judgeRewrite(['Acme leads.'], sections)).toBeNull()
  })

  it('shows an accepted rewrite under the computed headings with a note, simulated when it was; a refused one falls back with a notice', () => {
    const record = { status: 'accepted' as const, paragraphs: ['Acme leads with 40% at rank 1.6.', 'Rival has 24%.'], unknownFigures: [], provider: 'openai', simulated: true }
    const shown = summaryWithRewrite(sections, 'en', record)
    expect(shown.summary).toEqual([{ heading: 'Where the brand stands', sentences: ['Acme leads with 40% at rank 1.6.'] }, { heading: 'Competitors', sentences: ['Rival has 24%.'] }])
    expect(shown.note).toEqual({ kind: 'rewritten', text: 'The wording of this summary was rewritten by a model (OpenAI) from the computed facts; every figure in it was checked against them. Simulated: in demo mode the built-in model simulator rewrote it, not a real AI model.' })
    // Stored as accepted but no longer faithful (the guard runs again): the computed summary and the notice.
    const stale = summaryWithRewrite(sections, 'en', { ...record, paragraphs: ['Acme has 41%.', 'Rival has 24%.'] })
    expect(stale.summary).toBe(sections)
    expect(stale.note).toEqual({ kind: 'rejected', text: "A model's rewrite of this summary was not used: it contained figures that are not among the computed facts (41). The computed summary is shown." })
    expect(summaryWithRewrite(sections, 'en', { ...record, status: 'rejected', unknownFigures: [97.3] }).note?.text).toContain('(97.3)')
    expect(summaryWithRewrite(sections, 'en', { ...record, status: 'pending', paragraphs: null })).toEqual({ summary: sections, note: null })
  })
})
