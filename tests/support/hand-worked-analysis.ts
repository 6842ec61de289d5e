/**
 * A small completed analysis whose every figure was worked out by hand from the spec
 * (mention counting, ranking parsing and the scoring formulas), not by the code under test:
 * 3 queries, 2 models (Claude Sonnet 4 = id 3, ChatGPT 5 = id 8), 4 brands (own brand
 * Brooks; competitors Nike, Asics, Hoka) and six answers written here.
 *
 * The project, the analysis and its six answer texts are written straight into the
 * database (the run itself is not under test); the product then parses and aggregates
 * them through POST /api/analyses/{id}/rebuild-mentions ('Fix Missing Data'), which
 * re-parses every stored answer and stores the aggregate the results screens read.
 *
 * The answers keep to rules the spec leaves no doubt about:
 * - ranks come from numbered lists "1." .. "3." only (no ordinal words), one brand per
 *   item, named at the start of the item; a brand named outside every list is named in an
 *   introduction before the list, never only in a paragraph after it;
 * - a brand is named at most once per sentence; sentences end with ". " or a line break;
 * - sentiment words are only the unmistakable excellent, great, superb (+1) and poor,
 *   disappointing, terrible (-1); every other sentence naming a brand has no word of tone;
 * - traps: "ASICS" in capitals counts (case-insensitive), "www.hoka.com/..." does not
 *   (www links are ignored), and nothing under the "Sources:" heading counts (Nike there).
 *
 * Where the spec is silent the product's documented decision is used, and marked
 * "(product)": mentions are occurrences summed over the models shown; sentiment
 * percentages are shares of the sentences naming the brand; the score is the mean
 * sentence score; the Avg Ranking tile is the mean of the brands' combined ranks.
 */
import { signUp, sql, type Session } from './flows'

export const BRAND = 'Brooks'
export const COMPETITORS = ['Nike', 'Asics', 'Hoka'] as const
export const CLAUDE = 3
export const CHATGPT = 8
/** A fixed analysis date (never the wall clock). */
export const ANALYSIS_DATE = '2025-05-20'

export const QUERIES = [
  { query: 'best running shoes for flat feet', topic: 'Comfort' },
  { query: 'most comfortable marathon shoes', topic: 'Comfort' },
  { query: 'which running shoe brand lasts longest', topic: 'Durability' },
] as const

/** The six answers: [query index, model id, text]. */
export const ANSWERS: readonly { queryIndex: number; modelId: number; text: string; sources?: { url: string; title: string }[] }[] = [
  {
    // A1. Mentions Brooks 2, Asics 1, Nike 2. Ranks Brooks 1, Asics 2, Nike 3.
    queryIndex: 0,
    modelId: CLAUDE,
    text: [
      'Runners with flat feet usually need a shoe with a firm arch.',
      '',
      '1. Brooks Adrenaline GTS',
      '2. Asics Kayano',
      '3. Nike Structure',
      '',
      'Brooks has excellent arch support. The Nike Structure has a poor fit for wide feet.',
    ].join('\n'),
  },
  {
    // A2. Mentions Nike 1, Asics 1, Brooks 1. Ranks Asics 1, Brooks 2 (Nike only in the introduction: unranked).
    queryIndex: 0,
    modelId: CHATGPT,
    text: [
      'Nike also sells stability shoes for flat feet, but these two come up more often:',
      '',
      '1. Asics Kayano - a superb choice for overpronation.',
      '2. Brooks Adrenaline GTS',
    ].join('\n'),
  },
  {
    // A3. Mentions Hoka 2, Brooks 2, Asics 1. Ranks Hoka 1, Brooks 2, Asics 3.
    queryIndex: 1,
    modelId: CLAUDE,
    text: [
      '1. Hoka Bondi - great cushioning over 42 km.',
      '2. Brooks Glycerin - a soft ride, though the upper is disappointing.',
      '3. Asics Nimbus',
      '',
      'Hoka has grown quickly among marathon runners. Brooks updates the Glycerin every year.',
    ].join('\n'),
  },
  {
    // A4. Mentions Hoka 1, Nike 1, Brooks 1, Asics 1. Ranks Brooks 1, Asics 2.
    queryIndex: 1,
    modelId: CHATGPT,
    text: [
      'Hoka and Nike shoes also appear in many marathon guides.',
      '',
      '1. Brooks Glycerin - excellent cushioning that stays soft after 30 km.',
      '2. Asics Nimbus - a terrible fit for wide feet.',
    ].join('\n'),
  },
  {
    // A5. Prose only: no ranks. Mentions Brooks 2, ASICS 1, Hoka 1 (not the www link); Nike 0 (under Sources).
    queryIndex: 2,
    modelId: CLAUDE,
    text: [
      'Brooks and ASICS both use thick rubber outsoles. Many runners report that their Brooks trainers pass 800 km. ' +
        'Hoka midsoles compress sooner, which is disappointing at that price. See www.hoka.com/durability for the maker\'s own figures.',
      '',
      'Sources:',
      '- Nike running guide',
      '- https://www.runnersworld.com/brooks-vs-asics',
    ].join('\n'),
    sources: [{ url: 'https://www.runnersworld.com/brooks-vs-asics', title: "Runner's World: Brooks vs Asics" }],
  },
  {
    // A6. Mentions Brooks 2, Asics 1, Hoka 1. Ranks Hoka 1, Brooks 2.
    queryIndex: 2,
    modelId: CHATGPT,
    text: [
      'Durability depends on mileage and surface. Brooks publishes mileage guidance for each model. Asics was left out after disappointing test results.',
      '',
      '1. Hoka Clifton - superb outsole rubber that lasts.',
      '2. Brooks Ghost - great value over many miles.',
    ].join('\n'),
  },
]

// ----------------------------------------------------------------------------------------
// Per answer (API Data shows these; brands with 0 mentions and unranked brands are left out)

export const ANSWER_FIGURES = [
  { mentions: { Brooks: 2, Nike: 2, Asics: 1 }, rankings: { Brooks: 1, Asics: 2, Nike: 3 } }, // A1
  { mentions: { Nike: 1, Asics: 1, Brooks: 1 }, rankings: { Asics: 1, Brooks: 2 } }, // A2
  { mentions: { Hoka: 2, Brooks: 2, Asics: 1 }, rankings: { Hoka: 1, Brooks: 2, Asics: 3 } }, // A3
  { mentions: { Hoka: 1, Nike: 1, Brooks: 1, Asics: 1 }, rankings: { Brooks: 1, Asics: 2 } }, // A4
  { mentions: { Brooks: 2, Asics: 1, Hoka: 1 }, rankings: {} }, // A5
  { mentions: { Brooks: 2, Asics: 1, Hoka: 1 }, rankings: { Hoka: 1, Brooks: 2 } }, // A6
] as const

// ----------------------------------------------------------------------------------------
// Mentions (sums over the models shown, product)
//            Claude (A1+A3+A5)   ChatGPT (A2+A4+A6)   total
// Brooks     2+2+2 = 6           1+1+2 = 4            10
// Asics      1+1+1 = 3           1+1+1 = 3             6
// Hoka       0+2+1 = 3           0+1+1 = 2             5
// Nike       2+0+0 = 2           1+1+0 = 2             4
// all        14                  11                   25

export const MENTIONS = {
  /** Own brand first, then competitors by total mentions (6 > 5 > 4). */
  columns: ['Brooks', 'Asics', 'Hoka', 'Nike'],
  rows: [
    // Q0 = A1 + A2: Brooks 2+1, Asics 1+1, Hoka 0+0, Nike 2+1
    { query: QUERIES[0].query, counts: [3, 2, 0, 3], total: 8 },
    // Q1 = A3 + A4: Brooks 2+1, Asics 1+1, Hoka 2+1, Nike 0+1
    { query: QUERIES[1].query, counts: [3, 2, 3, 1], total: 9 },
    // Q2 = A5 + A6: Brooks 2+2, Asics 1+1, Hoka 1+1, Nike 0+0
    { query: QUERIES[2].query, counts: [4, 2, 2, 0], total: 8 },
  ],
  totals: [10, 6, 5, 4],
  /** 10/25, 6/25, 5/25, 4/25 of all mentions. */
  percents: [40, 24, 20, 16],
  grandTotal: 25,
}

// ----------------------------------------------------------------------------------------
// Share of Model: a brand's mentions / all brands' mentions, per model and combined (1 decimal)

export const SHARE = {
  /** Rows ranked by combined share. Models without answers show no value (null). */
  rows: [
    // Claude 6/14 = 42.86, ChatGPT 4/11 = 36.36, combined 10/25 = 40
    { name: 'Brooks', claude: 42.9, chatgpt: 36.4, combined: 40 },
    // 3/14 = 21.43, 3/11 = 27.27, 6/25 = 24
    { name: 'Asics', claude: 21.4, chatgpt: 27.3, combined: 24 },
    // 3/14 = 21.43, 2/11 = 18.18, 5/25 = 20
    { name: 'Hoka', claude: 21.4, chatgpt: 18.2, combined: 20 },
    // 2/14 = 14.29, 2/11 = 18.18, 4/25 = 16
    { name: 'Nike', claude: 14.3, chatgpt: 18.2, combined: 16 },
  ],
}

// ----------------------------------------------------------------------------------------
// Ranks. Per model: mean of the ranks over the queries that ranked the brand (1 decimal).
// Combined: mean of the non-zero model ranks. Visibility: rounded share of the six
// card models that ranked the brand, here at most 2/6.
//            Claude (Q0, Q1, Q2)        ChatGPT (Q0, Q1, Q2)        combined        visibility
// Brooks     1, 2, - -> 1.5             2, 1, 2 -> 5/3 = 1.7        (1.5+1.7)/2 = 1.6   2/6 = 33%
// Asics      2, 3, - -> 2.5             1, 2, - -> 1.5              (2.5+1.5)/2 = 2.0   33%
// Nike       3, -, - -> 3.0             -, -, - -> N/A              3.0                 1/6 = 17%
// Hoka       -, 1, - -> 1.0             -, -, 1 -> 1.0              1.0                 33%
// (Brooks's combined rank is 1.6 from the unrounded 1.6667 too: (1.5+1.6667)/2 = 1.58.)

export const BRAND_RANK = {
  /** Own brand first, then by combined rank, best first. */
  rows: [
    { name: 'Brooks', claude: 1.5, chatgpt: 1.7, combined: 1.6, visibility: 33 },
    { name: 'Hoka', claude: 1, chatgpt: 1, combined: 1, visibility: 33 },
    { name: 'Asics', claude: 2.5, chatgpt: 1.5, combined: 2, visibility: 33 },
    { name: 'Nike', claude: 3, chatgpt: null, combined: 3, visibility: 17 },
  ],
}

/** Query Rank for Brooks (the default brand) and for Nike: per query, the rank per model, their mean and visibility. */
export const QUERY_RANK = {
  Brooks: [
    { query: QUERIES[0].query, claude: 1, chatgpt: 2, combined: 1.5, visibility: 33 }, // (1+2)/2, 2/6
    { query: QUERIES[1].query, claude: 2, chatgpt: 1, combined: 1.5, visibility: 33 }, // (2+1)/2, 2/6
    { query: QUERIES[2].query, claude: null, chatgpt: 2, combined: 2, visibility: 17 }, // only ChatGPT ranked it, 1/6
  ],
  Nike: [
    { query: QUERIES[0].query, claude: 3, chatgpt: null, combined: 3, visibility: 17 },
    { query: QUERIES[1].query, claude: null, chatgpt: null, combined: null, visibility: 0 },
    { query: QUERIES[2].query, claude: null, chatgpt: null, combined: null, visibility: 0 },
  ],
}

// ----------------------------------------------------------------------------------------
// Overview tiles

export const OVERVIEW = {
  totalMentions: 25, // 14 + 11
  brandsWithMentions: 4, // all four have mentions
  averageRank: 1.9, // mean of the combined ranks (product): (1.6 + 2.0 + 3.0 + 1.0) / 4 = 7.6 / 4
  brandsRanked: 4,
  ownShare: 40, // 'YOU 40%': Brooks 10 of 25 mentions
  ownRankPosition: 2, // 'RANK #2': only Hoka (1.0) ranks ahead of Brooks (1.6)
}

/** The Claude-only view (model=claude): Claude's answers alone. */
export const CLAUDE_ONLY = {
  totalMentions: 14, // 6 + 3 + 3 + 2
  averageRank: 2, // (1.5 + 2.5 + 3.0 + 1.0) / 4 = 8 / 4
  brandsRanked: 4,
  brooks: { combined: 1.5, visibility: 17 }, // one model: 1/6
}

/** The ChatGPT-only view (model=gpt41). */
export const CHATGPT_ONLY = {
  totalMentions: 11, // 4 + 3 + 2 + 2
  averageRank: 1.4, // (1.7 + 1.5 + 1.0) / 3 = 4.2 / 3; Nike unranked
  brandsRanked: 3,
}

/** Topic filter Durability (Q2 only): Filtered 1/3 queries. */
export const DURABILITY_ONLY = {
  queryCounts: { included: 1, total: 3 },
  // Brooks: Claude unranked (prose), ChatGPT 2 -> 2.0, 1/6; Hoka: ChatGPT 1; Asics, Nike unranked
  // (own brand first, then Hoka; the two unranked brands last, in an order the spec does not set)
  rows: [
    { name: 'Brooks', combined: 2, visibility: 17 },
    { name: 'Hoka', combined: 1, visibility: 17 },
    { name: 'Asics', combined: null, visibility: 0 },
    { name: 'Nike', combined: null, visibility: 0 },
  ],
}

/** Topics tab: combined share and rank per topic (groups by name). */
export const TOPICS = {
  Comfort: {
    // Q0 + Q1: 8 + 9 = 17 mentions. Brooks 3+3, Asics 2+2, Hoka 0+3, Nike 3+1
    shares: { Brooks: 35.3, Asics: 23.5, Hoka: 17.6, Nike: 23.5 }, // 6/17, 4/17, 3/17, 4/17
    // Brooks Claude (1+2)/2, ChatGPT (2+1)/2 -> 1.5; Asics Claude (2+3)/2 = 2.5, ChatGPT (1+2)/2 = 1.5 -> 2.0;
    // Hoka Claude 1 -> 1.0; Nike Claude 3 -> 3.0
    ranks: { Brooks: 1.5, Asics: 2, Hoka: 1, Nike: 3 },
  },
  Durability: {
    // Q2: 8 mentions. Brooks 4, Asics 2, Hoka 2, Nike 0
    shares: { Brooks: 50, Asics: 25, Hoka: 25, Nike: 0 },
    ranks: { Brooks: 2, Asics: null, Hoka: 1, Nike: null },
  },
}

// ----------------------------------------------------------------------------------------
// Sentiment: every sentence naming the brand scores +1 per positive and -1 per negative
// word; percentages are the shares of those sentences, the score their mean (product),
// clamped to -1..+1, 2 decimals. Label: positive from +0.1, negative from -0.1 (product).
//
// Brooks, 10 sentences: A1 "1. Brooks Adrenaline GTS" 0, "Brooks has excellent arch support." +1;
//   A2 list line 0; A3 "...though the upper is disappointing." -1, "Brooks updates the Glycerin every year." 0;
//   A4 "...excellent cushioning..." +1; A5 two sentences 0, 0; A6 "Brooks publishes..." 0, "...great value..." +1
//   -> 3 positive, 6 neutral, 1 negative = 30% / 60% / 10%; score (3 - 1) / 10 = +0.20
// Asics, 6 sentences: A1 0, A2 "superb" +1, A3 0, A4 "terrible" -1, A5 0, A6 "disappointing" -1
//   -> 1 / 3 / 2 = 16.7% / 50% / 33.3% -> 17 / 50 / 33; score -1 / 6 = -0.17
// Hoka, 5 sentences: A3 "great" +1, A3 0, A4 0, A5 "disappointing" -1, A6 "superb" +1
//   -> 2 / 2 / 1 = 40 / 40 / 20; score 1 / 5 = +0.20
// Nike, 4 sentences: A1 list line 0, A1 "poor" -1, A2 0, A4 0 (Sources of A5 not counted)
//   -> 0 / 3 / 1 = 0 / 75 / 25; score -1 / 4 = -0.25

export const SENTIMENT = {
  /** Own brand first, then by number of sentences. */
  rows: [
    { name: 'Brooks', positive: 30, neutral: 60, negative: 10, score: 0.2, label: 'positive', mentions: 10 },
    { name: 'Asics', positive: 17, neutral: 50, negative: 33, score: -0.17, label: 'negative', mentions: 6 },
    { name: 'Hoka', positive: 40, neutral: 40, negative: 20, score: 0.2, label: 'positive', mentions: 5 },
    { name: 'Nike', positive: 0, neutral: 75, negative: 25, score: -0.25, label: 'negative', mentions: 4 },
  ],
  /** Brooks's words: excellent (A1, A4), great (A6); disappointing (A3). */
  ownPositiveWords: ['excellent', 'great'],
  ownNegativeWords: ['disappointing'],
}

/**
 * Sentiment Detail for Brooks: one card per query with the statements that carry a tone
 * (a statement from a list item may keep or drop its list number: the spec does not say).
 */
export const SENTIMENT_DETAIL = {
  Brooks: [
    { query: QUERIES[0].query, statements: [{ polarity: 'positive', sentence: 'Brooks has excellent arch support.', words: ['excellent'], score: 1, modelId: CLAUDE }] },
    {
      query: QUERIES[1].query,
      statements: [
        { polarity: 'positive', sentence: 'Brooks Glycerin - excellent cushioning that stays soft after 30 km.', words: ['excellent'], score: 1, modelId: CHATGPT },
        { polarity: 'negative', sentence: 'Brooks Glycerin - a soft ride, though the upper is disappointing.', words: ['disappointing'], score: -1, modelId: CLAUDE },
      ],
    },
    { query: QUERIES[2].query, statements: [{ polarity: 'positive', sentence: 'Brooks Ghost - great value over many miles.', words: ['great'], score: 1, modelId: CHATGPT }] },
  ],
  Nike: [{ query: QUERIES[0].query, statements: [{ polarity: 'negative', sentence: 'The Nike Structure has a poor fit for wide feet.', words: ['poor'], score: -1, modelId: CLAUDE }] }],
} as const

// ----------------------------------------------------------------------------------------
// Seeding

export interface HandWorkedAnalysis {
  owner: Session & { userId: number; email: string }
  projectId: number
  projectName: string
  analysisId: number
}

/**
 * A new owner, the project and the completed analysis with its six answers, written into
 * the database; the product parses and aggregates them via 'Fix Missing Data'.
 */
export async function seedHandWorkedAnalysis(): Promise<HandWorkedAnalysis> {
  const owner = await signUp()
  const db = await sql()
  const projectName = `Hand-worked running shoes ${owner.userId}`
  const brands = {
    brand: { name: BRAND, alternativeNames: [], domains: [] },
    competitors: COMPETITORS.map((name) => ({ name, alternativeNames: [], domains: [] })),
  }
  const snapshot = QUERIES.map((q, index) => ({ index, query: q.query, topic: q.topic, audience: null, audienceContext: null }))
  const analysisId = await db.begin(async (tx) => {
    const [project] = await tx<{ id: number }[]>`
      insert into projects (user_id, name, brand_domain, market_description, market_region, language, brand_details)
      values (${owner.userId}, ${projectName}, ${BRAND}, 'running shoes for road runners', 'United Kingdom', 'en-GB',
        ${tx.json({ alternativeNames: [], domains: [] })})
      returning id`
    await tx`insert into project_competitors ${tx(COMPETITORS.map((name, position) => ({ project_id: project.id, position, name })))}`
    await tx`insert into project_queries ${tx(QUERIES.map((q, position) => ({ project_id: project.id, position, query: q.query, topic: q.topic })))}`
    await tx`insert into topics ${tx([
      { project_id: project.id, id: 'comfort', position: 0, name: 'Comfort', relevance: 8, is_selected: true },
      { project_id: project.id, id: 'durability', position: 1, name: 'Durability', relevance: 6, is_selected: true },
    ])}`
    const [analysis] = await tx<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
      values (${project.id}, ${owner.userId}, 'completed', ${ANALYSIS_DATE}, ${[CLAUDE, CHATGPT]}::int[], 1, ${tx.json(snapshot)}, ${tx.json(brands)}, now())
      returning id`
    await tx`insert into api_responses ${tx(
      ANSWERS.map((a) => ({
        analysis_id: analysis.id,
        model_id: a.modelId,
        query_index: a.queryIndex,
        sample: 1,
        query: QUERIES[a.queryIndex].query,
        response: a.text,
        ok: true,
        sources: tx.json(a.sources ?? []),
        model_name: a.modelId === CLAUDE ? 'Claude Sonnet 4' : 'ChatGPT 5',
      })),
    )}`
    return analysis.id
  })
  const [{ id: projectId }] = await db<{ id: number }[]>`select project_id as id from analyses where id = ${analysisId}`
  const rebuilt = await owner.json(`/api/analyses/${analysisId}/rebuild-mentions`, { method: 'POST', json: {} })
  if (rebuilt.status !== 200) throw new Error(`rebuild-mentions failed: ${rebuilt.status} ${JSON.stringify(rebuilt.body)}`)
  if (rebuilt.body.updatedResponses !== ANSWERS.length) throw new Error(`rebuild-mentions re-parsed ${rebuilt.body.updatedResponses} answers, not ${ANSWERS.length}`)
  return { owner, projectId, projectName, analysisId }
}

/** The loader JSON of the home route (the results view) for the owner, as the browser receives it. */
export async function resultsJson(s: Session, params: Record<string, string | number>): Promise<any> {
  const qs = new URLSearchParams({ phase: '2', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), _data: 'routes/_index' })
  const res = await s.json(`/?${qs}`)
  if (res.status !== 200) throw new Error(`results loader answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`)
  return res.body.results
}
