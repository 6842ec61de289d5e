import { useEffect, useRef } from 'react'

/**
 * Where the sticky tab bar ends, as --rs-tabbar-bottom on the results root: headings use it as
 * their scroll-margin-top (results.css), so one scrolled to is not hidden under the bar.
 */
export function useTabBarBottom() {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const bar = ref.current
    const root = bar?.closest<HTMLElement>('.rs')
    if (!bar || !root) return
    const measure = () => {
      const top = parseFloat(getComputedStyle(bar).top) || 0
      root.style.setProperty('--rs-tabbar-bottom', `${Math.ceil(top + bar.getBoundingClientRect().height)}px`)
    }
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(bar)
    window.addEventListener('resize', measure)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [])
  return ref
}
