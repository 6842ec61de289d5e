/**
 * Progress polling under load (issue: fifty browsers on one running analysis). Fifty simulated browsers poll
 * the progress of one running analysis every 500 ms for 10 s, firing on time whether or not their previous
 * answer has arrived (as the UI's setInterval does), each poll doing what GET /api/analyses/{id}/progress does
 * (getAnalysis, then progressOf). Reported: the RPCs this process sent to Temporal per second (counted by a
 * gRPC interceptor on the app's client connection), and the latency of the polls; one poller alone first.
 *
 * Run: npm run bench:progress. To measure the code before a change, run the same files in a checkout of the
 * earlier commit: `git worktree add /tmp/before <commit>`, link /tmp/before/node_modules to this node_modules,
 * copy scripts/bench.ts and scripts/bench/{progress,stack}.ts there, and run `npx tsx scripts/bench.ts progress`.
 */
import { Connection } from '@temporalio/client'
import { startBenchStack } from './stack'

const POLLERS = 50
const INTERVAL_MS = 500
const SECONDS = 10
const QUERIES = 40

/** Counts every RPC that a Temporal client connection of this process sends, by method. */
function countTemporalRpcs() {
  const counts = new Map<string, number>()
  const connect = Connection.connect.bind(Connection)
  const interceptor = (options: any, nextCall: (o: any) => any) => {
    const method = String(options.method_definition?.path ?? 'unknown').split('/').pop()!
    counts.set(method, (counts.get(method) ?? 0) + 1)
    return nextCall(options)
  }
  Connection.connect = ((opts: Parameters<typeof Connection.connect>[0] = {}) => connect({ ...opts, interceptors: [...(opts.interceptors ?? []), interceptor] })) as typeof Connection.connect
  return () => new Map(counts)
}

const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN)

export async function benchProgress() {
  const snapshotRpcs = countTemporalRpcs()
  const stack = await startBenchStack({ taskQueue: 'bench-progress', concurrency: 8 })
  try {
    const { startAnalysis, getAnalysis, progressOf, ACTIVE_STATUSES } = await import('../../app/lib/analyses.server')
    const user = await stack.makeUser()
    const { admitModelWork } = await import('../../app/lib/model-budget.server')
    const ticket = await admitModelWork({ user, clientAddress: '127.0.0.1' })
    // Long enough to stay running through both measurements: 40 queries / 8 at a time × 10 s.
    await stack.simLatency(10_000)
    const analysis = await startAnalysis(user, await stack.makeProject(user.id, 1, QUERIES), ticket)
    const poll = async () => {
      const t = performance.now()
      const { analysis: a } = await getAnalysis(user, analysis.id)
      const details = ACTIVE_STATUSES.includes(a.status) ? await progressOf(a) : a.progress
      if (!details) throw new Error('no progress')
      return { ms: performance.now() - t, status: a.status as string, done: details.queriesCompleted as number }
    }
    await poll() // connects the client
    await new Promise((r) => setTimeout(r, 1000))

    const measure = async (pollers: number, seconds: number) => {
      const before = snapshotRpcs()
      const latencies: number[] = []
      const statuses = new Set<string>()
      const inFlight: Promise<void>[] = []
      const started = performance.now()
      const timers = Array.from({ length: pollers }, (_, i) =>
        // Staggered like browsers that opened the page at different moments.
        setTimeout(() => {
          const fire = () => {
            inFlight.push(
              poll().then(
                (r) => void (latencies.push(r.ms), statuses.add(r.status)),
                () => void latencies.push(NaN),
              ),
            )
          }
          fire()
          timers[i] = setInterval(fire, INTERVAL_MS)
        }, (i * INTERVAL_MS) / pollers),
      )
      await new Promise((r) => setTimeout(r, seconds * 1000))
      for (const t of timers) clearInterval(t)
      await Promise.all(inFlight)
      const elapsed = (performance.now() - started) / 1000
      const after = snapshotRpcs()
      const byMethod = Object.fromEntries([...after].map(([m, n]) => [m, n - (before.get(m) ?? 0)]).filter(([, n]) => (n as number) > 0))
      const rpcs = Object.values(byMethod).reduce((a: number, b) => a + (b as number), 0)
      const ok = latencies.filter((x) => !Number.isNaN(x))
      return {
        pollers,
        polls: latencies.length,
        failedPolls: latencies.length - ok.length,
        statuses: [...statuses],
        temporalRpcs: rpcs,
        temporalRpcsPerSecond: +(rpcs / elapsed).toFixed(1),
        rpcsByMethod: byMethod,
        latencyMs: { p50: Math.round(quantile(ok, 0.5)), p95: Math.round(quantile(ok, 0.95)), max: Math.round(Math.max(...ok)) },
      }
    }
    const one = await measure(1, 5)
    const fifty = await measure(POLLERS, SECONDS)
    return { intervalMs: INTERVAL_MS, onePoller: one, fiftyPollers: fifty }
  } finally {
    await stack.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchProgress(), null, 2))
  process.exit(0)
}
