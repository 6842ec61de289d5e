/**
 * Calls in flight per model provider across every worker process (the cluster area). A provider's concurrency is a
 * property of the account, not of a worker: with three workers each holding its own semaphore of 8, 24 calls would
 * reach a vendor that allows 8. A call takes one of the provider's numbered slots (table provider_slots) and gives
 * it back when it ends. Each process renews the leases of the slots it holds every few seconds, so a worker killed
 * mid-call leaves its slots taken for one lease (15 s) at most. Waiters queue in their own process (FIFO) and only the head of each provider's queue asks the database,
 * when a slot is given back anywhere (NOTIFY), here, or once a second (expired leases).
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type postgres from 'postgres'

export const PROVIDER_SLOTS_CHANNEL = 'provider_slots'

export interface SlotLimit {
  /** Calls in flight allowed across all processes. */
  slots: number
}

export interface SlotOptions {
  /** How long a slot stays taken when its holder stops renewing it (a killed worker); renewed every third of it. */
  leaseMs?: number
  /** How often waiters look for slots freed without a NOTIFY (an expired lease). */
  pollMs?: number
}

/** The one thing the gateway needs: wait for a slot of a provider, get a release function. */
export interface ProviderSlots {
  acquire(provider: string, signal?: AbortSignal): Promise<() => void>
  close(): Promise<void>
}

interface Waiter {
  grant: (release: () => void) => void
  reject: (reason: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

export function sharedProviderSlots(sql: postgres.Sql<any>, limits: Record<string, SlotLimit>, opts: SlotOptions = {}): ProviderSlots {
  const leaseMs = opts.leaseMs ?? 15_000
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const queues = new Map<string, Waiter[]>()
  const pumping = new Set<string>()
  // A pump asked for while one runs (a release, a notify): the running one goes round once more.
  const again = new Set<string>()
  let closed = false

  /** One free slot of the provider, taken for this process; null when all are held by live leases. */
  async function take(provider: string): Promise<number | null> {
    const { slots } = limits[provider]
    const [row] = await sql<{ slot: number }[]>`
      with free as (
        select s as slot from generate_series(1, ${slots}::int) s
        where not exists (select 1 from provider_slots p where p.provider = ${provider} and p.slot = s and p.lease_until > now())
        order by random() limit 1)
      insert into provider_slots (provider, slot, holder, lease_until)
      select ${provider}, slot, ${holder}, now() + make_interval(secs => ${leaseMs / 1000}) from free
      on conflict (provider, slot) do update set holder = excluded.holder, lease_until = excluded.lease_until
        where provider_slots.lease_until <= now()
      returning slot`
    return row?.slot ?? null
  }

  function releaser(provider: string, slot: number) {
    let released = false
    return () => {
      if (released) return
      released = true
      void sql`
        with gone as (delete from provider_slots where provider = ${provider} and slot = ${slot} and holder = ${holder} returning 1)
        select pg_notify(${PROVIDER_SLOTS_CHANNEL}, ${provider}) from gone`
        .catch(() => {}) // the lease frees it anyway
        .finally(() => pump(provider))
    }
  }

  /** Hands free slots to this process's waiters of a provider, head first, until none is free. */
  async function pump(provider: string) {
    if (closed) return
    if (pumping.has(provider)) return void again.add(provider)
    pumping.add(provider)
    try {
      const queue = queues.get(provider) ?? []
      while (queue.length && !closed) {
        again.delete(provider)
        const slot = await take(provider)
        if (slot === null && !again.has(provider)) break
        if (slot === null) continue
        const waiter = queue.shift()
        const release = releaser(provider, slot)
        if (!waiter) {
          release()
          break
        }
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort)
        waiter.grant(release)
      }
    } catch {
      // A database hiccup: the timer below tries again.
    } finally {
      pumping.delete(provider)
    }
  }

  const listening = sql.listen(PROVIDER_SLOTS_CHANNEL, (provider) => void pump(provider)).catch(() => undefined)
  const timer = setInterval(() => queues.forEach((q, provider) => q.length && void pump(provider)), opts.pollMs ?? 1000)
  timer.unref()
  const renew = setInterval(() => void sql`update provider_slots set lease_until = now() + make_interval(secs => ${leaseMs / 1000}) where holder = ${holder}`.catch(() => {}), leaseMs / 3)
  renew.unref()

  return {
    acquire(provider, signal) {
      if (!limits[provider]) return Promise.reject(new Error(`No slot limit for provider ${provider}`))
      if (signal?.aborted) return Promise.reject(signal.reason)
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { grant: resolve, reject, signal }
        if (signal) {
          waiter.onAbort = () => {
            const q = queues.get(provider) ?? []
            const i = q.indexOf(waiter)
            if (i >= 0) q.splice(i, 1)
            reject(signal.reason)
          }
          signal.addEventListener('abort', waiter.onAbort, { once: true })
        }
        if (!queues.has(provider)) queues.set(provider, [])
        queues.get(provider)!.push(waiter)
        void pump(provider)
      })
    },
    async close() {
      closed = true
      clearInterval(timer)
      clearInterval(renew)
      const sub = await listening
      await sub?.unlisten().catch(() => {})
      await sql`delete from provider_slots where holder = ${holder}`.catch(() => {})
    },
  }
}
