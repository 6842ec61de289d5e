import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { requireUser } from '~/lib/auth.server'
import { idSearchParam } from '~/lib/http.server'
import { analysisToFollow } from '~/lib/analyses.server'
import { listProjects } from '~/lib/projects.server'
import { Header } from '~/components/app-shell'
import { usePolling } from '~/components/use-polling'
import { shareReading } from '~/components/progress-reading'
import { SearchProgress } from '~/components/sources/search-progress'
import { useToast } from '~/components/toast'
import { callJson, failedAnswer } from '~/components/json'
import { isActiveStatus } from '~/domain/analyses'
import { analysisPercent } from '~/domain/progress'
import type { ModelProgress, ProgressDetails } from '../../workflows/shared'
import { homeHref } from '~/domain/home-phases'

export const meta: MetaFunction = () => [{ title: 'Analysis progress · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const wanted = idSearchParam(url, 'analysis')
  const projects = await listProjects(user)
  const row = await analysisToFollow(projects.map((p) => p.id), wanted)
  const project = row ? projects.find((p) => p.id === row.project_id) : null
  return json({ analysisId: row?.id ?? null, project: project ? { id: project.id, name: project.name, brandDomain: project.brandDomain } : null, projects })
}

interface ProgressResponse {
  status: string
  details: ProgressDetails | null
}

function elapsed(m: ModelProgress) {
  if (!m.startTime) return ''
  const end = m.completedTime ? new Date(m.completedTime).getTime() : Date.now()
  const s = Math.max(0, Math.round((end - new Date(m.startTime).getTime()) / 1000))
  return s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`
}

const STATUS_ICON: Record<string, string> = { completed: '✔', processing: '⟳', failed: '✖', waiting: '○' }
const STATUS_BADGE: Record<string, string> = { completed: 'badge-green', processing: 'badge-blue', failed: 'badge-red', waiting: 'badge-grey' }

export default function AnalysisProgress() {
  const { analysisId, project, projects } = useLoaderData<typeof loader>()
  const [progress, setProgress] = useState<ProgressResponse | null>(null)
  const [cancelling, setCancelling] = useState(false)
  const toast = useToast()
  const done = progress && !isActiveStatus(progress.status)
  usePolling(
    async () => {
      const res = await callJson<ProgressResponse>(`/api/analyses/${analysisId}/progress`)
      if (res.status === 401) return window.location.assign('/api/login')
      if (!res.ok) return
      const next = res.data
      setProgress(next)
      // Shared while the analysis runs (a finished one's source search has a percent of its own in the header).
      if (analysisId && isActiveStatus(next.status)) shareReading({ id: analysisId, percent: analysisPercent({ progressDetails: next.details }) })
    },
    500,
    Boolean(analysisId) && !done,
  )
  const d = progress?.details
  const percent = analysisPercent({ progressDetails: d })
  const models = Object.entries(d?.modelStatus ?? {})

  const cancel = async () => {
    setCancelling(true)
    const res = await callJson(`/api/analyses/${analysisId}/cancel`, { method: 'POST' }).catch(failedAnswer)
    setCancelling(false)
    if (!res.ok) toast({ title: 'Cancellation Failed', description: 'Failed to cancel the analysis', variant: 'destructive' })
  }

  return (
    <>
      <Header projects={projects as any} />
      <main className="main" style={{ maxWidth: 960, margin: '0 auto' }}>
        {!analysisId ? (
          <div className="panel empty">
            <h2>No analysis yet</h2>
            <p>Set up a project to start your first analysis.</p>
            <Link className="btn btn-primary" to={homeHref('setup', { tab: 'setup' })}>Start Phase 1: Setup</Link>
          </div>
        ) : progress?.status === 'completed' ? (
          <div className="panel" style={{ textAlign: 'center' }} data-testid="analysis-complete">
            <h1>Analysis Complete!</h1>
            <p className="muted">{project?.name}: every model has answered and the results are ready.</p>
            <Link className="btn btn-primary" to={homeHref('results', { project: project?.id, analysis: analysisId, tab: 'overview' })}>View Analysis Results Now</Link>
          </div>
        ) : (
          <div className="panel">
            <h1>
              {progress?.status === 'failed'
                ? 'Analysis Failed'
                : progress?.status === 'cancelled'
                  ? 'Analysis Cancelled'
                  : 'Multi-AI Model Analysis in Progress'}
            </h1>
            <p className="muted">
              {project?.name} — {d?.message ?? 'Loading progress...'}
            </p>
            <div className="progress" aria-label="Overall progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
              <div style={{ width: `${percent}%` }} />
            </div>
            <p aria-live="polite">
              <strong data-testid="overall-percent">{percent}%</strong> · {d?.queriesCompleted ?? 0} / {d?.queriesTotal ?? 0} queries
              {d?.estimatedTimeRemaining ? ` · about ${d.estimatedTimeRemaining}s remaining` : ''} · Phase: {d?.phase ?? '—'}
            </p>
            {d?.phase === 'Data Processing' && <p>Processing collected data into final results...</p>}
            {!done && (
              <button className="btn" onClick={() => void cancel()} disabled={cancelling}>
                {cancelling ? 'Cancelling...' : 'Cancel Analysis'}
              </button>
            )}
          </div>
        )}
        {/* Once the analysis has completed, its source search (started by it or from Source Insights) shows here. */}
        {analysisId && progress?.status === 'completed' && <SearchProgress analysisId={analysisId} projectId={project?.id ?? null} />}
        {analysisId && (
          <div className="panel" data-testid="model-progress">
            <h2>AI Model Progress</h2>
            {models.length === 0 && <p className="muted">Waiting for the first progress report...</p>}
            {models.map(([id, m]) => (
              <div key={id} className="list-row" data-testid={`model-row-${id}`} style={{ flexWrap: 'wrap' }}>
                <span aria-hidden>{STATUS_ICON[m.status] ?? '○'}</span>
                <strong style={{ minWidth: 140 }}>{m.name}</strong>
                <span className={`badge ${STATUS_BADGE[m.status] ?? 'badge-grey'}`}>{m.status}</span>
                <span>
                  {m.completed}/{m.total}
                </span>
                <span className="muted">{elapsed(m)}</span>
                {m.currentQuery && <span className="muted" style={{ flexBasis: '100%' }}>Current: {m.currentQuery}</span>}
                {m.error && <span className="field-error" style={{ flexBasis: '100%' }}>{m.error}</span>}
              </div>
            ))}
          </div>
        )}
      </main>
    </>
  )
}
