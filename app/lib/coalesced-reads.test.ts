import { coalescedReads } from './coalesced-reads'

/** A read whose answers the test releases by hand, with a clock the test moves. */
function harness() {
  let now = 10_000 // lru-cache treats a start time of 0 as 'no ttl'
  const pending: Array<(v: { n: number }) => void> = []
  let calls = 0
  const reads = coalescedReads(
    () => {
      calls++
      return new Promise<{ n: number }>((resolve) => pending.push(resolve))
    },
    { ttlMs: 1000, now: () => now },
  )
  return {
    reads,
    calls: () => calls,
    release: (n: number) => pending.shift()!({ n }),
    advance: (ms: number) => (now += ms),
  }
}

describe('coalescedReads', () => {
  it('gives fifty simultaneous callers one read and its one answer', async () => {
    const h = harness()
    const waiting = Array.from({ length: 50 }, () => h.reads.get('analysis-7'))
    expect(h.calls()).toBe(1)
    h.release(42)
    expect((await Promise.all(waiting)).map((v) => v.n)).toEqual(Array(50).fill(42))
  })

  it('reuses an answer until it is ttl old, then reads again', async () => {
    const h = harness()
    const first = h.reads.get('w')
    h.release(1)
    expect((await first).n).toBe(1)
    h.advance(999)
    expect((await h.reads.get('w')).n).toBe(1)
    expect(h.calls()).toBe(1)
    h.advance(2)
    const second = h.reads.get('w')
    expect(h.calls()).toBe(2)
    h.release(2)
    expect((await second).n).toBe(2)
  })

  it('keeps keys apart and reads again after forget', async () => {
    const h = harness()
    const a = h.reads.get('a')
    const b = h.reads.get('b')
    expect(h.calls()).toBe(2)
    h.release(1)
    h.release(2)
    expect([(await a).n, (await b).n]).toEqual([1, 2])
    h.reads.forget('a')
    const again = h.reads.get('a')
    expect(h.calls()).toBe(3)
    h.release(3)
    expect((await again).n).toBe(3)
    expect((await h.reads.get('b')).n).toBe(2)
  })
})
