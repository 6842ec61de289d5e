/**
 * The cluster profile: embedded PostgreSQL (the product's and Temporal's databases), the Temporal
 * server as four processes with mutual TLS on its frontend, the model simulator, three workers and two web app
 * processes behind nginx. `npm run start:cluster`, `npm run test:cluster` and `npm run bench:cluster` all start it
 * with this one function.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp, buildWorkflowBundle, httpOk, log, portOpen, startEmbeddedPostgres, StackError, waitFor } from '../stack'
import { getSql, closeAllSql } from '../../db/client'
import { migrate } from '../../db/migrate'
import { buildTemporalServer, clientTlsEnv, makeCerts } from './build'
import { nodePart, spawnPart, type Part, type PartEnv } from './parts'
import { startTemporalCluster, type TemporalService } from './temporal'

export interface ClusterOptions {
  dataDir: string
  /** First port of the block the profile uses (PostgreSQL, Temporal, simulator, web, proxy). */
  basePort: number
  webProcesses?: number
  workers?: number
  historyShards?: number
  /** false: the data folder is removed first (tests and benchmarks start from nothing). */
  keepData?: boolean
  /** Extra settings of the web and worker processes. */
  env?: PartEnv
}

export interface ClusterStack {
  url: string
  databaseUrl: string
  simulatorUrl: string
  temporalAddress: string
  clientEnv: Record<string, string>
  webs: Part[]
  workers: Part[]
  temporal: Map<TemporalService, Part>
  /** Kills (SIGKILL) a part and starts it again, as a supervisor would. */
  killAndRestart(part: { kind: 'web' | 'worker'; index: number } | { kind: 'temporal'; service: TemporalService }): Promise<void>
  stop(): Promise<void>
}

/** Ports of the block, one place: PostgreSQL, Temporal frontend (+1, +2, +6, +10, membership −1000), simulator, webs, proxy. */
export const portsOf = (base: number) => ({ pg: base, temporal: base + 100, simulator: base + 200, web: base + 300, proxy: base + 400 })

export async function startClusterStack(o: ClusterOptions): Promise<ClusterStack> {
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {})
    stops.length = 0
  }
  try {
    return await start(o, stops, stop)
  } catch (err) {
    await stop()
    throw err
  }
}

async function start(o: ClusterOptions, stops: Array<() => Promise<void>>, stop: () => Promise<void>): Promise<ClusterStack> {
  const ports = portsOf(o.basePort)
  const logs = path.join(o.dataDir, 'logs')
  for (const [name, port] of Object.entries(ports)) if (await portOpen(port)) throw new StackError('cluster profile', `port ${port} (${name}) is already in use: set CLUSTER_BASE_PORT to a free block of 500 ports.`)
  if (!o.keepData && existsSync(o.dataDir)) {
    const { rmSync } = await import('node:fs')
    rmSync(o.dataDir, { recursive: true, force: true })
  }
  mkdirSync(logs, { recursive: true })

  const { server, sqlTool } = await buildTemporalServer()
  const certs = makeCerts()
  const clientEnv = clientTlsEnv(certs)

  log(`starting embedded PostgreSQL on 127.0.0.1:${ports.pg}`)
  const pg = await startEmbeddedPostgres({ dataDir: path.join(o.dataDir, 'postgres'), port: ports.pg, persistent: o.keepData ?? false, logFile: path.join(logs, 'postgres.log') })
  stops.push(pg.stop)
  const pgUrl = new URL(pg.url)
  await migrate(getSql(pg.url), log)
  await closeAllSql()

  log(`starting the Temporal server (frontend, history, matching, worker) on 127.0.0.1:${ports.temporal}, mutual TLS`)
  const temporal = await startTemporalCluster(
    {
      server, sqlTool, certs, port: ports.temporal, historyShards: o.historyShards ?? 8, dir: path.join(o.dataDir, 'temporal'), logDir: logs,
      pg: { host: pgUrl.hostname, port: Number(pgUrl.port), user: decodeURIComponent(pgUrl.username), password: decodeURIComponent(pgUrl.password) },
    },
    clientEnv,
  )
  stops.push(async () => void (await Promise.all([...temporal.services.values()].map((p) => p.stop()))))

  const simulator = nodePart('simulator', 'simulator/cli.ts', { SIMULATOR_PORT: String(ports.simulator), SIMULATOR_LATENCY: 'off' }, path.join(logs, 'simulator.log'))
  stops.push(simulator.stop)
  const simulatorUrl = `http://127.0.0.1:${ports.simulator}`
  await waitFor('model simulator', () => portOpen(ports.simulator), 30_000, simulator.child, simulator.logFile)

  await buildApp()
  const url = `http://localhost:${ports.proxy}`
  const env: PartEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: pg.url,
    // Two web processes and three workers on one PostgreSQL: small pools keep them under its 100 connections.
    DATABASE_POOL_SIZE: '5',
    ...clientEnv,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_UI_URL: '',
    MODEL_SIMULATOR_URL: simulatorUrl,
    DEMO_MODE: 'true',
    WORKFLOW_BUNDLE: await buildWorkflowBundle(),
    SESSION_SECRET: randomBytes(24).toString('hex'),
    APP_URL: url,
    TRUST_PROXY: 'loopback',
    HOST: '127.0.0.1',
    ...o.env,
  }
  for (const k of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'PERPLEXITY_API_KEY', 'XAI_API_KEY', 'DEEPSEEK_API_KEY']) env[k] = ''

  const launchWorker = (i: number) => nodePart(`worker-${i + 1}`, 'worker/index.ts', env, path.join(logs, `worker-${i + 1}.log`))
  const launchWeb = (i: number) => nodePart(`web-${i + 1}`, 'scripts/server.ts', { ...env, PORT: String(ports.web + i) }, path.join(logs, `web-${i + 1}.log`))
  const workers = Array.from({ length: o.workers ?? 3 }, (_, i) => launchWorker(i))
  const webs = Array.from({ length: o.webProcesses ?? 2 }, (_, i) => launchWeb(i))
  stops.push(async () => void (await Promise.all([...webs, ...workers].map((p) => p.stop()))))
  for (const w of workers) await waitFor(w.name, () => workerPolling(w), 120_000, w.child, w.logFile)
  for (const [i, web] of webs.entries()) await waitFor(`web app ${i + 1}`, () => httpOk(`http://127.0.0.1:${ports.web + i}/api/auth/status`), 120_000, web.child, web.logFile)

  const proxy = startNginx(path.join(o.dataDir, 'nginx'), ports.proxy, webs.map((_, i) => ports.web + i), logs)
  stops.push(proxy.stop)
  await waitFor('nginx', () => httpOk(`${url}/api/auth/status`), 30_000, proxy.child, proxy.logFile)

  return {
    url,
    databaseUrl: pg.url,
    simulatorUrl,
    temporalAddress: temporal.address,
    clientEnv: { ...clientEnv, TEMPORAL_ADDRESS: temporal.address },
    webs,
    workers,
    temporal: temporal.services,
    async killAndRestart(part) {
      if (part.kind === 'temporal') {
        await temporal.services.get(part.service)!.kill()
        temporal.restart(part.service)
        return
      }
      const list = part.kind === 'web' ? webs : workers
      await list[part.index].kill()
      list[part.index] = part.kind === 'web' ? launchWeb(part.index) : launchWorker(part.index)
      if (part.kind === 'worker') await waitFor(list[part.index].name, () => workerPolling(list[part.index]), 120_000)
      if (part.kind === 'web') await waitFor(`web app ${part.index + 1}`, () => httpOk(`http://127.0.0.1:${ports.web + part.index}/api/auth/status`), 120_000)
    },
    stop,
  }
}

/** The worker logs once it polls the task queue (its log is appended to across restarts: count the lines). */
const polled = new Map<string, number>()
async function workerPolling(w: Part) {
  const { readFile } = await import('node:fs/promises')
  const seen = ((await readFile(w.logFile, 'utf8').catch(() => '')).match(/worker started/g) ?? []).length
  if (seen <= (polled.get(w.logFile) ?? 0)) return false
  polled.set(w.logFile, seen)
  return true
}

/** nginx in front of the web processes: round robin, SSE unbuffered, a refused connection retried on the other process. */
function startNginx(dir: string, port: number, upstreams: number[], logs: string): Part {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true })
  const conf = path.join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${logs}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream web {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 1m;
    location / {
      proxy_pass http://web;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # AI Chat streams (SSE): every event goes out as it comes.
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502;
    }
  }
}
`,
  )
  const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p))
  if (!nginx) throw new StackError('nginx', 'nginx is not installed (Debian: apt-get install nginx-light).')
  return spawnPart('nginx', nginx, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {}, path.join(logs, 'nginx.log'))
}

