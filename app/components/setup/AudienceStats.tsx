/** The four counts above the picker: audiences, topics, selected, and the queries the selection would make. */
export function AudienceStats({ audiences, topics, selected, estimate }: { audiences: number; topics: number; selected: number; estimate: number }) {
  return (
    <div className="grid-4" style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '.75rem', margin: '1rem 0' }} data-testid="audience-stats">
      {[
        ['Audiences', audiences],
        ['Topics', topics],
        ['Selected', selected],
        ['Queries (est)', estimate],
      ].map(([label, n]) => (
        <div key={label} className="panel" style={{ textAlign: 'center' }}>
          <div style={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid={`stat-${String(label).replace(/\W+/g, '-').toLowerCase()}`}>
            {n}
          </div>
          <div className="muted">{label}</div>
        </div>
      ))}
    </div>
  )
}
