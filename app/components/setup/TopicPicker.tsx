import { CUSTOM_TOPIC_MAX, MAX_RELEVANCE, MAX_SELECTED_TOPICS, QUERIES_PER_TOPIC } from '~/domain/audiences'
import type { AudiencesState } from './use-audiences'

/** The topics, by relevance, to select (up to ten) or add, the audiences by type, and Generate Queries for the topics. */
export function TopicPicker({ s }: { s: AudiencesState }) {
  const { audiences, selectedTopics } = s.picker
  const { sortedTopics, dispatch } = s
  const audienceName = new Map(audiences.map((a) => [a.id, a.name]))
  return (
    <div className="panel">
      <h2>Topics</h2>
      <p className="muted">Select up to {MAX_SELECTED_TOPICS} topics ({QUERIES_PER_TOPIC} queries each), sorted by relevance.</p>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '.5rem' }}>
        {sortedTopics.map((t) => {
          const on = selectedTopics.includes(t.id)
          const connected = t.audienceIds.map((id) => audienceName.get(id)).filter(Boolean) as string[]
          return (
            <button
              key={t.id}
              type="button"
              data-testid="topic-card"
              aria-pressed={on}
              disabled={!on && selectedTopics.length >= MAX_SELECTED_TOPICS}
              className={`panel topic-card${on ? ' selected' : ''}`}
              style={{ textAlign: 'left', borderColor: on ? 'var(--accent, #2563eb)' : undefined, borderWidth: on ? 2 : 1 }}
              onClick={() => dispatch({ type: 'toggleTopic', id: t.id })}
            >
              <strong>{t.name}</strong>
              <div aria-label={`Relevance ${t.relevance} of ${MAX_RELEVANCE}`} style={{ display: 'flex', alignItems: 'center', gap: '.25rem' }}>
                <div style={{ flex: 1, height: 6, background: '#e5e7eb', borderRadius: 3 }}>
                  <div style={{ width: `${(t.relevance / MAX_RELEVANCE) * 100}%`, height: 6, background: '#2563eb', borderRadius: 3 }} />
                </div>
                <span className="muted">{t.relevance}/10</span>
              </div>
              {connected.length > 0 && (
                <div className="muted" style={{ fontSize: '.8em' }}>
                  {connected.slice(0, 3).join(', ')}
                  {connected.length > 3 ? ` +${connected.length - 3}` : ''}
                </div>
              )}
            </button>
          )
        })}
      </div>
      <div className="list-row" style={{ marginTop: '.5rem' }}>
        <input
          aria-label="Custom topic"
          placeholder="Add a custom topic"
          maxLength={CUSTOM_TOPIC_MAX}
          value={s.customTopic}
          onChange={(e) => s.setCustomTopic(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              s.addCustomTopic()
            }
          }}
        />
        <button className="btn btn-small" type="button" disabled={!s.customTopic.trim()} onClick={s.addCustomTopic}>
          Add Topic
        </button>
      </div>
      <details style={{ marginTop: '.75rem' }}>
        <summary>Need-Based Audiences ({audiences.filter((a) => a.type === 'need-based').length})</summary>
        <ul>
          {audiences.filter((a) => a.type === 'need-based').map((a) => (
            <li key={a.id}>
              <strong>{a.name}</strong> — {a.description}
            </li>
          ))}
        </ul>
      </details>
      <details>
        <summary>Demographic Audiences ({audiences.filter((a) => a.type === 'demographic').length})</summary>
        <ul>
          {audiences.filter((a) => a.type === 'demographic').map((a) => (
            <li key={a.id}>
              <strong>{a.name}</strong> — {a.description}
            </li>
          ))}
        </ul>
      </details>
      {selectedTopics.length > 0 && (
        <div className="panel" data-testid="ready-summary" style={{ marginTop: '.75rem' }}>
          <h3>Ready to Generate Queries</h3>
          <p>
            {selectedTopics.length} topics selected: {sortedTopics.filter((t) => selectedTopics.includes(t.id)).map((t) => t.name).join(', ')}
          </p>
          <button className="btn btn-primary" type="button" disabled={Boolean(s.pending)} onClick={() => void s.generateTopicQueries()}>
            {s.pending === 'topic-queries' ? 'Generating Queries...' : `Generate ${selectedTopics.length * QUERIES_PER_TOPIC} Queries`}
          </button>
        </div>
      )}
    </div>
  )
}
