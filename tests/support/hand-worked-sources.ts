/**
 * Source insights worked out by hand, written into the database for the Source Insights tests
 * (integration and browser). The figures each test expects are literals in the test, with their
 * arithmetic in comments.
 */
import { signUp, sql, type Session } from './flows'

/** The phase-4 loader JSON (the Source Insights view), as the browser receives it. */
export async function sourcesJson(s: Session, params: Record<string, string | number>) {
  const qs = new URLSearchParams({ phase: '4', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), _data: 'routes/_index' })
  const res = await s.json(`/?${qs}`)
  if (res.status !== 200) throw new Error(`sources loader answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`)
  return res.body.sources
}

const cite = (url: string, domain: string, position: number, title?: string, snippet?: string) => ({ url, domain, position, ...(title ? { title } : {}), ...(snippet ? { snippet } : {}) })
export const RW_A = cite('https://www.runnersworld.com/a', 'runnersworld.com', 1, 'Best running shoes 2025 tested', 'Our testers ran 500 miles in each shoe to find the best.')
export const NIKE_X = cite('https://www.nike.com/x', 'nike.com', 2, 'Nike')
export const BROOKS_G = cite('https://www.brooksrunning.com/g', 'brooksrunning.com', 1, 'Ghost 16 | Brooks Running', 'The Ghost 16 is a smooth neutral daily trainer.')
export const RW_B = cite('https://www.runnersworld.com/b', 'runnersworld.com', 2, 'runnersworld.com')
export const REDDIT_R = cite('https://www.reddit.com/r', 'reddit.com', 1, 'r/running trail shoes advice thread')
export const NIKE_Y = cite('https://www.nike.com/y', 'nike.com', 2, 'Nike Pegasus Trail')
export const WIKI = cite('https://en.wikipedia.org/wiki/Running_shoe', 'wikipedia.org', 1, 'Running shoe - Wikipedia')

/**
 * Brooks (no domain: own name rule) against Nike and Hoka; two queries (Road, Trail).
 * Enhanced: E1 q0 Gemini [runnersworld a, nike x], E2 q0 ChatGPT [brooksrunning g, runnersworld b],
 * E3 q1 Gemini [reddit r, nike y]. Basic: B1 q0 ChatGPT [wikipedia].
 */
export async function seedHandWorkedSources() {
  const owner = await signUp()
  const db = await sql()
  const queries = [
    { index: 0, query: 'best running shoes', topic: 'Road', audience: null, audienceContext: null },
    { index: 1, query: 'trail shoes for beginners', topic: 'Trail', audience: null, audienceContext: null },
  ]
  const brands = { brand: { name: 'Brooks', alternativeNames: [], domains: [] }, competitors: ['Nike', 'Hoka'].map((name) => ({ name, alternativeNames: [], domains: [] })) }
  return db.begin(async (tx) => {
    const [project] = await tx<{ id: number }[]>`
      insert into projects (user_id, name, brand_domain, market_description, market_region, language, brand_details)
      values (${owner.userId}, ${`Sources ${owner.userId}`}, 'Brooks', 'running shoes', 'United Kingdom', 'en-GB', ${tx.json({ alternativeNames: [], domains: [] })}) returning id`
    await tx`insert into project_competitors ${tx(['Nike', 'Hoka'].map((name, position) => ({ project_id: project.id, position, name })))}`
    await tx`insert into project_queries ${tx(queries.map((q, position) => ({ project_id: project.id, position, query: q.query, topic: q.topic })))}`
    const [analysis] = await tx<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
      values (${project.id}, ${owner.userId}, 'completed', '2025-05-20', ${[6, 8]}::int[], 1, ${tx.json(queries)}, ${tx.json(brands)}, now()) returning id`
    const row = (kind: string, modelId: number, q: number, citations: any[], webSearchQueries: string[] = []) => ({
      analysis_id: analysis.id, kind, model_id: modelId, query_index: q, query: queries[q].query, model_name: modelId === 6 ? 'Gemini 2.0 Flash' : 'ChatGPT 5',
      response: `Answer ${kind} ${modelId} ${q}`, citations: tx.json(citations), sources: tx.json(citations), web_search_queries: tx.json(webSearchQueries),
      details: tx.json({ timestamp: '2025-05-20T10:00:00.000Z', searchMetadata: { searchEnabled: true } }), raw: tx.json({ id: `raw-${kind}-${modelId}-${q}` }),
    })
    await tx`insert into search_insights ${tx([
      row('enhanced', 6, 0, [RW_A, NIKE_X], ['best running shoes 2025', 'running shoes reviews']),
      row('enhanced', 8, 0, [BROOKS_G, RW_B]),
      row('enhanced', 6, 1, [REDDIT_R, NIKE_Y], ['trail running shoes beginners']),
      row('basic', 8, 0, [WIKI]),
    ])}`
    return { owner, projectId: project.id, analysisId: analysis.id }
  })
}
