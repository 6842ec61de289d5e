import { useState } from 'react'

/**
 * The user menu's Logout (spec §2, §7): POST /logout, then go to the returned logoutUrl (Entra's
 * end-session page for Microsoft sessions) or '/'. Shows 'Logging out...' while pending.
 */
export function LogoutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false)
  async function logout() {
    setPending(true)
    let target = '/'
    try {
      const res = await fetch('/logout', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } })
      const body = (await res.json().catch(() => null)) as { logoutUrl?: unknown } | null
      if (typeof body?.logoutUrl === 'string' && body.logoutUrl) target = body.logoutUrl
    } catch {}
    window.location.assign(target)
  }
  return (
    <button type="button" className={className} onClick={logout} disabled={pending} aria-busy={pending || undefined}>
      {pending ? 'Logging out...' : 'Logout'}
    </button>
  )
}
