import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react'
import { useState } from 'react'
import { requireAdmin } from '~/lib/auth.server'
import { latestAnalyses, listFeedback, listUsers } from '~/lib/admin.server'
import { Header } from '~/components/app-shell'
import { useToast } from '~/components/toast'
import { callJson, failedAnswer } from '~/components/json'
import { usePolling } from '~/components/use-polling'
import { AuditTrail, UserEditor } from '~/components/admin/user-editor'
import { ADMIN_MESSAGES, LATEST_ANALYSES_POLL_MS, loggedInToday, usedOfMax } from '~/domain/admin/users'

export const meta: MetaFunction = () => [{ title: 'Admin Dashboard · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const [users, latest, feedback] = await Promise.all([listUsers(), latestAnalyses(), listFeedback()])
  return json({ ...users, latest, feedback, adminId: admin.id, now: new Date().toISOString() }, { headers: { 'Cache-Control': 'no-store' } })
}

const TABS = [
  ['users', 'Users'],
  ['feedback', 'Feedback'],
  ['latest', 'Latest Analyses'],
  ['migration', 'User Migration'],
  ['source-explorer', 'Source Explorer'],
  ['source-explorer-enhanced', 'Enhanced Explorer'],
] as const

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Row = Data['users'][number]

const SUMMARY_LABELS: [keyof Data['summary'], string][] = [
  ['totalUsers', 'Total Users'],
  ['activeUsers', 'Active Users'],
  ['legacyUsers', 'Legacy Users'],
  ['azureLinked', 'Azure Linked'],
  ['azureOnly', 'Azure Only'],
  ['totalProjects', 'Total Projects'],
  ['currentAnalyses', 'Current Analyses'],
]

export default function Admin() {
  const data = useLoaderData<typeof loader>()
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') ?? 'users'
  const revalidator = useRevalidator()
  const toast = useToast()
  const [latest, setLatest] = useState(data.latest)
  const [stuckNote, setStuckNote] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  usePolling(async () => {
    const res = await callJson<typeof latest>('/api/admin/latest-analyses')
    if (res.ok) setLatest(res.data)
  }, LATEST_ANALYSES_POLL_MS, tab === 'latest')

  const clearStuck = async () => {
    setBusy('stuck')
    const { ok, data: body } = await callJson('/api/cleanup-stuck-analyses', { method: 'POST' }).catch(failedAnswer)
    setBusy(null)
    if (!ok) return toast({ title: 'Error', description: ADMIN_MESSAGES.cleanupFailed, variant: 'destructive' })
    setStuckNote(body.cleaned === 0 ? ADMIN_MESSAGES.noStuck : `${body.cleaned} stuck analyses cleared`)
    revalidator.revalidate()
  }
  const fixStale = async () => {
    setBusy('stale')
    const { ok, data: body } = await callJson('/api/admin/complete-stale-analyses', { method: 'POST' }).catch(failedAnswer)
    setBusy(null)
    if (!ok) return toast({ title: 'Error', description: ADMIN_MESSAGES.staleFailed, variant: 'destructive' })
    setStuckNote(`${body.updatedAnalyses} stale analyses completed`)
    revalidator.revalidate()
  }

  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 1200, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: '.5rem' }}>
          <h1>Admin Dashboard</h1>
          <div style={{ display: 'flex', gap: '.4rem' }}>
            <button className="btn" onClick={() => revalidator.revalidate()}>{revalidator.state !== 'idle' ? 'Refreshing...' : 'Refresh Data'}</button>
            <button className="btn" onClick={() => void clearStuck()} disabled={busy !== null}>{busy === 'stuck' ? 'Clearing...' : 'Clear Stuck (10m+)'}</button>
            <button className="btn" onClick={() => void fixStale()} disabled={busy !== null}>{busy === 'stale' ? 'Fixing...' : 'Fix Stale (24h+)'}</button>
            <Link className="btn" to="/debug-auth" title="Sign-in flags, which secrets are set, and the API key test">API keys &amp; auth</Link>
          </div>
        </div>
        {stuckNote && <div className="panel" data-testid="maintenance-note">{stuckNote}</div>}
        <nav className="tabbar" aria-label="Admin tabs" style={{ top: 56 }}>
          {TABS.map(([key, label]) =>
            key.startsWith('source-explorer') ? (
              <Link key={key} to={`/admin/${key}`}>{label}</Link>
            ) : (
              <a key={key} href={`?tab=${key}`} className={tab === key ? 'active' : ''} onClick={(e) => (e.preventDefault(), setParams({ tab: key }))}>
                {label}
              </a>
            ),
          )}
        </nav>
        {tab === 'users' && <UsersTab data={data} />}
        {tab === 'feedback' && <FeedbackTab feedback={data.feedback} />}
        {tab === 'latest' && <LatestTab rows={latest} />}
        {tab === 'migration' && <MigrationTab users={data.users} />}
      </main>
    </>
  )
}

function UsersTab({ data }: { data: Data }) {
  const [editing, setEditing] = useState<Row | null>(null)
  const [trailOf, setTrailOf] = useState<Row | null>(null)
  const revalidator = useRevalidator()
  const toast = useToast()
  const now = new Date(data.now)
  const remove = async (u: Row) => {
    if (!window.confirm(ADMIN_MESSAGES.deleteConfirm)) return
    const { ok, data: body } = await callJson(`/api/admin/users/${u.id}`, { method: 'DELETE' }).catch(failedAnswer)
    if (!ok) return toast({ title: 'Delete Failed', description: body.message ?? ADMIN_MESSAGES.deleteFailed, variant: 'destructive' })
    revalidator.revalidate()
  }
  return (
    <>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: '.6rem', marginBottom: '1rem' }} data-testid="admin-summary">
        {SUMMARY_LABELS.map(([key, label]) => (
          <div key={key} className="panel" style={{ margin: 0 }}>
            <div className="muted" style={{ fontSize: '.8rem' }}>{label}</div>
            <div style={{ fontSize: '1.5rem', fontWeight: 600 }}>{data.summary[key]}</div>
          </div>
        ))}
      </div>
      <div className="panel" style={{ overflowX: 'auto' }} role="region" aria-label="Users table" tabIndex={0}>
        <table className="data" data-testid="admin-users">
          <thead>
            <tr>
              <th>User</th><th>Status</th><th>Type</th><th>Tier</th><th>Today</th><th>Projects</th><th>Analyses</th><th>Lifetime</th><th>Limits</th><th>Joined</th><th />
            </tr>
          </thead>
          <tbody>
            {data.users.map((u) => (
              <tr key={u.id}>
                <td>
                  {[u.firstName, u.lastName].filter(Boolean).join(' ') || u.email}
                  <div className="muted" style={{ fontSize: '.8rem' }}>{u.email}{u.isAdmin && ' · admin'}</div>
                </td>
                <td><span className={`badge ${u.isActive ? 'badge-green' : 'badge-red'}`}>{u.isActive ? 'Active' : 'Paused'}</span></td>
                <td>{u.userType}</td>
                <td>{u.tier}</td>
                <td>{loggedInToday(u.lastLoginAt, now) ? <span className="badge badge-blue" title="Logged in today">●</span> : ''}</td>
                <td>{usedOfMax(u.projectCount, u.maxProjects)}</td>
                <td>{usedOfMax(u.analysisCount, u.maxAnalyses)}</td>
                <td>{u.totalAnalysesRun}</td>
                <td>{u.maxProjects ?? '∞'} / {u.maxAnalyses ?? '∞'}</td>
                <td>{new Date(u.createdAt).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' })}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <button className="btn btn-small" onClick={() => setEditing(u)}>Edit</button>{' '}
                  <button className="btn btn-small" onClick={() => setTrailOf(u)}>Log</button>{' '}
                  {u.id !== data.adminId && <button className="btn btn-small btn-danger" onClick={() => void remove(u)}>Delete</button>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <UserEditor user={editing} onClose={(changed) => (setEditing(null), changed && revalidator.revalidate())} />}
      {trailOf && <AuditTrail userId={trailOf.id} email={trailOf.email} onClose={() => setTrailOf(null)} />}
    </>
  )
}

function FeedbackTab({ feedback }: { feedback: Data['feedback'] }) {
  const revalidator = useRevalidator()
  const toast = useToast()
  const mark = async (id: number, handled: boolean) => {
    const { ok } = await callJson('/api/admin/feedback', { method: 'PATCH', body: { id, handled } }).catch(failedAnswer)
    if (!ok) toast({ title: 'Update Failed', description: 'Failed to update feedback.', variant: 'destructive' })
    revalidator.revalidate()
  }
  if (feedback.length === 0) return <div className="panel empty">No feedback yet</div>
  return (
    <div className="panel">
      {feedback.map((f) => (
        <div key={f.id} className="list-row" style={{ alignItems: 'flex-start', background: f.handledAt ? 'var(--bg)' : undefined }}>
          <div style={{ flex: 1 }}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{f.message}</div>
            <div className="muted" style={{ fontSize: '.8rem' }}>
              {f.userEmail ?? 'deleted user'} · {new Date(f.createdAt).toLocaleString('en-GB')}{f.rating ? ` · ${f.rating}/5` : ''}
            </div>
          </div>
          <button className="btn btn-small" onClick={() => void mark(f.id, !f.handledAt)}>{f.handledAt ? 'Reopen' : 'Mark handled'}</button>
        </div>
      ))}
    </div>
  )
}

const STATUS_BADGE: Record<string, string> = { completed: 'badge-green', failed: 'badge-red', cancelled: 'badge-grey', pending: 'badge-grey', in_progress: 'badge-blue', processing: 'badge-yellow' }

function LatestTab({ rows }: { rows: Data['latest'] }) {
  if (rows.length === 0) return <div className="panel empty">No analyses yet</div>
  return (
    <div className="panel" style={{ overflowX: 'auto' }} role="region" aria-label="Latest analyses table" tabIndex={0}>
      <table className="data" data-testid="admin-latest">
        <thead>
          <tr><th>ID</th><th>Created</th><th>Project</th><th>Brand</th><th>User</th><th>Status</th><th>Progress</th><th>Queries</th></tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{a.id}</td>
              <td>{new Date(a.createdAt).toLocaleString('en-GB')}</td>
              <td>{a.projectName}</td>
              <td>{a.brandDisplayName}</td>
              <td>{a.userName}<div className="muted" style={{ fontSize: '.8rem' }}>{a.userEmail}</div></td>
              <td><span className={`badge ${STATUS_BADGE[a.status] ?? 'badge-grey'}`}>{a.status}</span></td>
              <td>{a.progressPercentage}%</td>
              <td>{a.queryCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function MigrationTab({ users }: { users: Row[] }) {
  const revalidator = useRevalidator()
  const toast = useToast()
  const [linking, setLinking] = useState<number | null>(null)
  const [oid, setOid] = useState('')
  const unlink = async (u: Row) => {
    if (!window.confirm(`Unlink ${u.email} from its Microsoft identity? The account keeps its password.`)) return
    const { ok, data: body } = await callJson(`/api/admin/users/${u.id}/unlink`, { method: 'POST' }).catch(failedAnswer)
    if (!ok) toast({ title: 'Update Failed', description: body.message ?? 'Failed to unlink user', variant: 'destructive' })
    revalidator.revalidate()
  }
  const link = async (u: Row) => {
    const { ok, data: body } = await callJson(`/api/admin/users/${u.id}/link`, { method: 'POST', body: { oid } }).catch(failedAnswer)
    if (!ok) return toast({ title: 'Update Failed', description: body.message ?? 'Failed to link user', variant: 'destructive' })
    toast({ title: 'Account linked', description: `${u.email} now signs in with Microsoft too.` })
    setLinking(null)
    setOid('')
    revalidator.revalidate()
  }
  return (
    <div className="panel" data-testid="user-migration">
      <p className="muted">
        A local (legacy) account is linked to a Microsoft Entra identity automatically the first time its owner signs in with Microsoft using the same
        e-mail (it becomes azure_linked). To link it ahead of that, enter the identity&apos;s object ID (Entra admin centre → Users → the user → Object
        ID); the next Microsoft sign-in then opens this account. Accounts created by a Microsoft sign-in are azure_unlinked. Unlinking turns a linked
        account back into a legacy one that signs in with its password.
      </p>
      <table className="data">
        <thead><tr><th>User</th><th>Type</th><th /></tr></thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>{u.userType}</td>
              <td>
                {u.userType === 'azure_linked' && <button className="btn btn-small" onClick={() => void unlink(u)}>Unlink</button>}
                {u.userType === 'legacy' &&
                  (linking === u.id ? (
                    <form
                      style={{ display: 'flex', gap: '.3rem' }}
                      onSubmit={(e) => {
                        e.preventDefault()
                        void link(u)
                      }}
                    >
                      <input aria-label={`Microsoft Entra object ID for ${u.email}`} placeholder="00000000-0000-0000-0000-000000000000" value={oid} onChange={(e) => setOid(e.target.value)} size={38} required />
                      <button className="btn btn-small btn-primary" type="submit">Link</button>
                      <button className="btn btn-small" type="button" onClick={() => setLinking(null)}>Cancel</button>
                    </form>
                  ) : (
                    <button className="btn btn-small" onClick={() => (setLinking(u.id), setOid(''))}>Link to Microsoft</button>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
