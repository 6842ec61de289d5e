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
await t('to_record brand-level', () => sql`select jsonb_build_object('a', x."answeredModelIds", 's', x.summary, 't', x.totals, 'q', x."queryCounts", 'brands', x.brands) from analyses a, jsonb_to_record(a.results) as x("answeredModelIds" jsonb, summary jsonb, totals jsonb, "queryCounts" jsonb, brands jsonb) where a.id = ${id}`)
await t('to_record brands stripped', () => sql`select jsonb_build_object('a', x."answeredModelIds", 's', x.summary, 't', x.totals, 'q', x."queryCounts", 'brands', (select jsonb_agg(b - 'sentiment' order by o) from jsonb_array_elements(x.brands) with ordinality y(b, o))) from analyses a, jsonb_to_record(a.results) as x("answeredModelIds" jsonb, summary jsonb, totals jsonb, "queryCounts" jsonb, brands jsonb) where a.id = ${id}`)
await t('to_record mentions', () => sql`select jsonb_build_object('a', x."answeredModelIds", 'brands', (select jsonb_agg(b - 'sentiment' order by o) from jsonb_array_elements(x.brands) with ordinality y(b, o)),
  'queries', (select jsonb_agg(jsonb_build_object('queryIndex', q->'queryIndex', 'query', q->'query', 'totalMentions', q->'totalMentions', 'brands', (select jsonb_object_agg(k, jsonb_build_object('mentionsTotal', v->'mentionsTotal')) from jsonb_each(q->'brands') e(k, v))) order by o) from jsonb_array_elements(x.queries) with ordinality z(q, o)))
  from analyses a, jsonb_to_record(a.results) as x("answeredModelIds" jsonb, brands jsonb, queries jsonb) where a.id = ${id}`)
await t('to_record rank one brand', () => sql`select jsonb_build_object('a', x."answeredModelIds",
  'queries', (select jsonb_agg(jsonb_build_object('queryIndex', q->'queryIndex', 'query', q->'query', 'brands', jsonb_build_object('Nike', (q->'brands'->'Nike') - 'sentiment')) order by o) from jsonb_array_elements(x.queries) with ordinality z(q, o)))
  from analyses a, jsonb_to_record(a.results) as x("answeredModelIds" jsonb, brands jsonb, queries jsonb) where a.id = ${id}`)
process.exit(0)
