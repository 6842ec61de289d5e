/**
 * Starting and stopping the product's parts: PostgreSQL (embedded or external), the Temporal
 * dev server, the model simulator, the worker and the web app. Used by `npm start` and `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, createWriteStream, readFileSync, rmdirSync, rmSync, statSync } from 'node:fs'
import { StackError } from './stack-error'
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

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000, child?: ChildProcess, logFile?: string) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new StackError(what, `exited (${child.exitCode ?? child.signalCode}) before it was ready${lastLines(logFile)}`, logFile)
    }
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new StackError(what, `was not ready after ${Math.round(timeoutMs / 1000)} s${lastLines(logFile)}`, logFile)
}

/** The last lines of a log, to quote in an error. */
export function lastLines(logFile: string | undefined, n = 6): string {
  if (!logFile) return ''
  const text = readText(logFile).trim()
  return text ? `; its last lines:\n    ${text.split('\n').slice(-n).join('\n    ')}` : ''
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
  return res.status < 500
}

// ---------------------------------------------------------------- PostgreSQL

export { startEmbeddedPostgres, type Postgres } from './postgres'
export { StackError, describeStartFailure } from './stack-error'

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

function manage(name: string, child: ChildProcess, logFile?: string, tee = false): Managed {
  children.add(child)
  child.once('exit', () => children.delete(child))
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true })
    const out = createWriteStream(logFile, { flags: 'a' })
    child.stdout?.pipe(out)
    child.stderr?.pipe(out)
    if (tee) {
      child.stdout?.pipe(process.stdout, { end: false })
      child.stderr?.pipe(process.stderr, { end: false })
    }
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

/**
 * The dev server's SQLite in write-ahead-log mode with NORMAL sync: each Temporal step (an activity handed to the worker,
 * a workflow task completed) is a SQLite transaction, and with the default rollback journal and FULL sync each one
 * waits for its own fsync, so the twelve activities an analysis starts at once reached the worker one by one, 10-15 ms
 * apart (npm run bench:analysis). WAL with NORMAL survives a crash of the server process and loses nothing committed;
 * only a power loss or OS crash may drop the last transactions, which a local dev server can accept (a Temporal
 * cluster behind TEMPORAL_ADDRESS brings its own storage).
 */
const SQLITE_PRAGMAS = ['--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal']

export async function startTemporal(opts: { dbFile: string; port: number; uiPort: number; logFile?: string }): Promise<Managed & { address: string; uiUrl: string }> {
  const bin = temporalBinary()
  const part = 'Temporal dev server'
  if (!bin) throw new StackError(part, 'the Temporal CLI is not installed: run `npm start` (it builds it with Go), put `temporal` on PATH, or set TEMPORAL_ADDRESS.')
  if (await portOpen(opts.port)) throw new StackError(part, `port ${opts.port} is already in use (another Temporal server?). Stop it, or set TEMPORAL_PORT or TEMPORAL_ADDRESS.`)
  mkdirSync(path.dirname(opts.dbFile), { recursive: true })
  const child = spawn(
    bin,
    ['server', 'start-dev', '--db-filename', opts.dbFile, '--port', String(opts.port), '--ui-port', String(opts.uiPort), '--ip', '127.0.0.1', '--log-level', 'error', '--namespace', 'default', ...SQLITE_PRAGMAS],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const m = manage('temporal', child, opts.logFile)
  await waitFor(part, () => portOpen(opts.port), 120_000, child, opts.logFile)
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
  }, 60_000, child, opts.logFile)
  return { ...m, address: `127.0.0.1:${opts.port}`, uiUrl: `http://127.0.0.1:${opts.uiPort}` }
}

// ---------------------------------------------------------------- Node processes

/** A Node 24 process running `script`; its output goes to `logFile` (and the console too with `tee`). */
/**
 * The worker's heap: a small young generation and a capped old one make V8 collect before it grows, which
 * keeps ten analyses at once near 450 MB instead of 740 MB (npm run bench:analysis) at no cost in speed.
 */
export function workerHeapArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  const mb = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback)
  return [`--max-semi-space-size=${mb(env.WORKER_SEMI_SPACE_MB, 16)}`, `--max-old-space-size=${mb(env.WORKER_MAX_OLD_SPACE_MB, 384)}`]
}

export function startNodeProcess(name: string, script: string, env: NodeJS.ProcessEnv, logFile?: string, opts: { tee?: boolean } = {}): Managed & { logFile?: string } {
  const node = path.join(root, 'node_modules', '.bin', 'node')
  const heap = script === 'worker/index.ts' ? workerHeapArgs({ ...process.env, ...env }) : []
  const child = spawn(existsSync(node) ? node : process.execPath, [...heap, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  })
  return { ...manage(name, child, logFile, opts.tee), logFile }
}

/** Builds the Remix app when the build is missing or older than the sources. */
/** The Remix CLI, run by this Node (see buildApp) for `build` and `npm start`'s `watch`. */
export const remixCli = path.join(root, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js')

export async function buildApp(force = false) {
  const stamp = path.join(root, 'build', 'index.js')
  if (!force && existsSync(stamp) && !sourcesNewerThan(stamp)) return
  await withBuildLock(() => {
    if (!force && existsSync(stamp) && !sourcesNewerThan(stamp)) return
    log('building the web app (remix build)...')
    // Run by this Node (24), whatever `node` is first on PATH: remix.config.js imports a .ts module, which
    // only Node's type stripping (22.18+) reads.
    const r = spawnSync(process.execPath, [remixCli, 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
    if (r.status !== 0) throw new StackError('web app build', 'remix build failed (its output is above)')
  })
}

/** Two test runs or a start and a test on one clone build into the same folder: one at a time. */
async function withBuildLock<T>(fn: () => T): Promise<T> {
  const lock = path.join(root, 'build', '.lock')
  mkdirSync(path.dirname(lock), { recursive: true })
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // A lock left by a killed build is stale after five minutes.
      const age = Date.now() - (statSafe(lock) ?? Date.now())
      if (age > 5 * 60_000) rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new StackError('build', `another build holds ${lock}; remove it if no build is running`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  try {
    return fn()
  } finally {
    rmdirSync(lock)
  }
}

function statSafe(file: string): number | null {
  try {
    return statSync(file).mtimeMs
  } catch {
    return null
  }
}

/** The workflow bundle for the worker (see worker/bundle.ts), rebuilt when workflows/ changed. */
export async function buildWorkflowBundle(): Promise<string> {
  const out = path.join(root, 'build', 'workflow-bundle.js')
  const fresh = () => existsSync(out) && !spawnSync('find', ['workflows', 'activities', 'app/domain', '-newer', out, '-type', 'f', '-print', '-quit'], { cwd: root, encoding: 'utf8' }).stdout.trim()
  if (fresh()) return out
  await withBuildLock(() => {
    if (fresh()) return
    log('bundling the workflows...')
    const node = path.join(root, 'node_modules', '.bin', 'node')
    const r = spawnSync(existsSync(node) ? node : process.execPath, ['--import', 'tsx', 'worker/bundle.ts', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
    if (r.status !== 0) throw new StackError('workflow bundle', 'bundling the workflows failed (its output is above)')
  })
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
