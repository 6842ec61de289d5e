import { useEffect, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A dialog or drawer takes focus when it opens (its `initial` element, else its first control, else
 * itself), keeps Tab and Shift+Tab inside while open, and gives focus back to what had it when it
 * closes (WCAG 2.4.3). Escape is left to each dialog, which already closes on it.
 */
export function useDialogFocus(dialog: RefObject<HTMLElement>, initial?: RefObject<HTMLElement>) {
  useEffect(() => {
    const box = dialog.current
    if (!box) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const controls = () => [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)
    const first = initial?.current ?? controls()[0]
    if (first) first.focus()
    else {
      if (!box.hasAttribute('tabindex')) box.setAttribute('tabindex', '-1')
      box.focus()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return
      const list = controls()
      if (list.length === 0) return e.preventDefault()
      const [head, tail] = [list[0], list[list.length - 1]]
      const inside = box.contains(document.activeElement)
      if (e.shiftKey && (document.activeElement === head || !inside)) {
        e.preventDefault()
        tail.focus()
      } else if (!e.shiftKey && (document.activeElement === tail || !inside)) {
        e.preventDefault()
        head.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      if (opener?.isConnected) opener.focus()
    }
    // Runs once per opening: the refs are stable for the dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/** Escape closes the dialog (every dialog and drawer: one listener rule). */
export function useEscapeCloses(onClose: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
}
