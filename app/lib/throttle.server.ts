/**
 * Fixed-window counters per client address in PostgreSQL (address_counters), for the throttles that count
 * events rather than sign-in failures (those are accounts.server.ts's): failed API key attempts and sign-ups.
 * In the database, so every web process counts the same, and the admins can read the failed key attempts back.
 */
import { db } from './db.server'
import { env } from './env.server'
import type { FailedKeyAttempts } from '../domain/api/keys'

export interface Throttle {
  /** The counter's kind: the key is `<kind>:<address>`. */
  kind: 'api-key' | 'signup'
  /** Events allowed per window; the next one is refused until the window ends. */
  limit: number
  windowSeconds: number
}

/** Failed API key attempts (unknown, malformed, revoked or expired keys): 10 per address per 10 minutes. */
export const API_KEY_THROTTLE: Throttle = { kind: 'api-key', limit: 10, windowSeconds: 600 }
/** Sign-ups (each costs a 128 MiB scrypt hash): SIGNUPS_PER_ADDRESS_PER_HOUR (10) per address per hour. */
export const signupThrottle = (): Throttle => ({ kind: 'signup', limit: env().SIGNUPS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 })

const keyOf = (t: Throttle, address: string) => `${t.kind}:${address}`

/** Seconds until this address may try again (whole, at least 1), or 0 while it is within the limit. */
export async function retryAfter(t: Throttle, address: string): Promise<number> {
  const [row] = await db()<{ count: number; left: number }[]>`
    select count, extract(epoch from (window_start + make_interval(secs => ${t.windowSeconds}) - now()))::float8 as left
    from address_counters where key = ${keyOf(t, address)}`
  if (!row || row.left <= 0 || row.count < t.limit) return 0
  return Math.max(1, Math.ceil(row.left))
}

/** Counts one event (a new window when the last one ended); `detail` is kept for the admins. */
export async function countEvent(t: Throttle, address: string, detail: string | null = null) {
  await db()`
    insert into address_counters (key, count, total, detail) values (${keyOf(t, address)}, 1, 1, ${detail})
    on conflict (key) do update set
      window_start = case when address_counters.window_start + make_interval(secs => ${t.windowSeconds}) <= now() then now() else address_counters.window_start end,
      count = case when address_counters.window_start + make_interval(secs => ${t.windowSeconds}) <= now() then 1 else address_counters.count + 1 end,
      total = address_counters.total + 1,
      last_at = now(),
      detail = coalesce(${detail}, address_counters.detail)`
}

/** Admins: the addresses that sent failed API keys, latest first (at most 100). */
export async function failedKeyAttempts(): Promise<FailedKeyAttempts[]> {
  const t = API_KEY_THROTTLE
  const rows = await db()<{ key: string; total: number; count: number; last_at: Date; detail: string | null; open: boolean }[]>`
    select key, total, count, last_at, detail, window_start + make_interval(secs => ${t.windowSeconds}) > now() as open
    from address_counters where key like ${`${t.kind}:%`} order by last_at desc limit 100`
  return rows.map((r) => ({
    address: r.key.slice(t.kind.length + 1),
    total: r.total,
    inWindow: r.open ? r.count : 0,
    lastAt: r.last_at.toISOString(),
    throttled: r.open && r.count >= t.limit,
    lastTried: r.detail,
  }))
}
