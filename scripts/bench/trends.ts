/**
 * Benchmark of the Trends page's server work (app/lib/trends.server.ts, loadTrends): one project with 20 brands
 * and 365 daily completed analyses of 240 answers each (6 models x 40 queries, stored mentions and rankings).
 * Times the first read (it builds the 365 stored trend points once), then the page's reads: median of 20 runs
 * after 3 warm-ups, server time only, for the default view, another query and another topic brand, and after
 * one analysis changed (one point rebuilt).
 *
 * Database: DATABASE_URL if set (the seeded user is deleted afterwards), otherwise a throw-away embedded PostgreSQL.
 *
 * Size: BENCH_TRENDS_DAYS (365 daily analyses).
 * Run: npm run bench:trends   (prints JSON; target medianMs <= 150 per case; exits 0 whatever the figures)
 */
import { pathToFileURL } from 'node:url'
import { benchDatabase } from './stack'
import { BENCH_BRANDS, buildBenchAnswers } from './parse'

const TARGET_MS = 150

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
const r2 = (x: number) => Math.round(x * 100) / 100

async function seed(sql: import('postgres').Sql<any>, days: number) {
  const { parseAnswer } = await import('../../app/domain/metrics')
  const email = `bench-trends-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const [{ id: userId }] = await sql<{ id: number }[]>`insert into users (email, max_projects, max_analyses) values (${email}, null, null) returning id`
  const [own, ...competitors] = BENCH_BRANDS
  const [{ id: projectId }] = await sql<{ id: number }[]>`
    insert into projects (user_id, name, brand_domain, market_description, brand_details)
    values (${userId}, 'Bench trends', ${own.name}, 'Running shoes in the UK', ${sql.json({ alternativeNames: own.alternativeNames, domains: own.domains })}) returning id`
  await sql`insert into project_competitors ${sql(competitors.map((c, i) => ({ project_id: projectId, position: i, name: c.name })))}`
  const answers = buildBenchAnswers()
  const brands = BENCH_BRANDS.map((b) => ({ ...b }))
  const parsed = answers.map((a) => ({ ...a, ...parseAnswer(a.text, brands) }))
  const queries = [...new Map(answers.map((a) => [a.queryIndex, a])).values()].map((a) => ({ index: a.queryIndex, query: a.query, topic: a.topic, audience: null, audienceContext: null }))
  const snapshot = { brand: { name: own.name, alternativeNames: own.alternativeNames, domains: own.domains }, competitors: competitors.map((c) => ({ name: c.name, alternativeNames: c.alternativeNames, domains: c.domains })) }
  const ids: number[] = []
  for (let d = 0; d < days; d++) {
    const date = new Date(Date.UTC(2024, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)
    const [{ id }] = await sql<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, completed_at)
      values (${projectId}, ${userId}, 'completed', ${date}, ${[3, 5, 6, 8, 9, 10]}, ${sql.json(queries as any)}, ${sql.json(snapshot as any)}, now()) returning id`
    ids.push(id)
    // The day's answers: the parsed set with one brand's counts shifted by the day, so days differ.
    const rows = parsed.map((a, i) => ({
      analysis_id: id, model_id: a.modelId, query_index: a.queryIndex, sample: 1, query: a.query, response: 'stored answer', ok: true,
      mentions: sql.json({ ...a.mentions, [BENCH_BRANDS[(d + i) % BENCH_BRANDS.length].name]: (d + i) % 4 } as any),
      rankings: sql.json(a.rankings as any),
    }))
    await sql`insert into api_responses ${sql(rows)}`
    if (d % 50 === 49) process.stderr.write(`seeded ${d + 1} analyses\n`)
  }
  await sql`analyze`
  return { userId, projectId, ids, queries }
}

export async function benchTrends(opts: { days?: number; rounds?: number; warmup?: number } = {}) {
  const days = opts.days ?? (Number(process.env.BENCH_TRENDS_DAYS) || 365)
  const rounds = opts.rounds ?? 20
  const warmup = opts.warmup ?? 3
  const db = await benchDatabase('bench-trends')
  const sql = db.sql
  const { getUserById } = await import('../../app/lib/auth.server')
  const { loadTrends } = await import('../../app/lib/trends.server')
  const t0 = performance.now()
  const seeded = await seed(sql, days)
  try {
    const seedSeconds = r2((performance.now() - t0) / 1000)
    const user = (await getUserById(seeded.userId))!
    const f0 = performance.now()
    const first = await loadTrends(user, seeded.projectId)
    const firstReadMs = r2(performance.now() - f0)
    if (first.days.length !== days) throw new Error(`expected ${days} days, got ${first.days.length}`)
    const time = async (name: string, run: () => Promise<unknown>, before?: () => Promise<unknown>) => {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < warmup + rounds; i++) {
        if (before) await before()
        const s = performance.now()
        const out = await run()
        const e = performance.now()
        if (i >= warmup) times.push(e - s)
        if (i === 0) bytes = Buffer.byteLength(JSON.stringify(out))
      }
      return { name, medianMs: r2(median(times)), p90Ms: r2([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]), payloadKb: r2(bytes / 1024) }
    }
    if (process.env.BENCH_TRENDS_DEBUG) {
      const { trendPointsOf } = await import('../../db/trends')
      const { buildTrends } = await import('../../app/domain/trends')
      const { getProject } = await import('../../app/lib/projects.server')
      for (let i = 0; i < 3; i++) {
        const a = performance.now(); await getProject(user, seeded.projectId); const b = performance.now()
        const pts = await trendPointsOf(sql, seeded.projectId); const c = performance.now()
        buildTrends(pts); const d = performance.now()
        process.stderr.write(`getProject ${r2(b - a)} points ${r2(c - b)} build ${r2(d - c)}\n`)
      }
    }
    const cases = [
      await time('default view (top 10 brands, first query, own brand topics)', () => loadTrends(user, seeded.projectId)),
      await time('another query', () => loadTrends(user, seeded.projectId, { query: seeded.queries[17].query })),
      await time('another topic brand', () => loadTrends(user, seeded.projectId, { topicBrand: BENCH_BRANDS[5].name })),
      await time('after one analysis changed (one point rebuilt)', () => loadTrends(user, seeded.projectId), () => sql`update analyses set updated_at = now() where id = ${seeded.ids[days - 1]}`),
    ]
    const worst = Math.max(...cases.map((c) => c.medianMs))
    return { analyses: days, answersPerAnalysis: 240, brands: BENCH_BRANDS.length, rounds, targetMs: TARGET_MS, seedSeconds, firstReadMs, cases: cases.map((c) => ({ ...c, ratioToTarget: r2(c.medianMs / TARGET_MS) })), worstMedianMs: worst, worstRatioToTarget: r2(worst / TARGET_MS), withinTarget: worst <= TARGET_MS }
  } finally {
    await sql`delete from users where id = ${seeded.userId}`
    await db.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchTrends(), null, 2))
  process.exit(0)
}
