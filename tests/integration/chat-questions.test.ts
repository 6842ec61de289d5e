/**
 * AI Chat in demo mode answers the question asked: questions of the five prompt categories, some
 * in German, French, Spanish and Japanese, each through the real app, Temporal, worker, gateway (Anthropic SDK)
 * and the simulator's Claude. Each must call the tool(s) that hold its figures (dataContext) and answer with the
 * figure it asks for, in its language. Every expected figure is worked out by hand from the pinned fixtures
 * (tests/support/hand-worked-analysis.ts, tests/support/hand-worked-sources.ts), in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetSimulator, sql, until, type Session } from '../support/flows'
import { CHATGPT, QUERIES, seedHandWorkedAnalysis } from '../support/hand-worked-analysis'
import { seedHandWorkedSources } from '../support/hand-worked-sources'
import { seedHandVolumes } from '../support/volume-fixtures'
import { CHATGPT_USER, CHROME, CLAUDEBOT, GPTBOT, logLine } from '../support/log-lines'

interface Seeded {
  owner: Session
  projectId: number
  analysisId: number
}
/** One owner and analysis per category: each user may ask 10 questions a minute (MODEL_CALLS_PER_USER_PER_MINUTE). */
const seeded = new Map<string, Seeded>()

beforeAll(async () => {
  await resetSimulator()
  for (const category of new Set(CASES.map(([c]) => c)))
    seeded.set(category, category === 'sources' ? await seedHandWorkedSources() : category === 'engines' ? await seedEngines() : await seedHandWorkedAnalysis())
}, 240_000)

/**
 * The hand-worked analysis with two engines added (the ChatGPT app, 14, and Google AI Overview, 11), their stored
 * parses written here, cited URLs on two ChatGPT 5 answers, and the hand volumes (tests/support/volume-fixtures.ts).
 *
 *   query  ChatGPT 5 (A2, A4, A6 as parsed)                 ChatGPT app                                       AI Overview
 *   Q0     Nike, Asics, Brooks; ranks Asics 1, Brooks 2     Brooks 1, Hoka 2                                  Brooks 1
 *          cites runnersworld.com                           cites runnersworld.com, reddit.com
 *   Q1     Hoka, Nike, Brooks, Asics; Brooks 1, Asics 2     Brooks 1, Nike 2; cites nike.com                  absent
 *          cites brooksrunning.com
 *   Q2     Brooks, Asics, Hoka; Hoka 1, Brooks 2            Hoka 1, Brooks 2, Asics 3                         Hoka (unranked)
 */
async function seedEngines(): Promise<Seeded> {
  const a = await seedHandWorkedAnalysis()
  const db = await sql()
  type Cell = { mentions: Record<string, number>; rankings: Record<string, number>; sources?: string[] }
  const app: Cell[] = [
    { mentions: { Brooks: 1, Hoka: 1 }, rankings: { Brooks: 1, Hoka: 2 }, sources: ['https://runnersworld.com/flat-feet', 'https://reddit.com/r/running'] },
    { mentions: { Brooks: 1, Nike: 1 }, rankings: { Brooks: 1, Nike: 2 }, sources: ['https://nike.com/marathon'] },
    { mentions: { Brooks: 1, Asics: 1, Hoka: 1 }, rankings: { Hoka: 1, Brooks: 2, Asics: 3 }, sources: [] },
  ]
  const overview: (Cell | null)[] = [{ mentions: { Brooks: 1 }, rankings: { Brooks: 1 } }, null, { mentions: { Hoka: 1 }, rankings: {} }]
  await db.begin(async (tx) => {
    await tx`update analyses set model_ids = ${[3, 8, 11, 14]}::int[] where id = ${a.analysisId}`
    for (const [q, url] of [[0, 'https://runnersworld.com/stability'], [1, 'https://brooksrunning.com/glycerin']] as const)
      await tx`update api_responses set sources = ${tx.json([{ url, title: url }])} where analysis_id = ${a.analysisId} and model_id = ${CHATGPT} and query_index = ${q}`
    const row = (modelId: number, q: number, text: string, cell: Cell | null) => ({
      analysis_id: a.analysisId, model_id: modelId, query_index: q, sample: 1, query: QUERIES[q].query, ok: true, response: text,
      mentions: tx.json(cell?.mentions ?? {}), rankings: tx.json(cell?.rankings ?? {}), parsed_data: tx.json(cell ? {} : { absent: true }),
      sources: tx.json((cell?.sources ?? []).map((url) => ({ url, title: url }))), model_name: modelId === 14 ? 'ChatGPT (app)' : 'Google AI Overview',
    })
    await tx`insert into api_responses ${tx([
      ...app.map((c, q) => row(14, q, `ChatGPT app answer ${q}`, c)),
      ...overview.map((c, q) => row(11, q, c ? `AI Overview ${q}` : '', c)),
    ])}`
  })
  await seedHandVolumes()
  return a
}
afterAll(async () => {
  await resetSimulator()
})

type Category = 'rankings' | 'queries' | 'competitive' | 'sources' | 'strategic' | 'engines'

const Q0 = 'best running shoes for flat feet'
const Q1 = 'most comfortable marathon shoes'
const Q2 = 'which running shoe brand lasts longest'

/** [category (sources: the hand-worked sources fixture, else the hand-worked analysis), question, tools the model must call, text the answer must contain, text it must not]. */
const CASES: [Category, string, string[], string[], string[]?][] = [
  // Rankings & Visibility. Brand Rank, Claude filter: Brooks 1.5, 1 of 6 models = 17%; Share of Model, Claude: 6/14 = 42.9%; Hoka ranks 1 on Claude.
  ['rankings', "What is my brand's visibility on Claude?", ['brand_metrics'], ['On Claude Sonnet 4, Brooks has an average rank of 1.5 and a visibility of 17%; its share of model there is 42.9%.', 'Hoka is the best-ranked brand there (1).'], ['|']],
  // Brooks: Claude (1+2)/2 = 1.5, ChatGPT (2+1+2)/3 = 1.7, combined 1.6, 2 of 6 models = 33%.
  ['rankings', 'How does my brand rank on each AI model?', ['brand_metrics'], ['1.5 on Claude Sonnet 4', '1.7 on ChatGPT 5', '(combined 1.6, visibility 33%)']],
  ['rankings', 'Which AI model ranks my brand best?', ['brand_metrics'], ['Claude Sonnet 4 ranks Brooks best, at 1.5.']],
  // Hoka: Claude 1 (A3), ChatGPT 1 (A6): no model ranks it worse.
  ['rankings', 'Which model ranks Hoka worst?', ['brand_metrics'], ['Hoka ranks 1 on every model that ranks it'], ['| Brand |']],
  // Nike: Claude 3 (A1); ChatGPT never ranks it (A2 names it only in the introduction).
  ['rankings', 'Which model ranks Nike worst?', ['brand_metrics'], ['Nike is not ranked on ChatGPT 5.', 'Nike ranks 3 on Claude Sonnet 4']],
  // Share of Model combined: 10/25 = 40 %, Asics 6/25 = 24 %, Hoka 5/25 = 20 %, Nike 4/25 = 16 %.
  ['rankings', "What is my brand's share of model compared with competitors?", ['brand_metrics'], ['Brooks has a share of model of 40%.', 'Asics (24%)', 'Hoka (20%)', 'Nike (16%)', '| Asics | 24% | 2 |']],
  ['rankings', 'Welches KI-Modell platziert Nike am schlechtesten?', ['brand_metrics'], ['Bei ChatGPT 5 wird Nike nicht gerankt.', 'Nike erreicht Rang 3 bei Claude Sonnet 4 (kombiniert 3, Sichtbarkeit 17%).']],
  ['rankings', 'どのモデルがNikeを最も低く評価していますか？', ['brand_metrics'], ['ChatGPT 5ではNikeはランク外です。', 'Nikeの順位はClaude Sonnet 4で3です']],
  ['rankings', '¿Cuál es la cuota de modelo de mi marca frente a la competencia?', ['brand_metrics'], ['Brooks tiene una cuota de modelo del 40%.', 'Los competidores:']],

  // Query Performance. Query Rank, Brooks: Q0 (1+2)/2 = 1.5, Q1 (2+1)/2 = 1.5, Q2 ChatGPT 2 only.
  ['queries', 'Which queries does my brand rank best for?', ['query_ranks'], [`Brooks ranks best for “${Q0}” and “${Q1}” (1.5).`, 'It is ranked for 3 of 3 queries.']],
  ['queries', 'For which queries is my brand not ranked at all?', ['query_ranks'], ['Brooks is ranked for every query (3 of 3).']],
  // Nike: ranked for Q0 only (Claude 3).
  ['queries', 'For which queries is Nike not ranked?', ['query_ranks'], [`Nike is not ranked for 2 queries: “${Q1}” and “${Q2}”.`]],
  // Mentions of Brooks per query: Q0 2+1 = 3, Q1 2+1 = 3, Q2 2+2 = 4 of the query's 8.
  ['queries', 'Which queries mention my brand most often?', ['mentions_by_query'], [`Brooks is mentioned most for “${Q2}”: 4 of the query's 8 mentions.`]],
  // Per query (Brooks, Asics, Hoka, Nike): Q0 3, 2, 0, 3 = 8; Q1 3, 2, 3, 1 = 9; Q2 4, 2, 2, 0 = 8.
  ['queries', 'How do mentions of each brand vary by query?', ['mentions_by_query'], [`“${Q0}”: 8 mentions`, `“${Q1}”: 9 mentions`, `“${Q2}”: 8 mentions, most for Brooks (4)`, `| ${Q1} | 9 | 3 | 2 | 3 | 1 |`]],
  ['queries', '自社ブランドが最も言及されているクエリはどれですか？', ['mentions_by_query'], [`Brooksが最も多く言及されているのは「${Q2}」で、このクエリの言及8件中4件です。`]],

  // Competitive Analysis. Asics 1+1+1 (Claude) + 1+1+1 (ChatGPT) = 6 of 25 = 24 %; Brooks 10 = 40 %.
  ['competitive', 'Which competitor is mentioned most often?', ['mentions_by_query'], ['Asics is the most mentioned competitor, with 6 mentions (24% of all 25).', 'Brooks has 10 (40%).']],
  // Combined ranks: Hoka 1.0 < Brooks 1.6 < Asics 2.0 < Nike 3.0.
  ['competitive', 'Which competitors rank above my brand?', ['brand_metrics'], ['Ranked above Brooks (1.6): Hoka (1).']],
  // Sentiment: Brooks 3 / 6 / 1 of 10 sentences, (3 - 1) / 10 = 0.2; Nike 0 / 3 / 1 of 4, -1/4 = -0.25.
  ['competitive', 'How does the sentiment towards my brand compare with competitors?', ['sentiment'], ['Sentiment towards Brooks is positive (score 0.2): 30% positive, 60% neutral and 10% negative across 10 sentences.', '| Nike | -0.25 | negative | 0% | 75% | 25% |']],
  // Overview: Brooks 10 of 25 mentions, rank 1.6, position 2 (after Hoka) of 4; mean rank (1.6 + 2 + 3 + 1) / 4 = 1.9.
  ['competitive', 'Give me an overview of the whole analysis.', ['overview'], ['Brooks has 10 of 25 mentions (40%) and an average rank of 1.6, position 2 of 4 ranked brands. The average rank over all brands is 1.9.']],
  ['competitive', 'Welche Marke wird am häufigsten erwähnt?', ['mentions_by_query'], ['Brooks ist die am häufigsten erwähnte Marke, mit 10 Erwähnungen (40% von insgesamt 25).']],
  ['competitive', "Donne-moi un aperçu de l'analyse.", ['overview'], ['Brooks a 10 des 25 mentions (40%) et un rang moyen de 1.6, position 2 sur 4 marques classées.']],

  // Source Insights. Enhanced citations: nike.com 2, runnersworld.com 2 (2/6 = 33.3 %), brooksrunning.com 1, reddit.com 1 (16.7 %);
  // brooksrunning.com cited in 1 of the 3 answers.
  ['sources', 'Which web sources do the AI models cite most?', ['sources'], ['The most cited sites are', 'nike.com (2, 33.3%)', 'runnersworld.com (2, 33.3%)'], ['| Domain |']],
  ['sources', 'How often are my own sites cited as sources?', ['sources'], ['Your own sites are cited in 1 of 3 answers.', 'Your own sites cited: brooksrunning.com (1, 16.7%).']],
  ['sources', 'Which cited domains belong to competitors?', ['sources'], ['Competitor sites cited: nike.com (2, 33.3%).']],
  ['sources', 'Which earned media sources should I target?', ['sources'], ['runnersworld.com (2, 33.3%)', 'reddit.com (1, 16.7%)'], ['nike.com', 'brooksrunning.com']],
  // The marketer's question: hoka.com has no citation in the fixture.
  ['sources', 'Which sites are cited most, and how often is hoka.com?', ['sources'], ['The most cited sites are', 'nike.com (2, 33.3%)', 'hoka.com is not among the most cited sites.']],
  ['sources', 'Which sites are cited most, and how often is nike.com?', ['sources'], ['nike.com is cited 2 times (33.3% of citations).']],
  ['sources', "Quelles sources les modèles d'IA citent-ils le plus ?", ['sources'], ['Les sites les plus cités sont', 'nike.com (2, 33.3%)']],
  ['sources', 'Show me the cited sources as a table', ['sources'], ['| Domain | Type | Citations | Share of citations |', '| reddit.com | Earned | 1 | 16.7% |']],

  // Strategic Insights. Brooks's words: excellent (A1, A4), great (A6); disappointing (A3).
  ['strategic', 'What is the sentiment towards my brand and which words drive it?', ['sentiment'], ['Sentiment towards Brooks is positive (score 0.2)', 'Words behind it: positive excellent, great; negative disappointing.']],
  // Weakest model: ChatGPT 1.7 (Claude 1.5); weakest query: Q2 (2), every query ranked.
  ['strategic', 'Where is my brand weakest, and what should I improve first?', ['query_ranks', 'brand_metrics'], ['Brooks is weakest on ChatGPT 5 (rank 1.7).', `Brooks ranks worst for “${Q2}” (2).`, `Improve first where it is weakest: “${Q2}”.`]],
  // Largest share (40 %), sentiment +0.2; Hoka (1.0) ranks ahead; the one negative word.
  ['strategic', 'Summarise the strengths and weaknesses of my brand in AI answers.', ['overview', 'sentiment'], ['Strengths: share of model 40%, the largest and positive sentiment (score 0.2).', 'Weaknesses: ranked behind Hoka (1) and negative words such as disappointing.']],
  ['strategic', 'Which queries should I create content for first?', ['query_ranks'], [`Create content first for “${Q2}”`]],
  // Nike: 4 sentences, 0 / 3 / 1 → 0 %, 75 %, 25 %, score -0.25.
  ['strategic', '¿Cuál es el sentimiento hacia Nike?', ['sentiment'], ['El sentimiento hacia Nike es negativo (puntuación -0.25): 0% positivo, 75% neutral y 25% negativo en 4 frases.']],

  // Engines (seedEngines). API versus app over Q0-Q2 (both answered all three). Brooks: API named 3 of 3 = 100 %,
  // ranks 2, 1, 2 -> 5/3 = 1.7; app 3 of 3, ranks 1, 1, 2 -> 4/3 = 1.3. Nike: API A2, A4 = 2 of 3 = 66.7 %, never
  // ranked; app Q1 = 1 of 3 = 33.3 %, rank 2. Cited domains: API {runnersworld.com, brooksrunning.com}, app
  // {runnersworld.com, reddit.com, nike.com}: 1 shared of 4 -> Jaccard 0.25. Disagreement Q0: API {Nike, Asics,
  // Brooks}, app {Brooks, Hoka}: 1 shared of 4 -> 1 - 1/4 = 0.75; Q1 {Hoka, Nike, Brooks, Asics} vs {Brooks, Nike}
  // -> 0.5; Q2 the same three brands -> 0.
  ['engines', 'How does the ChatGPT app differ from the ChatGPT API for my brand?', ['engine_comparison'], [
    'ChatGPT 5 (API) against ChatGPT (app), over the 3 queries both answered:',
    "Brooks is named in 100% of the API's answers (average rank 1.7) and in 100% of the app's (average rank 1.3).",
    'Their cited domains overlap with a Jaccard index of 0.25 (1 shared of 4 domains).',
    `They disagree most on “${Q0}” (0.75): only the API names Asics and Nike; only the app names Hoka.`,
    '| Nike | 66.7% | – | 33.3% | 2 |',
  ]],
  ['engines', 'Wie unterscheiden sich die ChatGPT-App und die ChatGPT-API bei meiner Marke?', ['engine_comparison'], [
    'ChatGPT 5 (API) gegenüber ChatGPT (app), über die 3 Anfragen, die beide beantwortet haben:',
    'Brooks wird in 100% der API-Antworten (Durchschnittsrang 1.7) und in 100% der App-Antworten (Durchschnittsrang 1.3) genannt.',
  ]],
  // AI Overview: shown for Q0 and Q2, absent for Q1 -> 2 of 3 = 66.7 %, Wilson (z = 1.959964): centre
  // (0.6667 + 0.6402) / 2.2805 = 0.5731, half 0.8595 x sqrt(0.0741 + 0.1067) = 0.3654 -> 20.8-93.9 %.
  // ChatGPT app: 3 of 3, centre 1.6402 / 2.2805 = 0.7193, half 0.8595 x 0.3267 = 0.2807 -> 43.9-100 %.
  ['engines', 'How often does Google show an AI Overview for my queries?', ['ai_overview_presence'], [
    'Google AI Overview showed an answer for 2 of 3 queries (66.7%, 95% interval 20.8–93.9%).',
    `No Google AI Overview for: “${Q1}”.`,
    'ChatGPT (app) showed an answer for 3 of 3 queries (100%, 95% interval 43.9–100%).',
  ]],
  ['engines', 'Wie oft zeigt Google eine KI-Übersicht?', ['ai_overview_presence'], ['Google AI Overview erschien bei 2 von 3 Anfragen (66.7%, 95%-Intervall 20.8–93.9%).', `Keine Google AI Overview bei: „${Q1}“.`]],
  // Volumes (tests/support/volume-fixtures.ts): 1234 -> ≈1.2k, none, 2766 -> ≈2.8k; Brooks's visibility 33, 33, 17:
  // weighted (33 x 1234 + 17 x 2766) / 4000 = 21.9 %, unweighted 83 / 3 = 27.7 %; 1 of 3 queries = 33.3 % without.
  ['engines', 'What is the AI search volume of my queries?', ['search_volume'], [
    `Estimated AI search volume per month (Simulated estimates, Oct 2026, United Kingdom): “${Q0}” ≈1.2k, “${Q1}” no estimate and “${Q2}” ≈2.8k.`,
    'Demand-weighted visibility of Brooks is 21.9%, against 27.7% unweighted.',
    '1 of 3 queries (33.3%) have no volume estimate and are left out of the weighted figure.',
  ], ['0%']],
  ['engines', 'Show the search volume per query as a table', ['search_volume'], ['| Query | AI search volume |', `| ${Q1} | no estimate |`, `| ${Q2} | ≈2.8k |`]],
]

describe('the simulated Claude answers the question asked, with the tool that holds its figures', () => {
  it('has at least 20 questions over the five prompt categories and the engines', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20)
    for (const category of new Set(CASES.map(([c]) => c))) expect(CASES.filter(([c]) => c === category).length).toBeLessThanOrEqual(10)
    expect(new Set(CASES.map(([category]) => category))).toEqual(new Set(['rankings', 'queries', 'competitive', 'sources', 'strategic', 'engines']))
  })

  it.each(CASES)('%s: %s', async (category, question, tools, contains, absent = []) => {
    const s = seeded.get(category)!
    const res = await s.owner.json('/api/ai-chat', { method: 'POST', json: { projectId: s.projectId, analysisId: s.analysisId, message: question } })
    expect(res.status).toBe(200)
    expect(res.body.dataContext.map((d: { tool: string }) => d.tool)).toEqual(tools)
    for (const text of contains) expect(res.body.response).toContain(text)
    for (const text of absent) expect(res.body.response).not.toContain(text)
  })
})

describe('a question about AI crawlers reads the AI Crawlers figures (ai_crawlers)', () => {
  const USER = CHATGPT_USER
  const line = logLine
  // 20.171.206.0/24 is GPTBot's and 23.98.142.176/28 ChatGPT-User's published range; 198.51.100.9 is neither.
  const LOG = [
    line('20.171.206.7', '06:00:00', '/pricing', 200, '-', GPTBOT),
    line('20.171.206.7', '06:10:00', '/pricing', 200, '-', GPTBOT),
    line('20.171.206.7', '06:20:00', '/docs', 403, '-', GPTBOT),
    line('20.171.206.7', '06:30:00', '/docs', 403, '-', GPTBOT),
    line('198.51.100.9', '06:40:00', '/pricing', 200, '-', GPTBOT),
    line('198.51.100.20', '07:00:00', '/guide', 200, '-', CLAUDEBOT),
    line('198.51.100.20', '07:10:00', '/guide', 200, '-', CLAUDEBOT),
    line('23.98.142.180', '08:00:00', '/guide', 200, '-', USER),
    line('203.0.113.5', '09:00:00', '/guide', 200, 'https://chatgpt.com/', CHROME),
    line('203.0.113.6', '09:10:00', '/guide', 200, 'https://chatgpt.com/', CHROME),
    line('203.0.113.7', '09:20:00', '/pricing', 200, 'https://www.perplexity.ai/', CHROME),
    line('203.0.113.8', '09:30:00', '/', 200, '-', CHROME),
  ].join('\n')

  it('answers from the uploaded log, figures worked by hand', async () => {
    const s = await seedHandWorkedAnalysis()
    const up = await s.owner.request(`/api/crawlers/${s.projectId}/upload?fileName=access.log`, { method: 'POST', body: LOG })
    expect(up.status).toBe(202)
    await until('the log counted', async () => (await s.owner.json(`/api/crawlers/${s.projectId}?days=30`)).body.uploads.every((u: { status: string }) => u.status === 'completed'), 90_000, 250)
    const ask = (message: string) => s.owner.json('/api/ai-chat', { method: 'POST', json: { projectId: s.projectId, analysisId: s.analysisId, message } })
    const res = await ask('Which AI crawlers visit my site, and are they verified?')
    expect(res.status).toBe(200)
    expect(res.body.dataContext.map((d: { tool: string }) => d.tool)).toEqual(['ai_crawlers'])
    // 8 AI-agent hits: GPTBot 5 (4 from its range, 1 not), ClaudeBot 2 (Anthropic publishes no list), ChatGPT-User 1 (in range).
    // Purposes: training 5 + 2 = 7, user-triggered 1. Vendors: OpenAI 5 + 1 = 6, Anthropic 2. The range ends on the log's day.
    expect(res.body.response).toContain('In the 30 days to 2026-11-03, AI agents made 8 requests to the site: 5 verified, 1 unverified and 2 not verifiable.')
    expect(res.body.response).toContain('By purpose: training crawlers 7, search/index bots 0, user-triggered fetchers 1.')
    expect(res.body.response).toContain('By vendor: OpenAI (6) and Anthropic (2).')
    // Pages: /guide ClaudeBot 2 + ChatGPT-User 1 = 3, /pricing GPTBot 3, /docs GPTBot 2. GPTBot: 2 of 5 refused (403) = 40 %.
    expect(res.body.response).toContain('Most crawled pages: /guide (3), /pricing (3) and /docs (2).')
    expect(res.body.response).toContain('Refused: GPTBot got 2 of 5 requests answered 403, 429 or 5xx (40%)')
    // People sent by assistants: chatgpt.com twice, perplexity.ai once.
    expect(res.body.response).toContain('AI assistants sent 3 visits: ChatGPT (2) and Perplexity (1).')
    const ja = await ask('どのAIクローラーがサイトを訪れていますか？')
    expect(ja.body.dataContext.map((d: { tool: string }) => d.tool)).toEqual(['ai_crawlers'])
    expect(ja.body.response).toContain('2026-11-03までの30日間に、AIエージェントはサイトへ8件のリクエストを行いました（検証済み5件、未検証1件、検証不可2件）。')
  }, 180_000)
})
