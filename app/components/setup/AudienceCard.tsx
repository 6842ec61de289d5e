import type { Audience } from '~/domain/audiences'
import type { PickerAction } from './audience-picker'
import { EditableText } from './EditableText'

type Detail = 'characteristics' | 'searchBehavior' | 'painPoints' | 'decisionFactors'
const DETAILS: [Detail, string][] = [
  ['characteristics', 'Traits'],
  ['searchBehavior', 'Search'],
  ['painPoints', 'Pain Points'],
  ['decisionFactors', 'Factors'],
]

/** One audience: select it, edit its name and description (and, shown more, its four details), or delete it. */
export function AudienceCard({ audience: a, open, selected, dispatch }: { audience: Audience; open: boolean; selected: boolean; dispatch: (action: PickerAction) => void }) {
  return (
    <div className="panel audience-card" data-testid="audience-card" style={{ position: 'relative', padding: '.75rem' }}>
      <div style={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start' }}>
        <input type="checkbox" aria-label={`Select ${a.name}`} checked={selected} onChange={() => dispatch({ type: 'toggleAudience', id: a.id })} />
        <div style={{ flex: 1 }}>
          <strong>
            <EditableText value={a.name} label="Audience name" onSave={(name) => dispatch({ type: 'updateAudience', id: a.id, patch: { name } })} />
          </strong>
          <div className="muted">
            <EditableText value={a.description} label="Audience description" multiline onSave={(description) => dispatch({ type: 'updateAudience', id: a.id, patch: { description } })} />
          </div>
          {open &&
            DETAILS.map(([key, label]) => (
              <div key={key} style={{ marginTop: '.25rem' }}>
                <span className="badge">{label}</span> <EditableText value={a[key]} label={label} multiline onSave={(v) => dispatch({ type: 'updateAudience', id: a.id, patch: { [key]: v } })} />
              </div>
            ))}
          <button className="btn btn-small" type="button" onClick={() => dispatch({ type: 'toggleExpanded', id: a.id })}>
            {open ? 'Show Less' : 'Show More'}
          </button>
        </div>
        <button className="btn btn-small audience-delete" type="button" aria-label={`Delete ${a.name}`} title="Remove audience" onClick={() => dispatch({ type: 'removeAudience', id: a.id })}>
          ✕
        </button>
      </div>
    </div>
  )
}
