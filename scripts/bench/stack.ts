/**
 * A throw-away stack for the benchmarks that need one: embedded PostgreSQL, a Temporal dev server, the
 * simulator (in this process), the worker process; the app's server modules are imported in this process.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildWorkflowBundle, freePort, startEmbeddedPostgres, startNodeProcess, startTemporal, waitFor } from '../stack'

export const PROVIDERS = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek'] as const
/** The SERP providers of the engines: their own rate lanes. */
export const ENGINE_PROVIDERS = ['dataforseo', 'serpapi'] as const

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
export function rssMb(pid: number, which: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(new RegExp(`${which}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
    return Math.round(kb / 1024)
  } catch {
    return NaN
  }
}

export const peakRssMb = (pid: number) => rssMb(pid, 'VmHWM')

export interface BenchStack {
  sql: import('postgres').Sql<any>
  simUrl: string
  workerPid: number
  /** Sets every provider's simulated latency. */
  simLatency(latencyMs: number): Promise<void>
  /** A user (admin, no quotas) and a project of `queries` queries and 19 competitors. */
  makeUser(): Promise<import('../../app/lib/auth.server').User>
  makeProject(userId: number, n: number, queries: number): Promise<number>
  waitDone(ids: number[]): Promise<void>
  stop(): Promise<void>
}

export async function startBenchStack(opts: { taskQueue: string; concurrency: number }): Promise<BenchStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-stack-'))
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {})
    rmSync(dir, { recursive: true, force: true })
  }
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
      TEMPORAL_TASK_QUEUE: opts.taskQueue,
      MODEL_SIMULATOR_URL: sim.url,
      DEMO_MODE: 'true',
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      WORKFLOW_BUNDLE: await buildWorkflowBundle(),
      // A completed analysis would start its source search (200 more web-search calls) and compete for the
      // providers' slots with the next measured run; each bench starts the searches it measures itself.
      SOURCE_SEARCH_AFTER_ANALYSIS: 'false',
    }
    for (const p of [...PROVIDERS, ...ENGINE_PROVIDERS]) env[`${p.toUpperCase()}_CONCURRENCY`] = String(opts.concurrency)
    Object.assign(process.env, env)
    const { migrate } = await import('../../db/migrate')
    const { getSql } = await import('../../db/client')
    const sql = getSql(pg.url)
    await migrate(sql)
    const logFile = path.join(dir, 'worker.log')
    const worker = startNodeProcess('worker', 'worker/index.ts', env as NodeJS.ProcessEnv, logFile)
    stops.push(worker.stop)
    await waitFor('worker', async () => readFileSync(logFile, 'utf8').includes('worker started'), 120_000, worker.child)
    const { getUserById } = await import('../../app/lib/auth.server')
    return {
      sql,
      simUrl: sim.url,
      workerPid: worker.child.pid!,
      async simLatency(latencyMs) {
        await fetch(`${sim.url}/__sim/config`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ providers: Object.fromEntries(PROVIDERS.map((p) => [p, { latencyMs }])) }),
        })
        await fetch(`${sim.url}/__sim/engines`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(Object.fromEntries(ENGINE_PROVIDERS.map((p) => [p, { latencyMs }]))),
        })
      },
      async makeUser() {
        const email = `bench-${randomBytes(4).toString('hex')}@example.test`
        const [{ id }] = await sql<{ id: number }[]>`insert into users (email, is_admin, max_projects, max_analyses) values (${email}, true, null, null) returning id`
        return (await getUserById(id))!
      },
      async makeProject(userId, n, queries) {
        const [{ id }] = await sql<{ id: number }[]>`
          insert into projects (user_id, name, brand_domain, market_description, engines) values (${userId}, ${'Bench ' + n}, 'Brooks', 'running shoes', true) returning id`
        const competitors = ['Nike', 'Asics', 'Hoka', 'New Balance', 'Saucony', 'Adidas', 'On', 'Mizuno', 'Puma', 'Altra', 'Salomon', 'Under Armour', 'Reebok', 'Inov-8', 'Karhu', 'Topo', 'Merrell', 'Diadora', 'Skechers']
        await sql`insert into project_competitors ${sql(competitors.map((name, i) => ({ project_id: id, position: i, name })))}`
        await sql`insert into project_queries ${sql(Array.from({ length: queries }, (_, i) => ({ project_id: id, position: i, query: `best running shoes for runners type ${n}-${i} in the uk` })))}`
        return id
      },
      async waitDone(ids) {
        for (;;) {
          const rows = await sql<{ n: number }[]>`select count(*)::int as n from analyses where id in ${sql(ids)} and status in ('completed', 'failed', 'cancelled')`
          if (rows[0].n === ids.length) return
          // every 10 ms: the end of a run is seen within 10 ms (a coarser poll would add up to its interval to every figure)
          await new Promise((r) => setTimeout(r, 10))
        }
      },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

/**
 * The database of a benchmark that needs only PostgreSQL: DATABASE_URL when set, else a throw-away
 * embedded cluster (its folder readable by the 'postgres' user when run as root). Migrated;
 * `close()` closes the clients, stops the cluster and restores DATABASE_URL.
 */
export async function benchDatabase(prefix: string) {
  const originalUrl = process.env.DATABASE_URL
  let stopPg: (() => Promise<void>) | null = null
  let dataDir: string | null = null
  if (!originalUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))
    chmodSync(dataDir, 0o755)
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), persistent: false })
    stopPg = pg.stop
    process.env.DATABASE_URL = pg.url
  }
  const { getSql, closeAllSql } = await import('../../db/client')
  const { migrate } = await import('../../db/migrate')
  const sql = getSql(process.env.DATABASE_URL)
  await migrate(sql)
  return {
    sql,
    async close() {
      await closeAllSql()
      if (stopPg) await stopPg()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
      if (originalUrl === undefined) delete process.env.DATABASE_URL
      else process.env.DATABASE_URL = originalUrl
    },
  }
}
