import {
  assembleQueries,
  audienceContextOf,
  audienceFailureText,
  audienceQueriesSchema,
  audiencesTopicsReplySchema,
  groupQueriesReplySchema,
  replyProblem,
  cleanAudiencesTopics,
  customTopicProblem,
  NO_AUDIENCES_MESSAGE,
  saveAudiencesSchema,
  spreadEvenly,
  topicQueriesSchema,
  topicQueryTotal,
  toSavedAudience,
  type QueryGroup,
} from '.'

const fields = { brandDomain: 'PayFlow', marketDescription: 'payroll software for small businesses', marketType: 'B2B' }

describe('spreadEvenly', () => {
  it('gives each group an equal share and the first groups the remainder', () => {
    // 40 over 3: 13 each is 39, one left over for the first group.
    expect(spreadEvenly(40, 3)).toEqual([14, 13, 13])
    // 20 over 6: 3 each is 18, two left over.
    expect(spreadEvenly(20, 6)).toEqual([4, 4, 3, 3, 3, 3])
    expect(spreadEvenly(5, 0)).toEqual([])
    expect(spreadEvenly(2, 4)).toEqual([1, 1, 0, 0])
  })
})

describe('topicQueryTotal', () => {
  it('is 5 per topic, at most maxQueries and 50, 20 in Light Mode', () => {
    expect(topicQueryTotal(3, 50, false)).toBe(15) // 3 × 5
    expect(topicQueryTotal(10, 50, false)).toBe(50) // 10 × 5 = 50
    expect(topicQueryTotal(10, 30, false)).toBe(30) // capped by maxQueries
    expect(topicQueryTotal(10, 50, true)).toBe(20) // light
  })
})

describe('cleanAudiencesTopics', () => {
  it('drops blanks and duplicates, sorts topics by relevance, puts need-based first and links topics to audiences', () => {
    const out = cleanAudiencesTopics({
      topics: [
        { name: 'Pricing', relevance: 7.6 },
        { name: '  HMRC   compliance ', relevance: 9 },
        { name: 'pricing', relevance: 3 },
        { name: '', relevance: 10 },
        { name: 'A topic name that is far longer than thirty chars', relevance: 42 },
        { name: 'Integrations', relevance: 'x' },
      ],
      audiences: [
        { name: 'Students', type: 'demographic', topics: ['Pricing'] },
        { name: 'Finance Manager', description: 'Signs off payroll', type: 'need-based', topics: ['hmrc compliance', 'Pricing', 'Unknown'] },
        { name: 'finance manager', type: 'need-based' },
        { name: '   ', type: 'need-based' },
      ],
    })
    // Relevance: 7.6 → 8; 9; 'x' → 5; 42 → 10 (clamped). Sorted: 10, 9, 8, 5.
    expect(out.topics.map((t) => [t.id, t.name, t.relevance])).toEqual([
      ['topic-1', 'A topic name that is far', 10],
      ['topic-2', 'HMRC compliance', 9],
      ['topic-3', 'Pricing', 8],
      ['topic-4', 'Integrations', 5],
    ])
    expect(out.audiences.map((a) => [a.id, a.name, a.type, a.topics])).toEqual([
      ['aud-1', 'Finance Manager', 'need-based', ['topic-2', 'topic-3']],
      ['aud-2', 'Students', 'demographic', ['topic-3']],
    ])
    expect(out.topics.find((t) => t.name === 'Pricing')!.audienceIds).toEqual(['aud-1', 'aud-2'])
    expect(out.topics.find((t) => t.name === 'HMRC compliance')!.audienceIds).toEqual(['aud-1'])
  })

  it('answers empty lists for a reply without audiences or topics', () => {
    expect(cleanAudiencesTopics({})).toEqual({ audiences: [], topics: [] })
  })
})

describe('assembleQueries', () => {
  const groups: QueryGroup[] = [
    { key: 'A1', count: 2, topic: null, audience: 'Finance Manager', audienceContext: 'Finance Manager: signs off payroll', topicChoices: ['Pricing'] },
    { key: 'A2', count: 2, topic: null, audience: 'Founder', audienceContext: 'Founder: hires fast', topicChoices: [] },
  ]

  it('gives each group its share, trims, de-duplicates and tags the audience context', () => {
    const out = assembleQueries(
      [
        { query: '  best payroll software for 50 employees UK ', group: 'A1', topic: 'pricing' },
        { query: 'BEST payroll software for 50 employees uk', group: 'A2' },
        { query: 'payroll software with HMRC RTI', group: 'A1', topic: 'Not a choice' },
        { query: 'cheapest payroll for startups', group: 'A2' },
        { query: 'payroll that scales with hiring', group: 'A2' },
      ],
      groups,
      4,
    )
    expect(out).toEqual([
      { query: 'best payroll software for 50 employees UK', topic: 'Pricing', audience: 'Finance Manager', audienceContext: 'Finance Manager: signs off payroll' },
      { query: 'payroll software with HMRC RTI', topic: null, audience: 'Finance Manager', audienceContext: 'Finance Manager: signs off payroll' },
      { query: 'cheapest payroll for startups', topic: null, audience: 'Founder', audienceContext: 'Founder: hires fast' },
      { query: 'payroll that scales with hiring', topic: null, audience: 'Founder', audienceContext: 'Founder: hires fast' },
    ])
  })

  it('tops up an under-served group from the extras of others, then untagged queries, up to the total', () => {
    const out = assembleQueries(
      [
        { query: 'q1', group: 'A1' },
        { query: 'q2', group: 'A1' },
        { query: 'q3', group: 'A1' },
        { query: 'q4', group: 'nope' },
        { query: 'q5', group: 'A2' },
      ],
      groups,
      5,
    )
    // A1 takes q1, q2 (its share) and then its extra q3 for A2's missing place; the untagged q4 fills the last place.
    expect(out.map((q) => [q.query, q.audience])).toEqual([
      ['q1', 'Finance Manager'],
      ['q2', 'Finance Manager'],
      ['q3', 'Finance Manager'],
      ['q5', 'Founder'],
      ['q4', null],
    ])
  })

  it("asks a topic's queries on behalf of its connected audiences in turn", () => {
    const topic: QueryGroup = { key: 'T1', count: 3, topic: 'Pricing', audience: null, audienceContext: null, rotate: [{ audience: 'CFO', audienceContext: 'CFO: budgets' }, { audience: 'Founder', audienceContext: 'Founder: hires fast' }] }
    const out = assembleQueries([{ query: 'a', group: 'T1' }, { query: 'b', group: 'T1' }, { query: 'c', group: 'T1' }], [topic], 3)
    expect(out.map((q) => [q.query, q.topic, q.audience])).toEqual([
      ['a', 'Pricing', 'CFO'],
      ['b', 'Pricing', 'Founder'],
      ['c', 'Pricing', 'CFO'],
    ])
  })

  it('never returns more than the total', () => {
    const raw = Array.from({ length: 30 }, (_, i) => ({ query: `q${i}`, group: i % 2 ? 'A1' : 'A2' }))
    expect(assembleQueries(raw, groups, 3)).toHaveLength(3)
  })
})

describe('schemas', () => {
  it('needs at least one audience, and says so', () => {
    const r = audienceQueriesSchema.safeParse({ ...fields, audiences: [] })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0].message).toBe(NO_AUDIENCES_MESSAGE)
  })

  it('refuses more than 10 topics, topic names over 30 characters and maxQueries over 50', () => {
    const topic = (i: number) => ({ id: `topic-${i}`, name: `Topic ${i}`, relevance: 5 })
    expect(topicQueriesSchema.safeParse({ ...fields, topics: Array.from({ length: 11 }, (_, i) => topic(i)) }).error!.issues[0].message).toBe('Select at most 10 topics')
    expect(topicQueriesSchema.safeParse({ ...fields, topics: [{ id: 't', name: 'x'.repeat(31) }] }).error!.issues[0].message).toBe('Topic name must be at most 30 characters')
    expect(topicQueriesSchema.safeParse({ ...fields, topics: [topic(1)], maxQueries: 51 }).error!.issues[0].message).toBe('maxQueries must be at most 50')
    const ok = topicQueriesSchema.parse({ ...fields, topics: [topic(1)] })
    expect(ok.maxQueries).toBe(50)
    expect(ok.marketRegion).toBe('')
    expect(ok.language).toBe('en-GB')
  })

  it('fills the saved-audience defaults', () => {
    const parsed = saveAudiencesSchema.parse({ projectId: '7', audiences: [{ name: 'Finance Manager' }] })
    expect(parsed.projectId).toBe(7)
    expect(parsed.audiences[0].llmBehavior).toEqual({ promptStyle: 'conversational', searchPatterns: [], languagePreferences: 'clear, concise', expectedOutputs: 'detailed analysis, recommendations' })
    expect(parsed.audiences[0].isAiGenerated).toBe(true)
    expect(parsed.audiences[0].isSelectedForAnalysis).toBe(false)
    expect(parsed.audiences[0].demographics).toEqual({ ageRange: '', location: '', occupation: '', income: '', education: '' })
  })
})

describe('toSavedAudience and helpers', () => {
  it('maps an audience onto the saved-audience payload', () => {
    const a = { id: 'custom-3', name: 'Founder', description: 'Hires fast', type: 'need-based' as const, topics: ['topic-1'], characteristics: 'Busy', searchBehavior: 'asks AI; reads G2', painPoints: 'HMRC fines, late pay', decisionFactors: 'price; support' }
    const s = toSavedAudience(a, { selected: true, region: 'UK', topicNames: ['Pricing'] })
    expect(s.isAiGenerated).toBe(false)
    expect(s.isSelectedForAnalysis).toBe(true)
    expect(s.psychographics).toEqual({ mindset: 'Busy', needs: ['Pricing'], painPoints: ['HMRC fines', 'late pay'], values: ['price', 'support'], behaviors: ['asks AI', 'reads G2'] })
    expect(s.demographics.location).toBe('UK')
    expect(audienceContextOf(a)).toBe('Founder: Hires fast')
  })

  it('checks a custom topic', () => {
    expect(customTopicProblem('   ', [])).toBe('Topic name cannot be empty')
    expect(customTopicProblem('x'.repeat(31), [])).toBe('Topic name must be at most 30 characters')
    expect(customTopicProblem(' pricing ', [{ name: 'Pricing' }])).toBe('This topic already exists')
    expect(customTopicProblem('Payroll for 50 staff', [{ name: 'Pricing' }])).toBeNull()
  })
})

describe('audienceFailureText', () => {
  const retry = " You can retry by clicking 'Generate Audiences & Topics' again."
  it('names the configuration issue, a topics failure, or the general failure', () => {
    expect(audienceFailureText('API configuration issue: OPENAI_API_KEY is not set (API key missing)')).toBe(`API configuration issue. Please contact support.${retry}`)
    expect(audienceFailureText('Failed to generate topics. Please try again or contact support if the issue persists.')).toBe(`Failed to generate topics. Please try again.${retry}`)
    expect(audienceFailureText('Invalid response from server - please try again')).toBe(`Failed to generate audiences and topics.${retry}`)
    expect(audienceFailureText('Failed to generate audiences and topics')).toBe(`Failed to generate audiences and topics.${retry}`)
  })
})

describe('reply schemas (zod, before cleaning)', () => {
  it('refuses a reply whose lists are missing or not lists, naming the field', () => {
    const none = audiencesTopicsReplySchema.safeParse({ topics: [] })
    expect(none.success).toBe(false)
    expect(replyProblem(none.error!)).toBe('audiences: missing')
    const notList = groupQueriesReplySchema.safeParse({ queries: 'best payroll software' })
    expect(replyProblem(notList.error!)).toBe('queries: expected a list')
    expect(audiencesTopicsReplySchema.safeParse('{"audiences": []}').success).toBe(false)
  })

  it('drops the items that do not fit and keeps the rest', () => {
    const r = audiencesTopicsReplySchema.parse({
      audiences: [{ name: 'Finance Manager', topics: ['Pricing'] }, { description: 'no name' }, 'Founder', { name: 'Founder', topics: 'Pricing' }, { name: 'Owner', topics: null, painPoints: null }],
      topics: [{ name: 'Pricing', relevance: 9 }, { name: 'Compliance', relevance: '7' }, { relevance: 3 }],
    })
    expect(r.audiences).toEqual([{ name: 'Finance Manager', topics: ['Pricing'] }, { name: 'Owner', topics: null, painPoints: null }])
    expect(r.topics).toEqual([{ name: 'Pricing', relevance: 9 }, { name: 'Compliance', relevance: '7' }])
    const q = groupQueriesReplySchema.parse({ queries: [{ query: 'best payroll', group: 'A1', topic: null }, { group: 'A1' }], brandDomains: ['payflow.example', 3] })
    expect(q).toEqual({ competitors: [], brandDomains: ['payflow.example'], queries: [{ query: 'best payroll', group: 'A1', topic: null }] })
  })
})

it('gives a topic without a relevance (null or blank) the middle relevance 5', () => {
  const out = cleanAudiencesTopics({ audiences: [{ name: 'Owner' }], topics: [{ name: 'Pricing', relevance: null }, { name: 'Tax', relevance: '' }, { name: 'Pensions', relevance: 0 }] })
  expect(out.topics.map((t) => [t.name, t.relevance])).toEqual([
    ['Pricing', 5],
    ['Tax', 5],
    ['Pensions', 0],
  ])
})
