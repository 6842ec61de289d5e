/**
 * Two daily analyses asked of ChatGPT 5 (API, model 8) and Google AI Overview (model 11), two queries, one sample,
 * seeded in the database. On day 2 the AI Overview is absent for query 1: the answer is stored as the engine stores
 * it (ok, empty, parsed_data.absent). Used by tests/integration/trends-engines.test.ts and the browser test.
 *
 *            day 1 (2025-04-01)                          day 2 (2025-04-02)
 *   8  q0    Acme 1 (rank 1)                             Acme 1 (rank 2), Rival 1 (rank 1)
 *   8  q1    Rival 2 (rank 1)                            Rival 1 (rank 1)
 *   11 q0    Acme 1 (rank 1)                             Rival 1 (rank 1)
 *   11 q1    Acme 1 (rank 2), Rival 1 (rank 1)           no AI Overview (absent)
 */
import { signUp, sql } from './flows'

export const ENGINE_TREND_QUERIES = ['best project tracker', 'project tracker for small teams'] as const
type Cell = { mentions: Record<string, number>; rankings: Record<string, number> } | 'absent'
const DAYS: { date: string; answers: Record<8 | 11, [Cell, Cell]> }[] = [
  {
    date: '2025-04-01',
    answers: {
      8: [{ mentions: { Acme: 1, Rival: 0 }, rankings: { Acme: 1 } }, { mentions: { Acme: 0, Rival: 2 }, rankings: { Rival: 1 } }],
      11: [{ mentions: { Acme: 1, Rival: 0 }, rankings: { Acme: 1 } }, { mentions: { Acme: 1, Rival: 1 }, rankings: { Acme: 2, Rival: 1 } }],
    },
  },
  {
    date: '2025-04-02',
    answers: {
      8: [{ mentions: { Acme: 1, Rival: 1 }, rankings: { Acme: 2, Rival: 1 } }, { mentions: { Acme: 0, Rival: 1 }, rankings: { Rival: 1 } }],
      11: [{ mentions: { Acme: 0, Rival: 1 }, rankings: { Rival: 1 } }, 'absent'],
    },
  },
]

export async function seedEngineTrends() {
  const owner = await signUp()
  const db = await sql()
  const brands = { brand: { name: 'Acme', alternativeNames: [], domains: [] }, competitors: [{ name: 'Rival', alternativeNames: [], domains: [] }] }
  const snapshot = ENGINE_TREND_QUERIES.map((query, index) => ({ index, query, topic: null, audience: null, audienceContext: null }))
  return db.begin(async (tx) => {
    const [project] = await tx<{ id: number }[]>`
      insert into projects (user_id, name, brand_domain, market_description, is_light_mode, brand_details)
      values (${owner.userId}, ${`Engines trends ${owner.userId}`}, 'Acme', 'project trackers', false, ${tx.json({ alternativeNames: [], domains: [] })})
      returning id`
    await tx`insert into project_competitors ${tx([{ project_id: project.id, position: 0, name: 'Rival' }])}`
    await tx`insert into project_queries ${tx(ENGINE_TREND_QUERIES.map((query, position) => ({ project_id: project.id, position, query, topic: null })))}`
    for (const day of DAYS) {
      const [a] = await tx<{ id: number }[]>`
        insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands, completed_at)
        values (${project.id}, ${owner.userId}, 'completed', ${day.date}, ${[8, 11]}::int[], 1, ${tx.json(snapshot)}, ${tx.json(brands)}, now())
        returning id`
      const rows = ([8, 11] as const).flatMap((m) =>
        day.answers[m].map((c, qi) => ({
          analysis_id: a.id, model_id: m, query_index: qi, sample: 1, query: ENGINE_TREND_QUERIES[qi], ok: true,
          response: c === 'absent' ? '' : `answer ${day.date} ${qi} ${m}`,
          parsed_data: tx.json(c === 'absent' ? { absent: true } : {}),
          mentions: tx.json(c === 'absent' ? {} : c.mentions),
          rankings: tx.json(c === 'absent' ? {} : c.rankings),
        })),
      )
      await tx`insert into api_responses ${tx(rows)}`
    }
    return { owner, projectId: project.id }
  })
}

