/**
 * Profile & Limits → API keys: create (the key is shown once), list and revoke personal keys; admins also see
 * and revoke every user's keys. Posts to the profile route's action.
 */
import { useState } from 'react'
import { Link, useFetcher } from '@remix-run/react'
import { API_KEY_MAX_DAYS, API_SCOPES, SCOPE_LABELS, type ApiKeyView, type FailedKeyAttempts } from '~/domain/api/keys'

export interface ApiKeysActionData {
  ok: boolean
  intent?: string
  error?: string
  created?: { key: string; view: ApiKeyView }
}

const when = (iso: string | null, none = 'Never') => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : none)

function KeyRows({ keys, withOwner }: { keys: ApiKeyView[]; withOwner?: boolean }) {
  const fetcher = useFetcher<ApiKeysActionData>()
  if (keys.length === 0) return <p className="muted">No API keys yet.</p>
  return (
    <table className="data" data-testid={withOwner ? 'all-api-keys' : 'api-keys'}>
      <thead>
        <tr>
          {withOwner && <th>Owner</th>}
          <th>Name</th><th>Key</th><th>Scopes</th><th>Created</th><th>Last used</th><th>Expires</th><th>Calls</th><th>Status</th><th />
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k.id} data-testid="api-key-row" data-key-id={k.id}>
            {withOwner && <td>{k.owner?.email}</td>}
            <td>{k.name}</td>
            <td><code>{k.prefix}…</code></td>
            <td>{k.scopes.join(', ')}</td>
            <td>{when(k.createdAt)}</td>
            <td>{when(k.lastUsedAt)}</td>
            <td>{when(k.expiresAt)}</td>
            <td>{k.calls}</td>
            <td data-testid="api-key-status">{k.status === 'active' ? 'Active' : k.status === 'expired' ? 'Expired' : 'Revoked'}</td>
            <td>
              {k.status !== 'revoked' && (
                <fetcher.Form method="post" onSubmit={(e) => { if (!confirm(`Revoke the key "${k.name}"? Programs using it stop working at once.`)) e.preventDefault() }}>
                  <input type="hidden" name="intent" value="revoke-api-key" />
                  <input type="hidden" name="keyId" value={k.id} />
                  <button type="submit" className="btn btn-small btn-danger" disabled={fetcher.state !== 'idle'}>Revoke</button>
                </fetcher.Form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Admins: addresses that sent unknown, malformed, revoked or expired keys (10 failures in 10 minutes → 429). */
function FailedAttempts({ rows }: { rows: FailedKeyAttempts[] }) {
  return (
    <div className="panel" data-testid="failed-key-attempts">
      <h2>Failed API key attempts (admin)</h2>
      <p className="muted">
        Requests to <code>/api/v1</code> or <code>/mcp</code> with a key that is malformed, unknown, revoked or expired, per client address. After 10 in
        10 minutes an address gets 429 with Retry-After until the 10 minutes are over.
      </p>
      {rows.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="data">
          <thead>
            <tr><th>Address</th><th>Failures (all)</th><th>In the last window</th><th>Last</th><th>Last tried</th><th>Status</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.address} data-testid="failed-key-row">
                <td><code>{r.address}</code></td>
                <td>{r.total}</td>
                <td>{r.inWindow}</td>
                <td>{when(r.lastAt)}</td>
                <td><code>{r.lastTried ?? ''}</code></td>
                <td>{r.throttled ? 'Throttled' : 'Allowed'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

export function ApiKeys({ keys, allKeys, failedAttempts = null }: { keys: ApiKeyView[]; allKeys: ApiKeyView[] | null; failedAttempts?: FailedKeyAttempts[] | null }) {
  const fetcher = useFetcher<ApiKeysActionData>()
  const [copied, setCopied] = useState(false)
  const created = fetcher.data?.intent === 'create-api-key' ? fetcher.data.created : undefined
  const error = fetcher.data?.intent === 'create-api-key' ? fetcher.data.error : undefined
  return (
    <>
      <div className="panel" data-testid="api-keys-panel">
        <h2>API keys</h2>
        <p>
          A key lets a program or an AI agent use your account through the <Link to="/api/v1/docs">REST API</Link> (<code>/api/v1</code>) and the MCP
          server (<code>/mcp</code>). It acts as you: the same projects, quotas, rate limits and daily spending limit. <b>read</b> reads projects,
          analyses, results, answers, sources and trends; <b>run</b> starts and cancels analyses.
        </p>
        {created && (
          <div className="panel" data-testid="new-api-key" style={{ borderColor: 'var(--accent)' }}>
            <p><b>Copy your new key now: it is shown only once.</b> Anyone with it can act as you; revoke it here if it leaks.</p>
            <p>
              <code data-testid="new-api-key-value" style={{ wordBreak: 'break-all' }}>{created.key}</code>{' '}
              <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(created.key).then(() => setCopied(true))}>
                {copied ? 'Copied' : 'Copy'}
              </button>
            </p>
          </div>
        )}
        {error && <p className="error-box" role="alert">{error}</p>}
        {/* A new key empties the form (keyed by the key created last). */}
        <fetcher.Form key={created?.key ?? 'new'} method="post" onSubmit={() => setCopied(false)} style={{ display: 'flex', flexWrap: 'wrap', gap: '.8rem', alignItems: 'end', marginBottom: '1rem' }}>
          <input type="hidden" name="intent" value="create-api-key" />
          <label>
            Name<br />
            <input name="name" required maxLength={100} placeholder="e.g. Weekly report" aria-label="Key name" />
          </label>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend>Scopes</legend>
            {API_SCOPES.map((s) => (
              <label key={s} title={SCOPE_LABELS[s]} style={{ marginRight: '.8rem' }}>
                <input type="checkbox" name="scopes" value={s} defaultChecked={s === 'read'} /> {s}
              </label>
            ))}
          </fieldset>
          <label>
            Expires after (days)<br />
            <input name="expiresInDays" type="number" min={1} max={API_KEY_MAX_DAYS} placeholder="never" aria-label="Expires after (days)" style={{ width: '8rem' }} />
          </label>
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>Create API key</button>
        </fetcher.Form>
        <KeyRows keys={keys} />
      </div>
      {allKeys && (
        <div className="panel" data-testid="admin-api-keys">
          <h2>All API keys (admin)</h2>
          <p className="muted">Every user&apos;s keys. Revoking another user&apos;s key is recorded in the admin audit log.</p>
          <KeyRows keys={allKeys} withOwner />
        </div>
      )}
      {failedAttempts && <FailedAttempts rows={failedAttempts} />}
    </>
  )
}
