import { useEffect } from 'react'

/** Session flag: when set, the setup screen scrolls smoothly to its setup section after 500 ms and clears it. */
export const SCROLL_TO_SETUP_KEY = 'scrollToSetup'

/** Sets the session flag before sending the user to a setup tab; the setup screen reads it once on arrival. */
export function requestSetupScroll() {
  sessionStorage.setItem(SCROLL_TO_SETUP_KEY, 'true')
}

/** On arrival with the flag set: scrolls to `ref` after 500 ms and clears the flag. */
export function useScrollOnArrival(ref: React.RefObject<HTMLElement>) {
  useEffect(() => {
    if (!sessionStorage.getItem(SCROLL_TO_SETUP_KEY)) return
    const t = setTimeout(() => {
      ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      sessionStorage.removeItem(SCROLL_TO_SETUP_KEY)
    }, 500)
    return () => clearTimeout(t)
  }, [ref])
}
