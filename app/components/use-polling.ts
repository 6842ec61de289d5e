import { useEffect, useRef } from 'react'

/** Calls `fn` now and then every `ms` while mounted (and `enabled`); errors are ignored until the next tick. */
export function usePolling(fn: () => Promise<void> | void, ms: number, enabled = true) {
  const ref = useRef(fn)
  ref.current = fn
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const tick = async () => {
      try {
        await ref.current()
      } catch {}
      if (!stopped) timer = setTimeout(tick, ms)
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [ms, enabled])
}
