import { describe, expect, it } from 'vitest'
import { citationExplorer, shownExcerpts } from './citations'
import { defaultIdeatorLanguage, ideaScoreColour, scorePercent } from './constants'
import { buildGrounding, emptyGrounding, sentenceAbout } from './grounding'
import { ideatorPrompt, parseIdeatorPrompt } from './prompts'
import { generateContentRequest, generateIdeasRequest, IDEATOR_MESSAGES } from './requests'
import { ideatorJsonSchema, parseIdeatorReply } from './replies'

const brands = [
  { name: 'Brooks', alternativeNames: [], domains: ['brooksrunning.com'], isOwn: true },
  { name: 'Nike', alternativeNames: [], domains: ['nike.com'] },
  { name: 'Hoka', alternativeNames: [], domains: [] },
]

// ChatGPT ranks Nike 1, Hoka 2, Brooks 3; Claude ranks Hoka 1 and leaves Brooks out.
const chatgpt = '1. Nike Pegasus is the most versatile daily trainer.\n2. Hoka Clifton has the softest ride.\n3. Brooks Ghost is a reliable choice.'
const claude = '1. Hoka Bondi is the best for long runs because of its cushioning.\n2. Nike Invincible is bouncy.'

describe('buildGrounding', () => {
  const g = buildGrounding({
    scope: 'query',
    analysisId: 7,
    analysisDate: '2025-05-20',
    brands,
    language: 'en-GB',
    answers: [
      { modelName: 'ChatGPT 5', query: 'q', response: chatgpt, citations: [{ url: 'https://www.runnersworld.com/a', title: 'Best shoes' }], sources: [{ url: 'https://www.runnersworld.com/a' }] },
      { modelName: 'Claude Sonnet 4', query: 'q', response: claude, citations: [{ url: 'https://www.nike.com/x' }, { url: 'https://www.runnersworld.com/b' }], sources: [] },
    ],
    insightCitations: [[{ url: 'https://www.runnersworld.com/c' }]],
  })

  it('lists the competitors ranked above the brand, most answers first, with the answer sentence about each', () => {
    // Nike: ChatGPT #1 (< 3) and Claude #2 (Brooks unranked) → 2 answers; Hoka: ChatGPT #2 and Claude #1 → 2 answers, best rank 1 vs Nike's 1 → name order.
    expect(g.competitorsAbove.map((c) => `${c.name}/${c.model}/${c.rank}/${c.brandRank}`)).toEqual([
      'Hoka/Claude Sonnet 4/1/null',
      'Hoka/ChatGPT 5/2/3',
      'Nike/ChatGPT 5/1/3',
      'Nike/Claude Sonnet 4/2/null',
    ])
    expect(g.competitorsAbove[0].why).toBe('Hoka Bondi is the best for long runs because of its cushioning.')
    expect(g.competitorsAbove[2].why).toBe('Nike Pegasus is the most versatile daily trainer.')
  })

  it('counts sources once per answer or insight and classifies them', () => {
    // runnersworld.com: ChatGPT (a, once though cited and sourced), Claude (b), insight (c) = 3; nike.com: 1.
    expect(g.sources).toEqual([
      { domain: 'runnersworld.com', type: 'Earned', citations: 3, title: 'Best shoes' },
      { domain: 'nike.com', type: 'Competitor', citations: 1, title: null },
    ])
  })

  it('numbers the gaps: competitors ahead, models leaving the brand out, sources', () => {
    expect(g.gaps.map((x) => `${x.id} ${x.kind}`)).toEqual(['gap-1 competitor-ahead', 'gap-2 competitor-ahead', 'gap-3 not-mentioned', 'gap-4 source', 'gap-5 source'])
    expect(g.gaps[1].text).toBe('Nike is ranked above Brooks by ChatGPT 5 (#1 vs #3), Claude Sonnet 4 (#2 vs not ranked) for this query')
    expect(g.gaps[2].text).toBe('Brooks is not mentioned by Claude Sonnet 4 for this query')
    expect(g.gaps[3].text).toBe('runnersworld.com (Earned) is cited 3 times for this query; no Brooks page is cited')
    expect(g.answers.map((a) => [a.model, a.brandRank, a.brandMentions])).toEqual([['ChatGPT 5', 3, 1], ['Claude Sonnet 4', null, 0]])
  })

  it('has one gap without an analysis, and a lead gap when nothing is ahead', () => {
    expect(emptyGrounding('Brooks').gaps).toHaveLength(1)
    const lead = buildGrounding({ scope: 'project', analysisId: 1, analysisDate: '2025-01-01', brands, answers: [{ modelName: 'X', query: 'q', response: '1. Brooks Ghost\n2. Nike Pegasus', citations: [], sources: [] }], insightCitations: [] })
    expect(lead.gaps).toEqual([{ id: 'gap-1', kind: 'lead', text: 'Brooks leads across the analysis: no competitor is ranked above it' }])
  })

  it('finds the sentence about a brand in markdown', () => {
    expect(sentenceAbout('Intro. **Nike** makes [fast](https://x.y) shoes [1]. Other.', brands[1])).toBe('Nike makes fast shoes .')
  })
})

describe('citationExplorer', () => {
  const cite = (url: string, domain: string, snippet?: string, position = 1) => ({ url, domain, snippet, position })
  const out = citationExplorer([
    {
      query: 'trail shoes',
      modelId: 6,
      citations: [
        cite('https://a.com/1', 'a.com', 'The first relevant excerpt here.', 1),
        cite('https://a.com/1', 'a.com', 'A second, longer relevant excerpt from the page.', 1),
        cite('https://a.com/1', 'a.com', 'A third relevant excerpt of a.com.', 1),
        cite('https://b.com/1', 'b.com', 'b.com', 2),
        cite('https://c.com/1', 'c.com', 'Only one relevant excerpt.', 3),
      ],
      sources: [],
    },
    { query: 'Best shoes', modelId: 8, citations: [cite('https://c.com/1', 'c.com', 'too short')], sources: [] },
  ])

  it('sorts queries alphabetically, drops citations without a relevant excerpt, ranks by excerpts', () => {
    expect(out.map((q) => q.query)).toEqual(['Best shoes', 'trail shoes'])
    expect(out[0].citations).toEqual([])
    expect(out[1].citations.map((c) => c.domain)).toEqual(['a.com', 'c.com'])
    expect(out[1].citations[0].excerpts[0]).toBe('A second, longer relevant excerpt from the page.')
    expect(out[1].citations[0].models).toEqual(['Gemini 2.5 Flash'])
    expect(shownExcerpts(out[1].citations[0].excerpts)).toEqual({ shown: out[1].citations[0].excerpts.slice(0, 2), more: 1 })
  })

  it('keeps the top 5 per query', () => {
    const many = citationExplorer([{ query: 'q', modelId: 6, citations: Array.from({ length: 7 }, (_, i) => cite(`https://d${i}.com/`, `d${i}.com`, `Relevant excerpt number ${i} here.`, i + 1)), sources: [] }])
    expect(many[0].citations.map((c) => c.domain)).toEqual(['d0.com', 'd1.com', 'd2.com', 'd3.com', 'd4.com'])
  })
})

describe('requests', () => {
  it('answers with the texts users see', () => {
    const custom = generateIdeasRequest.safeParse({ projectId: 1, query: '  ', isCustomQuery: true })
    expect(custom.success || custom.error.issues[0].message).toBe(IDEATOR_MESSAGES.noCustomQuery)
    const project = generateIdeasRequest.safeParse({ projectId: 1 })
    expect(project.success || project.error.issues[0].message).toBe(IDEATOR_MESSAGES.noQuerySelected)
    const none = generateContentRequest.safeParse({ projectId: 1, query: 'q', selectedIdeas: [] })
    expect(none.success || none.error.issues[0].message).toBe(IDEATOR_MESSAGES.noIdeasSelected)
  })

  it('defaults content type and language, and reads "none" as no audience', () => {
    const ok = generateIdeasRequest.parse({ projectId: '3', query: 'best shoes', audienceId: 'none' })
    // The language is the project's unless given: the server fills it in, British English for an English project.
    expect(ok).toMatchObject({ projectId: 3, contentType: 'blog-post', audienceId: null, isCustomQuery: false })
    expect(ok.language).toBeUndefined()
    expect(defaultIdeatorLanguage('en-GB')).toBe('british-english')
    expect(generateIdeasRequest.safeParse({ projectId: 1, query: 'q', contentType: 'poem' }).success).toBe(false)
  })
})

describe('scores and prompts', () => {
  it('colours idea scores: 80 green, 60 yellow, 40 orange, else red', () => {
    expect([80, 79, 60, 59, 40, 39].map(ideaScoreColour)).toEqual(['green', 'yellow', 'yellow', 'orange', 'orange', 'red'])
    expect(scorePercent(0.805)).toBe(81)
  })

  it('round-trips a prompt and derives a strict JSON schema', () => {
    const g = emptyGrounding('Brooks')
    const p = ideatorPrompt({ task: 'ideas', query: 'best shoes', brand: 'Brooks', brandDomain: 'brooksrunning.com', contentType: 'article', language: 'formal-english', audience: null, userBrief: 'Keep it short', grounding: g })
    const back = parseIdeatorPrompt(p.prompt)
    expect(back).toMatchObject({ task: 'ideas', query: 'best shoes', brand: 'Brooks', brandDomain: 'brooksrunning.com', contentType: 'article', language: 'formal-english', audience: null, userBrief: 'Keep it short', grounding: g })
    expect(ideatorJsonSchema('score')).toMatchObject({ type: 'object', required: ['scores'] })
    expect(parseIdeatorReply('content', { content: '' }).ok).toBe(false)
  })
})

describe('failure texts', () => {
  it('puts the status and the body as received in the ideas text, and never a detail in the content text', () => {
    expect(IDEATOR_MESSAGES.ideasFailedStatus(502, '{"error":"Failed to generate content ideas"}')).toBe('Failed to generate content ideas: 502 {"error":"Failed to generate content ideas"}')
    expect(IDEATOR_MESSAGES.ideasFailedStatus(500, '')).toBe('Failed to generate content ideas: 500')
    expect(IDEATOR_MESSAGES.contentFailed).toBe('Failed to generate content')
  })
})
