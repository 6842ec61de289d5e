/**
 * A project with a completed analysis worked out by hand for the Content Ideator tests (integration and
 * browser): two models' answers to 'best running shoes' and enhanced source insights for three queries.
 * The figures the tests expect are literals there, with their arithmetic in comments.
 */
import { signUp, sql, type Session } from './flows'

export const QUERIES = ['best running shoes', 'trail shoes for beginners', 'Affordable running shoes']

// ChatGPT 5 ranks Nike #1, Brooks #2, Hoka #3; Claude Sonnet 4 ranks Hoka #1, Nike #2 and leaves Brooks out.
export const CHATGPT_Q0 = '1. Nike Pegasus is the most versatile daily trainer.\n2. Brooks Ghost is a smooth neutral shoe.\n3. Hoka Clifton is soft but heavy.'
export const CLAUDE_Q0 = '1. Hoka Bondi is the best for long runs because of its cushioning.\n2. Nike Invincible is bouncy and fun.'

const c = (url: string, domain: string, position: number, snippet?: string, title?: string) => ({ url, domain, position, ...(snippet ? { snippet } : {}), ...(title ? { title } : {}) })

/** The phase-6 loader JSON. */
export async function ideatorJson(s: Session, params: Record<string, string | number>) {
  const qs = new URLSearchParams({ phase: '6', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), _data: 'routes/_index' })
  return s.json(`/?${qs}`)
}

/** A project of `owner` (or a new account) with the hand-worked analysis. */
export async function seedIdeatorProject(owner?: Session & { userId: number }) {
  const user = owner ?? (await signUp())
  const db = await sql()
  const queries = QUERIES.map((query, index) => ({ index, query, topic: null, audience: null, audienceContext: null }))
  const brands = {
    brand: { name: 'Brooks', alternativeNames: [], domains: ['brooksrunning.com'] },
    competitors: [
      { name: 'Nike', alternativeNames: [], domains: ['nike.com'] },
      { name: 'Hoka', alternativeNames: [], domains: [] },
    ],
  }
  const ids = await db.begin(async (tx) => {
    const [project] = await tx<{ id: number }[]>`
      insert into projects (user_id, name, brand_domain, market_description, market_region, language, brand_details)
      values (${user.userId}, ${`Ideas ${user.userId}-${Math.random().toString(36).slice(2, 7)}`}, 'Brooks', 'running shoes', 'United Kingdom', 'en-GB',
        ${tx.json({ alternativeNames: [], domains: ['brooksrunning.com'] })}) returning id`
    await tx`insert into project_competitors ${tx(brands.competitors.map((b, position) => ({ project_id: project.id, position, name: b.name, domains: b.domains })))}`
    await tx`insert into project_queries ${tx(QUERIES.map((query, position) => ({ project_id: project.id, position, query })))}`
    const [analysis] = await tx<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
      values (${project.id}, ${user.userId}, 'completed', '2025-05-20', ${[8, 3]}::int[], 1, ${tx.json(queries)}, ${tx.json(brands)}, now()) returning id`
    const answer = (modelId: number, q: number, response: string, citations: unknown[]) => ({
      analysis_id: analysis.id, model_id: modelId, query_index: q, sample: 1, query: QUERIES[q], response, ok: true,
      citations: tx.json(citations as any), sources: tx.json([]), model_name: modelId === 8 ? 'ChatGPT 5' : 'Claude Sonnet 4',
    })
    await tx`insert into api_responses ${tx([
      answer(8, 0, CHATGPT_Q0, [c('https://www.runnersworld.com/best', 'runnersworld.com', 1)]),
      answer(3, 0, CLAUDE_Q0, [c('https://www.runnersworld.com/long', 'runnersworld.com', 1), c('https://www.nike.com/invincible', 'nike.com', 2)]),
      answer(8, 1, '1. Brooks Cascadia is the best trail shoe for beginners.', []),
    ])}`
    const insight = (modelId: number, q: number, citations: unknown[]) => ({
      analysis_id: analysis.id, kind: 'enhanced', model_id: modelId, query_index: q, query: QUERIES[q], model_name: modelId === 6 ? 'Gemini 2.0 Flash' : 'ChatGPT 5',
      response: `Answer ${modelId} ${q}`, citations: tx.json(citations as any), sources: tx.json([]), web_search_queries: tx.json([]), details: tx.json({}),
    })
    await tx`insert into search_insights ${tx([
      insight(6, 0, [
        c('https://www.runnersworld.com/best', 'runnersworld.com', 1, 'Our testers ran 500 miles in each shoe to find the best.'),
        c('https://www.runnersworld.com/best', 'runnersworld.com', 1, 'The Pegasus 41 is the most versatile shoe we tested this year.'),
        c('https://www.brooksrunning.com/ghost', 'brooksrunning.com', 2, 'The Ghost 16 is a smooth neutral daily trainer.', 'Ghost 16'),
        c('https://www.nike.com/x', 'nike.com', 3, 'nike.com', 'Nike'),
      ]),
      insight(8, 0, [c('https://www.runnersworld.com/best', 'runnersworld.com', 1, "Runner's World lab tests cushioning and weight.")]),
      insight(6, 1, [c('https://www.reddit.com/r/trail', 'reddit.com', 1, 'too short')]),
      insight(6, 2, [c('https://en.wikipedia.org/wiki/Running_shoe', 'wikipedia.org', 1, 'Running shoes are designed for forward motion.', 'Running shoe')]),
    ])}`
    return { projectId: project.id, analysisId: analysis.id }
  })
  return { owner: user, ...ids }
}

/** A project of `owner` with no analysis at all. */
export async function seedBareProject(owner: Session & { userId: number }) {
  const db = await sql()
  const [project] = await db<{ id: number }[]>`
    insert into projects (user_id, name, brand_domain, market_description, market_region, language)
    values (${owner.userId}, ${`Bare ${owner.userId}-${Math.random().toString(36).slice(2, 7)}`}, 'Brooks', 'running shoes', '', 'en-GB') returning id`
  await db`insert into project_queries (project_id, position, query) values (${project.id}, 0, 'best running shoes')`
  return project.id
}
