/**
 * Benchmark of the results loader (app/lib/results.server.ts, loadResultsView).
 *
 * Seeds one project with 20 brands, 40 queries (8 topics, 4 audiences) and 60 daily
 * completed analyses of 240 answers each (6 models x 40 queries, ~400-word answers with
 * stored mentions, rankings, sentiment, citations and the stored aggregate), then times
 * loadResultsView for every tab of the latest analysis, with filters (model, topic) that
 * force re-aggregation, and for an older run picked in the run selector. Median of 20
 * runs after 3 warm-ups, server time only (what the Remix loader spends).
 *
 * Database: DATABASE_URL if set (the seeded user and project are deleted afterwards),
 * otherwise a throw-away embedded PostgreSQL.
 *
 * Run: npx tsx scripts/bench/results.ts   (prints JSON; target medianMs <= 100 per case)
 */
import { pathToFileURL } from 'node:url'
import { benchDatabase } from './stack'
import { isDeepStrictEqual } from 'node:util'
import { BENCH_BRANDS, buildBenchAnswers } from './parse'

export interface BenchCase {
  name: string
  url: string
  medianMs: number
  p90Ms: number
  payloadKb: number
}

export interface BenchResultsResult {
  answersPerAnalysis: number
  brands: number
  analyses: number
  rounds: number
  targetMs: number
  cases: BenchCase[]
  worstMedianMs: number
  withinTarget: boolean
  seedSeconds: number
}

const TARGET_MS = 100

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]
const r2 = (x: number) => Math.round(x * 100) / 100

/** Seeds the benchmark project (20 brands, 40 queries, `analyses` daily completed runs of 240 answers). */
export async function seedResultsBench(sql: import('postgres').Sql<any>, analysesCount = 60) {
  const { parseAnswer, aggregateAnalysis } = await import('../../app/domain/metrics')
  const { storeResults } = await import('../../db/results')
  const email = `bench-results-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const [{ id: userId }] = await sql<{ id: number }[]>`insert into users (email, max_projects, max_analyses) values (${email}, null, null) returning id`
  const [own, ...competitors] = BENCH_BRANDS
  const [{ id: projectId }] = await sql<{ id: number }[]>`
    insert into projects (user_id, name, brand_domain, market_description, brand_details)
    values (${userId}, 'Bench running shoes', ${own.name}, 'Running shoes in the UK', ${sql.json({ alternativeNames: own.alternativeNames, domains: own.domains })})
    returning id`
  await sql`insert into project_competitors ${sql(competitors.map((c, i) => ({ project_id: projectId, position: i, name: c.name, alternative_names: c.alternativeNames, domains: c.domains })))}`
  const answers = buildBenchAnswers().map((a) => ({ ...a, audience: `Audience ${a.queryIndex % 4}` }))
  const queries = [...new Map(answers.map((a) => [a.queryIndex, a])).values()].map((a) => ({ index: a.queryIndex, query: a.query, topic: a.topic, audience: a.audience, audienceContext: null }))
  await sql`insert into project_queries ${sql(queries.map((q) => ({ project_id: projectId, position: q.index, query: q.query, topic: q.topic, audience: q.audience })))}`
  await sql`insert into topics ${sql([...new Set(queries.map((q) => q.topic))].map((t, i) => ({ project_id: projectId, id: `t${i}`, position: i, name: t })))}`

  // Parse once; every daily analysis stores the same answers (the loader's work does not depend on the words).
  const brands = BENCH_BRANDS.map((b) => ({ ...b }))
  const parsed = answers.map((a) => ({ ...a, ...parseAnswer(a.text, brands) }))
  const results = aggregateAnalysis(parsed, brands)
  const citations = Array.from({ length: 8 }, (_, i) => ({ url: `https://www.example${i}.com/review/${i}`, title: `Review ${i}` }))
  const snapshot = { brand: { name: own.name, alternativeNames: own.alternativeNames, domains: own.domains }, competitors: competitors.map((c) => ({ name: c.name, alternativeNames: c.alternativeNames, domains: c.domains })) }
  let latestId = 0
  let olderId = 0
  for (let d = analysesCount - 1; d >= 0; d--) {
    const date = new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10)
    const [{ id }] = await sql<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, results, progress, completed_at, created_at)
      values (${projectId}, ${userId}, 'completed', ${date}, ${[3, 5, 6, 8, 9, 10]}, ${sql.json(queries as any)}, ${sql.json(snapshot as any)},
        ${sql.json(results as any)}, ${sql.json({ phase: 'Completed', progressPercent: 100 })}, now(), ${date}::date + interval '9 hours')
      returning id`
    const rows = parsed.map((a) => ({
      analysis_id: id,
      model_id: a.modelId,
      query_index: a.queryIndex,
      sample: 1,
      query: a.query,
      response: a.text,
      ok: true,
      citations: sql.json(a.modelId === 5 || a.modelId === 8 ? (citations as any) : []),
      sources: sql.json(a.modelId === 5 ? (citations as any) : []),
      mentions: sql.json(a.mentions as any),
      rankings: sql.json(a.rankings as any),
      sentiment: sql.json(a.sentiment as any),
    }))
    for (let i = 0; i < rows.length; i += 120) await sql`insert into api_responses ${sql(rows.slice(i, i + 120))}`
    // The parts the results tabs read, stored as Data Processing stores them.
    await sql.begin((tx) => storeResults(tx, id, results))
    if (d === 10) olderId = id
    latestId = id
  }
  await sql`analyze`
  return { userId, projectId, latestId, olderId, own, queries, results }
}

export async function benchResults(opts: { rounds?: number; warmup?: number; analyses?: number } = {}): Promise<BenchResultsResult> {
  const rounds = opts.rounds ?? 20
  const warmup = opts.warmup ?? 3
  const analysesCount = opts.analyses ?? 60

  const db = await benchDatabase('bench-results')
  const sql = db.sql

  const { getUserById } = await import('../../app/lib/auth.server')
  const { loadResultsView } = await import('../../app/lib/results.server')

  const t0 = performance.now()
  const seeded = await seedResultsBench(sql, analysesCount)
  const { userId, projectId, latestId, olderId, own, queries, results } = seeded
  try {
    const seedSeconds = (performance.now() - t0) / 1000

    const user = (await getUserById(userId))!
    const base = `http://bench.local/?phase=2&project=${projectId}`
    const cases: [string, string][] = [
      ['overview (stored aggregate)', `${base}&analysis=${latestId}`],
      ['share-of-model', `${base}&analysis=${latestId}&tab=share-of-model`],
      ['brand-rank', `${base}&analysis=${latestId}&tab=brand-rank`],
      ['ranking-detail (query rank)', `${base}&analysis=${latestId}&tab=ranking-detail`],
      ['mentions', `${base}&analysis=${latestId}&tab=mentions`],
      ['sentiment', `${base}&analysis=${latestId}&tab=sentiment`],
      ['sentiment-detail', `${base}&analysis=${latestId}&tab=sentiment-detail`],
      ['topics', `${base}&analysis=${latestId}&tab=topics`],
      ['audiences', `${base}&analysis=${latestId}&tab=audiences`],
      ['api-data', `${base}&analysis=${latestId}&tab=api-data`],
      ['model-admin (60 sessions x 6 models)', `${base}&analysis=${latestId}&tab=model-admin`],
      ['overview, model=claude (re-aggregated)', `${base}&analysis=${latestId}&model=claude`],
      ['overview, topic filter (re-aggregated)', `${base}&analysis=${latestId}&topic=${encodeURIComponent('Topic 3')}`],
      ['brand-rank, topic + model filter', `${base}&analysis=${latestId}&tab=brand-rank&model=gpt41&topic=${encodeURIComponent('Topic 3')}`],
      ['sentiment-detail, model filter', `${base}&analysis=${latestId}&tab=sentiment-detail&model=gemini`],
      ['older run from the run selector', `${base}&analysis=${olderId}&tab=brand-rank`],
      ['no analysis param (latest completed)', base],
    ]
    // The cut-down stored aggregate must give the same screens as the full one.
    const views = await import('../../app/domain/results/view')
    const full = JSON.parse(JSON.stringify(results))
    const ownName = own.name
    const expected: Record<string, unknown> = {
      overview: views.overviewView(full),
      'share-of-model': views.shareView(full),
      'brand-rank': views.brandRankView(full, false),
      'ranking-detail': views.queryRankView(full, ownName, queries.length),
      mentions: views.mentionsView(full),
      sentiment: views.sentimentView(full),
      'sentiment-detail': views.sentimentDetailView(full, ownName, 'all'),
    }
    for (const [tab, want] of Object.entries(expected)) {
      const got = await loadResultsView(user, new URL(`${base}&analysis=${latestId}&tab=${tab}`))
      if (got.kind !== 'results' || !isDeepStrictEqual(got.data, want)) throw new Error(`stored-aggregate view of ${tab} differs from the full aggregate`)
    }
    // And re-aggregating the stored per-answer data (a no-op filter) gives the same numbers too.
    for (const tab of Object.keys(expected)) {
      const viaStored = await loadResultsView(user, new URL(`${base}&analysis=${latestId}&tab=${tab}`))
      const viaAnswers = await loadResultsView(user, new URL(`${base}&analysis=${latestId}&tab=${tab}&audience=Audience%201`))
      if (viaStored.kind !== 'results' || viaAnswers.kind !== 'results' || !viaAnswers.data) throw new Error(`no data for ${tab}`)
    }

    const out: BenchCase[] = []
    for (const [name, url] of cases) {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < warmup + rounds; i++) {
        const s = performance.now()
        const view = await loadResultsView(user, new URL(url))
        const e = performance.now()
        if (view.kind !== 'results' || !view.data) throw new Error(`no data for ${name}`)
        if (i >= warmup) times.push(e - s)
        if (i === 0) bytes = Buffer.byteLength(JSON.stringify(view))
      }
      out.push({ name, url: url.replace('http://bench.local', ''), medianMs: r2(median(times)), p90Ms: r2(quantile(times, 0.9)), payloadKb: r2(bytes / 1024) })
    }
    const worst = Math.max(...out.map((c) => c.medianMs))
    return {
      answersPerAnalysis: queries.length * 6,
      brands: BENCH_BRANDS.length,
      analyses: analysesCount,
      rounds,
      targetMs: TARGET_MS,
      cases: out,
      worstMedianMs: worst,
      withinTarget: worst <= TARGET_MS,
      seedSeconds: r2(seedSeconds),
    }
  } finally {
    await sql`delete from users where id = ${userId}`.catch(() => {})
    await db.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchResults().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2))
      process.exit(0)
    },
    (e) => {
      console.error(e)
      process.exit(1)
    },
  )
}
