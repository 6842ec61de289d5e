/**
 * Trends → "Experiments": record a content change (what, URLs, date, treated queries, proposed
 * controls with the baseline check and power hint) and read whether it moved visibility, per model, with treated
 * versus control over time and the change marked. Data from /api/projects/{id}/experiments.
 */
import { useCallback, useEffect, useState } from 'react'
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { DataTable, Empty } from '~/components/results/Parts'
import { errorText, fetchJson } from '~/components/json'
import { ChartFigure } from '~/components/chart-figure'
import { formatDate } from '~/components/results/format'
import { OWN_TREND_COLOUR, TREND_PALETTE } from '~/domain/trends'
import type { Baseline, Estimate, Metric, PowerHint } from '~/domain/experiments'
import { markerLines, type TrendMarker } from './Markers'

interface Experiment { id: number; description: string; urls: string[]; changeDate: string; treated: string[]; control: string[] }
interface ListData { canEdit: boolean; queries: { query: string }[]; experiments: Experiment[]; markers: { date: string; label: string }[] }
interface Results {
  experiment: Experiment
  verdict: string
  estimates: Estimate[]
  byModel: { modelId: number; model: string; verdict: string; estimates: Estimate[] }[]
  series: { date: string; treated: number | null; control: number | null }[]
  baseline: Baseline
  power: PowerHint
  modelChanges: { date: string; message: string }[]
  method: string
}

const METRIC_LABEL: Record<Metric, string> = { visibility: 'Visibility (points)', mentionRate: 'Mention rate (points)', averageRank: 'Average rank (places)', citationRate: 'Citation rate of the changed URLs (points)' }
const num = (x: number | null) => (x === null ? '–' : x.toFixed(1))

export function ExperimentsPanel({ projectId, onMarkers }: { projectId: number; onMarkers: (m: TrendMarker[]) => void }) {
  const [data, setData] = useState<ListData | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const load = useCallback(
    () =>
      fetchJson<ListData>(`/api/projects/${projectId}/experiments`).then(
        (d) => {
          setData(d)
          onMarkers(d.markers.map((m) => ({ ...m, kind: 'change' as const })))
        },
        (e) => setError(errorText(e, 'Failed to load experiments')),
      ),
    [projectId, onMarkers],
  )
  useEffect(() => void load(), [load])
  return (
    <section className="panel" data-testid="experiments">
      <h2 style={{ marginTop: 0 }}>Experiments</h2>
      <p className="muted">Record a content change and the queries it targets; each daily run then tells whether their visibility moved more than that of similar queries you did not touch.</p>
      {error && <div className="rs-notice" role="alert">{error}</div>}
      {data?.canEdit && <RecordChange projectId={projectId} queries={data.queries.map((q) => q.query)} onSaved={(id) => void load().then(() => setOpen(id))} />}
      {data && data.experiments.length === 0 && <Empty title="No experiments yet" />}
      {data && data.experiments.length > 0 && (
        <ul className="experiment-list">
          {data.experiments.map((e) => (
            <li key={e.id}>
              <button type="button" className="btn btn-small" aria-expanded={open === e.id} onClick={() => setOpen(open === e.id ? null : e.id)}>
                {formatDate(e.changeDate)}: {e.description}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && <ExperimentResults key={open} projectId={projectId} experimentId={open} />}
    </section>
  )
}

function RecordChange({ projectId, queries, onSaved }: { projectId: number; queries: string[]; onSaved: (id: number) => void }) {
  const [description, setDescription] = useState('')
  const [urls, setUrls] = useState('')
  const [changeDate, setChangeDate] = useState('')
  const [treated, setTreated] = useState<string[]>([])
  const [control, setControl] = useState<string[]>([])
  const [proposal, setProposal] = useState<{ baseline: Baseline; power: PowerHint } | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => {
    if (!treated.length || !/^\d{4}-\d{2}-\d{2}$/.test(changeDate)) return
    const qs = new URLSearchParams({ changeDate })
    for (const q of treated) qs.append('treated', q)
    // A later choice's proposal wins even when an earlier answer comes in after it.
    let current = true
    fetchJson<{ control: string[]; baseline: Baseline; power: PowerHint }>(`/api/projects/${projectId}/experiments?${qs}`).then(
      (p) => {
        if (!current) return
        setControl(p.control)
        setProposal(p)
      },
      (e) => current && setMessage(errorText(e, 'Failed to propose controls')),
    )
    return () => {
      current = false
    }
  }, [projectId, treated, changeDate])
  const toggle = (list: string[], set: (l: string[]) => void, q: string) => set(list.includes(q) ? list.filter((x) => x !== q) : [...list, q])
  const save = async () => {
    setMessage(null)
    try {
      const body = { description, urls: urls.split(/\s+/).filter(Boolean), changeDate, treated, control }
      const saved = await fetchJson<{ experiment: { id: number } }>(`/api/projects/${projectId}/experiments`, { method: 'POST', body })
      onSaved(saved.experiment.id)
    } catch (e) {
      setMessage(errorText(e, 'Failed to record the change'))
    }
  }
  return (
    <details className="panel" data-testid="record-change">
      <summary>Record a change</summary>
      <label className="field">
        What changed
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
      </label>
      <label className="field">
        Changed URLs (one per line)
        <textarea value={urls} onChange={(e) => setUrls(e.target.value)} rows={2} />
      </label>
      <label className="field">
        Date of the change
        <input type="date" value={changeDate} onChange={(e) => setChangeDate(e.target.value)} />
      </label>
      <fieldset>
        <legend>Treated queries (the change targets them)</legend>
        {queries.map((q) => (
          <label key={q} className="check">
            <input type="checkbox" checked={treated.includes(q)} onChange={() => toggle(treated, setTreated, q)} /> {q}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Control queries (similar, not targeted; proposed, editable)</legend>
        {queries.filter((q) => !treated.includes(q)).map((q) => (
          <label key={q} className="check">
            <input type="checkbox" checked={control.includes(q)} onChange={() => toggle(control, setControl, q)} /> {q}
          </label>
        ))}
      </fieldset>
      {proposal && (
        <p data-testid="experiment-proposal">
          {proposal.baseline.runsBefore} daily runs before the change. {proposal.baseline.warning}{' '}
          {proposal.power.minimumDetectable !== null && `Smallest effect this can detect: about ${proposal.power.minimumDetectable} points of visibility.`} {proposal.power.hint && `To detect smaller effects, ${proposal.power.hint}.`}
        </p>
      )}
      {message && <div className="rs-notice" role="alert">{message}</div>}
      <button type="button" className="btn" onClick={() => void save()}>
        Record change
      </button>
    </details>
  )
}

function EstimateRows({ estimates }: { estimates: Estimate[] }) {
  return (
    <>
      {estimates.map((e) => (
        <tr key={e.metric}>
          <td>{METRIC_LABEL[e.metric]}</td>
          <td className="num">{num(e.effect)}</td>
          <td className="num">{e.low === null ? '–' : `${num(e.low)} to ${num(e.high)}`}</td>
          <td className="num">{e.n.treatedQueries} + {e.n.controlQueries} queries, {e.n.daysBefore} + {e.n.daysAfter} days, {e.n.answers} answers</td>
        </tr>
      ))}
    </>
  )
}

function ExperimentResults({ projectId, experimentId }: { projectId: number; experimentId: number }) {
  const [r, setR] = useState<Results | null>(null)
  const [error, setError] = useState<string | null>(null)
  // A new experiment remounts this (key), so there is no stale estimate to clear.
  useEffect(() => {
    fetchJson<Results>(`/api/projects/${projectId}/experiments/${experimentId}`).then(setR, (e) => setError(errorText(e, 'Failed to load the experiment')))
  }, [projectId, experimentId])
  if (error) return <div className="rs-notice" role="alert">{error}</div>
  if (!r) return <p>Loading the estimate...</p>
  const markers: TrendMarker[] = [{ date: r.experiment.changeDate, label: 'Change', kind: 'change' }, ...r.modelChanges.map((m) => ({ date: m.date, label: m.message, kind: 'model' as const }))]
  return (
    <div data-testid="experiment-results">
      <h3>{r.experiment.description}</h3>
      <p className="verdict" data-testid="experiment-verdict"><strong>{r.verdict}</strong></p>
      {r.baseline.warning && <div className="rs-notice">{r.baseline.warning}</div>}
      {r.modelChanges.map((m) => <div key={m.date + m.message} className="rs-notice">{m.message}</div>)}
      {r.power.hint && <p className="muted">Smallest detectable effect with these queries and days: {r.power.minimumDetectable} points; {r.power.hint}.</p>}
      <DataTable name="experiment-estimates">
        <thead>
          <tr><th>Treated minus control, after minus before</th><th className="num">Effect</th><th className="num">95 % interval</th><th className="num">n</th></tr>
        </thead>
        <tbody>
          <EstimateRows estimates={r.estimates} />
        </tbody>
      </DataTable>
      <h4>Per model</h4>
      <DataTable name="experiment-models">
        <thead><tr><th>Model</th><th>Verdict</th></tr></thead>
        <tbody>
          {r.byModel.map((m) => <tr key={m.modelId}><td>{m.model}</td><td>{m.verdict}</td></tr>)}
        </tbody>
      </DataTable>
      <ChartFigure title="Visibility of treated and control queries" columns={['Date', 'Treated', 'Control']} rows={r.series.map((s) => [formatDate(s.date), s.treated, s.control])}>
        <div className="rs-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={r.series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tickFormatter={(d: string) => formatDate(d)} />
              <YAxis domain={[0, 100]} unit="%" />
              <Tooltip labelFormatter={(d) => formatDate(String(d))} />
              <Legend />
              <Line dataKey="treated" name="Treated" stroke={OWN_TREND_COLOUR} dot={false} isAnimationActive={false} connectNulls />
              <Line dataKey="control" name="Control" stroke={TREND_PALETTE[0]} dot={false} isAnimationActive={false} connectNulls />
              {markerLines(markers)}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </ChartFigure>
      <p className="muted">{r.method}</p>
      <a className="btn btn-small" href={`/api/projects/${projectId}/experiments/${experimentId}?format=csv`} download>
        Export CSV
      </a>
    </div>
  )
}
