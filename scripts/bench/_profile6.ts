import { getSql } from '../../db/client'
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
const p = `$[*].brands.${JSON.stringify('Nike')}`
await t('record only', () => sql`select 1 from analyses a, jsonb_to_record(a.results) x(queries jsonb, brands jsonb) where a.id = ${id}`)
await t('record + 4 paths', () => sql`select jsonb_path_query_array(x.queries, ${p}::jsonpath) a, jsonb_path_query_array(x.queries, '$[*].query') b, jsonb_path_query_array(x.queries, '$[*].queryIndex') c, jsonb_path_query_array(x.queries, '$[*].topic') d from analyses a, jsonb_to_record(a.results) x(queries jsonb) where a.id = ${id}`)
await t('record + mention paths', () => sql`select jsonb_path_query_array(x.queries, '$[*].brands.*.mentionsTotal') a, jsonb_path_query_array(x.queries, '$[*].query') b, jsonb_path_query_array(x.queries, '$[*].queryIndex') c, jsonb_path_query_array(x.queries, '$[*].totalMentions') d, jsonb_path_query_array(x.queries, '$[*].brands.*.mentionsTotal') from analyses a, jsonb_to_record(a.results) x(queries jsonb) where a.id = ${id}`)
process.exit(0)
