import { Link, useFetcher, useLocation, useRouteLoaderData, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { RootData } from '~/domain/shell'
import type { Project } from '~/domain/projects'
import { headerButton, type ActiveAnalysisSummary } from '~/domain/progress'
import { usePolling } from './use-polling'
import { callJson } from './json'
import { useFresherReading } from './progress-reading'
import { HeaderAlertBell } from './trends/HeaderAlertBell'
import { RESULT_TABS } from '~/domain/results/types'
import { SOURCE_TABS } from '~/domain/sources/types'
import { IDEATOR_TABS } from '~/domain/ideator/constants'
import { rememberSelectedProject } from './consent/preferences-storage'
import { homeHref, phaseNumber, type HomePhaseKey } from '~/domain/home-phases'

/** The project fields the header and the phase sidebar read. */
export type ShellProject = Pick<Project, 'id' | 'name' | 'brandDomain' | 'isArchived' | 'isLightMode'> & Partial<Pick<Project, 'topics' | 'audiences'>>

export { SELECTED_PROJECT_STORAGE_KEY as SELECTED_PROJECT_KEY } from './consent/preferences-storage'

export function useRootData() {
  return useRouteLoaderData('root') as RootData | undefined
}

function DemoBanner() {
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      <strong>Demo mode:</strong> answers come from the built-in model simulator, not the real AI models. To use real models, set API keys
      such as <code>OPENAI_API_KEY</code>, <code>ANTHROPIC_API_KEY</code>, <code>GEMINI_API_KEY</code>, <code>PERPLEXITY_API_KEY</code>,{' '}
      <code>XAI_API_KEY</code> and <code>DEEPSEEK_API_KEY</code> and restart (see the README).
    </div>
  )
}

function AnalysisButton() {
  const [active, setActive] = useState<ActiveAnalysisSummary[]>([])
  usePolling(async () => {
    const res = await callJson<ActiveAnalysisSummary[]>('/api/analyses?activeOnly=true')
    if (res.ok) setActive(res.data)
  }, 2000)
  const button = headerButton(active, useFresherReading())
  if (button === null) return null
  return (
    <Link to={button.href} className="analysis-pill" data-testid="header-analysis" title={button.others ? `${button.others} more running` : undefined}>
      {button.label} {button.percent}%{button.others ? ` (+${button.others})` : ''}
    </Link>
  )
}

function UserMenu({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  const [open, setOpen] = useState(false)
  const logout = useFetcher<{ logoutUrl?: string }>()
  useEffect(() => {
    if (logout.state === 'idle' && logout.data?.logoutUrl) window.location.assign(logout.data.logoutUrl)
  }, [logout.state, logout.data])
  return (
    <div className="user-menu">
      <button className="btn" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {email}
      </button>
      {open && (
        <div className="user-menu-list" role="menu" onClick={() => setOpen(false)}>
          <Link to="/profile" role="menuitem">Profile &amp; Limits</Link>
          <Link to="/projects" role="menuitem">My Projects</Link>
          <Link to="/analysis-settings" role="menuitem">Analysis Settings</Link>
          <Link to="/info" role="menuitem">Support &amp; Info</Link>
          {isAdmin && <Link to="/admin" role="menuitem">Admin Controls</Link>}
          <button
            role="menuitem"
            onClick={(e) => {
              e.stopPropagation()
              logout.submit({}, { method: 'POST', action: '/logout', encType: 'application/json' })
            }}
          >
            {logout.state !== 'idle' ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      )}
    </div>
  )
}

export function Header({ projects = [], onToggleMenu }: { projects?: ShellProject[]; onToggleMenu?: () => void }) {
  const data = useRootData()
  const user = data?.user
  const [mobileOpen, setMobileOpen] = useState(false)
  return (
    <>
      <header className="app-header">
        <button className="btn mobile-menu-btn" aria-label="Menu" onClick={() => {
            setMobileOpen((o) => !o)
            onToggleMenu?.()
          }}>
          ☰
        </button>
        <Link to="/" className="logo">AI Brand Visibility</Link>
        <nav aria-label="Main">
          <Link to={homeHref('setup', { tab: 'setup' })}>New</Link>
          <Link to="/projects">Projects</Link>
          <Link to="/support">Support</Link>
          <Link to="/whats-new">What&apos;s New?</Link>
          {user?.isAdmin && <Link to="/admin">Admin</Link>}
        </nav>
        {user && <AnalysisButton />}
        {user && <HeaderAlertBell />}
        {user && <UserMenu email={user.email} isAdmin={user.isAdmin} />}
      </header>
      {mobileOpen && (
        <div className="panel" style={{ margin: 0, borderRadius: 0 }} data-testid="mobile-menu">
          <Link to={homeHref('setup', { tab: 'setup' })} className="btn">New Project</Link> <Link to="/projects" className="btn">My Projects</Link>{' '}
          <Link to="/whats-new" className="btn">What&apos;s New?</Link>
          <div style={{ marginTop: '.5rem' }}>
            <strong>Switch Project</strong>
            {projects.filter((p) => !p.isArchived).map((p) => (
              <div key={p.id}>
                <Link to={homeHref('results', { project: p.id, tab: 'overview' })}>{p.name}</Link>
              </div>
            ))}
          </div>
        </div>
      )}
      {data?.demoMode && <DemoBanner />}
    </>
  )
}

/** A sidebar entry: its phase key (the number it shows and links to comes from app/domain/home-phases.ts). */
interface PhaseDef {
  n: number
  key: HomePhaseKey
  label: string
  tabs?: { key: string; label: string; badge?: string; when?: (p: ShellProject | null) => boolean }[]
  lightLocked?: boolean
  badge?: string
}

export const PHASES: PhaseDef[] = ([
  { key: 'setup', label: 'Setup', tabs: [{ key: 'setup-beta', label: 'Topics & Audiences', badge: 'NEW' }, { key: 'setup', label: 'Legacy' }, { key: 'facts', label: 'Brand facts', when: (p) => Boolean(p) }] },
  {
    key: 'results',
    label: 'Analysis',
    // The results tab bar's own list; Topics and Audiences only when the project has them.
    tabs: RESULT_TABS.map((t) => ({
      key: t.id,
      label: t.label,
      when: t.id === 'topics' ? (p: ShellProject | null) => Boolean(p?.topics?.length) : t.id === 'audiences' ? (p: ShellProject | null) => Boolean(p?.audiences?.length) : undefined,
    })),
  },
  { key: 'trends', label: 'Trends', lightLocked: true },
  { key: 'sources', label: 'Source Insights', lightLocked: true, tabs: SOURCE_TABS.map((t) => ({ key: t.id, label: t.label })) },
  { key: 'optimiser', label: 'Content Optimiser' },
  { key: 'ideator', label: 'Content Ideator', tabs: IDEATOR_TABS.map((t) => ({ key: t.id, label: t.label })) },
  { key: 'chat', label: 'AI Chat', badge: 'BETA' },
  { key: 'settings', label: 'Analysis settings' },
] satisfies Omit<PhaseDef, 'n'>[]).map((p) => ({ ...p, n: phaseNumber(p.key) }))

/** The collapsible phase sidebar with the project selector on top. */
export function PhaseSidebar({ projects, selected, phase, tab, mobileOpen }: { projects: ShellProject[]; selected: ShellProject | null; phase: HomePhaseKey | null; tab: string; mobileOpen?: boolean }) {
  const [collapsed, setCollapsed] = useState(false)
  const [, setParams] = useSearchParams()
  const location = useLocation()
  // Moving between results tabs keeps the analysis, model, topic and audience chosen.
  const current = new URLSearchParams(location.search)
  const keptFilters = phase === 'results' ? Object.fromEntries(['analysis', 'model', 'topic', 'audience'].map((k) => [k, current.get(k)])) : {}
  const light = Boolean(selected?.isLightMode)
  const project = selected?.id
  return (
    <aside className={`phase-sidebar${collapsed ? ' collapsed' : ''}${mobileOpen ? ' mobile-open' : ''}`} aria-label="Phases">
      <div style={{ display: 'flex', gap: '.4rem', alignItems: 'center' }}>
        <select
          className="project-selector"
          aria-label="Project"
          value={selected?.id ?? ''}
          style={{ flex: 1, padding: '.4rem' }}
          onChange={(e) => {
            const id = e.target.value
            rememberSelectedProject(id || null)
            // Switching project opens the results overview (combined model, all topics).
            const onHome = location.pathname === '/' || location.pathname.startsWith('/projects')
            setParams(id ? { phase: String(phaseNumber(onHome || !phase ? 'results' : phase)), project: id, tab: 'overview' } : {})
          }}
        >
          <option value="">Select a project…</option>
          {projects.filter((p) => !p.isArchived).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button className="btn btn-small" aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} onClick={() => setCollapsed((c) => !c)}>
          {collapsed ? '»' : '«'}
        </button>
      </div>
      <ul className="phase-list">
        {PHASES.map((p) => {
          const locked = p.lightLocked && light
          const active = p.key === phase
          return (
            <li key={p.key} className={`phase-item${active ? ' active' : ''}${locked ? ' disabled' : ''}`}>
              {locked ? (
                <span title="Not available in Light Mode">
                  <span className="phase-num">{p.n}</span>
                  <span className="phase-label">{p.label}</span>
                </span>
              ) : (
                <Link to={homeHref(p.key, { project, tab: p.tabs && (p.tabs[0].key === 'setup-beta' ? 'setup' : p.tabs[0].key) })}>
                  <span className="phase-num">{p.n}</span>
                  <span className="phase-label">{p.label}</span>
                  {p.badge && <span className="badge badge-new">{p.badge}</span>}
                </Link>
              )}
              {active && p.tabs && (
                <ul className="phase-subtabs">
                  {p.tabs.filter((t) => !t.when || t.when(selected)).map((t) => (
                    <li key={t.key}>
                      <Link className={t.key === tab ? 'active' : ''} to={homeHref(p.key, { project, tab: t.key, ...keptFilters })}>
                        {t.label} {t.badge && <span className="badge badge-new">{t.badge}</span>}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
    </aside>
  )
}
