import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'

export interface Toast {
  title: string
  description?: string
  variant?: 'default' | 'destructive' | 'success'
}

const ToastContext = createContext<(t: Toast) => void>(() => {})

export const TOAST_DURATION_MS = 5000

/** At most one toast at a time: a new toast replaces the current one. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const show = useCallback((t: Toast) => {
    clearTimeout(timer.current)
    setToast({ ...t, key: Date.now() })
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toast && (
          <div key={toast.key} role="status" className={`toast toast-${toast.variant ?? 'default'}`} onClick={() => setToast(null)}>
            <div className="toast-title">{toast.title}</div>
            {toast.description && <div className="toast-description">{toast.description}</div>}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast() {
  return useContext(ToastContext)
}
