/**
 * Source Insights benchmarks, on a real stack (embedded PostgreSQL, Temporal dev server, the worker
 * process, the simulator):
 *
 * 1. Search: one source search (`sourceSearchWorkflow`, started as the app starts it) of 40 queries × the 5 search
 *    models at 1 s simulated latency per call, after a warm-up search at no latency. The provider-limited ideal:
 *    the five models run at once, each provider answers `concurrency` calls at a time, so
 *    ideal = ceil(queries / concurrency) × latency. Target: wall ÷ ideal ≤ 1.25.
 * 2. Loaders: the phase-4 loader (loadSourcesView) of every tab for 40 queries × 6 models × 10 sources per answer
 *    (enhanced insights seeded in the database, plus as many basic ones for the "all insights" case), with a model
 *    and a topic filter too. Median of `rounds` runs after 3 warm-ups, server time only. Target: median ≤ 100 ms.
 *
 * There is no memory target; the worker's peak resident memory and this process's heap are reported for
 * information.
 *
 * Sizes (environment): BENCH_SOURCES_QUERIES (40), BENCH_SOURCES_LATENCY_MS (1000), BENCH_SOURCES_ROUNDS (20).
 * Run: npm run bench:sources   (prints JSON; exits 0 whatever the figures: a bench reports, it does not assert)
 */
import { pathToFileURL } from 'node:url'
import { peakRssMb, rssMb, startBenchStack, type BenchStack } from './stack'
import { BENCH_BRANDS } from './parse'
import { mulberry32 } from '../../app/domain/random'

const SEARCH_TARGET_RATIO = 1.25
const LOADER_TARGET_MS = 100
const CONCURRENCY = 8
const MODELS = [3, 5, 6, 8, 9, 10]
const SOURCES_PER_ANSWER = 10

const r2 = (x: number) => Math.round(x * 100) / 100
const r3 = (x: number) => Math.round(x * 1000) / 1000
function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]

const rng = mulberry32

const TOPICS = ['Cushioning', 'Trail', 'Racing', 'Beginners', 'Injury', 'Price', 'Durability', 'Fit']
const AUDIENCES = ['New runners', 'Marathoners', 'Trail runners', 'Budget buyers']
/** Earned sites the answers cite (a long tail behind a few popular ones), next to the brands' own domains. */
const EARNED = [
  'runnersworld.com', 'reddit.com', 'runrepeat.com', 'believeintherun.com', 'outdoorgearlab.com', 'wikipedia.org', 'youtube.com', 'nytimes.com',
  'theguardian.com', 'bbc.co.uk', 'verywellfit.com', 'healthline.com', 'menshealth.com', 'womenshealthmag.com', 'trailrunnermag.com', 'irunfar.com',
  ...Array.from({ length: 264 }, (_, i) => `running-blog-${i}.com`),
]
const WORDS = 'the best running shoes for beginners cushioning stability trail road marathon tested miles review lab fit drop stack foam durable light breathable'.split(' ')

function seededQueries(n: number) {
  return Array.from({ length: n }, (_, index) => ({
    index,
    query: `best running shoes for ${TOPICS[index % TOPICS.length].toLowerCase()} runners ${index}`,
    topic: TOPICS[index % TOPICS.length],
    audience: AUDIENCES[index % AUDIENCES.length],
    audienceContext: null,
  }))
}

/** Ten cited sources per answer: a few own and competitor pages, mostly earned sites, most popular first. */
function citationsOf(r: () => number, q: number, modelId: number) {
  const out: { url: string; domain: string; title: string; snippet: string; position: number }[] = []
  const used = new Set<string>()
  while (out.length < SOURCES_PER_ANSWER) {
    const x = r()
    const domain = x < 0.08 ? BENCH_BRANDS[0].domains[0] : x < 0.3 ? BENCH_BRANDS[1 + Math.floor(r() * (BENCH_BRANDS.length - 1))].domains[0] : EARNED[Math.floor(EARNED.length * r() ** 2.5)]
    const url = `https://www.${domain}/${q}/${modelId}/${Math.floor(r() * 6)}`
    if (used.has(url)) continue
    used.add(url)
    const words = (k: number) => Array.from({ length: k }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ')
    out.push({ url, domain, title: `${words(6)} | ${domain}`, snippet: `${words(24)}.`, position: out.length + 1 })
  }
  return out
}

/** A completed full analysis of `queries` queries (the brands of the parse bench), optionally with insights seeded. */
async function seedAnalysis(stack: BenchStack, userId: number, n: number, queries: number) {
  const { sql } = stack
  const projectId = await stack.makeProject(userId, n, queries)
  const qs = seededQueries(queries)
  const [own, ...competitors] = BENCH_BRANDS
  const brands = { brand: { name: own.name, alternativeNames: own.alternativeNames, domains: own.domains }, competitors: competitors.map((c) => ({ name: c.name, alternativeNames: c.alternativeNames, domains: c.domains })) }
  const [{ id }] = await sql<{ id: number }[]>`
    insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, completed_at)
    values (${projectId}, ${userId}, 'completed', ${new Date().toISOString().slice(0, 10)}, ${MODELS}, ${sql.json(qs as any)}, ${sql.json(brands as any)}, now())
    returning id`
  return { projectId, analysisId: id, queries: qs }
}

async function seedInsights(stack: BenchStack, analysisId: number, queries: ReturnType<typeof seededQueries>) {
  const { sql } = stack
  const { modelById } = await import('../../app/domain/models')
  const r = rng(10)
  const rows = (['enhanced', 'basic'] as const).flatMap((kind) =>
    queries.flatMap((q) =>
      MODELS.map((modelId) => {
        const citations = citationsOf(r, q.index, modelId)
        return {
          analysis_id: analysisId, kind, model_id: modelId, query_index: q.index, query: q.query, model_name: modelById(modelId)?.name ?? String(modelId),
          response: `${q.query}: ${Array.from({ length: 60 }, (_, i) => WORDS[(i * 7 + q.index) % WORDS.length]).join(' ')}.`,
          citations: sql.json(citations as any), sources: sql.json(citations.map(({ snippet: _s, ...c }) => c) as any),
          web_search_queries: sql.json([`${q.query} 2025`, `${q.query} review`, `top ${q.topic.toLowerCase()} shoes`] as any),
          details: sql.json({ timestamp: new Date().toISOString(), searchMetadata: { searchEnabled: true }, usage: { totalTokens: 1200 } } as any),
          raw: sql.json({ id: `bench-${kind}-${modelId}-${q.index}`, output: citations } as any),
        }
      }),
    ),
  )
  for (let i = 0; i < rows.length; i += 100) await sql`insert into search_insights ${sql(rows.slice(i, i + 100))}`
  await sql`analyze search_insights`
  return rows.length
}

async function waitSearch(sql: BenchStack['sql'], analysisId: number, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const [row] = await sql<{ status: string; error: string | null }[]>`select status, error from source_searches where analysis_id = ${analysisId}`
    if (row && ['completed', 'failed', 'cancelled'].includes(row.status)) return row
    if (Date.now() > until) throw new Error(`source search of analysis ${analysisId} did not end in ${timeoutMs / 1000} s`)
    await new Promise((res) => setTimeout(res, 25))
  }
}

export async function benchSources(opts: { queries?: number; latencyMs?: number; rounds?: number; warmup?: number } = {}) {
  const queries = opts.queries ?? (Number(process.env.BENCH_SOURCES_QUERIES) || 40)
  const latencyMs = opts.latencyMs ?? (Number(process.env.BENCH_SOURCES_LATENCY_MS) || 1000)
  const rounds = opts.rounds ?? (Number(process.env.BENCH_SOURCES_ROUNDS) || 20)
  const warmup = opts.warmup ?? 3
  const stack = await startBenchStack({ taskQueue: 'bench-sources', concurrency: CONCURRENCY })
  try {
    const { sql } = stack
    const { startSourceSearch } = await import('../../app/lib/sources-search.server')
    const { loadSourcesView } = await import('../../app/lib/sources.server')
    const { SEARCH_MODEL_IDS } = await import('../../app/domain/sources/types')
    const user = await stack.makeUser()
    const { admitModelWork } = await import('../../app/lib/model-budget.server')
    const ticket = await admitModelWork({ user, clientAddress: '127.0.0.1' })

    // ---------------------------------------------------------------- 1. the search
    // Warm-up: the first workflow task loads the bundle and the first calls open connections; not measured.
    await stack.simLatency(0)
    const warm = await seedAnalysis(stack, user.id, 0, queries)
    await startSourceSearch(user, warm.analysisId, ticket)
    await waitSearch(sql, warm.analysisId)

    await stack.simLatency(latencyMs)
    const run = await seedAnalysis(stack, user.id, 1, queries)
    const t0 = performance.now()
    const started = await startSourceSearch(user, run.analysisId, ticket)
    const end = await waitSearch(sql, run.analysisId)
    const wallSeconds = (performance.now() - t0) / 1000
    const idealSeconds = Math.ceil(queries / CONCURRENCY) * (latencyMs / 1000)
    const [{ enhanced, models }] = await sql<{ enhanced: number; models: number }[]>`
      select count(*)::int as enhanced, count(distinct model_id)::int as models from search_insights where analysis_id = ${run.analysisId} and kind = 'enhanced'`
    const searchRatio = idealSeconds > 0 ? wallSeconds / idealSeconds : NaN
    const search = {
      queries,
      searchModels: started.models.length,
      calls: queries * started.models.length,
      enhancedInsightsStored: enhanced,
      modelsWithInsights: models,
      status: end.status,
      ...(end.error ? { error: end.error } : {}),
      latencyMs,
      concurrencyPerProvider: CONCURRENCY,
      wallSeconds: r2(wallSeconds),
      idealSeconds,
      ratio: r3(searchRatio),
      targetRatio: SEARCH_TARGET_RATIO,
      withinTarget: searchRatio <= SEARCH_TARGET_RATIO,
      workerPeakRssMb: peakRssMb(stack.workerPid),
      workerRssMb: rssMb(stack.workerPid),
    }
    if (started.models.length !== SEARCH_MODEL_IDS.length) process.stderr.write(`note: ${started.models.length} search models, not ${SEARCH_MODEL_IDS.length}\n`)

    // ---------------------------------------------------------------- 2. the loaders
    await stack.simLatency(0)
    const seeded = await seedAnalysis(stack, user.id, 2, queries)
    const s0 = performance.now()
    const insights = await seedInsights(stack, seeded.analysisId, seeded.queries)
    const seedSeconds = (performance.now() - s0) / 1000
    const base = `http://bench.local/?phase=4&project=${seeded.projectId}&analysis=${seeded.analysisId}`
    const cases: [string, string][] = [
      ['site-priorities (default tab)', base],
      ['source-analytics', `${base}&tab=source-analytics`],
      ['topics-audiences', `${base}&tab=topics-audiences`],
      ['keyword-insights', `${base}&tab=keyword-insights`],
      ['content-priorities (citations, every query)', `${base}&tab=content-priorities`],
      ['api-response (one query)', `${base}&tab=api-response&q=3`],
      ['site-model-comparison (top 100)', `${base}&tab=site-model-comparison&top=100`],
      ['model-export', `${base}&tab=model-export`],
      ['site-priorities, model filter', `${base}&model=6`],
      ['site-priorities, topic filter', `${base}&topic=Trail`],
      [`site-priorities, basic + enhanced (${insights} insights)`, `${base}&set=all`],
    ]
    const heapBefore = process.memoryUsage().heapUsed
    const loaders = []
    for (const [name, url] of cases) {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < warmup + rounds; i++) {
        const s = performance.now()
        const view = await loadSourcesView(user, new URL(url))
        const e = performance.now()
        if (!view.data) throw new Error(`no data for ${name}`)
        if (i >= warmup) times.push(e - s)
        if (i === 0) bytes = Buffer.byteLength(JSON.stringify(view))
      }
      const medianMs = median(times)
      loaders.push({ name, url: url.replace('http://bench.local', ''), medianMs: r2(medianMs), p90Ms: r2(quantile(times, 0.9)), ratioToTarget: r2(medianMs / LOADER_TARGET_MS), payloadKb: r2(bytes / 1024) })
    }
    const worst = Math.max(...loaders.map((c) => c.medianMs))
    return {
      search,
      loaders: {
        queries,
        models: MODELS.length,
        sourcesPerAnswer: SOURCES_PER_ANSWER,
        insightsSeeded: insights,
        seedSeconds: r2(seedSeconds),
        rounds,
        targetMs: LOADER_TARGET_MS,
        cases: loaders,
        worstMedianMs: worst,
        worstRatioToTarget: r2(worst / LOADER_TARGET_MS),
        withinTarget: worst <= LOADER_TARGET_MS,
        processHeapMb: { before: Math.round(heapBefore / 2 ** 20), after: Math.round(process.memoryUsage().heapUsed / 2 ** 20) },
      },
      memoryTarget: 'none (figures above for information)',
    }
  } finally {
    await stack.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchSources(), null, 2))
  process.exit(0)
}
