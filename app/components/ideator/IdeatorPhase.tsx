/**
 * Phase 6, Content Ideator: Content Recommendations (setup panel, ideas list, 'Generated Content' dialog) and the
 * Citation Explorer. Generated content is markdown, rendered by the chat's sanitising Markdown component (no HTML is
 * ever injected); other model output is shown as text. Each part has its own file beside this one.
 */
import { Link } from '@remix-run/react'
import { IDEATOR_TABS } from '~/domain/ideator/constants'
import type { IdeatorViewData } from '~/domain/ideator/types'
import { CitationExplorer } from './CitationExplorer'
import { Recommendations } from './Recommendations'
import { homeHref } from '~/domain/home-phases'

export function IdeatorPhase({ data }: { data: IdeatorViewData }) {
  return (
    <div data-testid="ideator">
      <h1 style={{ marginTop: 0 }}>Content Ideator</h1>
      <nav className="tab-bar" aria-label="Content Ideator tabs" style={{ display: 'flex', gap: '.5rem', marginBottom: '1rem' }}>
        {IDEATOR_TABS.map((t) => (
          <Link key={t.id} className={`btn btn-small${t.id === data.tab ? ' btn-primary' : ''}`} aria-current={t.id === data.tab ? 'page' : undefined} to={homeHref('ideator', { project: data.projectId, tab: t.id })}>
            {t.label}
          </Link>
        ))}
      </nav>
      {data.tab === 'citation-explorer' ? <CitationExplorer data={data.explorer} projectId={data.projectId} /> : <Recommendations key={data.projectId} data={data} />}
    </div>
  )
}
