import { useState } from 'react'
import { callJson } from './json'

/**
 * The user menu's Logout: POST /logout, then go to the returned logoutUrl (Entra's
 * end-session page for Microsoft sessions) or '/'. Shows 'Logging out...' while pending.
 */
export function LogoutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false)
  async function logout() {
    setPending(true)
    let target = '/'
    try {
      const { data } = await callJson<{ logoutUrl?: unknown }>('/logout', { method: 'POST' })
      if (typeof data.logoutUrl === 'string' && data.logoutUrl) target = data.logoutUrl
    } catch {}
    window.location.assign(target)
  }
  return (
    <button type="button" className={className} onClick={logout} disabled={pending} aria-busy={pending || undefined}>
      {pending ? 'Logging out...' : 'Logout'}
    </button>
  )
}
