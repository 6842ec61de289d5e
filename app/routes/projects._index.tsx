import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { listProjects } from '~/lib/projects.server'
import { Header } from '~/components/app-shell'
import { useToast } from '~/components/toast'

export const meta: MetaFunction = () => [{ title: 'Your Projects · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const projects = await listProjects(user)
  return json({ projects, isAdmin: user.isAdmin, limits: { ...limitsOf(user), isActive: user.isActive } })
}

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

export default function Projects() {
  const { projects, isAdmin, limits } = useLoaderData<typeof loader>()
  const [archived, setArchived] = useState(false)
  const [renaming, setRenaming] = useState<{ id: number; value: string } | null>(null)
  const toast = useToast()
  const revalidator = useRevalidator()
  const shown = projects.filter((p) => p.isArchived === archived)

  const rename = async (id: number, value: string) => {
    const name = value.trim()
    setRenaming(null)
    if (!name) return
    const res = await fetch(`/api/projects/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) })
    if (!res.ok) toast({ title: 'Failed to rename project', description: 'An error occurred while updating the project name.', variant: 'destructive' })
    revalidator.revalidate()
  }
  const remove = async (id: number, name: string) => {
    if (!window.confirm(`Delete the project "${name}" and all its analyses? This cannot be undone.`)) return
    const res = await fetch(`/api/projects/${id}`, { method: 'DELETE' })
    if (!res.ok) return toast({ title: 'Delete Failed', description: 'Failed to delete project', variant: 'destructive' })
    if (localStorage.getItem('selectedProjectId') === String(id)) localStorage.removeItem('selectedProjectId')
    revalidator.revalidate()
  }

  return (
    <>
      <Header projects={projects as any} />
      <main className="main" style={{ maxWidth: 1100, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <h1>{isAdmin ? 'All Projects' : 'Your Projects'}</h1>
          <div>
            <button className={`btn btn-small${!archived ? ' btn-primary' : ''}`} onClick={() => setArchived(false)}>Active</button>{' '}
            <button className={`btn btn-small${archived ? ' btn-primary' : ''}`} onClick={() => setArchived(true)}>Archived</button>
          </div>
        </div>
        {shown.length === 0 ? (
          <div className="panel empty">
            {projects.length === 0 ? (
              <>
                <h2>No projects yet</h2>
                <Link
                  className="btn btn-primary"
                  to="/?phase=1&tab=setup"
                  aria-disabled={!limits.canCreateProject}
                  title={limits.projectsRemaining === null ? 'Unlimited projects' : `${limits.projectsRemaining} projects remaining`}
                  onClick={(e) => !limits.canCreateProject && e.preventDefault()}
                >
                  Create New Project
                </Link>
              </>
            ) : (
              <p>No {archived ? 'archived' : 'active'} projects</p>
            )}
          </div>
        ) : (
          <div className="panel">
            <table className="data">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Brand</th>
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
                  return (
                    <tr key={p.id}>
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
                          <button className="btn-link" title="Rename" onClick={() => p.accessType === 'owner' && setRenaming({ id: p.id, value: p.name })}>
                            {p.name || fallbackName(p.brandDomain)}
                          </button>
                        )}{' '}
                        {p.accessType === 'shared' && <span className="badge">Shared</span>} {p.isPublic && <span className="badge">Public</span>}
                      </td>
                      <td>{p.brandDomain}</td>
                      <td>{p.competitors.length}</td>
                      <td>{p.queries.length}</td>
                      <td>{new Date(p.createdAt).toLocaleDateString('en-GB')}</td>
                      <td>{status ? <span className={`badge ${status[1]}`}>{status[0]}</span> : <span className="muted">—</span>}</td>
                      <td style={{ whiteSpace: 'nowrap' }}>
                        {p.latestAnalysis ? (
                          <Link className="btn btn-small" to={`/?phase=2&project=${p.id}&tab=overview`}>View Analysis</Link>
                        ) : (
                          <Link className="btn btn-small" to={`/?phase=2&project=${p.id}`}>Open Project</Link>
                        )}{' '}
                        {p.accessType === 'owner' && (
                          <button className="btn btn-small" onClick={() => void remove(p.id, p.name)}>Delete</button>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </>
  )
}
