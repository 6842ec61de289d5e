/**
 * The two commands when a part of the stack cannot start: the cause, the part and its log are in
 * the last lines, the exit code is not 0 and nothing is left running. And the embedded PostgreSQL
 * as root from a folder its `postgres` user cannot enter (a clone under /root, mode 0700).
 */
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { freePort, root, startEmbeddedPostgres } from '../../scripts/stack'
import { sampleProject, Session, uniqueEmail, until } from '../support/flows'

const node = path.join(root, 'node_modules', '.bin', 'node')

/** Runs a command to its end and returns its exit code and its last lines. */
function run(args: string[], env: Record<string, string>, timeoutMs = 150_000): Promise<{ code: number | null; last: string }> {
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, env: { ...process.env, ...env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, last: out.trim().split('\n').slice(-6).join('\n') })
    })
  })
}

/** A port held open by this test, as another program would. */
async function occupiedPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  return { port: (srv.address() as net.AddressInfo).port, close: () => new Promise((r) => srv.close(() => r())) }
}

describe('a part that cannot start says so in the last lines', () => {
  let scratch: string
  beforeEach(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'stack-test-'))
    chmodSync(scratch, 0o755) // as root, the embedded PostgreSQL's user must reach it
  })
  afterEach(() => rmSync(scratch, { recursive: true, force: true }))

  it('npm start: the web port is taken', async () => {
    const busy = await occupiedPort()
    try {
      const r = await run(['--import', 'tsx', 'scripts/start.ts'], { PORT: String(busy.port), DATA_DIR: scratch })
      expect(r.code).toBe(1)
      expect(r.last).toContain(`web app could not start: port ${busy.port} is already in use`)
    } finally {
      await busy.close()
    }
  })

  it('npm start: the Temporal port is taken; PostgreSQL, already started, is stopped again', async () => {
    const busy = await occupiedPort()
    const pgPort = await freePort()
    try {
      const r = await run(['--import', 'tsx', 'scripts/start.ts'], { PORT: String(await freePort()), DATA_DIR: scratch, EMBEDDED_PG_PORT: String(pgPort), TEMPORAL_PORT: String(busy.port), TEMPORAL_ADDRESS: '', DATABASE_URL: '' })
      expect(r.code).toBe(1)
      expect(r.last).toContain(`Temporal dev server could not start: port ${busy.port} is already in use`)
      expect(r.last).toContain('every other part was stopped')
      const probe = net.connect(pgPort, '127.0.0.1')
      const open = await new Promise((res) => (probe.once('connect', () => res(true)), probe.once('error', () => res(false))))
      probe.destroy()
      expect(open).toBe(false)
    } finally {
      await busy.close()
    }
  })

  it('npm test: the Temporal port is taken; the runner prints the part, the cause and the log folder, and fails', async () => {
    const busy = await occupiedPort()
    try {
      const artifacts = path.join(scratch, 'artifacts')
      const r = await run(['--import', 'tsx', 'scripts/test.ts', '--project', 'integration', 'tests/integration/replay.test.ts'], {
        TEST_ARTIFACTS_DIR: artifacts,
        TEST_TEMPORAL_PORT: String(busy.port),
        TEMPORAL_ADDRESS: '',
      })
      expect(r.code).toBe(1)
      expect(r.last).toContain(`Temporal dev server could not start: port ${busy.port} is already in use`)
      expect(r.last).toContain(path.join(artifacts, 'logs'))
    } finally {
      await busy.close()
    }
  })
})

describe.runIf(process.getuid?.() === 0)('embedded PostgreSQL as root', () => {
  it('runs from a folder the postgres user cannot enter, and finds its data again on the next start', async () => {
    const privateDir = mkdtempSync(path.join(os.tmpdir(), 'private-clone-'))
    chmodSync(privateDir, 0o700)
    const asked = path.join(privateDir, '.data', 'postgres')
    const home = mkdtempSync(path.join(os.tmpdir(), 'pg-home-'))
    chmodSync(home, 0o755)
    const before = process.env.EMBEDDED_PG_HOME
    process.env.EMBEDDED_PG_HOME = home
    try {
      const port = await freePort()
      const first = await startEmbeddedPostgres({ dataDir: asked, port, persistent: true })
      expect(lstatSync(asked).isSymbolicLink()).toBe(true)
      expect(first.dataDir.startsWith(home)).toBe(true)
      let sql = postgres(first.url, { max: 1, onnotice: () => {} })
      await sql`create table kept (v text)`
      await sql`insert into kept values ('still here')`
      await sql.end()
      await first.stop()

      const second = await startEmbeddedPostgres({ dataDir: asked, port, persistent: true })
      sql = postgres(second.url, { max: 1, onnotice: () => {} })
      expect((await sql`select v from kept`)[0].v).toBe('still here')
      await sql.end()
      await second.stop()
      expect(existsSync(path.join(second.dataDir, 'PG_VERSION'))).toBe(true)
    } finally {
      if (before === undefined) delete process.env.EMBEDDED_PG_HOME
      else process.env.EMBEDDED_PG_HOME = before
      rmSync(privateDir, { recursive: true, force: true })
      rmSync(home, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('npm start keeps running when a part dies', () => {
  it('a worker killed with SIGKILL is restarted; the app keeps answering and the running analysis completes with every answer once', async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'start-supervised-'))
    chmodSync(scratch, 0o755)
    const [port, pgPort, tPort, uiPort, simPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()]
    const env = { DATA_DIR: scratch, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), TEMPORAL_PORT: String(tPort), TEMPORAL_UI_PORT: String(uiPort), SIMULATOR_PORT: String(simPort), TEMPORAL_ADDRESS: '', DATABASE_URL: '', DEMO_MODE: 'true', FORCE_COLOR: '0' }
    const start = spawn(node, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    start.stdout.on('data', (d) => (out += d))
    start.stderr.on('data', (d) => (out += d))
    const db = postgres(`postgres://postgres:postgres@127.0.0.1:${pgPort}/brandvis`, { max: 2, onnotice: () => {} })
    try {
      await until('npm start to be ready', async () => out.includes('is ready') || start.exitCode !== null, 150_000, 250)
      expect(start.exitCode, out.slice(-2000)).toBeNull()
      const sim = async (body: unknown) => {
        const res = await fetch(`http://127.0.0.1:${simPort}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        expect(res.status).toBe(200)
      }
      // The simulator answers 3 calls and holds the rest: the kill lands with exactly 3 answers stored.
      await sim({ gate: { allow: 3 } })
      const s = new Session(`http://127.0.0.1:${port}`)
      expect((await s.json('/api/auth/signup', { method: 'POST', json: { email: uniqueEmail('supervised'), password: 'correct horse battery staple' } })).status).toBe(201)
      const project = await s.json('/api/projects', { method: 'POST', json: sampleProject() })
      expect([200, 201]).toContain(project.status)
      const started = await s.json(`/api/projects/${project.body.id}/analyse-today`, { method: 'POST' })
      expect(started.status).toBe(201)
      const id = started.body.id as number
      const stored = async () => (await db<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${id}`)[0].n
      await until('3 stored answers', async () => (await stored()) >= 3, 60_000, 100)

      const worker = workerPid(start.pid!)
      expect(worker).not.toBeNull()
      process.kill(worker!, 'SIGKILL')
      await until('the supervisor to notice', async () => /worker exited \(SIGKILL\); restarting/.test(out), 10_000, 100)
      expect((await s.json('/api/auth/status')).status).toBe(200) // the web app keeps answering
      expect(await stored()).toBe(3)
      await sim({ gate: null })
      await until('a new worker', async () => { const w = workerPid(start.pid!); return w !== null && w !== worker }, 30_000)
      await until('the analysis to complete', async () => (await s.json(`/api/analyses/${id}`)).body?.status === 'completed', 170_000, 500)
      const rows = await db<{ n: number; keys: number }[]>`select count(*)::int as n, count(distinct (model_id, query_index, sample))::int as keys from api_responses where analysis_id = ${id}`
      // 3 queries × 6 models × 1 sample, each stored once.
      expect(rows[0]).toEqual({ n: 18, keys: 18 })
    } finally {
      await db.end({ timeout: 2 })
      if (start.exitCode === null) {
        const exited = new Promise((r) => start.once('exit', r))
        start.kill('SIGINT')
        await exited
      }
      rmSync(scratch, { recursive: true, force: true })
    }
  }, 300_000)
})

/** The pid of the worker process that `npm start` (pid `startPid`) runs. */
function workerPid(startPid: number): number | null {
  const ps = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(startPid)], { encoding: 'utf8' })
  const line = ps.stdout.split('\n').find((l) => l.includes('worker/index.ts'))
  return line ? Number(line.trim().split(/\s+/)[0]) : null
}
