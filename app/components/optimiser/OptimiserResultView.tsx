/**
 * The read-only part of an optimiser result: overview (radar chart, pillar bars,
 * overall score, strongest pillar, needs attention, quick win) and the seven pillar tabs. Used by the
 * screen and by the public shared page. Everything the model wrote renders as text.
 */
import { Bar, BarChart, CartesianGrid, Cell, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { BAND_LABELS, PILLAR_LABELS, PILLARS, pillarHighlights, score10Colour, scoreBand, toHundred } from '~/domain/optimiser'
import type { OptimiserAnalysis } from '~/domain/optimiser'
import { COLOURS } from './ResultParts'

export { PillarTab } from './PillarTabs'
export { List } from './ResultParts'

export function Overview({ result }: { result: OptimiserAnalysis }) {
  const s = result.scores
  const data = PILLARS.map((p) => ({ pillar: PILLAR_LABELS[p], key: p, score: s[p] === null ? 0 : toHundred(s[p] as number) }))
  const h = pillarHighlights(s)
  const quick = result.criticalActions.find((a) => h.quickWin && a.pillar.toLowerCase().replace(/[^a-z]/g, '') === PILLAR_LABELS[h.quickWin].toLowerCase().replace(/[^a-z]/g, ''))
  const band = scoreBand(s.overall)
  return (
    <div className="opt-overview" data-testid="optimiser-overview">
      <div className="opt-overall panel">
        <div className="opt-overall-number" data-testid="overall-score">{s.overall}</div>
        <div>
          <div className={`badge opt-band-${band.replace(' ', '-')}`} data-testid="overall-band">{BAND_LABELS[band]}</div>
          <p className="muted">Overall score (mean of the 7 pillars)</p>
        </div>
        <dl className="opt-highlights">
          <dt>Strongest pillar</dt>
          <dd data-testid="strongest-pillar">{h.strongest ? `${PILLAR_LABELS[h.strongest]} (${toHundred(s[h.strongest] as number)})` : 'N/A'}</dd>
          <dt>Needs attention</dt>
          <dd data-testid="needs-attention">{h.weakest ? `${PILLAR_LABELS[h.weakest]} (${toHundred(s[h.weakest] as number)})` : 'N/A'}</dd>
          <dt>Quick win</dt>
          <dd data-testid="quick-win">{quick?.actions[0] ?? (h.quickWin ? `Improve ${PILLAR_LABELS[h.quickWin]}` : 'N/A')}</dd>
        </dl>
      </div>
      <div className="grid-2">
        {/* Both charts draw the pillar scores that the table below lists (WCAG 1.1.1); role figure, not img: the chart itself is focusable. */}
        <div className="panel" style={{ height: 300 }} role="figure" aria-label="Pillar scores as a radar chart; the table below lists them">
          <ResponsiveContainer width="100%" height="100%">
            <RadarChart data={data} outerRadius="70%">
              <PolarGrid />
              <PolarAngleAxis dataKey="pillar" tick={{ fontSize: 11 }} />
              <PolarRadiusAxis domain={[0, 100]} tick={false} axisLine={false} />
              <Radar dataKey="score" stroke="#2563eb" fill="#2563eb" fillOpacity={0.35} isAnimationActive={false} />
            </RadarChart>
          </ResponsiveContainer>
        </div>
        <div className="panel" style={{ height: 300 }} role="figure" aria-label="Pillar scores as bars; the table below lists them">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout="vertical" margin={{ left: 30 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" domain={[0, 100]} />
              <YAxis type="category" dataKey="pillar" width={110} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Bar dataKey="score" isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.key} fill={COLOURS[score10Colour(d.score / 10)]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </div>
      <table className="opt-table" data-testid="pillar-scores">
        <tbody>
          {data.map((d) => (
            <tr key={d.key}>
              <td>{d.pillar}</td>
              <td data-testid={`pillar-${d.key}`}>{s[d.key] === null ? `Failed: ${result.pillarErrors[d.key] ?? 'not available'}` : d.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function CriticalActions({ result }: { result: OptimiserAnalysis }) {
  return (
    <div className="opt-actions" data-testid="critical-actions">
      <h3>Critical Actions</h3>
      <div className="opt-cards">
        {result.criticalActions.map((a, i) => (
          <div key={i} className="panel">
            <strong>{a.pillar}</strong> <span className="badge">{a.impact}</span>
            <ol>{a.actions.map((t, j) => <li key={j}>{t}</li>)}</ol>
          </div>
        ))}
      </div>
    </div>
  )
}
