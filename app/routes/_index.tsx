import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { getUser, limitsOf } from '~/lib/auth.server'
import { getProject, listProjects } from '~/lib/projects.server'
import { idSearchParam } from '~/lib/http.server'
import { entraConfigured } from '~/lib/env.server'
import { Landing } from '~/components/landing'
import { Header, PhaseSidebar, PHASES, SELECTED_PROJECT_KEY } from '~/components/app-shell'
import { FactsSetup } from '~/components/setup/FactsSetup'
import { LegacySetup } from '~/components/setup/LegacySetup'
import { AudiencesSetup } from '~/components/setup/AudiencesSetup'
import { TrendsPhase } from '~/components/trends/TrendsPhase'
import { loadResultsView } from '~/lib/results.server'
import { loadSourcesView } from '~/lib/sources.server'
import { SourcesPhase } from '~/components/sources/sources-phase'
import { ResultsPhase, resultsStylesHref } from '~/components/results/ResultsPhase'
import { OptimiserScreen } from '~/components/optimiser/OptimiserScreen'
import optimiserStylesHref from '~/components/optimiser/optimiser.css'
import { loadChatView } from '~/lib/chat.server'
import { ChatScreen } from '~/components/chat/ChatScreen'
import chatStylesHref from '~/components/chat/chat.css'
import { loadIdeatorView } from '~/lib/ideator.server'
import { IdeatorPhase } from '~/components/ideator/IdeatorPhase'
import { rememberSelectedProject } from '~/components/consent/preferences-storage'
import { setupVolumes } from '~/lib/volume.server'
import { homeHref, homePhaseOf, phaseNumber } from '~/domain/home-phases'

export const meta: MetaFunction = () => [{ title: 'AI Brand Visibility' }]

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: resultsStylesHref }, { rel: 'stylesheet', href: optimiserStylesHref }, { rel: 'stylesheet', href: chatStylesHref }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return json({ signedIn: false as const, entraConfigured: entraConfigured() })
  const url = new URL(request.url)
  const phase = homePhaseOf(url.searchParams.get('phase')).key
  const projectId = idSearchParam(url, 'project')
  // The settings phase is the Analysis Settings page: one screen, at /analysis-settings, with the project and analysis kept.
  if (phase === 'settings') {
    const qs = new URLSearchParams()
    if (projectId) qs.set('project', String(projectId))
    const analysisId = idSearchParam(url, 'analysis')
    if (analysisId) qs.set('analysis', String(analysisId))
    throw redirect(`/analysis-settings${qs.size ? `?${qs}` : ''}`)
  }
  const projects = await listProjects(user)
  const results = (phase === 'results' || phase === 'none') && projectId ? await loadResultsView(user, url) : null
  const sources = phase === 'sources' && projectId ? await loadSourcesView(user, url) : null
  const chat = phase === 'chat' && projectId ? await loadChatView(user, url) : null
  const ideator = phase === 'ideator' && projectId ? await loadIdeatorView(user, url) : null
  // The setup phase with a project id: that project's setup, filled in, for its owner to edit (others: 403/404).
  const editing = phase === 'setup' && projectId ? await getProject(user, projectId, 'write') : null
  return json({
    signedIn: true as const,
    limits: { ...limitsOf(user), isActive: user.isActive, tier: user.tier },
    projects: projects.map((p) => ({ id: p.id, name: p.name, brandDomain: p.brandDomain, isArchived: p.isArchived, isLightMode: p.isLightMode, topics: p.topics, audiences: p.audiences, latestAnalysis: p.latestAnalysis })),
    results,
    sources,
    chat,
    ideator,
    editing: editing
      ? {
          id: editing.id, name: editing.name, brandDomain: editing.brandDomain, marketDescription: editing.marketDescription, marketRegion: editing.marketRegion,
          language: editing.language, marketType: editing.marketType, isLightMode: editing.isLightMode, brandDetails: editing.brandDetails,
          competitorDetails: editing.competitorDetails, queriesWithAudience: editing.queriesWithAudience, audiences: editing.audiences, topics: editing.topics,
          volumes: await setupVolumes(editing.id, editing.queries),
        }
      : null,
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
  const { key: phase, n: phaseN } = homePhaseOf(params.get('phase'))
  // The sidebar and a restored selection treat a home without a phase as the results phase.
  const sidebarPhase = phase === 'none' ? 'results' : phase === 'unknown' ? null : phase
  const tab = params.get('tab') ?? (phase === 'results' ? 'overview' : phase === 'setup' ? 'setup' : '')
  const projectId = Number(params.get('project') ?? 0) || null
  const projects = data.projects
  const selected = projects.find((p) => p.id === projectId) ?? null
  const [mobileOpen, setMobileOpen] = useState(false)

  // Restore the selected project (local storage) when the URL names none.
  useEffect(() => {
    if (projectId || phase === 'setup') return
    const saved = Number(localStorage.getItem(SELECTED_PROJECT_KEY))
    if (saved && projects.some((p) => p.id === saved && !p.isArchived)) navigate(`/?phase=${phaseN || phaseNumber('results')}&project=${saved}&tab=${tab || 'overview'}`, { replace: true })
  }, [projectId, phase, phaseN, tab, projects, navigate])
  useEffect(() => {
    if (projectId) rememberSelectedProject(projectId)
  }, [projectId])

  return (
    <>
      <Header projects={projects} onToggleMenu={() => setMobileOpen((o) => !o)} />
      <div className="app-body">
        <PhaseSidebar projects={projects} selected={selected} phase={sidebarPhase} tab={tab} mobileOpen={mobileOpen} />
        <main className="main" data-testid="home-main">
          {phase === 'setup' && tab === 'facts' ? (
            <FactsSetup key={selected?.id ?? 0} projectId={selected?.id ?? null} />
          ) : phase === 'setup' ? (
            tab === 'setup-beta' || (data.editing && !params.get('tab') && (data.editing.audiences.length > 0 || data.editing.topics.length > 0)) ? (
              <AudiencesSetup key={data.editing?.id ?? 'new'} limits={data.limits} existingProjects={projects} initial={data.editing} />
            ) : (
              <LegacySetup key={data.editing?.id ?? 'new'} limits={data.limits} existingProjects={projects} initial={data.editing} />
            )
          ) : phase === 'optimiser' ? (
            <OptimiserScreen key={selected?.id ?? 0} projectId={selected?.id ?? null} projectName={selected?.name ?? null} limits={data.limits} />
          ) : phase === 'trends' && selected ? (
            <TrendsPhase projectId={selected.id} isLightMode={selected.isLightMode || data.limits.tier === 'light'} />
          ) : phase === 'ideator' ? (
            selected && data.ideator ? (
              <IdeatorPhase data={data.ideator} />
            ) : (
              <div className="panel empty" data-testid="no-project">
                <h2>No Project Selected</h2>
                <p>Please select a project from the header...</p>
              </div>
            )
          ) : phase === 'chat' && selected && data.chat ? (
            <ChatScreen key={`${data.chat.project.id}-${data.chat.analysis?.id ?? 0}`} data={data.chat} />
          ) : phase === 'sources' && selected && data.sources ? (
            <SourcesPhase data={data.sources} />
          ) : phase === 'results' || phase === 'none' ? (
            !selected ? (
              <div className="panel empty" data-testid="no-project">
                <h2>No Project Selected</h2>
                <p>{phase === 'results' ? 'Please complete Phase 1 first to start analysis.' : 'Please select a project from the header...'}</p>
                {projects.length === 0 ? (
                  <Link className="btn btn-primary" to={homeHref('setup', { tab: 'setup' })}>Start Phase 1: Setup</Link>
                ) : (
                  <p className="muted">Choose a project in the selector on the left.</p>
                )}
              </div>
            ) : (
              data.results && <ResultsPhase data={data.results} />
            )
          ) : (
            <div className="panel">
              <h1>{PHASES.find((p) => p.n === phaseN)?.label ?? 'Unknown phase'}</h1>
              <p className="muted">This part of the product is not available in this version yet.</p>
            </div>
          )}
        </main>
      </div>
    </>
  )
}
