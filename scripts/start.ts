/**
 * `npm start`: the whole product on one machine. PostgreSQL (embedded unless DATABASE_URL),
 * Temporal (dev server unless TEMPORAL_ADDRESS), the model simulator in demo mode, migrations,
 * the worker and the web app. Ctrl-C stops every child; data stays in .data/ for the next start.
 */
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp, buildWorkflowBundle, describeStartFailure, httpOk, log, portOpen, remixCli, root, StackError, startEmbeddedPostgres, startNodeProcess, startTemporal, waitFor, type Managed } from './stack'
import { getSql, closeAllSql } from '../db/client'
import { migrate } from '../db/migrate'
import { isDemoMode } from '../app/domain/providers'

const t0 = Date.now()
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'))
mkdirSync(dataDir, { recursive: true })
const port = Number(process.env.PORT ?? 3000)
const stops: Array<() => Promise<void>> = []
let stopping = false

async function shutdown(code = 0, lastWords?: string) {
  if (stopping) return
  stopping = true
  if (!lastWords) log('stopping...')
  for (const stop of stops.reverse()) await stop().catch(() => {})
  // The cause goes last, after everything the stopping parts printed.
  if (lastWords) console.error(lastWords)
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  if (await portOpen(port)) throw new StackError('web app', `port ${port} is already in use. Stop what is using it or set PORT.`)

  // PostgreSQL
  let databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329)
    log(`starting embedded PostgreSQL on 127.0.0.1:${pgPort} (data in ${path.relative(root, dataDir)}/postgres)`)
    if (await portOpen(pgPort)) throw new StackError('PostgreSQL (embedded)', `port ${pgPort} is already in use (another npm start?). Stop it, or set EMBEDDED_PG_PORT or DATABASE_URL.`)
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgPort, logFile: path.join(dataDir, 'logs', 'postgres.log') })
    stops.push(pg.stop)
    databaseUrl = pg.url
  } else log('using PostgreSQL from DATABASE_URL')
  await migrate(getSql(databaseUrl), log).catch((e) => {
    throw new StackError('database migrations', e instanceof Error ? e.message : String(e), undefined, e)
  })
  // While the install has no admin, a fresh one-time setup code lets the person at this console claim admin at sign-up.
  const [{ hasAdmin }] = await getSql(databaseUrl)<{ hasAdmin: boolean }[]>`select exists (select 1 from users where is_admin) as "hasAdmin"`
  const setupCode = hasAdmin || process.env.FIRST_ACCOUNT_ADMIN === 'false' ? null : (process.env.ADMIN_SETUP_CODE ?? randomBytes(18).toString('base64url'))
  await closeAllSql()

  // Temporal
  let temporalAddress = process.env.TEMPORAL_ADDRESS
  let temporalUi = process.env.TEMPORAL_UI_URL ?? ''
  if (!temporalAddress) {
    const tPort = Number(process.env.TEMPORAL_PORT ?? 7233)
    const uiPort = Number(process.env.TEMPORAL_UI_PORT ?? 8233)
    log(`starting Temporal dev server on 127.0.0.1:${tPort} (UI on ${uiPort}, SQLite in ${path.relative(root, dataDir)}/temporal.db)`)
    const t = await startTemporal({ dbFile: path.join(dataDir, 'temporal.db'), port: tPort, uiPort, logFile: path.join(dataDir, 'logs', 'temporal.log') })
    stops.push(t.stop)
    temporalAddress = t.address
    temporalUi = `http://localhost:${uiPort}`
  } else log(`using Temporal at ${temporalAddress}`)

  // Model simulator (demo mode)
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_UI_URL: temporalUi,
    SESSION_SECRET: process.env.SESSION_SECRET ?? sessionSecret(),
    PORT: String(port),
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    ...(setupCode ? { ADMIN_SETUP_CODE: setupCode } : {}),
  }
  const demo = isDemoMode()
  const logs = path.join(dataDir, 'logs')
  if (demo) {
    const simPort = Number(process.env.SIMULATOR_PORT ?? 4010)
    if (await portOpen(simPort)) throw new StackError('model simulator', `port ${simPort} is already in use. Stop what is using it or set SIMULATOR_PORT.`)
    const simUrl = `http://127.0.0.1:${simPort}`
    const sim = supervise('model simulator', () =>
      startNodeProcess('simulator', 'simulator/cli.ts', { ...env, SIMULATOR_PORT: String(simPort), SIMULATOR_DATA_FILE: path.join(dataDir, 'simulator.json') }, path.join(logs, 'simulator.log'), { tee: true }),
    )
    stops.push(sim.stop)
    await waitFor('model simulator', () => portOpen(simPort), 30_000, sim.current().child, path.join(logs, 'simulator.log'))
    env.MODEL_SIMULATOR_URL = simUrl
    env.DEMO_MODE = 'true'
    log(`demo mode: no model API key is set, answers come from the built-in simulator at ${simUrl}`)
  }

  await buildApp()
  env.WORKFLOW_BUNDLE = await buildWorkflowBundle()
  // The worker is supervised: a crash, an out-of-memory kill or a kill -9 restarts it with backoff
  // while the web app keeps serving; Temporal hands its unfinished work to the new one.
  const worker = supervise('worker', () => startNodeProcess('worker', 'worker/index.ts', env, path.join(logs, 'worker.log'), { tee: true }))
  stops.push(worker.stop)
  if (env.NODE_ENV === 'development') {
    // `npm run dev`: rebuild the app on change; the server re-imports the new build on the next request.
    const watch = spawn(process.execPath, [remixCli, 'watch'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    stops.push(async () => void watch.kill('SIGTERM'))
  }
  const web: Managed = startNodeProcess('web', 'scripts/server.ts', env, path.join(logs, 'web.log'), { tee: true })
  stops.push(web.stop)
  web.child.on('exit', (code) => !stopping && (log(`the web app exited (${code}); stopping everything. Its log: ${path.join(logs, 'web.log')}`), void shutdown(1)))
  await waitFor('web app', () => httpOk(`http://127.0.0.1:${port}/api/auth/status`), 120_000, web.child, path.join(logs, 'web.log'))

  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  console.log(`
  ┌──────────────────────────────────────────────────────────────
  │ AI Brand Visibility is ready (${seconds} s)
  │   App:         http://localhost:${port}
  │   Temporal UI: ${temporalUi || '(external Temporal: see your cluster UI)'}
  │   Sign in:     create an account at http://localhost:${port}/signup${process.env.MICROSOFT_CLIENT_ID ? '\n  │                or use "Sign in with Microsoft"' : ''}${
    setupCode ? `\n  │   Admin:       no admin yet: sign up with the one-time setup code ${setupCode}\n  │                (or run \`npm run admin -- grant <email>\` for an existing account)` : ''
  }
  │   Mode:        ${demo ? 'DEMO: answers come from the built-in model simulator' : 'live model APIs'}
  │   Stop:        Ctrl-C (data is kept in ${path.relative(root, dataDir)}/)
  └──────────────────────────────────────────────────────────────
`)
} catch (err) {
  await shutdown(1, `\n[stack] ${describeStartFailure(err)}\n[stack] every other part was stopped.`)
}

/**
 * Keeps a process running: when it exits on its own it is started again after 1 s, 2 s, 4 s … (at
 * most 30 s; back to 1 s after a minute of running), and each exit is logged with its code.
 */
function supervise(name: string, launch: () => Managed & { logFile?: string }) {
  let current = launch()
  let delay = 1000
  let since = Date.now()
  let timer: NodeJS.Timeout | undefined
  const watch = (m: Managed & { logFile?: string }) =>
    m.child.once('exit', (code, signal) => {
      if (stopping) return
      if (Date.now() - since > 60_000) delay = 1000
      log(`${name} exited (${signal ?? code}); restarting in ${delay / 1000} s. Its log: ${m.logFile ?? '(console)'}`)
      timer = setTimeout(() => {
        if (stopping) return
        since = Date.now()
        current = launch()
        watch(current)
      }, delay)
      delay = Math.min(delay * 2, 30_000)
    })
  watch(current)
  return {
    current: () => current,
    stop: async () => {
      clearTimeout(timer)
      await current.stop()
    },
  }
}

function sessionSecret() {
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
