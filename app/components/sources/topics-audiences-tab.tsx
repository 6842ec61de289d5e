/** Source Insights → Topics & Audiences: the top cited domains per topic and per audience. */
import { useNavigate } from '@remix-run/react'
import { Empty } from '~/components/results/Parts'
import { requestSetupScroll } from '~/components/setup/AudiencesSetup'
import type { SourcesViewData } from '~/domain/sources/types'
import { homeHref } from '~/domain/home-phases'
import { modelColour, type TabOf } from './source-parts'

export function TopicsAudiences({ data, d }: { data: SourcesViewData; d: TabOf<'topics-audiences'> }) {
  const navigate = useNavigate()
  const groups = [
    { title: 'Topics', list: d.view.topics },
    { title: 'Audiences', list: d.view.audiences },
  ].filter((g) => g.list.length)
  if (!groups.length)
    return (
      <Empty title="No topics or audiences data available">
        Topics and audiences come from topic-based query generation.{' '}
        {data.project.isOwner && !data.project.isLightMode && (
          <button
            className="btn btn-small"
            data-testid="setup-topics"
            onClick={() => {
              // A session flag sends the user to the setup tab, which scrolls to its setup section.
              requestSetupScroll()
              navigate(homeHref('setup', { tab: 'setup-beta', project: data.project.id }))
            }}
          >
            Set up Topics &amp; Audiences
          </button>
        )}
      </Empty>
    )
  return (
    <div className="panel" data-tab-panel="topics-audiences">
      {groups.map((g) => (
        <section key={g.title}>
          <h3>{g.title}</h3>
          {g.list.map((grp) => (
            <div key={grp.name} className="src-stack-row" data-group={grp.name}>
              <div className="src-stack-label">
                {grp.name} <span className="muted">({grp.total})</span>
              </div>
              <div className="src-stack" role="img" aria-label={`${grp.name}: top domains`}>
                {grp.domains.map((dm, i) => (
                  <span key={dm.domain} style={{ width: `${dm.percent}%`, background: modelColour(i) }} title={`${dm.domain}: ${dm.percent}% (${dm.count})`} data-domain={dm.domain} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </div>
  )
}
