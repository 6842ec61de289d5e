import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useNavigate, useRevalidator, useRouteError } from '@remix-run/react'
import { useState } from 'react'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { listAllProjectsForAdmin, listProjects } from '~/lib/projects.server'
import { Header } from '~/components/app-shell'
import { SignedOutRedirect } from '~/components/shell-states'
import { useToast } from '~/components/toast'
import { callJson, failedAnswer } from '~/components/json'
import { ShareDialog } from '~/components/sharing/share-dialog'
import { EditProjectDialog } from '~/components/sharing/edit-project-dialog'
import { archivePath, rowButton, rowMenuItems, type MenuItem } from '~/domain/sharing/project-menu'
import { SHARING_MESSAGES } from '~/domain/sharing/access'
import { SELECTED_PROJECT_KEY } from '~/components/app-shell'
import { homeHref } from '~/domain/home-phases'

export const meta: MetaFunction = () => [{ title: 'Your Projects · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const [projects, groups] = await Promise.all([listProjects(user), user.isAdmin ? listAllProjectsForAdmin(user) : null])
  return json({ projects, groups, viewer: { id: user.id, isAdmin: user.isAdmin }, limits: { ...limitsOf(user), isActive: user.isActive } }, { headers: { 'Cache-Control': 'no-store' } })
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Row = Data['projects'][number]

const STATUS_LABEL: Record<string, [string, string]> = {
  completed: ['Complete', 'badge-green'],
  failed: ['Failed', 'badge-red'],
  pending: ['Pending', 'badge-grey'],
  in_progress: ['Running', 'badge-blue'],
  processing: ['Processing', 'badge-yellow'],
  cancelled: ['Cancelled', 'badge-grey'],
}

const fallbackName = (brand: string) => {
  const first = brand.split('.')[0] ?? brand
  return first.charAt(0).toUpperCase() + first.slice(1)
}

const ADMIN_TABS = [
  ['personal', 'Your Projects'],
  ['others', 'Other Users'],
  ['public', 'Public Projects'],
] as const

export default function Projects() {
  const { projects, groups, viewer, limits } = useLoaderData<typeof loader>()
  const [archived, setArchived] = useState(false)
  const [adminTab, setAdminTab] = useState<(typeof ADMIN_TABS)[number][0]>('personal')
  const [helpOpen, setHelpOpen] = useState(false)
  const [renaming, setRenaming] = useState<{ id: number; value: string } | null>(null)
  const [sharing, setSharing] = useState<Row | null>(null)
  const [editing, setEditing] = useState<Row | null>(null)
  const [menuOpen, setMenuOpen] = useState<number | null>(null)
  const toast = useToast()
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  // Admins see their personal list (own + shared with them) on the first tab, others' and public ones on the next.
  const source = groups ? (adminTab === 'personal' ? projects.filter((p) => p.accessType !== 'public' || p.userId === viewer.id) : groups[adminTab]) : projects
  const shown = source.filter((p) => p.isArchived === archived)
  const title = limits.projectsRemaining === null ? 'Unlimited projects' : `${limits.projectsRemaining} projects remaining`

  const rename = async (id: number, value: string) => {
    const name = value.trim()
    setRenaming(null)
    if (!name) return
    const { ok } = await callJson(`/api/projects/${id}`, { method: 'PATCH', body: { name } }).catch(failedAnswer)
    if (!ok) toast({ title: 'Failed to rename project', description: 'An error occurred while updating the project name.', variant: 'destructive' })
    revalidator.revalidate()
  }
  const remove = async (p: Row) => {
    if (!window.confirm(`Delete the project "${p.name}" and all its analyses? This cannot be undone.`)) return
    const { ok } = await callJson(`/api/projects/${p.id}`, { method: 'DELETE' }).catch(failedAnswer)
    if (!ok) return toast({ title: 'Delete Failed', description: 'Failed to delete project', variant: 'destructive' })
    if (localStorage.getItem(SELECTED_PROJECT_KEY) === String(p.id)) localStorage.removeItem(SELECTED_PROJECT_KEY)
    revalidator.revalidate()
  }
  const archive = async (p: Row) => {
    const { ok } = await callJson(archivePath(p.id, p.accessType), { method: 'PATCH', body: { archived: !p.isArchived } }).catch(failedAnswer)
    if (!ok) toast({ title: 'Archive Failed', description: SHARING_MESSAGES.archiveFailed, variant: 'destructive' })
    revalidator.revalidate()
  }
  const togglePublic = async (p: Row) => {
    const { ok } = await callJson(`/api/projects/${p.id}/public`, { method: 'PATCH', body: { isPublic: !p.isPublic } }).catch(failedAnswer)
    if (!ok) toast({ title: 'Update Failed', description: SHARING_MESSAGES.visibilityFailed, variant: 'destructive' })
    revalidator.revalidate()
  }
  const open = (p: Row) => navigate(homeHref('results', { project: p.id, tab: p.latestAnalysis ? 'overview' : null }))
  const choose = (p: Row, item: MenuItem) => {
    setMenuOpen(null)
    if (item === 'View Analysis' || item === 'Access Project' || item === 'View Project') return open(p)
    if (item === 'Share with User') return setSharing(p)
    if (item === 'Make Public' || item === 'Make Private') return void togglePublic(p)
    if (item === 'Edit Details') return setEditing(p)
    if (item === 'Archive' || item === 'Unarchive') return void archive(p)
    if (item === 'Delete') return void remove(p)
  }

  return (
    <>
      <Header projects={projects as any} />
      <main className="main" style={{ maxWidth: 1100, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: '.5rem' }}>
          <h1>{viewer.isAdmin ? 'All Projects' : 'Your Projects'}</h1>
          <div>
            <button className="btn btn-small" onClick={() => setHelpOpen(!helpOpen)} aria-expanded={helpOpen}>Help</button>{' '}
            <button className={`btn btn-small${!archived ? ' btn-primary' : ''}`} onClick={() => setArchived(false)}>Active</button>{' '}
            <button className={`btn btn-small${archived ? ' btn-primary' : ''}`} onClick={() => setArchived(true)}>Archived</button>
          </div>
        </div>
        {helpOpen && (
          <div className="panel" data-testid="projects-help">
            <p>Your own projects, projects other users shared with you (badge <strong>Shared</strong>) and public projects (badge <strong>Public</strong>) are listed here.</p>
            <p>On your own projects you can rename (click the name), edit, share with another user by e-mail, archive and delete. On shared and public projects you can view the results and archive them for yourself only; the owner’s copy is not affected.</p>
          </div>
        )}
        {groups && (
          <nav className="tabbar" aria-label="Project groups" style={{ position: 'static' }}>
            {ADMIN_TABS.map(([key, label]) => (
              <a key={key} href={`#${key}`} className={adminTab === key ? 'active' : ''} onClick={(e) => (e.preventDefault(), setAdminTab(key))}>
                {label} ({key === 'personal' ? projects.filter((p) => p.accessType !== 'public' || p.userId === viewer.id).length : groups[key].length})
              </a>
            ))}
          </nav>
        )}
        {shown.length === 0 ? (
          <div className="panel empty">
            {projects.length === 0 ? (
              <>
                <h2>No projects yet</h2>
                <Link className="btn btn-primary" to={homeHref('setup', { tab: 'setup' })} aria-disabled={!limits.canCreateProject} title={title} onClick={(e) => !limits.canCreateProject && e.preventDefault()}>
                  Create New Project
                </Link>
                {!limits.canCreateProject && (
                  <p className="error-box" data-testid="create-blocked">
                    {limits.isActive ? `Project limit reached (${limits.projectsRemaining ?? 0} remaining)` : 'Account paused - contact admin'}. <Link to="/profile">How to get more</Link>
                  </p>
                )}
              </>
            ) : (
              <p>No {archived ? 'archived' : 'active'} projects</p>
            )}
          </div>
        ) : (
          <div className="panel" style={{ overflowX: 'auto' }} role="region" aria-label="Projects table" tabIndex={0}>
            <table className="data" data-testid="projects-table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Brand</th>
                  {groups && adminTab !== 'personal' && <th>Owner</th>}
                  <th>Competitors</th>
                  <th>Queries</th>
                  <th>Created</th>
                  <th>Latest analysis</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => {
                  const status = p.latestAnalysis ? STATUS_LABEL[p.latestAnalysis.status] : null
                  const items = rowMenuItems(p, viewer)
                  return (
                    <tr key={p.id} data-project-id={p.id}>
                      <td>
                        {renaming?.id === p.id ? (
                          <input
                            autoFocus
                            value={renaming.value}
                            onChange={(e) => setRenaming({ id: p.id, value: e.target.value })}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter') void rename(p.id, renaming.value)
                              if (e.key === 'Escape') setRenaming(null)
                            }}
                          />
                        ) : (
                          <button className="btn-link" title={p.accessType === 'owner' ? 'Rename' : undefined} onClick={() => p.accessType === 'owner' && setRenaming({ id: p.id, value: p.name })}>
                            {p.name || fallbackName(p.brandDomain)}
                          </button>
                        )}{' '}
                        {p.accessType === 'shared' && <span className="badge">Shared</span>} {p.isPublic && <span className="badge">Public</span>}
                      </td>
                      <td>{p.brandDomain}</td>
                      {groups && adminTab !== 'personal' && <td>{p.ownerEmail}</td>}
                      <td>{p.competitors.length}</td>
                      <td>{p.queries.length}</td>
                      <td>{new Date(p.createdAt).toLocaleDateString('en-GB')}</td>
                      <td>{status ? <span className={`badge ${status[1]}`}>{status[0]}</span> : <span className="muted">—</span>}</td>
                      <td style={{ whiteSpace: 'nowrap', position: 'relative' }}>
                        <button className="btn btn-small" onClick={() => open(p)}>{rowButton(p)}</button>{' '}
                        <button className="btn btn-small" aria-label="Project actions" aria-expanded={menuOpen === p.id} onClick={() => setMenuOpen(menuOpen === p.id ? null : p.id)}>⋯</button>
                        {menuOpen === p.id && (
                          <div className="user-menu-list" role="menu" style={{ right: 0 }}>
                            {items.map((item) => (
                              <button key={item} role="menuitem" className="btn-link" style={{ display: 'block', padding: '.35rem .6rem', color: item === 'Delete' ? 'var(--red)' : undefined }} onClick={() => choose(p, item)}>
                                {item}
                              </button>
                            ))}
                          </div>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
        {sharing && <ShareDialog projectId={sharing.id} projectName={sharing.name} onClose={() => (setSharing(null), revalidator.revalidate())} />}
        {editing && <EditProjectDialog project={editing} onClose={(changed) => (setEditing(null), changed && revalidator.revalidate())} />}
      </main>
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 401) return <SignedOutRedirect />
  return (
    <main className="centered-page">
      <h1>Unable to load projects</h1>
      <p>{isRouteErrorResponse(error) ? String(error.data?.message ?? error.statusText) : error instanceof Error ? error.message : ''}</p>
      <button className="btn btn-primary" onClick={() => window.location.reload()}>Try Again</button>
    </main>
  )
}
