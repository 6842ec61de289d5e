import { useEffect, useLayoutEffect, useRef } from 'react'

/** useLayoutEffect in the browser; on the server (where it would only warn) the no-op useEffect. */
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** Calls `fn` now and then every `ms` while mounted (and `enabled`); errors are ignored until the next tick. */
export function usePolling(fn: () => Promise<void> | void, ms: number, enabled = true) {
  const ref = useRef(fn)
  // The latest `fn`, kept after each commit (not during render) before any tick can read it.
  useIsomorphicLayoutEffect(() => {
    ref.current = fn
  })
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
