/** Counting semaphore with FIFO waiters; a waiter can give up through an AbortSignal. */
export class Semaphore {
  private active = 0
  private readonly waiters: Array<{ grant: () => void; reject: (reason: unknown) => void; signal?: AbortSignal; onAbort?: () => void }> = []

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Semaphore limit must be a positive integer, got ${limit}`)
  }

  get inFlight(): number {
    return this.active
  }

  get waiting(): number {
    return this.waiters.length
  }

  /** Resolves with a release function once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.active < this.limit) {
      this.active++
      return Promise.resolve(this.releaser())
    }
    return new Promise((resolve, reject) => {
      const waiter: (typeof this.waiters)[number] = {
        grant: () => resolve(this.releaser()),
        reject,
        signal,
      }
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter)
          if (i >= 0) this.waiters.splice(i, 1)
          reject(signal.reason)
        }
        signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      this.waiters.push(waiter)
    })
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal)
    try {
      return await fn()
    } finally {
      release()
    }
  }

  private releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiters.shift()
      if (next) {
        if (next.signal && next.onAbort) next.signal.removeEventListener('abort', next.onAbort)
        next.grant() // the slot passes straight to the next waiter
      } else {
        this.active--
      }
    }
  }
}
