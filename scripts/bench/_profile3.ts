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
await t('full sentiment 240', () => sql`select sentiment from api_responses where analysis_id = ${id}`)
await t('full sentiment text 240 (no parse)', () => sql`select sentiment::text from api_responses where analysis_id = ${id}`)
await t('compact build 240', () => sql`select (select jsonb_object_agg(k, jsonb_build_object('mentions', v->'mentions', 'positive', v->'positive', 'neutral', v->'neutral', 'negative', v->'negative', 'totalScore', v->'totalScore', 'positiveWords', v->'positiveWords', 'negativeWords', v->'negativeWords')) from jsonb_each(sentiment) e(k, v) where (v->>'mentions')::int > 0) as s from api_responses where analysis_id = ${id}`)
await t('full sentiment 40 (model 3)', () => sql`select sentiment from api_responses where analysis_id = ${id} and model_id = 3`)
await t('case sentiment 240 / 40 used', () => sql`select case when model_id = 3 then sentiment else '{}'::jsonb end from api_responses where analysis_id = ${id}`)
await t('stored cut brand-level', () => sql`with r as materialized (select results - 'byBrand' as results from analyses where id = ${id}) select jsonb_build_object('brands', (select jsonb_agg(b - 'sentiment' order by o) from jsonb_array_elements(results->'brands') with ordinality x(b, o)), 'summary', results->'summary') from r`)
await t('stored minus queries', () => sql`select results - 'queries' - 'byBrand' from analyses where id = ${id}`)
await t('stored detoast only', () => sql`select octet_length(results::text) from analyses where id = ${id}`)
await t('stored brands only', () => sql`select results->'brands' from analyses where id = ${id}`)
await t('pg_column_size', () => sql`select pg_column_size(results) from analyses where id = ${id}`)
const [sz] = await sql`select pg_column_size(results) as c, octet_length(results::text) as t from analyses where id = ${id}`
console.log(sz)
process.exit(0)
