import { ROLE_BASED_COUNT, type Audience } from '~/domain/audiences'
import { AudienceCard } from './AudienceCard'
import type { AudiencesState } from './use-audiences'

const EDITOR_HELP = 'About 20 personas. Click any text to edit it; add or remove audiences. Queries are distributed evenly among the selected audiences.'

/** The audience cards (role-based, then demographic), Add New Audience, Regenerate, and Generate Audience Queries. */
export function AudienceEditor({ s }: { s: AudiencesState }) {
  const { audiences, selectedAudiences, expanded } = s.picker
  const { dispatch } = s
  const card = (a: Audience) => <AudienceCard key={a.id} audience={a} open={expanded.includes(a.id)} selected={selectedAudiences.includes(a.id)} dispatch={dispatch} />
  return (
    <div className="panel" style={{ marginTop: '1rem' }}>
      <h2>
        Edit &amp; Select Target Audiences{' '}
        <span className="help" role="img" aria-label="About the audience editor" title={EDITOR_HELP}>
          ⓘ
        </span>
      </h2>
      <h3>Role-Based Personas</h3>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '.5rem' }}>{audiences.slice(0, ROLE_BASED_COUNT).map(card)}</div>
      {audiences.length > ROLE_BASED_COUNT && (
        <>
          <h3>Demographic-Based Personas</h3>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '.5rem' }}>{audiences.slice(ROLE_BASED_COUNT).map(card)}</div>
        </>
      )}
      <div style={{ display: 'flex', gap: '.5rem', marginTop: '.75rem', flexWrap: 'wrap' }}>
        <button className="btn" type="button" onClick={() => dispatch({ type: 'addAudience' })}>
          Add New Audience
        </button>
        <button className="btn" type="button" disabled={Boolean(s.pending) || s.generateBlocked} onClick={() => void s.generateAudiences()}>
          {s.pending === 'audiences' ? 'Generating Audiences...' : 'Regenerate Audiences & Topics'}
        </button>
        <button className="btn btn-primary" type="button" disabled={selectedAudiences.length === 0 || Boolean(s.pending)} onClick={() => void s.generateAudienceQueries()}>
          {s.pending === 'audience-queries'
            ? 'Generating Queries...'
            : `${s.queriesFrom === 'audiences' ? 'Regenerate Queries' : 'Generate Audience Queries'} (${selectedAudiences.length} selected)`}
        </button>
      </div>
    </div>
  )
}
