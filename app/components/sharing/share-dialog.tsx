import { useEffect, useState } from 'react'
import { Modal } from '../modal'
import { useToast } from '../toast'
import { callJson, failedAnswer, fetchJson } from '../json'
import { SHARING_MESSAGES } from '../../domain/sharing/access'

/** Share Project dialog: an e-mail field; the people it is shared with, each removable. */
export function ShareDialog({ projectId, projectName, onClose }: { projectId: number; projectName: string; onClose: () => void }) {
  const toast = useToast()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [shares, setShares] = useState<{ userId: number; email: string }[]>([])
  const load = () =>
    fetchJson<{ shares: { userId: number; email: string }[] }>(`/api/projects/${projectId}/share`)
      .then((b) => setShares(b.shares))
      .catch(() => setShares([]))
  useEffect(() => void load(), [projectId]) // eslint-disable-line react-hooks/exhaustive-deps

  const call = (method: 'POST' | 'DELETE', to: string) =>
    callJson<{ sharedUser: { email: string } }>(`/api/projects/${projectId}/share`, { method, body: { email: to } }).catch(failedAnswer<{ sharedUser: { email: string } }>)

  const share = async () => {
    if (!email.trim()) return toast({ title: 'Sharing Failed', description: 'Please enter an email address.', variant: 'destructive' })
    setBusy(true)
    const res = await call('POST', email.trim())
    setBusy(false)
    if (!res.ok) return toast({ title: 'Sharing Failed', description: res.detail || SHARING_MESSAGES.shareFailed, variant: 'destructive' })
    toast({ title: 'Project Shared', description: `Shared with ${res.data.sharedUser.email}`, variant: 'success' })
    setEmail('')
    void load()
  }
  const unshare = async (to: string) => {
    const res = await call('DELETE', to)
    if (!res.ok) toast({ title: 'Sharing Failed', description: SHARING_MESSAGES.shareFailed, variant: 'destructive' })
    void load()
  }

  return (
    <Modal title="Share Project" onClose={onClose}>
      <p className="muted">Share “{projectName}” with another user. They can view it and archive it for themselves, but not change it.</p>
      <form onSubmit={(e) => (e.preventDefault(), void share())}>
        <label className="field">
          Email
          <input type="email" name="email" value={email} autoFocus placeholder="colleague@example.com" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <div style={{ display: 'flex', gap: '.5rem', justifyContent: 'flex-end' }}>
          <button type="button" className="btn" onClick={onClose}>Close</button>
          <button type="submit" className="btn btn-primary" disabled={!email.trim() || busy}>{busy ? 'Sharing...' : 'Share'}</button>
        </div>
      </form>
      {shares.length > 0 && (
        <>
          <h3>Shared with</h3>
          <ul style={{ listStyle: 'none', padding: 0 }} data-testid="share-list">
            {shares.map((s) => (
              <li key={s.userId} className="list-row">
                <span style={{ flex: 1 }}>{s.email}</span>
                <button className="btn btn-small" onClick={() => void unshare(s.email)}>Remove</button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  )
}
