/**
 * `npm start`: the whole product on one machine. PostgreSQL (embedded unless DATABASE_URL),
 * Temporal (dev server unless TEMPORAL_ADDRESS), the model simulator in demo mode, migrations,
 * the worker and the web app. Ctrl-C stops every child; data stays in .data/ for the next start.
 */
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp, buildWorkflowBundle, httpOk, log, portOpen, root, startEmbeddedPostgres, startNodeProcess, startTemporal, waitFor, type Managed } from './stack'
import { getSql, closeAllSql } from '../db/client'
import { migrate } from '../db/migrate'
import { isDemoMode } from '../activities/gateway/config'

const t0 = Date.now()
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'))
mkdirSync(dataDir, { recursive: true })
const port = Number(process.env.PORT ?? 3000)
const stops: Array<() => Promise<void>> = []
let stopping = false

async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  log('stopping...')
  for (const stop of stops.reverse()) await stop().catch(() => {})
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  if (await portOpen(port)) throw new Error(`Port ${port} is already in use. Stop what is using it or set PORT.`)

  // PostgreSQL
  let databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329)
    log(`starting embedded PostgreSQL on 127.0.0.1:${pgPort} (data in ${path.relative(root, dataDir)}/postgres)`)
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgPort })
    stops.push(pg.stop)
    databaseUrl = pg.url
  } else log('using PostgreSQL from DATABASE_URL')
  await migrate(getSql(databaseUrl), log)
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
  }
  const demo = isDemoMode()
  if (demo) {
    const { startSimulator } = await import('../simulator/server')
    const simPort = Number(process.env.SIMULATOR_PORT ?? 4010)
    const sim = await startSimulator({ port: simPort, dataFile: path.join(dataDir, 'simulator.json') })
    stops.push(sim.close)
    env.MODEL_SIMULATOR_URL = sim.url
    env.DEMO_MODE = 'true'
    log(`demo mode: no model API key is set, answers come from the built-in simulator at ${sim.url}`)
  }

  buildApp()
  env.WORKFLOW_BUNDLE = buildWorkflowBundle()
  const worker: Managed = startNodeProcess('worker', 'worker/index.ts', env)
  stops.push(worker.stop)
  if (env.NODE_ENV === 'development') {
    // `npm run dev`: rebuild the app on change; the server re-imports the new build on the next request.
    const watch = spawn(path.join(root, 'node_modules', '.bin', 'remix'), ['watch'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    stops.push(async () => void watch.kill('SIGTERM'))
  }
  const web: Managed = startNodeProcess('web', 'scripts/server.ts', env)
  stops.push(web.stop)
  for (const m of [worker, web]) m.child.on('exit', (code) => !stopping && (log(`${m.name} exited (${code}); stopping everything`), void shutdown(1)))
  await waitFor('web app', () => httpOk(`http://127.0.0.1:${port}/api/auth/status`), 120_000, web.child)

  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  console.log(`
  ┌──────────────────────────────────────────────────────────────
  │ AI Brand Visibility is ready (${seconds} s)
  │   App:         http://localhost:${port}
  │   Temporal UI: ${temporalUi || '(external Temporal: see your cluster UI)'}
  │   Sign in:     create an account at http://localhost:${port}/signup${process.env.MICROSOFT_CLIENT_ID ? '\n  │                or use "Sign in with Microsoft"' : ''}
  │   Mode:        ${demo ? 'DEMO: answers come from the built-in model simulator' : 'live model APIs'}
  │   Stop:        Ctrl-C (data is kept in ${path.relative(root, dataDir)}/)
  └──────────────────────────────────────────────────────────────
`)
} catch (err) {
  console.error(`\n[stack] could not start: ${err instanceof Error ? err.message : String(err)}`)
  await shutdown(1)
}

function sessionSecret() {
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
