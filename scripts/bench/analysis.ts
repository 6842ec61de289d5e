/**
 * Analysis throughput on a real stack (embedded PostgreSQL, Temporal dev server, the worker process,
 * the simulator): one full analysis at 1 s simulated latency (ideal = ceil(40/8) × 1 s = 5 s), then ten
 * full analyses at once with zero latency (calls per second end to end and the worker's peak memory).
 */
import { peakRssMb, rssMb, startBenchStack } from './stack'

const QUERIES = 40
const MODELS = 6
const CONCURRENCY = 8

export async function benchAnalysis() {
  const stack = await startBenchStack({ taskQueue: 'bench', concurrency: CONCURRENCY })
  try {
    const { sql } = stack
    const { startAnalysis } = await import('../../app/lib/analyses.server')
    const user = await stack.makeUser()

    // Warm-up: the first workflow task loads the bundle; not measured.
    await stack.simLatency(0)
    const warm = await startAnalysis(user, await stack.makeProject(user.id, 0, QUERIES))
    await stack.waitDone([warm.id])
    const idleRssMb = rssMb(stack.workerPid)

    // 1. One full analysis at 1 s latency.
    await stack.simLatency(1000)
    const p1 = await stack.makeProject(user.id, 1, QUERIES)
    const t1 = performance.now()
    const a1 = await startAnalysis(user, p1)
    await stack.waitDone([a1.id])
    const single = (performance.now() - t1) / 1000
    const ideal = Math.ceil(QUERIES / CONCURRENCY) * 1
    const [{ n: answers1 }] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${a1.id} and ok`

    // 2. Ten full analyses at once, zero latency.
    await stack.simLatency(0)
    const projects = await Promise.all(Array.from({ length: 10 }, (_, i) => stack.makeProject(user.id, 10 + i, QUERIES)))
    const t2 = performance.now()
    const started = await Promise.all(projects.map((p) => startAnalysis(user, p)))
    await stack.waitDone(started.map((a) => a.id))
    const ten = (performance.now() - t2) / 1000
    const [{ n: answers10 }] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id in ${sql(started.map((a) => a.id))} and ok`
    const statuses = await sql<{ status: string; n: number }[]>`select status, count(*)::int as n from analyses where id in ${sql(started.map((a) => a.id))} group by status`

    return {
      singleAnalysis: { calls: QUERIES * MODELS, answersStored: answers1, latencyMs: 1000, concurrencyPerProvider: CONCURRENCY, wallSeconds: +single.toFixed(2), idealSeconds: ideal, ratio: +(single / ideal).toFixed(3), target: '≤ 1.10' },
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
