/**
 * The console-error setup file in a vitest of its own (tests/setup/console-error.fixture.ts):
 * a test that logs console.error fails with the message, a test that opts out passes.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')

it('fails the tests that log console.error and passes the one that expects it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'console-error-'))
  try {
    const config = path.join(dir, 'vitest.config.mjs')
    writeFileSync(
      config,
      `export default { root: ${JSON.stringify(root)}, test: { globals: true, include: ['tests/setup/console-error.fixture.ts'], setupFiles: ['tests/setup/console-error.ts'] } }\n`,
    )
    const out = path.join(dir, 'report.json')
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config, '--reporter=json', `--outputFile=${out}`], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, VITEST: undefined, VITEST_MODE: undefined, VITEST_POOL_ID: undefined, VITEST_WORKER_ID: undefined, NODE_OPTIONS: undefined },
    })
    expect(run.status, run.stderr).toBe(1)
    const report = JSON.parse(readFileSync(out, 'utf8'))
    const results = Object.fromEntries(report.testResults[0].assertionResults.map((t: any) => [t.title, t]))
    expect(Object.keys(results)).toHaveLength(4)
    expect(results['fails: logs an error'].status).toBe('failed')
    expect(results['fails: logs an error'].failureMessages.join('\n')).toContain('console.error was called 1 time(s) during this test:\n  - boom from a test')
    expect(results['fails: logs an error from a callback and carries on'].status).toBe('failed')
    expect(results['fails: logs an error from a callback and carries on'].failureMessages.join('\n')).toContain('swallowed: hidden')
    expect(results['passes: expects an error'].status).toBe('passed')
    expect(results['passes: logs nothing'].status).toBe('passed')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
