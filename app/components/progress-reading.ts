/**
 * The progress page polls its analysis every 500 ms, the header's list every 2 s: the page shares each reading so the
 * header on the same page shows the same figure for the same run, not an older one.
 */
import { useEffect, useState } from 'react'
import type { FresherReading } from '~/domain/progress'

const EVENT = 'analysis-progress-reading'

export function shareReading(reading: FresherReading) {
  window.dispatchEvent(new CustomEvent<FresherReading>(EVENT, { detail: reading }))
}

export function useFresherReading(): FresherReading | null {
  const [reading, setReading] = useState<FresherReading | null>(null)
  useEffect(() => {
    const on = (e: Event) => setReading((e as CustomEvent<FresherReading>).detail)
    window.addEventListener(EVENT, on)
    return () => window.removeEventListener(EVENT, on)
  }, [])
  return reading
}
