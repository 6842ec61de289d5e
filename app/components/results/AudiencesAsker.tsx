/**
 * Persona as asker on the Audiences tab: visibility of the own brand per persona, with the
 * plain query and with the query asked as that persona, side by side, each with its n and 95 % interval.
 * The owner turns the option on or off for later analyses here.
 */
import { useEffect, useState } from 'react'
import { useToast } from '~/components/toast'
import type { PersonaRow, PersonaVisibility, Rate } from '~/domain/audiences/asker'
import { formatInterval } from '~/domain/metrics/intervals'
import type { ResultsHeader } from '~/domain/results/types'
import { DataTable } from './Parts'
import { errorText, fetchJson } from '~/components/json'

type Loaded = PersonaVisibility & { analysisId: number; askAsPersona: boolean; isOwner: boolean }

function RateCells({ r, label }: { r: Rate; label: string }) {
  return (
    <>
      <td className="num" data-testid={`${label}-value`}>{r.n > 0 ? `${r.value}%` : '—'}</td>
      <td className="num muted">{r.interval ? formatInterval(r.interval) : '—'}</td>
      <td className="num muted">
        {r.x}/{r.n}
      </td>
    </>
  )
}

function Row({ p, total }: { p: PersonaRow; total?: boolean }) {
  return (
    <tr data-testid={total ? 'persona-total' : 'persona-row'} style={total ? { fontWeight: 700 } : undefined}>
      <td>{p.audience}</td>
      <td className="num">{p.queries}</td>
      <RateCells r={p.without} label="without" />
      <RateCells r={p.with} label="with" />
      <td className="num">{p.difference === null ? '—' : `${p.difference > 0 ? '+' : ''}${p.difference}`}</td>
    </tr>
  )
}

export function AudiencesAsker({ header }: { header: ResultsHeader }) {
  const toast = useToast()
  const analysisId = header.mode === 'app' ? header.analysis?.id : undefined
  const { model, topic, audience } = header.filters
  const [data, setData] = useState<Loaded | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!analysisId) return
    let live = true
    const q = new URLSearchParams({ model, ...(topic ? { topic } : {}), ...(audience ? { audience } : {}) })
    fetchJson<Loaded>(`/api/analyses/${analysisId}/audiences?${q}`)
      .then((d) => live && (setData(d), setFailed(null)))
      .catch((err) => live && setFailed(errorText(err, 'Could not load the rank rate per persona')))
    return () => {
      live = false
    }
  }, [analysisId, model, topic, audience])

  if (!analysisId || header.analysis?.status !== 'completed') return null
  if (failed) return <p className="muted" data-testid="persona-asker-error">{failed}</p>
  if (!data) return <p className="muted">Loading the rank rate per persona…</p>
  if (data.personas.length === 0) return null

  const toggle = async (on: boolean) => {
    setSaving(true)
    try {
      await fetchJson(`/api/projects/${header.project.id}/audiences`, { method: 'POST', body: { askAsPersona: on } })
      setData({ ...data, askAsPersona: on })
      toast({ title: 'Project Saved', description: on ? 'Later analyses also ask each audience query as its persona.' : 'Later analyses ask the queries as written.', variant: 'success' })
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Could not save the setting'), variant: 'destructive' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="panel" data-testid="persona-asker">
      <div className="rs-panel-head">
        <h2>Rank Rate by Persona</h2>
      </div>
      <p className="muted" style={{ marginTop: 0 }}>
        Rank rate = answers that rank {header.project.brandName} / answered answers, per persona's queries (not the Visibility % of Brand Rank,
        the share of the six models that rank it). "As written" is the query as in the
        project; "Asked as persona" is the same query prefixed with the persona's context, the way that person would ask. The range is the 95 %
        Wilson interval of x/n: with few answers it is wide, so small differences may be chance.
      </p>
      {data.asked ? (
        <DataTable name="persona-visibility">
          <thead>
            <tr>
              <th rowSpan={2}>Persona</th>
              <th rowSpan={2} className="num">Queries</th>
              <th colSpan={3}>As written</th>
              <th colSpan={3}>Asked as persona</th>
              <th rowSpan={2} className="num">Difference (points)</th>
            </tr>
            <tr>
              <th className="num">Rank rate</th>
              <th className="num">95 % interval</th>
              <th className="num">x/n</th>
              <th className="num">Rank rate</th>
              <th className="num">95 % interval</th>
              <th className="num">x/n</th>
            </tr>
          </thead>
          <tbody>
            {data.personas.map((p) => (
              <Row key={p.audience} p={p} />
            ))}
            {data.total && data.personas.length > 1 && <Row p={data.total} total />}
          </tbody>
        </DataTable>
      ) : (
        <p data-testid="persona-asker-off">
          This analysis asked the queries as written only. Turn on <em>Ask as persona</em> to compare each persona's rank rate with and without
          its context in the next analysis.
        </p>
      )}
      {data.isOwner && (
        <label style={{ display: 'flex', gap: '.5rem', alignItems: 'center', marginTop: '.5rem' }}>
          <input type="checkbox" aria-label="Ask as persona" checked={data.askAsPersona} disabled={saving} onChange={(e) => void toggle(e.target.checked)} />
          Ask as persona in later analyses (one more answer per audience query and model)
        </label>
      )}
    </section>
  )
}
