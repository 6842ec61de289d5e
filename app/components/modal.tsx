import { useRef } from 'react'
import { useDialogFocus, useEscapeCloses } from './use-dialog-focus'

const overlay: React.CSSProperties = { position: 'fixed', inset: 0, background: 'rgba(0,0,0,.35)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 900 }
const box: React.CSSProperties = { background: '#fff', borderRadius: 10, padding: '1.25rem', width: 'min(520px, 94vw)', maxHeight: '85vh', overflowY: 'auto' }

/** A modal dialog frame: Escape or the backdrop closes it; it takes focus and gives it back. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useDialogFocus(ref)
  useEscapeCloses(onClose)
  return (
    <div style={overlay} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={title} style={box} ref={ref}>
        <h2 style={{ marginTop: 0 }}>{title}</h2>
        {children}
      </div>
    </div>
  )
}

