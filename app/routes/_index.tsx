import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { getUser, limitsOf } from '~/lib/auth.server'
import { listProjects } from '~/lib/projects.server'
import { entraConfigured } from '~/lib/env.server'
import { Landing } from '~/components/landing'
import { Header, PhaseSidebar, PHASES, SELECTED_PROJECT_KEY, type ShellProject } from '~/components/app-shell'
import { LegacySetup } from '~/components/setup/LegacySetup'
import { loadResultsView } from '~/lib/results.server'
import { ResultsPhase, resultsStylesHref, type ResultsViewData } from '~/components/results/ResultsPhase'

export const meta: MetaFunction = () => [{ title: 'AI Brand Visibility' }]

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: resultsStylesHref }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return json({ signedIn: false as const, entraConfigured: entraConfigured() })
  const url = new URL(request.url)
  const projects = await listProjects(user)
  const phase = Number(url.searchParams.get('phase') ?? 0) || 0
  const projectId = Number(url.searchParams.get('project') ?? 0) || null
  const results = (phase === 2 || phase === 0) && projectId ? await loadResultsView(user, url) : null
  return json({
    signedIn: true as const,
    limits: { ...limitsOf(user), isActive: user.isActive, tier: user.tier },
    projects: projects.map((p) => ({ id: p.id, name: p.name, brandDomain: p.brandDomain, isArchived: p.isArchived, isLightMode: p.isLightMode, topics: p.topics, audiences: p.audiences, latestAnalysis: p.latestAnalysis })),
    results,
  })
}

export default function Home() {
  const data = useLoaderData<typeof loader>()
  if (!data.signedIn) return <Landing entraConfigured={data.entraConfigured} />
  return <SignedInHome data={data} />
}

function SignedInHome({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }> }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const phase = Number(params.get('phase') ?? 0) || 0
  const tab = params.get('tab') ?? (phase === 2 ? 'overview' : phase === 1 ? 'setup' : '')
  const projectId = Number(params.get('project') ?? 0) || null
  const projects = data.projects as ShellProject[]
  const selected = projects.find((p) => p.id === projectId) ?? null
  const [mobileOpen, setMobileOpen] = useState(false)

  // Restore the selected project (local storage) when the URL names none.
  useEffect(() => {
    if (projectId || phase === 1) return
    const saved = Number(localStorage.getItem(SELECTED_PROJECT_KEY))
    if (saved && projects.some((p) => p.id === saved && !p.isArchived)) navigate(`/?phase=${phase || 2}&project=${saved}&tab=${tab || 'overview'}`, { replace: true })
  }, [projectId, phase, tab, projects, navigate])
  useEffect(() => {
    if (projectId) localStorage.setItem(SELECTED_PROJECT_KEY, String(projectId))
  }, [projectId])

  return (
    <>
      <Header projects={projects} onToggleMenu={() => setMobileOpen((o) => !o)} />
      <div className="app-body">
        <PhaseSidebar projects={projects} selected={selected} phase={phase || 2} tab={tab} mobileOpen={mobileOpen} />
        <main className="main" data-testid="home-main">
          {phase === 1 ? (
            tab === 'setup-beta' ? (
              <div className="panel">
                <h1>Brand &amp; Market Definition</h1>
                <p>
                  The Topics &amp; Audiences setup is not available in this version yet. Use the <Link to="/?phase=1&tab=setup">Legacy</Link> setup to
                  define your brand, competitors and queries.
                </p>
              </div>
            ) : (
              <LegacySetup limits={data.limits} existingProjects={projects} />
            )
          ) : phase === 2 || phase === 0 ? (
            !selected ? (
              <div className="panel empty" data-testid="no-project">
                <h2>No Project Selected</h2>
                <p>{phase === 2 ? 'Please complete Phase 1 first to start analysis.' : 'Please select a project from the header...'}</p>
                {projects.length === 0 ? (
                  <Link className="btn btn-primary" to="/?phase=1&tab=setup">Start Phase 1: Setup</Link>
                ) : (
                  <p className="muted">Choose a project in the selector on the left.</p>
                )}
              </div>
            ) : (
              data.results && <ResultsPhase data={data.results as unknown as ResultsViewData} />
            )
          ) : (
            <div className="panel">
              <h1>{PHASES.find((p) => p.n === phase)?.label ?? 'Unknown phase'}</h1>
              <p className="muted">This part of the product is not available in this version yet.</p>
            </div>
          )}
        </main>
      </div>
    </>
  )
}
