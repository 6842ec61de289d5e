import { useEffect, useState } from 'react'
import { useToast } from '../toast'
import { callJson, errorText, fetchJson } from '../json'
import { Modal } from '../modal'
import { ADMIN_MESSAGES, TIERS, type Tier } from '../../domain/admin/users'

interface EditableUser {
  id: number
  email: string
  isActive: boolean
  tier: Tier
  maxProjects: number | null
  maxAnalyses: number | null
}

/** Edit status, tier and limits (integers, empty = unlimited, invalid = 1 — parsed on the server). */
export function UserEditor({ user, onClose }: { user: EditableUser; onClose: (changed: boolean) => void }) {
  const toast = useToast()
  const [isActive, setActive] = useState(user.isActive)
  const [tier, setTier] = useState<Tier>(user.tier)
  const [maxProjects, setMaxProjects] = useState(user.maxProjects === null ? '' : String(user.maxProjects))
  const [maxAnalyses, setMaxAnalyses] = useState(user.maxAnalyses === null ? '' : String(user.maxAnalyses))
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    try {
      const res = await callJson(`/api/admin/users/${user.id}`, { method: 'PUT', body: { isActive, tier, maxProjects, maxAnalyses } })
      if (!res.ok) return toast({ title: 'Update Failed', description: res.detail || ADMIN_MESSAGES.updateFailed, variant: 'destructive' })
      onClose(true)
    } catch (err) {
      toast({ title: 'Update Failed', description: errorText(err, ADMIN_MESSAGES.updateFailed), variant: 'destructive' })
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal title={`Edit ${user.email}`} onClose={() => onClose(false)}>
      <label className="field">
        Status
        <select value={isActive ? 'active' : 'paused'} onChange={(e) => setActive(e.target.value === 'active')}>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
        </select>
      </label>
      <label className="field">
        Tier
        <select value={tier} onChange={(e) => setTier(e.target.value as Tier)}>
          {TIERS.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </label>
      <label className="field">
        Max projects
        <input name="maxProjects" inputMode="numeric" value={maxProjects} placeholder="Unlimited" onChange={(e) => setMaxProjects(e.target.value)} />
      </label>
      <label className="field">
        Max analyses
        <input name="maxAnalyses" inputMode="numeric" value={maxAnalyses} placeholder="Unlimited" onChange={(e) => setMaxAnalyses(e.target.value)} />
      </label>
      <p className="muted" style={{ fontSize: '.85rem' }}>{ADMIN_MESSAGES.limitsHint}</p>
      <div style={{ display: 'flex', gap: '.5rem', justifyContent: 'flex-end' }}>
        <button className="btn" onClick={() => onClose(false)}>Cancel</button>
        <button className="btn btn-primary" onClick={() => void save()} disabled={saving}>{saving ? 'Saving...' : 'Save'}</button>
      </div>
    </Modal>
  )
}

interface AuditEntry {
  id: number
  adminEmail: string
  action: string
  before: unknown
  after: unknown
  createdAt: string
}

/** The audit log of one account: who changed what, when, before and after. */
export function AuditTrail({ userId, email, onClose }: { userId: number; email: string; onClose: () => void }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null)
  useEffect(() => {
    void fetchJson<{ entries: AuditEntry[] }>(`/api/admin/audit-log?userId=${userId}`)
      .then((b) => setEntries(b.entries))
      .catch(() => setEntries([]))
  }, [userId])
  return (
    <Modal title={`Audit log · ${email}`} onClose={onClose}>
      {entries === null ? (
        <p className="muted">Loading...</p>
      ) : entries.length === 0 ? (
        <p className="muted">No admin actions on this account yet.</p>
      ) : (
        <ul style={{ paddingLeft: '1rem' }} data-testid="audit-entries">
          {entries.map((e) => (
            <li key={e.id} style={{ marginBottom: '.5rem' }}>
              <strong>{e.action}</strong> by {e.adminEmail} · {new Date(e.createdAt).toLocaleString('en-GB')}
              <div className="muted" style={{ fontSize: '.8rem', fontFamily: 'monospace' }}>
                {JSON.stringify(e.before)} → {JSON.stringify(e.after)}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div style={{ textAlign: 'right' }}><button className="btn" onClick={onClose}>Close</button></div>
    </Modal>
  )
}
