/**
 * What every web process must count together: request budgets in rate-limiter-flexible's PostgreSQL
 * store (table rate_limits, migration 0027), so two app processes behind a proxy refuse the eleventh model request
 * of a minute exactly as one process did. The store talks to the app's one postgres.js pool through a small
 * adapter, so no second database driver or pool is opened.
 */
import type postgres from 'postgres'
import { RateLimiterPostgres } from 'rate-limiter-flexible'
import { db } from './db.server'

/** The part of a `pg` Pool the store calls: `query({ text, values })` answering `{ rows, rowCount }`. */
export function pgPoolAdapter(sql: postgres.Sql<any>) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true })
      // expire is a bigint: the store does arithmetic with it, so hand it over as a number (epoch ms fits).
      const out = rows.map((r: Record<string, unknown>) => (r.expire == null ? r : { ...r, expire: Number(r.expire) }))
      return { rows: out, rowCount: rows.count }
    },
  }
}

export interface SharedLimit {
  /** Keeps the counters of different limits apart in the one table. */
  keyPrefix: string
  points: number
  durationSeconds: number
}

/** A limiter whose counts every process reading the same database shares. */
export function sharedLimiter(limit: SharedLimit, sql: postgres.Sql<any> = db()) {
  return new RateLimiterPostgres({
    storeClient: pgPoolAdapter(sql),
    storeType: 'pool',
    tableName: 'rate_limits',
    // The migration made the table; expired rows are swept by the store's own timer (every 5 minutes).
    tableCreated: true,
    keyPrefix: limit.keyPrefix,
    points: limit.points,
    duration: limit.durationSeconds,
  })
}
