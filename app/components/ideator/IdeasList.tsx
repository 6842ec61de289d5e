import type { IdeatorViewData } from '~/domain/ideator/types'
import { ScoreBadge } from './ScoreBadge'
import type { IdeatorState } from './use-ideator'

/** The ideas panel: what the ideas are grounded on, each idea (select, expand) and Generate Content. */
export function IdeasList({ data, s }: { data: IdeatorViewData; s: IdeatorState }) {
  const { current } = s
  return (
    <section className="panel" data-testid="ideator-ideas" aria-label="Ideas">
      {s.stage === 'setup' || !current ? (
        <div className="empty">
          <h2 style={{ marginTop: 0 }}>Content ideas</h2>
          <p className="muted">
            Choose a query and click Generate Ideas. Each idea is built on your latest analysis: what the AI models answered, which competitors they ranked above {data.brand} and why, and
            which sources they cited.
          </p>
        </div>
      ) : (
        <>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '.5rem', flexWrap: 'wrap' }}>
            <h2 style={{ margin: 0 }}>Ideas for “{current.query}”</h2>
            <div style={{ display: 'flex', gap: '.5rem' }}>
              {current.contents.length > 0 && (
                <button className="btn btn-small" onClick={() => s.setDialog(current.contents)}>
                  View Generated Content ({current.contents.length})
                </button>
              )}
              <button className="btn btn-small" data-testid="new-ideas" onClick={s.newIdeas}>
                New Ideas
              </button>
            </div>
          </div>
          {current.grounding && current.grounding.scope !== 'none' && (
            <p className="muted" data-testid="grounding-note">
              Grounded on the analysis of {current.grounding.analysisDate} ({current.grounding.scope === 'query' ? 'this query’s answers' : 'all queries'}): {current.grounding.answers.length} answers,{' '}
              {current.grounding.competitorsAbove.length} competitor rankings above {current.grounding.brand}, {current.grounding.sources.length} cited sources.
            </p>
          )}
          {current.grounding?.scope === 'none' && <p className="muted">No completed analysis yet: these ideas are not grounded in measured answers.</p>}
          <ul style={{ listStyle: 'none', padding: 0, margin: '1rem 0' }}>
            {current.ideas.map((idea) => {
              const open = s.expanded.has(idea.id)
              return (
                <li key={idea.id} data-testid="idea" className="panel" style={{ marginBottom: '.6rem', padding: '.8rem' }}>
                  <div style={{ display: 'flex', gap: '.6rem', alignItems: 'flex-start' }}>
                    <input type="checkbox" aria-label={`Select ${idea.title}`} checked={s.selected.has(idea.id)} onChange={() => s.toggleSelected(idea.id)} style={{ marginTop: '.3rem' }} />
                    <div style={{ flex: 1 }}>
                      <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', justifyContent: 'space-between' }}>
                        <strong data-testid="idea-title">{idea.title}</strong>
                        <ScoreBadge score={idea.score} />
                      </div>
                      <div className="muted" style={{ fontSize: '.85rem' }} data-testid="idea-gap">
                        Closes: {idea.gap}
                      </div>
                      {open && (
                        <div data-testid="idea-details" style={{ marginTop: '.5rem' }}>
                          <p style={{ whiteSpace: 'pre-wrap' }}>{idea.description}</p>
                          {idea.keyElements.length > 0 && (
                            <ul>
                              {idea.keyElements.map((k, n) => (
                                <li key={n}>{k}</li>
                              ))}
                            </ul>
                          )}
                          <div style={{ display: 'flex', gap: '.4rem' }}>
                            <ScoreBadge score={idea.openaiScore} label="OpenAI" />
                            <ScoreBadge score={idea.geminiScore} label="Gemini" />
                          </div>
                        </div>
                      )}
                    </div>
                    <button className="btn btn-small" aria-expanded={open} aria-label={open ? 'Collapse' : 'Expand'} onClick={() => s.toggleExpanded(idea.id)}>
                      {open ? '▲' : '▼'}
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
          {data.canGenerate && (
            <button className="btn btn-primary" data-testid="generate-content" disabled={s.running !== null || !data.isActive} onClick={s.generateContent}>
              {s.running === 'content' ? 'Generating Content...' : `Generate Content (${s.selected.size} selected)`}
            </button>
          )}
        </>
      )}
    </section>
  )
}
