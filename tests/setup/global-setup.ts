/**
 * One real stack for the integration and browser tests: PostgreSQL (embedded, or DATABASE_URL),
 * a Temporal dev server (or TEMPORAL_ADDRESS), the model simulator, the OIDC stand-in for
 * Microsoft, the real worker process and the built web app. Torn down after the run.
 */
import type { TestProject } from 'vitest/node'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { buildApp, buildWorkflowBundle, describeStartFailure, freePort, httpOk, root, StackError, startEmbeddedPostgres, startNodeProcess, startTemporal, waitFor, type Managed } from '../../scripts/stack'
import { getSql, closeAllSql } from '../../db/client'
import { migrate } from '../../db/migrate'
import type { TestEnv } from '../support/env'

const PROVIDER_KEYS = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'PERPLEXITY_API_KEY', 'XAI_API_KEY', 'DEEPSEEK_API_KEY', 'DATAFORSEO_LOGIN', 'DATAFORSEO_PASSWORD', 'SERPAPI_KEY', 'SERP_PROVIDER']

/** Where a stack that could not start says why; `npm test` prints it in its last lines. */
const ARTIFACTS = path.resolve(process.env.TEST_ARTIFACTS_DIR ?? path.join(root, 'test-artifacts'))
export const STACK_ERROR_FILE = path.join(ARTIFACTS, 'stack-error.txt')

export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void>> = []
  rmSync(STACK_ERROR_FILE, { force: true })
  try {
    return await startStack(project, stops)
  } catch (err) {
    const why = describeStartFailure(err, 'the test stack')
    mkdirSync(path.dirname(STACK_ERROR_FILE), { recursive: true })
    writeFileSync(STACK_ERROR_FILE, `${why}\n${err instanceof Error && err.stack ? `\n${err.stack}\n` : ''}`)
    console.error(`\n[tests] ${why}\n`)
    for (const stop of stops.reverse()) await stop().catch(() => {})
    throw err
  }
}

async function startStack(project: TestProject, stops: Array<() => Promise<void>>) {
  const runId = randomBytes(4).toString('hex')
  const dataDir = path.join(root, '.test-data', runId)
  const artifactsDir = ARTIFACTS
  mkdirSync(path.join(artifactsDir, 'logs'), { recursive: true })
  mkdirSync(dataDir, { recursive: true })
  stops.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const logFile = (name: string) => path.join(artifactsDir, 'logs', `${name}.log`)

  let databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: Number(process.env.TEST_PG_PORT) || (await freePort()), persistent: false, logFile: logFile('postgres') })
    stops.push(pg.stop)
    databaseUrl = pg.url
  }
  await migrate(getSql(databaseUrl)).catch((e) => {
    throw new StackError('database migrations', e instanceof Error ? e.message : String(e), undefined, e)
  })
  await closeAllSql()

  let temporalAddress = process.env.TEMPORAL_ADDRESS
  const temporalDbFile = path.join(dataDir, 'temporal.db')
  if (!temporalAddress) {
    const t = await startTemporal({ dbFile: temporalDbFile, port: Number(process.env.TEST_TEMPORAL_PORT) || (await freePort()), uiPort: await freePort(), logFile: logFile('temporal') })
    stops.push(t.stop)
    temporalAddress = t.address
  }
  const taskQueue = `brand-analysis-test-${runId}`

  const { startSimulator } = await import('../../simulator/server')
  const sim = await startSimulator({ port: 0 }).catch((e) => {
    throw new StackError('model simulator', e instanceof Error ? e.message : String(e), undefined, e)
  })
  stops.push(sim.close)

  const appPort = await freePort()
  // The optimiser may fetch loopback on this port only: tests serve their pages there (tests/integration/optimiser.test.ts).
  const optimiserPagePort = await freePort()
  // Report e-mails go to an SMTP server a test starts on this port (tests/integration/report.test.ts).
  const smtpPort = await freePort()
  const appUrl = `http://127.0.0.1:${appPort}`
  let oidc: TestEnv['oidc'] = { issuer: '', clientId: '', clientSecret: '' }
  if (existsSync(path.join(root, 'tests', 'support', 'oidc-stand-in.ts'))) {
    const { startOidcStandIn } = await import('../support/oidc-stand-in')
    const op = await startOidcStandIn({ redirectUris: [`${appUrl}/auth/microsoft/callback`] })
    stops.push(op.close)
    oidc = { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret }
  }

  await buildApp()
  const workflowBundle = await buildWorkflowBundle()
  const adminSetupCode = randomBytes(18).toString('base64url')
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_TASK_QUEUE: taskQueue,
    MODEL_SIMULATOR_URL: sim.url,
    DEMO_MODE: 'true',
    WORKFLOW_BUNDLE: workflowBundle,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    PORT: String(appPort),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    ADMIN_EMAILS: 'admin@example.test',
    // Tests start source searches themselves (tests/integration/sources.test.ts starts one by the analysis workflow's hook).
    SOURCE_SEARCH_AFTER_ANALYSIS: 'false',
    // Tests refresh AI search volumes themselves (tests/integration/volume.test.ts), so other tests' runs and spend stay as counted.
    VOLUME_REFRESH_AUTO: 'false',
    OPTIMISER_FETCH_ALLOW_LOOPBACK: String(optimiserPagePort),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_FROM: 'Reports <reports@example.test>',
    // The one-time admin setup code npm start would print (tests/integration/api-conventions.test.ts claims it once).
    ADMIN_SETUP_CODE: adminSetupCode,
    // Browser tests sign up from 127.0.0.1 in one run; tests/integration/api-conventions.test.ts works with this figure.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '50',
    // Short per-call timeout so timeout faults are retried quickly in tests.
    OPENAI_TIMEOUT_MS: '5000', ANTHROPIC_TIMEOUT_MS: '5000', GEMINI_TIMEOUT_MS: '5000',
    PERPLEXITY_TIMEOUT_MS: '5000', XAI_TIMEOUT_MS: '5000', DEEPSEEK_TIMEOUT_MS: '5000',
    ...(oidc.clientId
      ? { MICROSOFT_CLIENT_ID: oidc.clientId, MICROSOFT_CLIENT_SECRET: oidc.clientSecret, MICROSOFT_TENANT_ID: 'test', MICROSOFT_AUTHORITY: oidc.issuer }
      : {}),
  }
  for (const k of PROVIDER_KEYS) env[k] = ''

  let worker: Managed | null = null
  let workerNo = 0
  const startWorker = async () => {
    worker = startNodeProcess('worker', 'worker/index.ts', env, logFile(`worker-${++workerNo}`))
    // The worker logs once it polls the task queue.
    await waitFor('worker', async () => workerReady(logFile(`worker-${workerNo}`)), 120_000, worker.child, logFile(`worker-${workerNo}`))
  }
  await startWorker()
  stops.push(async () => void (await worker?.stop()))
  const web = startNodeProcess('web', 'scripts/server.ts', env, logFile('web'))
  stops.push(web.stop)
  await waitFor('web app', () => httpOk(`${appUrl}/api/auth/status`), 120_000, web.child, logFile('web'))

  // Control channel for tests that kill and restart the worker.
  const control = http.createServer(async (req, res) => {
    try {
      if (req.url === '/worker/kill' || req.url === '/worker/restart') {
        const w = worker as Managed | null
        if (w && w.child.exitCode === null) {
          const exited = new Promise((r) => w.child.once('exit', r))
          w.child.kill('SIGKILL')
          await exited
        }
        worker = null
      }
      if (req.url === '/worker/start' || req.url === '/worker/restart') await startWorker()
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pid: (worker as Managed | null)?.child.pid ?? null }))
    } catch (err) {
      res.writeHead(500).end(String(err))
    }
  })
  const controlPort = await freePort()
  await new Promise<void>((r) => control.listen(controlPort, '127.0.0.1', r))
  stops.push(() => new Promise((r) => control.close(() => r())))

  const chromium = process.env.CHROMIUM_PATH || whichSync('chromium') || whichSync('chromium-browser') || whichSync('google-chrome')
  project.provide('testEnv', {
    appUrl,
    databaseUrl,
    temporalAddress,
    taskQueue,
    simulatorUrl: sim.url,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    oidc,
    artifactsDir,
    chromiumPath: chromium,
    optimiserPagePort,
    smtpPort,
    adminSetupCode,
    temporalDbFile: process.env.TEMPORAL_ADDRESS ? null : temporalDbFile,
  } satisfies TestEnv)

  return async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => console.error('teardown:', e))
  }
}

function whichSync(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}

async function workerReady(file: string) {
  const { readFile } = await import('node:fs/promises')
  return (await readFile(file, 'utf8').catch(() => '')).includes('worker started')
}
