import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { requireUser } from '~/lib/auth.server'
import { idSearchParam } from '~/lib/http.server'
import { getProject } from '~/lib/projects.server'
import { getAnalysis } from '~/lib/analyses.server'
import { Header } from '~/components/app-shell'
import { ExportsList } from '~/components/results/ExportDialogs'
import { SELECTED_PROJECT_KEY } from '~/components/app-shell'
import { homeHref } from '~/domain/home-phases'

export const meta: MetaFunction = () => [{ title: 'Export History · AI Brand Visibility' }]

/**
 * /export-history[?project=] (a project's exports) and /analysis-export-history?analysis= (one analysis's), as pages
 * rather than the results screen's dialog. The lists come from the exports calls, which apply the access rules.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const analysisId = idSearchParam(url, 'analysis')
  if (analysisId) {
    const { analysis, project } = await getAnalysis(user, analysisId)
    return json({ project: { id: project.id, name: project.name }, analysis: { id: analysis.id, date: analysis.created_at.toISOString() } })
  }
  const projectId = idSearchParam(url, 'project')
  if (!projectId) return json({ project: null, analysis: null })
  const project = await getProject(user, projectId, 'exports')
  return json({ project: { id: project.id, name: project.name }, analysis: null })
}

export default function ExportHistory() {
  const { project, analysis } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    if (project) return
    const saved = window.localStorage.getItem(SELECTED_PROJECT_KEY)
    if (saved && /^\d+$/.test(saved)) navigate(`/export-history?project=${saved}`, { replace: true })
  }, [project, navigate])
  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 900, margin: '0 auto' }}>
        <h1>{analysis ? 'Analysis Exports' : 'Project Exports'}</h1>
        {project ? (
          <>
            <p className="muted">
              {project.name}
              {analysis && ` · analysis #${analysis.id} of ${new Date(analysis.date).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' })}`} ·{' '}
              <Link to={homeHref('results', { project: project.id, analysis: analysis?.id })}>Back to results</Link>
              {analysis && pathname !== '/export-history' && (
                <>
                  {' · '}
                  <Link to={`/export-history?project=${project.id}`}>All exports of the project</Link>
                </>
              )}
            </p>
            <div className="panel">
              <ExportsList url={analysis ? `/api/analyses/${analysis.id}/exports` : `/api/projects/${project.id}/exports`} />
            </div>
          </>
        ) : (
          <div className="panel empty">No Project Selected – Please select a project from the header...</div>
        )}
      </main>
    </>
  )
}
