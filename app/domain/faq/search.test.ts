import { FAQ_ENTRIES } from './entries'
import { answerFaq, faqChatSchema, findFaqEntry, matchFaq } from './search'
import { FAQ_NO_MATCH, FAQ_NOT_SURE } from './texts'

describe('FAQ retrieval', () => {
  // Each question in a visitor's own words, and the entry a person reading the FAQ would pick.
  it.each([
    ['How long does it take to run an analysis?', 'duration'],
    ['which llms do you check', 'models'],
    ['Do you support Grok?', 'models'],
    ['how many questions can my project have', 'queries'],
    ['what is share of voice', 'share-of-model'],
    ['Can I download the results to Excel?', 'export'],
    ['is my data private?', 'data'],
    ['how do you count a brand mention', 'mentions'],
    ['how is the ranking position worked out', 'rank'],
    ['can my colleague see my project', 'sharing'],
    ['what does light mode do', 'light-mode'],
    ['which websites do the models cite', 'sources'],
    ['how do I log in with Microsoft', 'sign-in'],
    ['why is the data simulated', 'demo'],
    ['optimize my page for AI answers', 'optimiser'],
    ['Can I run it again tomorrow?', 'daily'],
  ])('%s → %s', (question, id) => {
    expect(findFaqEntry(question)?.id).toBe(id)
  })

  it('tolerates a typo in a longer word', () => {
    expect(findFaqEntry('what is sentimnet')?.id).toBe('sentiment')
  })

  it('finds nothing for a question of stop words only, or off topic', () => {
    expect(findFaqEntry('what is it?')).toBeNull()
    expect(findFaqEntry('???')).toBeNull()
    expect(findFaqEntry('recipe for banana bread')).toBeNull()
  })

  it('answers with the entry and cites it', () => {
    const a = answerFaq('How long does an analysis take?')
    expect(a.entry).toEqual({ id: 'duration', question: 'How long does an analysis take?' })
    expect(a.closest).toEqual([])
    expect(a.response).toBe(`${FAQ_ENTRIES.find((e) => e.id === 'duration')!.answer}\n\n(From the FAQ: “How long does an analysis take?”)`)
    expect(answerFaq('recipe for banana bread')).toEqual({ response: FAQ_NO_MATCH, entry: null, closest: [] })
  })

  it('is not sure when the best entry holds too few of the question\'s words, and offers the closest topics', () => {
    // "what counts as a query": the mentions entry holds "count" (counted), the queries entry "query"; half the words each.
    const m = matchFaq('what counts as a query?')
    expect(m.confident).toBeNull()
    expect(m.ranked.slice(0, 2).map((r) => r.entry.id).sort()).toEqual(['mentions', 'queries'])
    const a = answerFaq('what counts as a query?')
    expect(a.entry).toBeNull()
    expect(a.closest.map((t) => t.id)).toEqual(m.ranked.slice(0, 3).map((r) => r.entry.id))
    expect(a.response).toBe([FAQ_NOT_SURE, ...a.closest.map((t) => `- ${t.question}`)].join('\n'))
  })

  it('every example question finds its entry', () => {
    for (const e of FAQ_ENTRIES) for (const q of e.examples) expect(findFaqEntry(q)?.id, q).toBe(e.id)
  })

  it('every entry is found by its own question', () => {
    for (const e of FAQ_ENTRIES) expect(findFaqEntry(e.question)?.id, e.question).toBe(e.id)
  })

  it('validates the message: required, no control characters, at most 1,000 characters', () => {
    expect(faqChatSchema.safeParse({ message: '  hi  ' })).toEqual({ success: true, data: { message: 'hi' } })
    expect(faqChatSchema.safeParse({ message: '   ' }).error?.issues[0].message).toBe('Please type a question.')
    expect(faqChatSchema.safeParse({}).error?.issues[0].message).toBe('Please type a question.')
    expect(faqChatSchema.safeParse({ message: 'a\u0000b' }).error?.issues[0].message).toBe('Message must not contain control characters')
    expect(faqChatSchema.safeParse({ message: 'x'.repeat(1001) }).error?.issues[0].message).toBe('Message must be at most 1000 characters')
  })
})
