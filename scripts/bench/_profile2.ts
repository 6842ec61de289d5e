import { getSql } from '../../db/client'
const sql = getSql(process.env.DATABASE_URL)
const { getUserById } = await import('../../app/lib/auth.server')
const { getProject } = await import('../../app/lib/projects.server')
const [ids] = await sql`select p.id as "projectId", p.user_id as "userId", max(a.id) as "latestId" from projects p join analyses a on a.project_id = p.id where p.name = 'Bench running shoes' group by p.id limit 1`
const user = (await getUserById(ids.userId))!
async function t(name: string, f: () => Promise<any>) {
  for (let i = 0; i < 3; i++) await f()
  const xs: number[] = []
  for (let i = 0; i < 15; i++) { const s = performance.now(); await f(); xs.push(performance.now() - s) }
  xs.sort((a, b) => a - b)
  console.log(name.padEnd(40), xs[7].toFixed(2), 'min', xs[0].toFixed(2))
}
await t('select 1', () => sql`select 1`)
await t('getUserById', () => getUserById(ids.userId))
await t('getProject', () => getProject(user, ids.projectId))
await t('runs', () => sql`select id, status, date, created_at, error from analyses where project_id = ${ids.projectId} order by created_at desc`)
await t('snapshot', () => sql`select queries, brands, model_ids, is_light_mode from analyses where id = ${ids.latestId}`)
await t('answeredModelIds', () => sql`select results->'answeredModelIds' as ids from analyses where id = ${ids.latestId}`)
await t('full results', () => sql`select results from analyses where id = ${ids.latestId}`)
await t('answers none', () => sql`select model_id, query_index, query, sample, ok, mentions, rankings from api_responses where analysis_id = ${ids.latestId}`)
await t('answers summary', () => sql`select model_id, coalesce((select jsonb_object_agg(k, v || '{"positiveSnippets": [], "negativeSnippets": []}'::jsonb)
            from jsonb_each(sentiment) e(k, v) where (v->>'mentions')::numeric > 0), '{}'::jsonb) as sentiment from api_responses where analysis_id = ${ids.latestId}`)
await t('answers full sentiment', () => sql`select sentiment from api_responses where analysis_id = ${ids.latestId}`)
process.exit(0)
