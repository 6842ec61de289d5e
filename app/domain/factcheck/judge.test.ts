import { acceptClaims, judgePrompt, judgeReplySchema, parseJudgePrompt, MAX_CLAIMS_PER_ANSWER } from './judge'

const answer = 'Acme is a CRM.\n\n1. **Acme** – Good to know about Acme: founded in 2011. It is popular.'

describe('the judge task', () => {
  it('carries its input after the marker, which the simulator reads back', () => {
    const input = { brand: 'Acme', alternativeNames: ['Acme Inc'], language: 'de-DE', facts: ['Founded in 2009.'], answer }
    expect(parseJudgePrompt(judgePrompt(input))).toEqual(input)
    expect(parseJudgePrompt('best CRM for startups')).toBeNull()
  })

  it('refuses a reply with an unknown label or an extra field (strict schema)', () => {
    expect(judgeReplySchema.safeParse({ claims: [{ sentence: 'x', claim: 'y', label: 'wrong', fact: 1 }] }).success).toBe(false)
    expect(judgeReplySchema.safeParse({ claims: [], note: 'extra' }).success).toBe(false)
    expect(judgeReplySchema.safeParse({ claims: [{ sentence: 'x', claim: 'y', label: 'supported', fact: 1.5 }] }).success).toBe(false)
  })

  it('keeps claims whose quote is in the answer (spacing aside) and whose fact exists; once each', () => {
    const reply = judgeReplySchema.parse({
      claims: [
        { sentence: '**Acme** – Good to know about Acme:  founded in 2011.', claim: 'founded in 2011', label: 'contradicted', fact: 1 },
        { sentence: '**Acme** – Good to know about Acme: founded in 2011.', claim: 'founded in 2011', label: 'contradicted', fact: 1 },
        { sentence: 'Acme was founded in 1999.', claim: 'founded in 1999', label: 'contradicted', fact: 1 },
        { sentence: 'Acme is a CRM.', claim: 'a CRM', label: 'supported', fact: 3 },
        { sentence: 'Acme is a CRM.', claim: 'a CRM', label: 'unverifiable', fact: 7 },
      ],
    })
    const out = acceptClaims(reply, answer, 2)
    expect(out.claims).toEqual([
      { label: 'contradicted', claim: 'founded in 2011', sentence: '**Acme** – Good to know about Acme: founded in 2011.', factIndex: 0 },
      { label: 'unverifiable', claim: 'a CRM', sentence: 'Acme is a CRM.', factIndex: null },
    ])
    expect(out.problems).toEqual(['quote not in the answer: Acme was founded in 1999.', 'supported claim names fact 3 of 2'])
  })

  it('keeps at most MAX_CLAIMS_PER_ANSWER claims', () => {
    const text = Array.from({ length: 20 }, (_, i) => `Acme fact ${i}.`).join(' ')
    const reply = { claims: Array.from({ length: 20 }, (_, i) => ({ sentence: `Acme fact ${i}.`, claim: `fact ${i}`, label: 'unverifiable' as const, fact: 0 })) }
    expect(acceptClaims(reply, text, 1).claims).toHaveLength(MAX_CLAIMS_PER_ANSWER)
  })
})
