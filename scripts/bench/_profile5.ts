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
await t('path one', () => sql`select jsonb_path_query_array(results, '$.queries[*].brands."Nike"') from analyses where id = ${id}`)
await t('path vars', () => sql`select jsonb_path_query_array(results, '$.queries[*].brands.*? (@ == $x)', jsonb_build_object('x', 1)) from analyses where id = ${id}`)
await t('path 4', () => sql`select jsonb_path_query_array(results, '$.queries[*].brands."Nike"') a, jsonb_path_query_array(results, '$.queries[*].query') b, jsonb_path_query_array(results, '$.queries[*].queryIndex') c, jsonb_path_query_array(results, '$.queries[*].topic') d from analyses where id = ${id}`)
await t('path mentionsTotal all', () => sql`select jsonb_path_query_array(results, '$.queries[*].brands.*.mentionsTotal') from analyses where id = ${id}`)
await t('path keyvalue', () => sql`select jsonb_path_query_array(results, '$.queries[*].brands.keyvalue()') from analyses where id = ${id}`)
process.exit(0)
