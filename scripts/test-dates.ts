/**
 * `npm run test:dates`: proves that the tests do not depend on the date or the hour.
 *
 * For each of five moments (a leap day, a year end, a Monday, a Sunday, a date in the past year,
 * each a few seconds before midnight UTC) it runs the unit tests with the process clock moved
 * there (Debian's `faketime`, which shifts the clock of the process and its children) and the
 * simulator's default day set to that date (SIMULATOR_DAY); then the integration and browser tests
 * the same way, started 100 s before midnight so that the day changes while they run (the app,
 * the worker and PostgreSQL see the moved clock; the Temporal server, a Go program, keeps the real
 * one). Tests that pin their own day keep it.
 *
 *   npm run test:dates              unit tests at five moments, integration tests on five days
 *   npm run test:dates -- --unit    unit tests only
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { root } from './stack'

const MOMENTS = [
  { label: 'leap day', at: '2028-02-29 23:59:50' },
  { label: 'year end', at: '2026-12-31 23:59:51' },
  { label: 'a Monday', at: '2027-03-01 23:59:52' },
  { label: 'a Sunday', at: '2027-06-13 23:59:49' },
  { label: 'the past year', at: '2025-08-14 23:59:53' },
]

const unitOnly = process.argv.includes('--unit')
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
const faketime = ensureFaketime()
const results: Array<{ what: string; ok: boolean; summary: string }> = []

for (const m of MOMENTS) {
  const day = m.at.slice(0, 10)
  const env = { ...process.env, SIMULATOR_DAY: day, FORCE_COLOR: '0', NO_COLOR: '1' }
  const args = [process.execPath, vitest, 'run', '--project', 'unit']
  const r = spawnSync(faketime, [m.at, ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  results.push({ what: `unit, clock at ${m.at} UTC (${m.label})`, ok: r.status === 0, summary: summary(r.stdout + r.stderr) })
  console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${results.at(-1)!.what}: ${results.at(-1)!.summary}`)
  if (r.status !== 0) console.log(failures(r.stdout + r.stderr))
}

if (!unitOnly) {
  for (const m of MOMENTS) {
    const day = m.at.slice(0, 10)
    const at = new Date(Date.parse(`${m.at.slice(0, 10)}T23:58:20Z`)).toISOString().replace('T', ' ').slice(0, 19)
    const r = spawnSync(faketime, [at, process.execPath, vitest, 'run', '--project', 'integration'], { cwd: root, env: { ...process.env, SIMULATOR_DAY: day, FORCE_COLOR: '0', NO_COLOR: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    results.push({ what: `integration + browser, clock from ${at} UTC, simulator day ${day} (${m.label})`, ok: r.status === 0, summary: summary(r.stdout + r.stderr) })
    console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${results.at(-1)!.what}: ${results.at(-1)!.summary}`)
    if (r.status !== 0) console.log(failures(r.stdout + r.stderr))
  }
}

const failed = results.filter((r) => !r.ok).length
console.log(`\ntest:dates: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)

function summary(out: string): string {
  const tests = /Tests\s+(.+)/.exec(out)?.[1]?.trim()
  return tests ?? 'no test summary (see the output above)'
}

function failures(out: string): string {
  return out
    .split('\n')
    .filter((l) => /FAIL|✗|×|AssertionError|Error:/.test(l))
    .slice(0, 20)
    .map((l) => `      ${l.trim()}`)
    .join('\n')
}

function ensureFaketime(): string {
  const found = spawnSync('sh', ['-c', 'command -v faketime'], { encoding: 'utf8' })
  if (found.status === 0) return found.stdout.trim()
  if (process.getuid?.() === 0) {
    console.log('[test:dates] installing faketime (apt-get install faketime)...')
    spawnSync('sh', ['-c', 'apt-get install -y -qq faketime >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq faketime >/dev/null)'], { stdio: 'inherit' })
    const again = spawnSync('sh', ['-c', 'command -v faketime'], { encoding: 'utf8' })
    if (again.status === 0) return again.stdout.trim()
  }
  console.error('[test:dates] faketime is needed to move the process clock: sudo apt-get install faketime')
  process.exit(1)
}
