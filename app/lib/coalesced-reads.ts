import { LRUCache } from 'lru-cache'

/**
 * Reads coalesced across concurrent requests: one read per key is in flight at a time, and its answer is reused
 * for `ttlMs`. Fifty browsers polling one running analysis then cost one read per second, not fifty.
 * `read` must not throw (answer a fallback value instead): a failure would otherwise reach every waiter.
 */
export function coalescedReads<V extends object>(read: (key: string) => Promise<V>, opts: { ttlMs: number; max?: number; now?: () => number }) {
  const cache = new LRUCache<string, V>({
    max: opts.max ?? 5_000,
    ttl: opts.ttlMs,
    ttlResolution: 0,
    ...(opts.now ? { perf: { now: opts.now } } : {}),
    fetchMethod: (key) => read(key),
  })
  return {
    async get(key: string): Promise<V> {
      // A read in flight when forget() is called is aborted for its waiters: they read again themselves.
      return (await cache.fetch(key).catch(() => undefined)) ?? read(key)
    },
    /** After the app changes what is read (a workflow started, cancelled, terminated) the next read is fresh. */
    forget(key: string) {
      cache.delete(key)
    },
  }
}
