import { getSql } from '../../db/client'
import { seedResultsBench } from './results'
const sql = getSql(process.env.DATABASE_URL)
const { migrate } = await import('../../db/migrate')
await migrate(sql)
let ids: any
const [existing] = await sql`select p.id as "projectId", p.user_id as "userId", max(a.id) as "latestId" from projects p join analyses a on a.project_id = p.id where p.name = 'Bench running shoes' group by p.id limit 1`
ids = existing ?? (await seedResultsBench(sql, 60))
console.log(ids.projectId, ids.latestId)
const { getUserById } = await import('../../app/lib/auth.server')
const { loadResultsView } = await import('../../app/lib/results.server')
const user = (await getUserById(ids.userId))!
// time each query
const orig = (sql as any).unsafe
const url = process.argv[2]
const full = `http://x/?phase=2&project=${ids.projectId}&analysis=${ids.latestId}&${url ?? ''}`
for (let i = 0; i < 5; i++) await loadResultsView(user, new URL(full))
const times: number[] = []
for (let i = 0; i < 20; i++) { const s = performance.now(); await loadResultsView(user, new URL(full)); times.push(performance.now() - s) }
times.sort((a, b) => a - b)
console.log('median', times[10].toFixed(1), 'min', times[0].toFixed(1))
process.exit(0)
