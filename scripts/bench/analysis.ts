/**
 * Analysis throughput on a real stack (embedded PostgreSQL, Temporal dev server, the worker process,
 * the simulator): one full analysis of the six models and the four engines at 1 s simulated latency per
 * request, three runs, the median reported; then ten full analyses at once with zero latency (calls per second end
 * to end and the worker's peak memory).
 *
 * Ideal: the slowest rate lane sets it. Each model vendor answers 40 calls 8 at a time: ceil(40/8) × 1 s = 5 s.
 * DataForSEO serves three engines through one lane of 8: the AI Overview and AI Mode 40 requests each, the ChatGPT
 * app 3 each (task_post, one "in queue" poll, the result): 40 + 40 + 120 = 200 requests, ceil(200/8) × 1 s = 25 s.
 * SerpApi (Copilot) 40 requests: 5 s. So ideal = 25 s.
 */
import { peakRssMb, rssMb, startBenchStack } from './stack'

const QUERIES = 40
const MODELS = 10
/** DataForSEO requests of one analysis: AI Overview 1, AI Mode 1, ChatGPT app 3 per query. */
const DATAFORSEO_REQUESTS = QUERIES * (1 + 1 + 3)
const CONCURRENCY = 8
/** Single analyses timed; the median is reported. */
const SINGLE_RUNS = 3

export async function benchAnalysis() {
  const stack = await startBenchStack({ taskQueue: 'bench', concurrency: CONCURRENCY })
  try {
    const { sql } = stack
    const { startAnalysis } = await import('../../app/lib/analyses.server')
    const user = await stack.makeUser()
    const { admitModelWork } = await import('../../app/lib/model-budget.server')
    const ticket = await admitModelWork({ user, clientAddress: '127.0.0.1' })

    // Warm-up: the first workflow task loads the bundle; not measured.
    await stack.simLatency(0)
    const warm = await startAnalysis(user, await stack.makeProject(user.id, 0, QUERIES), ticket)
    await stack.waitDone([warm.id])
    const idleRssMb = rssMb(stack.workerPid)

    // 1. One full analysis at 1 s latency, three times (fresh projects): the median, so one slow moment of a shared
    //    machine does not decide the figure (every run is listed).
    await stack.simLatency(1000)
    const ideal = Math.max(Math.ceil(QUERIES / CONCURRENCY), Math.ceil(DATAFORSEO_REQUESTS / CONCURRENCY)) * 1
    const singles: number[] = []
    /** The fewest answers any of the runs stored (each should store calls = 240). */
    let answers1 = Infinity
    for (let run = 0; run < SINGLE_RUNS; run++) {
      const p1 = await stack.makeProject(user.id, 1 + run, QUERIES)
      const t1 = performance.now()
      const a1 = await startAnalysis(user, p1, ticket)
      await stack.waitDone([a1.id])
      singles.push((performance.now() - t1) / 1000)
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${a1.id} and ok`
      answers1 = Math.min(answers1, n)
    }
    const single = [...singles].sort((a, b) => a - b)[Math.floor(SINGLE_RUNS / 2)]

    // 2. Ten full analyses at once, zero latency.
    await stack.simLatency(0)
    const projects = await Promise.all(Array.from({ length: 10 }, (_, i) => stack.makeProject(user.id, 10 + SINGLE_RUNS + i, QUERIES)))
    const t2 = performance.now()
    const started = await Promise.all(projects.map((p) => startAnalysis(user, p, ticket)))
    await stack.waitDone(started.map((a) => a.id))
    const ten = (performance.now() - t2) / 1000
    const [{ n: answers10 }] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id in ${sql(started.map((a) => a.id))} and ok`
    const statuses = await sql<{ status: string; n: number }[]>`select status, count(*)::int as n from analyses where id in ${sql(started.map((a) => a.id))} group by status`

    return {
      singleAnalysis: {
        calls: QUERIES * MODELS,
        answersStored: answers1,
        latencyMs: 1000,
        concurrencyPerProvider: CONCURRENCY,
        wallSeconds: +single.toFixed(2),
        idealSeconds: ideal,
        ratio: +(single / ideal).toFixed(3),
        runs: singles.map((s) => +(s / ideal).toFixed(3)),
        target: '≤ 1.10 (median of the runs)',
      },
      tenAnalyses: {
        calls: 10 * QUERIES * MODELS,
        answersStored: answers10,
        statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
        wallSeconds: +ten.toFixed(2),
        callsPerSecond: +((10 * QUERIES * MODELS) / ten).toFixed(1),
        workerIdleRssMb: idleRssMb,
        workerPeakRssMb: peakRssMb(stack.workerPid),
        target: 'all complete, ≥ 100 calls/s, worker ≤ 500 MB',
      },
    }
  } finally {
    await stack.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAnalysis(), null, 2))
  process.exit(0)
}
