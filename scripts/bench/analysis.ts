/**
 * Analysis throughput on a real stack (embedded PostgreSQL, Temporal dev server, the worker process,
 * the simulator): one full analysis at 1 s simulated latency (ideal = ceil(40/8) × 1 s = 5 s), then ten
 * full analyses at once with zero latency (calls per second end to end and the worker's peak memory).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildWorkflowBundle, freePort, startEmbeddedPostgres, startNodeProcess, startTemporal, waitFor } from '../stack'

const QUERIES = 40
const MODELS = 6
const CONCURRENCY = 8

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return Math.round(kb / 1024)
  } catch {
    return NaN
  }
}

export async function benchAnalysis() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-analysis-'))
  const stops: Array<() => Promise<void>> = []
  try {
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), persistent: false })
    stops.push(pg.stop)
    const temporal = await startTemporal({ dbFile: path.join(dir, 't.db'), port: await freePort(), uiPort: await freePort(), logFile: path.join(dir, 'temporal.log') })
    stops.push(temporal.stop)
    const { startSimulator } = await import('../../simulator/server')
    const sim = await startSimulator({ port: 0 })
    stops.push(sim.close)
    const env: Record<string, string> = {
      DATABASE_URL: pg.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: 'bench',
      MODEL_SIMULATOR_URL: sim.url,
      DEMO_MODE: 'true',
      NODE_ENV: 'production',
      WORKFLOW_BUNDLE: buildWorkflowBundle(),
    }
    for (const p of ['OPENAI', 'ANTHROPIC', 'GEMINI', 'PERPLEXITY', 'XAI', 'DEEPSEEK']) env[`${p}_CONCURRENCY`] = String(CONCURRENCY)
    Object.assign(process.env, env)
    const { migrate } = await import('../../db/migrate')
    const { getSql } = await import('../../db/client')
    const sql = getSql(pg.url)
    await migrate(sql)
    const logFile = path.join(dir, 'worker.log')
    const worker = startNodeProcess('worker', 'worker/index.ts', env as NodeJS.ProcessEnv, logFile)
    stops.push(worker.stop)
    await waitFor('worker', async () => readFileSync(logFile, 'utf8').includes('worker started'), 120_000, worker.child)

    const { startAnalysis } = await import('../../app/lib/analyses.server')
    const { getUserById } = await import('../../app/lib/auth.server')
    const [{ id: userId }] = await sql<{ id: number }[]>`insert into users (email, is_admin, max_projects, max_analyses) values ('bench@example.test', true, null, null) returning id`
    const user = (await getUserById(userId))!
    const makeProject = async (n: number) => {
      const [{ id }] = await sql<{ id: number }[]>`
        insert into projects (user_id, name, brand_domain, market_description) values (${userId}, ${'Bench ' + n}, 'Brooks', 'running shoes') returning id`
      const competitors = ['Nike', 'Asics', 'Hoka', 'New Balance', 'Saucony', 'Adidas', 'On', 'Mizuno', 'Puma', 'Altra', 'Salomon', 'Under Armour', 'Reebok', 'Inov-8', 'Karhu', 'Topo', 'Merrell', 'Diadora', 'Brooks Ghost'.slice(0, 0) || 'Skechers']
      await sql`insert into project_competitors ${sql(competitors.map((name, i) => ({ project_id: id, position: i, name })))}`
      await sql`insert into project_queries ${sql(Array.from({ length: QUERIES }, (_, i) => ({ project_id: id, position: i, query: `best running shoes for runners type ${n}-${i} in the uk` })))}`
      return id
    }
    const waitDone = async (ids: number[]) => {
      for (;;) {
        const rows = await sql<{ n: number }[]>`select count(*)::int as n from analyses where id in ${sql(ids)} and status in ('completed', 'failed', 'cancelled')`
        if (rows[0].n === ids.length) return
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    const simConfig = (latencyMs: number) =>
      fetch(`${sim.url}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ providers: Object.fromEntries(['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek'].map((p) => [p, { latencyMs }])) }),
      })

    // Warm-up: the first workflow task loads the bundle; not measured.
    await simConfig(0)
    const warm = await startAnalysis(user, await makeProject(0))
    await waitDone([warm.id])

    // 1. One full analysis at 1 s latency.
    await simConfig(1000)
    const p1 = await makeProject(1)
    const t1 = performance.now()
    const a1 = await startAnalysis(user, p1)
    await waitDone([a1.id])
    const single = (performance.now() - t1) / 1000
    const ideal = Math.ceil(QUERIES / CONCURRENCY) * 1
    const [{ n: answers1 }] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${a1.id} and ok`

    // 2. Ten full analyses at once, zero latency.
    await simConfig(0)
    const projects = await Promise.all(Array.from({ length: 10 }, (_, i) => makeProject(10 + i)))
    const t2 = performance.now()
    const started = await Promise.all(projects.map((p) => startAnalysis(user, p)))
    await waitDone(started.map((a) => a.id))
    const ten = (performance.now() - t2) / 1000
    const [{ n: answers10 }] = await sql<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id in ${sql(started.map((a) => a.id))} and ok`
    const statuses = await sql<{ status: string; n: number }[]>`select status, count(*)::int as n from analyses where id in ${sql(started.map((a) => a.id))} group by status`

    return {
      singleAnalysis: { calls: QUERIES * MODELS, answersStored: answers1, latencyMs: 1000, concurrencyPerProvider: CONCURRENCY, wallSeconds: +single.toFixed(2), idealSeconds: ideal, ratio: +(single / ideal).toFixed(3), target: '≤ 1.25' },
      tenAnalyses: {
        calls: 10 * QUERIES * MODELS,
        answersStored: answers10,
        statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
        wallSeconds: +ten.toFixed(2),
        callsPerSecond: +((10 * QUERIES * MODELS) / ten).toFixed(1),
        workerPeakRssMb: peakRssMb(worker.child.pid!),
        target: 'all complete, worker ≤ 500 MB',
      },
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {})
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAnalysis(), null, 2))
  process.exit(0)
}
