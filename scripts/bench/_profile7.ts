import { getSql } from '../../db/client'
import { BENCH_BRANDS } from './parse'
const sql = getSql(process.env.DATABASE_URL)
const [ids] = await sql`select p.id as "projectId", p.user_id as "userId", max(a.id) as "latestId" from projects p join analyses a on a.project_id = p.id where p.name = 'Bench running shoes' group by p.id limit 1`
async function t(name: string, f: () => Promise<any>) {
  for (let i = 0; i < 3; i++) await f()
  const xs: number[] = []
  for (let i = 0; i < 15; i++) { const s = performance.now(); await f(); xs.push(performance.now() - s) }
  xs.sort((a, b) => a - b)
  console.log(name.padEnd(40), xs[7].toFixed(2), 'min', xs[0].toFixed(2))
}
const id = ids.latestId
const paths = BENCH_BRANDS.map((b) => `$[*].brands.${JSON.stringify(b.name)}.mentionsTotal`)
await t('record + 20 brand paths', () => sql`select ${sql.unsafe(paths.map((_, i) => `jsonb_path_query_array(x.queries, $${i + 2}::jsonpath) as p${i}`).join(', '))} from analyses a, jsonb_to_record(a.results) x(queries jsonb) where a.id = $1`.execute ? sql.unsafe(`select ${paths.map((_, i) => `jsonb_path_query_array(x.queries, $${i + 2}::jsonpath) as p${i}`).join(', ')} from analyses a, jsonb_to_record(a.results) x(queries jsonb) where a.id = $1`, [id, ...paths]) : null)
await t('array of paths via unnest', () => sql`select array(select jsonb_path_query_array(x.queries, p::jsonpath) from unnest(${paths}::text[]) with ordinality u(p, o) order by o) from analyses a, jsonb_to_record(a.results) x(queries jsonb) where a.id = ${id}`)
const { aggregateAnalysis } = await import('../../app/domain/metrics')
const rows = await sql`select model_id, query_index, query, sample, ok, mentions, rankings from api_responses where analysis_id = ${id}`
const answers = rows.map((r: any) => ({ modelId: r.model_id, queryIndex: r.query_index, query: r.query, sample: r.sample, ok: r.ok, text: 'x', mentions: r.mentions, rankings: r.rankings, sentiment: {} }))
await t('aggregate (no sentiment) JS', async () => aggregateAnalysis(answers, BENCH_BRANDS))
process.exit(0)
