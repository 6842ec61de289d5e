import { fetchJson } from '~/components/json'
import { usePropState } from '~/components/use-prop-state'

/** The project's unread alert count; a click marks them read. */
export function AlertBell({ projectId, unread, onRead }: { projectId: number; unread: number; onRead: () => void }) {
  const [count, setCount] = usePropState(unread)
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="alert-bell"
      aria-label={`Alerts: ${count} unread`}
      title={count ? 'Mark alerts read' : 'No unread alerts'}
      onClick={async () => {
        if (!count) return
        await fetchJson(`/api/projects/${projectId}/alerts`, { method: 'POST', body: { action: 'read' } }).catch(() => undefined)
        setCount(0)
        onRead()
      }}
    >
      {/* An inline icon, not the bell emoji: the server and many desktops have no emoji font. */}
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={{ verticalAlign: '-3px' }}>
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>{' '}
      {count > 0 && <span className="rs-count">{count}</span>}
    </button>
  )
}
