/** The small pieces every part of an optimiser result is built from: score colours, scores out of 10, lists, yes/no. */
import { score10Colour } from '~/domain/optimiser'

// Scores are written in these colours, so each reaches 4.5:1 on white (the bands keep their hues, darker).
export const COLOURS = { 'dark-green': '#14532d', green: '#15803d', yellow: '#a16207', orange: '#c2410c', red: '#b91c1c' } as const

export function Score10({ value, label }: { value: number | null | undefined; label?: string }) {
  if (value === null || value === undefined) return <span className="badge badge-grey">N/A</span>
  return (
    <span className="opt-score10" style={{ color: COLOURS[score10Colour(value)] }} data-testid={label ? `score-${label}` : undefined}>
      {value.toFixed(1)}/10
    </span>
  )
}

export function List({ title, items, empty }: { title: string; items: string[] | undefined; empty?: string }) {
  return (
    <div className="opt-list">
      <h4>{title}</h4>
      {items && items.length ? (
        <ul>
          {items.map((t, i) => (
            <li key={i}>{t}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty ?? 'None'}</p>
      )}
    </div>
  )
}

export function StrengthsWeaknesses({ strengths, weaknesses, weakTitle = 'Weaknesses' }: { strengths: string[]; weaknesses: string[]; weakTitle?: string }) {
  return (
    <div className="grid-2">
      <List title="Strengths" items={strengths} empty="No specific strengths identified" />
      <List title={weakTitle} items={weaknesses} empty="No major weaknesses identified" />
    </div>
  )
}

export function SubScores({ scores }: { scores: [string, number][] }) {
  return (
    <div className="opt-subscores">
      {scores.map(([k, v]) => (
        <div key={k} className="opt-subscore">
          <span>{k}</span>
          <Score10 value={v} />
        </div>
      ))}
    </div>
  )
}

export const YesNo = ({ v }: { v: boolean }) => <span className={`badge ${v ? 'badge-green' : 'badge-red'}`}>{v ? 'Yes' : 'No'}</span>

export function Unavailable({ what, error }: { what: string; error?: string }) {
  return (
    <div className="panel empty">
      <h3>{what} analysis not available</h3>
      <p>{error ?? 'Try running the analysis again'}</p>
    </div>
  )
}
