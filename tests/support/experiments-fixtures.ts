/**
 * Experiments: daily completed analyses written straight into the database at fixed dates (no model calls, no clock).
 *
 * Four queries (0 and 1 treated, 2 and 3 control), two models (Claude 3 and ChatGPT 8), one sample each.
 * Before the change every query is ranked by Claude only (rank 2); from the change date on, the treated queries are
 * also ranked by ChatGPT (rank 1), whose answers then cite the changed page. Controls never change.
 */
import { Session, signUp, sql } from './flows'

export const EXPERIMENT_BRAND = 'Brooks'
export const EXPERIMENT_QUERIES = ['best running shoes for flat feet', 'best trail running shoes', 'cheapest good running shoes', 'running shoes brands'] as const
export const EXPERIMENT_URL = 'https://brooks.example/compare'
export const EXPERIMENT_MODELS = [3, 8] as const

export function dayOf(start: string, n: number): string {
  const d = new Date(`${start}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** One answer's stored figures: treated from the change on are ranked by both models, ChatGPT citing the page. */
export function experimentAnswer(after: boolean, q: number, modelId: number, brand = EXPERIMENT_BRAND, baselineRanked = true) {
  const lifted = after && q < 2 && modelId === 8
  const ranked = (modelId === 3 && baselineRanked) || lifted
  return {
    mentions: ranked ? { [brand]: 1, Nike: 1 } : { Nike: 1 },
    rankings: ranked ? { [brand]: modelId === 3 ? 2 : 1, Nike: 3 } : { Nike: 1 },
    // A different spelling of the same page: the count normalises scheme, www. and the trailing slash.
    citations: lifted ? [{ url: 'https://www.brooks.example/compare/' }] : [{ url: 'https://runnersworld.example/best' }],
  }
}

/** Completed analyses on `days` dates from `start`; days from `changeDay` on are "after"; `unranked`: no model ranks the brand. */
export async function seedExperimentDays(projectId: number, userId: number, opts: { start: string; days: number; changeDay: number; queries?: readonly string[]; brand?: string; unranked?: boolean }) {
  const db = await sql()
  const queries = opts.queries ?? EXPERIMENT_QUERIES
  const brand = opts.brand ?? EXPERIMENT_BRAND
  const brands = { brand: { name: brand, alternativeNames: [], domains: [] }, competitors: [{ name: 'Nike', alternativeNames: [], domains: [] }] }
  const snapshot = queries.map((query, index) => ({ index, query, topic: null, audience: null, audienceContext: null }))
  await db.begin(async (tx) => {
    for (let d = 0; d < opts.days; d++) {
      const [a] = await tx<{ id: number }[]>`
        insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
        values (${projectId}, ${userId}, 'completed', ${dayOf(opts.start, d)}, ${[...EXPERIMENT_MODELS]}::int[], 1, ${tx.json(snapshot)}, ${tx.json(brands)}, now())
        returning id`
      const rows = EXPERIMENT_MODELS.flatMap((m) =>
        queries.map((query, qi) => {
          const { mentions, rankings, citations } = experimentAnswer(d >= opts.changeDay, qi, m, brand, !opts.unranked)
          return { analysis_id: a.id, model_id: m, query_index: qi, sample: 1, query, response: `answer ${d} ${qi} ${m}`, ok: true, mentions: tx.json(mentions), rankings: tx.json(rankings), citations: tx.json(citations) }
        }),
      )
      await tx`insert into api_responses ${tx(rows)}`
    }
  })
}

/** A new owner with a project of the four queries and 16 days from 2026-03-01, the change on day 10 (2026-03-11). */
export async function seedExperimentProject(): Promise<{ owner: Session & { userId: number; email: string }; projectId: number }> {
  const owner = await signUp()
  const db = await sql()
  const [project] = await db<{ id: number }[]>`
    insert into projects (user_id, name, brand_domain, market_description, brand_details)
    values (${owner.userId}, ${`Experiments ${owner.userId}`}, ${EXPERIMENT_BRAND}, 'running shoes', ${db.json({ alternativeNames: [], domains: [] })})
    returning id`
  await db`insert into project_competitors ${db([{ project_id: project.id, position: 0, name: 'Nike' }])}`
  await db`insert into project_queries ${db(EXPERIMENT_QUERIES.map((query, position) => ({ project_id: project.id, position, query })))}`
  await seedExperimentDays(project.id, owner.userId, { start: '2026-03-01', days: 16, changeDay: 10 })
  return { owner, projectId: project.id }
}
