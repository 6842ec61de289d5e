import { ideaScoreColour, scorePercent } from '~/domain/ideator/constants'

const SCORE_STYLE: Record<string, React.CSSProperties> = {
  green: { background: '#dcfce7', color: '#166534', borderColor: '#86efac' },
  yellow: { background: '#fef9c3', color: '#854d0e', borderColor: '#fde047' },
  orange: { background: '#ffedd5', color: '#9a3412', borderColor: '#fdba74' },
  red: { background: '#fee2e2', color: '#991b1b', borderColor: '#fca5a5' },
}

/** An idea's score as a percentage, coloured by band. */
export function ScoreBadge({ score, label }: { score: number | null; label?: string }) {
  if (score === null || score === undefined) return null
  const pct = scorePercent(score)
  const colour = ideaScoreColour(pct)
  return (
    <span className="badge" data-testid="idea-score" data-colour={colour} style={{ ...SCORE_STYLE[colour], fontWeight: 600 }} title={label ? `${label}: ${pct}%` : `Score ${pct}%`}>
      {label ? `${label} ` : ''}
      {pct}%
    </span>
  )
}
