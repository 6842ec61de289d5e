import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigate, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { requireUser } from '~/lib/auth.server'
import { idSearchParam } from '~/lib/http.server'
import { loadSettings } from '~/lib/settings.server'
import { Header } from '~/components/app-shell'
import { useToast } from '~/components/toast'
import { callJson, failedAnswer } from '~/components/json'
import { RunCards } from '~/components/settings/run-cards'
import { EnginesSettings } from '~/components/settings/engines-settings'
import { canCancelSearch, SETTINGS_MESSAGES, showInsightsManagement } from '~/domain/settings/analysis-settings'
import { SELECTED_PROJECT_KEY } from '~/components/app-shell'
import { homeHref } from '~/domain/home-phases'

export const meta: MetaFunction = () => [{ title: 'Analysis Settings · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const projectId = idSearchParam(url, 'project')
  const settings = projectId ? await loadSettings(user, projectId, idSearchParam(url, 'analysis')) : null
  return json({ settings }, { headers: { 'Cache-Control': 'no-store' } })
}

const STATUS_BADGE: Record<string, string> = { completed: 'badge-green', failed: 'badge-red', cancelled: 'badge-grey', pending: 'badge-grey', in_progress: 'badge-blue', processing: 'badge-yellow' }
const when = (iso: string) => {
  const d = new Date(iso)
  return { date: d.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' }), time: d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }) }
}

export default function AnalysisSettings() {
  const { settings } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()

  // The selected project lives in local storage: without ?project= use it.
  useEffect(() => {
    if (settings) return
    const saved = window.localStorage.getItem(SELECTED_PROJECT_KEY)
    if (saved && /^\d+$/.test(saved)) navigate(`/analysis-settings?project=${saved}`, { replace: true })
  }, [settings, navigate])

  if (!settings) {
    return (
      <>
        <Header />
        <main className="main" style={{ maxWidth: 1100, margin: '0 auto' }}>
          <h1>Analysis Settings</h1>
          <div className="panel empty">No Project Selected – Please select a project from the header...</div>
        </main>
      </>
    )
  }
  const { project, history, selected, cards, insights, canManage } = settings
  const post = async (path: string, title: string, failure: string) => {
    const res = await callJson(path, { body: {} }).catch(failedAnswer)
    if (!res.ok) toast({ title, description: failure, variant: 'destructive' })
    revalidator.revalidate()
  }
  const deleteAnalysis = async (id: number) => {
    if (!window.confirm(SETTINGS_MESSAGES.deleteAnalysisConfirm)) return
    const res = await callJson(`/api/analyses/${id}`, { method: 'DELETE' }).catch(failedAnswer)
    if (!res.ok) return toast({ title: 'Deletion Failed', description: 'Failed to delete the analysis. Please try again.', variant: 'destructive' })
    toast({ title: 'Analysis Deleted', variant: 'success' })
    navigate(`/analysis-settings?project=${project.id}`, { replace: true })
  }

  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 1100, margin: '0 auto' }}>
        <h1>Analysis Settings</h1>
        <p className="muted">{project.name} · {project.brandDomain}</p>

        <h2>Individual Model Analysis</h2>
        {selected ? (
          <RunCards key={selected.id} analysisId={selected.id} projectId={project.id} cards={cards} canManage={canManage} onDone={() => revalidator.revalidate()} />
        ) : (
          <div className="panel empty">{SETTINGS_MESSAGES.noAnalysis}</div>
        )}

        <h2>Engines: what people see</h2>
        <EnginesSettings projectId={project.id} canManage={canManage} />

        <h2>Current Analysis</h2>
        {selected ? (
          <div className="panel" data-testid="current-analysis">
            <div>Status: <span className={`badge ${STATUS_BADGE[selected.status] ?? 'badge-grey'}`}>{selected.status}</span></div>
            <div>Created: {when(selected.createdAt).date} {when(selected.createdAt).time}</div>
            <div>AI Responses: {selected.apiResponses}</div>
          </div>
        ) : (
          <div className="panel empty">No analyses yet</div>
        )}

        <h2>Analysis History &amp; Management</h2>
        <div className="panel" data-testid="analysis-history">
          {history.length === 0 && <p className="muted">No analyses yet</p>}
          {history.map((a) => {
            const t = when(a.createdAt)
            return (
              <div key={a.id} className="list-row" data-analysis-id={a.id}>
                <div style={{ flex: 1 }}>
                  <strong>{t.date}</strong> {t.time} · #{a.id} <span className={`badge ${STATUS_BADGE[a.status] ?? 'badge-grey'}`}>{a.status}</span> · {a.apiResponses} AI responses
                  {selected?.id === a.id && <span className="badge badge-blue" style={{ marginLeft: '.4rem' }}>Currently Viewing</span>}
                </div>
                {a.status === 'completed' && (
                  <Link className="btn btn-small" to={homeHref('results', { project: project.id, analysis: a.id })}>View Analysis</Link>
                )}
                {selected?.id !== a.id && <Link className="btn btn-small" to={`/analysis-settings?project=${project.id}&analysis=${a.id}`}>Select</Link>}
                {canManage && <button className="btn btn-small btn-danger" onClick={() => void deleteAnalysis(a.id)}>Delete Analysis</button>}
              </div>
            )
          })}
        </div>

        {selected && showInsightsManagement(insights) && (
          <>
            <h2>Search Insights Management</h2>
            <div className="panel" data-testid="insights-management">
              <p>Basic insights: {insights.basic} · Enhanced insights: {insights.enhanced}{insights.searchStatus ? ` · Source search: ${insights.searchStatus}` : ''}</p>
              {canManage && (
                <div style={{ display: 'flex', gap: '.5rem' }}>
                  <button
                    className="btn btn-danger"
                    onClick={() => window.confirm(SETTINGS_MESSAGES.deleteInsightsConfirm) && void post(`/api/analyses/${selected.id}/delete-search-insights`, 'Deletion Failed', 'Failed to delete search insights')}
                  >
                    Delete All Search Insights
                  </button>
                  {canCancelSearch(insights.searchStatus) && (
                    <button className="btn" onClick={() => window.confirm(SETTINGS_MESSAGES.cancelSearchConfirm) && void post(`/api/analyses/${selected.id}/cancel-search`, 'Cancellation Failed', 'Failed to cancel search analysis')}>
                      Cancel Search Analysis
                    </button>
                  )}
                </div>
              )}
            </div>
          </>
        )}
      </main>
    </>
  )
}
