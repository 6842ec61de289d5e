/**
 * What several app processes and workers must count together, against the test stack's PostgreSQL.
 * Each "process" below is a postgres.js pool of its own, as a second web process or worker would have.
 */
import postgres from 'postgres'
import { RateLimiterRes } from 'rate-limiter-flexible'
import { pgPoolAdapter, sharedLimiter } from '../../app/lib/cluster.server'
import { sharedProviderSlots, type ProviderSlots } from '../../db/provider-slots'
import { testEnv } from '../support/env'
import { until } from '../support/flows'

const pools: postgres.Sql<any>[] = []
const pool = () => {
  const sql = postgres(testEnv().databaseUrl, { max: 3, onnotice: () => {} })
  pools.push(sql)
  return sql
}
const slotSets: ProviderSlots[] = []
afterAll(async () => {
  await Promise.all(slotSets.map((s) => s.close()))
  await Promise.all(pools.map((p) => p.end({ timeout: 5 })))
})

const refused = (p: Promise<unknown>) => p.then(() => false, (e) => (e instanceof RateLimiterRes ? true : Promise.reject(e)))

describe('request budgets in rate-limiter-flexible’s PostgreSQL store', () => {
  it('two web processes share one budget: 3 a minute means 3 in all, wherever they land', async () => {
    const limit = { keyPrefix: `cluster-test-${Date.now()}`, points: 3, durationSeconds: 60 }
    const [a, b] = [sharedLimiter(limit, pool()), sharedLimiter(limit, pool())]
    // 3 points: a, b, a are within it (1 + 1 + 1 = 3); the fourth is refused on either process.
    expect(await refused(a.consume('user:7'))).toBe(false)
    expect(await refused(b.consume('user:7'))).toBe(false)
    expect(await refused(a.consume('user:7'))).toBe(false)
    expect(await refused(b.consume('user:7'))).toBe(true)
    expect(await refused(a.consume('user:7'))).toBe(true)
    // Another key has its own budget.
    expect(await refused(b.consume('user:8'))).toBe(false)
  })

  it('the adapter answers rows and counts as pg does (expire as a number of epoch ms)', async () => {
    const res = await pgPoolAdapter(pool()).query({ text: 'select $1::bigint as expire, 2 as points', values: [1234567890123] })
    expect(res).toEqual({ rows: [{ expire: 1234567890123, points: 2 }], rowCount: 1 })
  })
})

describe('provider slots shared by every worker', () => {
  it('caps the calls in flight across two workers and hands a freed slot to the other worker', async () => {
    const provider = `test-${Date.now()}`
    const limits = { [provider]: { slots: 2 } }
    const [w1, w2] = [sharedProviderSlots(pool(), limits), sharedProviderSlots(pool(), limits)]
    slotSets.push(w1, w2)
    const r1 = await w1.acquire(provider)
    const r2 = await w2.acquire(provider)
    // Both slots are held (2 of 2): a third call on either worker waits.
    let third: 'waiting' | 'granted' = 'waiting'
    const waiting = w2.acquire(provider).then((release) => {
      third = 'granted'
      return release
    })
    const [{ held }] = await pool()<{ held: number }[]>`select count(*)::int as held from provider_slots where provider = ${provider}`
    expect(held).toBe(2)
    expect(third).toBe('waiting')
    // Worker 1 ends its call: the NOTIFY wakes worker 2's waiter.
    r1()
    const r3 = await waiting
    expect(third).toBe('granted')
    r2()
    r3()
  })

  it('a slot held by a killed worker comes back when its lease runs out; a live holder keeps renewing its own', async () => {
    const provider = `lease-${Date.now()}`
    // A worker that died mid-call: its row stays, with a lease ending one second from now.
    await pool()`insert into provider_slots (provider, slot, holder, lease_until) values (${provider}, 1, 'dead-worker', now() + interval '1 second')`
    const live = sharedProviderSlots(pool(), { [provider]: { slots: 1 } }, { pollMs: 200 })
    slotSets.push(live)
    const release = await live.acquire(provider)
    const [row] = await pool()<{ holder: string }[]>`select holder from provider_slots where provider = ${provider}`
    expect(row.holder).not.toBe('dead-worker')
    // A live holder renews its lease (every third of it): the row's lease_until moves on while the call runs.
    const renewing = sharedProviderSlots(pool(), { [`${provider}-r`]: { slots: 1 } }, { leaseMs: 3000 })
    slotSets.push(renewing)
    const held = await renewing.acquire(`${provider}-r`)
    const q = pool()
    const leaseOf = async () => (await q<{ until: Date; holder: string }[]>`select lease_until as until, holder from provider_slots where provider = ${`${provider}-r`}`)[0]
    const first = await leaseOf()
    await until('the lease to be renewed', async () => (await leaseOf()).until > first.until, 10_000, 100)
    expect((await leaseOf()).holder).toBe(first.holder)
    held()
    release()
  })

  it('a waiter that gives up leaves the queue', async () => {
    const provider = `abort-${Date.now()}`
    const slots = sharedProviderSlots(pool(), { [provider]: { slots: 1 } })
    slotSets.push(slots)
    const release = await slots.acquire(provider)
    const controller = new AbortController()
    const waiting = slots.acquire(provider, controller.signal)
    controller.abort(new Error('cancelled'))
    await expect(waiting).rejects.toThrow('cancelled')
    release()
    // The freed slot is taken again at once (nobody else queued before).
    ;(await slots.acquire(provider))()
  })
})
