import { Link } from '@remix-run/react'
import { useState } from 'react'
import { callJson } from '../json'
import { usePolling } from '../use-polling'
import { homeHref } from '~/domain/home-phases'

interface UnreadAlerts {
  unread: number
  alerts: { id: number; projectId: number; projectName: string; metric: string; message: string; createdAt: string }[]
}

/** How often the header bell asks for unread trend alerts (they arrive at most once per daily run). */
export const ALERT_POLL_MS = 30_000

/**
 * The trend-alert bell in the header of every signed-in page: the unread count of the user's projects, and the
 * newest alerts, each opening its project's Trends page (where they are marked read).
 */
export function HeaderAlertBell() {
  const [data, setData] = useState<UnreadAlerts | null>(null)
  const [open, setOpen] = useState(false)
  usePolling(async () => {
    const answer = await callJson<UnreadAlerts>('/api/trends/alerts')
    if (answer.ok) setData(answer.data)
  }, ALERT_POLL_MS)
  const count = data?.unread ?? 0
  return (
    <div className="user-menu" data-testid="header-alerts">
      <button
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Trend alerts: ${count} unread`}
        title={count ? `${count} unread trend alert${count === 1 ? '' : 's'}` : 'No unread trend alerts'}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={{ verticalAlign: 'middle' }}>
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {count > 0 && <span className="badge badge-red" style={{ marginLeft: 4 }} data-testid="header-alert-count">{count}</span>}
      </button>
      {open && (
        <div className="user-menu-list" role="menu" onClick={() => setOpen(false)} style={{ minWidth: 320 }}>
          {data?.alerts.length ? (
            data.alerts.map((a) => (
              <Link key={a.id} role="menuitem" to={homeHref('trends', { project: a.projectId })} data-testid="header-alert">
                <strong>{a.projectName}</strong>: {a.message}
              </Link>
            ))
          ) : (
            <span role="menuitem" className="muted">No unread trend alerts. Alerts appear here when a daily run moves beyond chance (Trends).</span>
          )}
        </div>
      )}
    </div>
  )
}
