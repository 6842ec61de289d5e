import { configDefaults, defineConfig } from 'vitest/config'
import path from 'node:path'

const alias = { '~': path.resolve(__dirname, 'app') }

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    reporters: ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          globals: true,
          include: ['app/**/*.test.{ts,tsx}', 'activities/**/*.test.ts', 'simulator/**/*.test.ts', 'workflows/**/*.test.ts', 'db/**/*.test.ts', 'config/**/*.test.ts', 'tests/setup/*.test.ts'],
          // console.error during a test fails it (opt out: allowConsoleError() from tests/support/console-error.ts).
          setupFiles: ['tests/setup/console-error.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          globals: true,
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/setup/**'],
          globalSetup: ['tests/setup/global-setup.ts'],
          // console.error fails a test; every file starts with the simulator's defaults.
          setupFiles: ['tests/setup/console-error.ts', 'tests/setup/fresh-simulator.ts'],
          // One real stack (PostgreSQL, Temporal, worker, app) for the whole run: files take turns.
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
