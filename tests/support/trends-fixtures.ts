/**
 * A project with daily completed analyses written straight into the database (no model calls, no clock):
 * answers carry their stored mentions and rankings, which is all the Trends page reads.
 *
 * Day d (0-based), query q (0..3), model m (Claude 3 -> offset 0, ChatGPT 5 8 -> offset 1):
 *   Brooks mentions = (d + q + offset) % 3, ranked 1 + (q % 2) when mentioned
 *   Nike mentions   = (q + d) % 2 + 1, ranked 2 + (d % 2)
 *   Asics mentions  = 0 before day 15, then 1 (unranked)
 * Queries 0 and 1 are topic Comfort, query 2 Price, query 3 has no topic.
 */
import { Session, signUp, sql } from './flows'

export const TREND_BRAND = 'Brooks'
export const TREND_COMPETITORS = ['Nike', 'Asics'] as const
export const TREND_QUERIES = [
  { query: 'best running shoes for flat feet', topic: 'Comfort' },
  { query: 'most comfortable marathon shoes for long distance road running in the rain', topic: 'Comfort' },
  { query: 'cheapest good running shoes', topic: 'Price' },
  { query: 'running shoes brands', topic: null },
] as const
export const TREND_MODELS = [3, 8] as const

export function trendDate(day: number, start = '2025-03-01'): string {
  const d = new Date(`${start}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + day)
  return d.toISOString().slice(0, 10)
}

export function trendAnswer(day: number, q: number, modelId: number) {
  const offset = modelId === 3 ? 0 : 1
  const brooks = (day + q + offset) % 3
  const nike = ((q + day) % 2) + 1
  const asics = day < 15 ? 0 : 1
  const rankings: Record<string, number> = { Nike: 2 + (day % 2) }
  if (brooks > 0) rankings.Brooks = 1 + (q % 2)
  return { mentions: { Brooks: brooks, Nike: nike, Asics: asics }, rankings }
}

export interface SeededTrends {
  owner: Session & { userId: number; email: string }
  projectId: number
  analysisIds: number[]
}

/** A new owner with a project and `days` completed daily analyses (the first on `start`). */
export async function seedTrendProject(days = 30, opts: { start?: string; lightMode?: boolean; owner?: SeededTrends['owner'] } = {}): Promise<SeededTrends> {
  const owner = opts.owner ?? (await signUp())
  const db = await sql()
  const brands = { brand: { name: TREND_BRAND, alternativeNames: [], domains: [] }, competitors: TREND_COMPETITORS.map((name) => ({ name, alternativeNames: [], domains: [] })) }
  const snapshot = TREND_QUERIES.map((q, index) => ({ index, query: q.query, topic: q.topic, audience: null, audienceContext: null }))
  return db.begin(async (tx) => {
    const [project] = await tx<{ id: number }[]>`
      insert into projects (user_id, name, brand_domain, market_description, is_light_mode, brand_details)
      values (${owner.userId}, ${`Trends ${owner.userId} ${Math.random().toString(36).slice(2, 7)}`}, ${TREND_BRAND}, 'running shoes', ${opts.lightMode ?? false}, ${tx.json({ alternativeNames: [], domains: [] })})
      returning id`
    await tx`insert into project_competitors ${tx(TREND_COMPETITORS.map((name, position) => ({ project_id: project.id, position, name })))}`
    await tx`insert into project_queries ${tx(TREND_QUERIES.map((q, position) => ({ project_id: project.id, position, query: q.query, topic: q.topic })))}`
    const analysisIds: number[] = []
    for (let d = 0; d < days; d++) {
      const [a] = await tx<{ id: number }[]>`
        insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
        values (${project.id}, ${owner.userId}, 'completed', ${trendDate(d, opts.start)}, ${[...TREND_MODELS]}::int[], 1, ${tx.json(snapshot)}, ${tx.json(brands)}, now())
        returning id`
      analysisIds.push(a.id)
      const rows = TREND_MODELS.flatMap((m) =>
        TREND_QUERIES.map((q, qi) => {
          const { mentions, rankings } = trendAnswer(d, qi, m)
          return { analysis_id: a.id, model_id: m, query_index: qi, sample: 1, query: q.query, response: `answer ${d} ${qi} ${m}`, ok: true, mentions: tx.json(mentions), rankings: tx.json(rankings) }
        }),
      )
      await tx`insert into api_responses ${tx(rows)}`
    }
    return { owner, projectId: project.id, analysisIds }
  })
}
