/**
 * `npm run test:cluster`: the smoke and kill tests on the cluster profile (not part of `npm test`). One stack for
 * the run, started by scripts/cluster/global-setup.ts; the tests reuse tests/support (Session, flows) through it.
 */
import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, '../../app') } },
  test: {
    root: path.resolve(import.meta.dirname, '../..'),
    name: 'cluster',
    globals: true,
    include: ['scripts/cluster/*.test.ts'],
    globalSetup: ['scripts/cluster/global-setup.ts'],
    setupFiles: ['tests/setup/console-error.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
})
