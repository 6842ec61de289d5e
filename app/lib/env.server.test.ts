import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

const DATABASE_URL = 'postgres://unused@127.0.0.1:1/unused'
const PRIVATE_SECRET = 'a-private-secret-of-enough-length'

describe('parseEnv: the one schema of the app and the worker', () => {
  it('refuses production without a session secret, or with the published development one', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL })).toThrow(/SESSION_SECRET: must be set to a private value when NODE_ENV=production/)
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL, SESSION_SECRET: 'dev-only-session-secret-change-me' })).toThrow(/SESSION_SECRET: must be set to a private value/)
    expect(parseEnv({ NODE_ENV: 'production', DATABASE_URL, SESSION_SECRET: PRIVATE_SECRET }).SESSION_SECRET).toBe(PRIVATE_SECRET)
  })

  it('checks the database pool size every process uses (db/client.ts): a whole number from 1 to 500, default 10', () => {
    expect(parseEnv({ DATABASE_URL }).DATABASE_POOL_SIZE).toBe(10)
    expect(parseEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBe(10)
    expect(parseEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25)
    expect(() => parseEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE: must be at least 1/)
    expect(() => parseEnv({ DATABASE_URL, DATABASE_POOL_SIZE: 'ten' })).toThrow(/DATABASE_POOL_SIZE/)
  })

  it('outside production a missing secret takes the development one', () => {
    expect(parseEnv({ NODE_ENV: 'development', DATABASE_URL }).SESSION_SECRET).toBe('dev-only-session-secret-change-me')
    expect(parseEnv({ DATABASE_URL }).NODE_ENV).toBe('development')
  })

  it('checks the worker limits together at start: pollers within the activity slots, a known slot store', () => {
    const worker = parseEnv({ DATABASE_URL, WORKER_ACTIVITY_POLLERS: '4', WORKER_MAX_ACTIVITIES: '40', WORKER_CACHED_WORKFLOWS: '0', PROVIDER_SLOTS: 'process' })
    expect([worker.WORKER_ACTIVITY_POLLERS, worker.WORKER_MAX_ACTIVITIES, worker.WORKER_CACHED_WORKFLOWS, worker.PROVIDER_SLOTS]).toEqual([4, 40, 0, 'process'])
    expect(parseEnv({ DATABASE_URL }).PROVIDER_SLOTS).toBe('shared')
    expect(() => parseEnv({ DATABASE_URL, WORKER_ACTIVITY_POLLERS: '50', WORKER_MAX_ACTIVITIES: '20' })).toThrow(/WORKER_ACTIVITY_POLLERS: must be at most WORKER_MAX_ACTIVITIES \(20\)/)
    expect(() => parseEnv({ DATABASE_URL, PROVIDER_SLOTS: 'redis' })).toThrow(/PROVIDER_SLOTS: must be 'shared' or 'process'/)
    expect(() => parseEnv({ DATABASE_URL, WORKER_WORKFLOW_POLLERS: '0' })).toThrow(/WORKER_WORKFLOW_POLLERS: /)
  })

  it('lists every problem at once', () => {
    let message = ''
    try {
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short', FIRST_ACCOUNT_ADMIN: 'yes', DAILY_COST_CAP_USD: '-1' })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message.split('\n')[0]).toBe('Invalid environment:')
    for (const line of ['DATABASE_URL: ', 'SESSION_SECRET: must be at least 16 characters', "FIRST_ACCOUNT_ADMIN: must be 'true' or 'false'", 'DAILY_COST_CAP_USD: ']) expect(message).toContain(`  ${line}`)
  })
})

/** Starts a process of the product with only these variables (and PATH), as npm start would, and waits for it to end. */
function boot(script: string, vars: { NODE_ENV: 'production' | 'development' | 'test'; [name: string]: string }) {
  const node = path.join(process.cwd(), 'node_modules', '.bin', 'node')
  const r = spawnSync(node, ['--import', 'tsx', script], {
    cwd: process.cwd(),
    encoding: 'utf8',
    timeout: 25_000,
    // Unreachable addresses: a process that got past the check would fail differently (or time out), never pass.
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', TEMPORAL_ADDRESS: '127.0.0.1:1', ...vars },
  })
  return { status: r.status, stderr: r.stderr }
}

describe('validated once at start', () => {
  it.each([
    ['scripts/server.ts', 'The web app refuses to start'],
    ['worker/index.ts', 'The worker refuses to start'],
  ])('%s with NODE_ENV=production and no SESSION_SECRET exits 1 with the list', (script, refusal) => {
    const r = boot(script, { NODE_ENV: 'production', DATABASE_URL })
    expect(r.status, r.stderr).toBe(1)
    expect(r.stderr).toContain(`${refusal}. Invalid environment:\n  SESSION_SECRET: must be set to a private value when NODE_ENV=production`)
  })
})
