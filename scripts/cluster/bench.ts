/**
 * `npm run bench:cluster`: on a fresh cluster profile, N projects of 40 queries × 6 models get a daily
 * schedule each, and all N schedules are triggered together as the daily batch would be. With the simulator at a
 * fixed latency it reports wall time, calls/s, p95 from a project's trigger to its results, the peak memory of the
 * workers and of the Temporal services, CPU per answer, PostgreSQL bytes per analysis, Temporal actions per
 * analysis, and the ratio of the wall time to the ideal set by the provider lanes (calls per provider ÷ its
 * concurrency × latency). BENCH_CLUSTER_N=10,50,200 and BENCH_CLUSTER_LATENCY_MS=500 set the sizes.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { getSql, closeAllSql } from '../../db/client'
import { temporalConnectionOptions } from '../../config/temporal'
import { dailyScheduleId } from '../../workflows/ids'
import { root } from '../stack'
import { startClusterStack, type ClusterStack } from './stack'
import type { Part } from './parts'

process.env.DATABASE_POOL_SIZE ??= '3'
const SIZES = (process.env.BENCH_CLUSTER_N ?? '10,50').split(',').map(Number)
const LATENCY_MS = Number(process.env.BENCH_CLUSTER_LATENCY_MS ?? 500)
const QUERIES = 40
const MODELS = 6
const CONCURRENCY = 8 // <PROVIDER>_CONCURRENCY, the default
const VENDORS = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek']

/** /proc figures of a process: resident memory (MiB) and CPU time used so far (ms). */
function procOf(p: Part): { rssMb: number; cpuMs: number } {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    const stat = readFileSync(`/proc/${p.child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return { rssMb: rss, cpuMs: (Number(stat[11]) + Number(stat[12])) * 10 }
  } catch {
    return { rssMb: 0, cpuMs: 0 }
  }
}

class Browser {
  cookie = ''
  constructor(readonly base: string) {}
  async json(pathname: string, method = 'GET', body?: unknown) {
    const res = await fetch(this.base + pathname, {
      method,
      headers: { origin: this.base, cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    })
    const set = res.headers.getSetCookie().find((c) => c.startsWith('__session='))
    if (set) this.cookie = set.split(';')[0]
    const text = await res.text()
    if (res.status >= 400) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 200)}`)
    return text ? JSON.parse(text) : null
  }
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]

async function dbBytes(stack: ClusterStack) {
  const sql = getSql(stack.databaseUrl)
  const rows = await sql<{ datname: string; bytes: string }[]>`
    select case when datname = current_database() then 'app' else datname end as datname, pg_database_size(datname)::text as bytes
    from pg_database where datname in (current_database(), 'temporal', 'temporal_visibility')`
  return Object.fromEntries(rows.map((r) => [r.datname, Number(r.bytes)]))
}

/** Temporal Cloud's billable actions in a run's history (starts, activities, timers, children, signals, upserts). */
const ACTION_EVENTS = new Set(['WORKFLOW_EXECUTION_STARTED', 'ACTIVITY_TASK_SCHEDULED', 'TIMER_STARTED', 'START_CHILD_WORKFLOW_EXECUTION_INITIATED', 'SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED', 'UPSERT_WORKFLOW_SEARCH_ATTRIBUTES', 'WORKFLOW_EXECUTION_SIGNALED', 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED', 'WORKFLOW_PROPERTIES_MODIFIED'])

async function actionsOf(stack: ClusterStack, projectId: number) {
  const { Connection, Client } = await import('@temporalio/client')
  // A CommonJS package: its namespace is on the default export under tsx.
  const proto = (await import('@temporalio/proto')) as unknown as { temporal?: typeof import('@temporalio/proto').temporal; default?: { temporal: typeof import('@temporalio/proto').temporal } }
  const temporal = (proto.temporal ?? proto.default?.temporal)!
  const connection = await Connection.connect(temporalConnectionOptions(stack.clientEnv as NodeJS.ProcessEnv))
  const client = new Client({ connection })
  let actions = 0
  let events = 0
  const runs: string[] = []
  for await (const wf of client.workflow.list({ query: `ProjectId = ${projectId}` })) {
    const history = await client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory()
    for (const e of history.events ?? []) {
      events++
      if (ACTION_EVENTS.has(temporal.api.enums.v1.EventType[e.eventType ?? 0]?.replace(/^EVENT_TYPE_/, '') ?? '')) actions++
    }
    runs.push(wf.type)
  }
  await connection.close()
  // The schedule's own action (starting the run) is one more action per project and day.
  return { actions: actions + 1, historyEvents: events, runs }
}

async function round(stack: ClusterStack, n: number, userNo: number) {
  const sql = getSql(stack.databaseUrl)
  const b = new Browser(stack.url)
  const email = `bench-${userNo}-${Date.now()}@example.test`
  await b.json('/api/auth/signup', 'POST', { email, password: 'quiet lantern over the marsh' })
  await sql`update users set max_projects = null, max_analyses = null where email = ${email}`
  const projects: number[] = []
  for (let i = 0; i < n; i++) {
    const p = await b.json('/api/projects', 'POST', {
      name: `Bench ${userNo}-${i}`, brandDomain: `Brand${i}`, marketDescription: 'running shoes for road runners', marketRegion: 'United Kingdom', language: 'en-GB',
      competitors: ['Nike', 'Asics', 'Hoka', 'New Balance'], queries: Array.from({ length: QUERIES }, (_, q) => `best running shoes question ${q + 1} of project ${i}`),
    })
    projects.push(p.id)
    await b.json(`/api/projects/${p.id}/daily-schedule`, 'POST', { action: 'enable', hour: 7, timeZone: 'UTC' })
  }
  const before = await dbBytes(stack)
  const cpu0 = [...stack.workers, ...stack.temporal.values()].map(procOf)
  const { Connection, Client, ScheduleOverlapPolicy } = await import('@temporalio/client')
  const connection = await Connection.connect(temporalConnectionOptions(stack.clientEnv as NodeJS.ProcessEnv))
  const client = new Client({ connection })
  const peaks = { workerMb: 0, temporalMb: 0 }
  const sample = setInterval(() => {
    peaks.workerMb = Math.max(peaks.workerMb, ...stack.workers.map((w) => procOf(w).rssMb))
    peaks.temporalMb = Math.max(peaks.temporalMb, [...stack.temporal.values()].reduce((s, t) => s + procOf(t).rssMb, 0))
  }, 1000)
  // The daily batch: every schedule fires at once.
  const triggeredAt = new Map<number, number>()
  const t0 = Date.now()
  await Promise.all(projects.map(async (id) => {
    triggeredAt.set(id, Date.now())
    await client.schedule.getHandle(dailyScheduleId(id)).trigger(ScheduleOverlapPolicy.ALLOW_ALL)
  }))
  let done: { project_id: number; status: string; completed_ms: number }[] = []
  const deadline = Date.now() + 3 * 3600_000
  while (Date.now() < deadline) {
    done = await sql<{ project_id: number; status: string; completed_ms: number }[]>`
      select project_id, status, (extract(epoch from completed_at) * 1000)::float8 as completed_ms from analyses
      where project_id in ${sql(projects)} and status in ('completed', 'failed', 'cancelled')`
    if (done.length === n) break
    await new Promise((r) => setTimeout(r, 1000))
  }
  clearInterval(sample)
  await connection.close()
  const wallMs = Math.max(...done.map((d) => d.completed_ms)) - t0
  const [{ answers }] = await sql<{ answers: number }[]>`
    select count(*)::int as answers from api_responses r join analyses a on a.id = r.analysis_id where a.project_id in ${sql(projects)}`
  const after = await dbBytes(stack)
  const cpu1 = [...stack.workers, ...stack.temporal.values()].map(procOf)
  const workerCpuMs = cpu1.slice(0, stack.workers.length).reduce((s, c, i) => s + c.cpuMs - cpu0[i].cpuMs, 0)
  const temporalCpuMs = cpu1.slice(stack.workers.length).reduce((s, c, i) => s + c.cpuMs - cpu0[stack.workers.length + i].cpuMs, 0)
  const idealMs = Math.ceil((n * QUERIES) / CONCURRENCY) * LATENCY_MS
  const actions = await actionsOf(stack, projects[0]).catch((e: unknown) => ({ error: String(e) }))
  return {
    projects: n,
    calls: n * QUERIES * MODELS,
    answersStored: answers,
    completed: done.filter((d) => d.status === 'completed').length,
    wallSeconds: +(wallMs / 1000).toFixed(1),
    callsPerSecond: +(answers / (wallMs / 1000)).toFixed(1),
    p95TriggerToResultsSeconds: +(p95(done.map((d) => d.completed_ms - triggeredAt.get(d.project_id)!)) / 1000).toFixed(1),
    idealSeconds: idealMs / 1000,
    ratioToIdeal: +(wallMs / idealMs).toFixed(2),
    peakWorkerRssMb: Math.round(peaks.workerMb),
    peakTemporalRssMbAllServices: Math.round(peaks.temporalMb),
    workerCpuMsPerAnswer: +(workerCpuMs / answers).toFixed(2),
    temporalCpuMsPerAnswer: +(temporalCpuMs / answers).toFixed(2),
    pgBytesPerAnalysis: Object.fromEntries(Object.keys(after).map((k) => [k, Math.round((after[k] - before[k]) / n)])),
    temporalPerAnalysis: actions,
  }
}

const stack = await startClusterStack({ dataDir: path.join(root, '.data', 'cluster-bench'), basePort: Number(process.env.CLUSTER_BASE_PORT ?? 17000) })
const results: unknown[] = []
// Ctrl-C stops the stack's processes first (a plain SIGINT would leave them running).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stack.stop().then(() => process.exit(130)))
try {
  await fetch(`${stack.simulatorUrl}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ providers: Object.fromEntries(VENDORS.map((v) => [v, { latencyMs: LATENCY_MS }])) }) })
  for (const [i, n] of SIZES.entries()) {
    const r = await round(stack, n, i)
    results.push(r)
    console.error(`[bench:cluster] N=${n}: ${JSON.stringify(r)}`)
  }
  console.log(JSON.stringify({ cluster: { latencyMs: LATENCY_MS, providerConcurrency: CONCURRENCY, workers: stack.workers.length, webProcesses: stack.webs.length, rounds: results } }, null, 2))
} finally {
  await closeAllSql()
  await stack.stop()
}
process.exit(0)
