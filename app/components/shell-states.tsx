import { useEffect } from 'react'
import { useToast } from './toast'

export const SIGNED_OUT_TOAST = 'Unauthorised – You are logged out. Logging in again...'

/** A signed-out visitor sees a toast, then goes to /api/login after 500 ms. */
export function SignedOutRedirect() {
  const toast = useToast()
  useEffect(() => {
    toast({ title: SIGNED_OUT_TOAST, variant: 'destructive' })
    const t = setTimeout(() => window.location.assign('/api/login'), 500)
    return () => clearTimeout(t)
  }, [toast])
  return (
    <main className="centered-page">
      <div className="spinner" aria-hidden />
      <p>{SIGNED_OUT_TOAST}</p>
    </main>
  )
}

export function LoadingScreen({ text = 'Loading...' }: { text?: string }) {
  return (
    <main className="centered-page" aria-busy="true">
      <div className="spinner" aria-hidden />
      <p>{text}</p>
    </main>
  )
}

export function ConnectionError() {
  return (
    <main className="centered-page">
      <h1>Connection Error</h1>
      <p>Network error: Unable to connect to server</p>
      <button className="btn" onClick={() => window.location.reload()}>Retry</button>
    </main>
  )
}
