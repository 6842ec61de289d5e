/**
 * Evidence on the results screens: every figure is a link to the answers it was computed from
 * (a side panel with the brand's mentions and ranked item marked in each answer's text), and every rate shows
 * its n and 95 % interval, every average rank its spread.
 *
 * The n and interval are drawn by CSS from a data attribute (`.ev-ci::after`), beside the figure: what a cell
 * copies or reads as text stays the figure itself (copy to clipboard, spreadsheet exports), while the screen
 * and screen readers (the ::after text is part of the accessible name) show both.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { useDialogFocus, useEscapeCloses } from '~/components/use-dialog-focus'
import { callJson } from '~/components/json'
import { cellParams, type EvidenceCell, type EvidenceView, type TextSegment } from '~/domain/evidence'
import { rankCiText, rateCiText, type RankSpread, type RateCi } from '~/domain/metrics/intervals'
import type { GroupData, OverviewData, ResultsHeader } from '~/domain/results/types'

interface Defaults {
  modelId: number | null
  topic: string | null
  audience: string | null
}

interface EvidenceCtx {
  open: (cell: EvidenceCell) => void
  defaults: Defaults
}

const Ctx = createContext<EvidenceCtx | null>(null)

/** Lets the figures inside open their evidence; `analysisId` null (e.g. no analysis) turns links off. */
export function EvidenceProvider({ analysisId, exportId, defaults, children }: { analysisId: number | null; exportId?: string | null; defaults: Defaults; children: React.ReactNode }) {
  const [cell, setCell] = useState<EvidenceCell | null>(null)
  const open = useCallback((c: EvidenceCell) => setCell(c), [])
  if (!analysisId) return <>{children}</>
  return (
    <Ctx.Provider value={{ open, defaults }}>
      {children}
      {cell && <EvidencePanel analysisId={analysisId} exportId={exportId ?? null} cell={cell} onClose={() => setCell(null)} />}
    </Ctx.Provider>
  )
}

/** The full cell: the screen's model, topic and audience filters unless the cell names its own model. */
function withDefaults(cell: EvidenceCell, d: Defaults): EvidenceCell {
  return {
    ...cell,
    modelId: cell.modelId !== undefined ? cell.modelId : d.modelId,
    topic: cell.topic !== undefined ? cell.topic : d.topic,
    audience: cell.audience !== undefined ? cell.audience : d.audience,
  }
}

/** A figure that opens the answers behind it. */
export function Ev({ cell, children }: { cell: EvidenceCell; children: React.ReactNode }) {
  const ctx = useContext(Ctx)
  if (!ctx) return <>{children}</>
  const full = withDefaults(cell, ctx.defaults)
  return (
    <button type="button" className="ev-link" data-evidence={cellParams(full).toString()} title="Show the answers behind this figure" onClick={() => ctx.open(full)}>
      {children}
    </button>
  )
}

/** A rate's n and 95 % interval, beside the figure. */
export function Ci({ rate }: { rate: RateCi | null | undefined }) {
  if (!rate) return null
  const t = rateCiText(rate)
  return <span className="ev-ci" data-ci={t} title={`${t}: ${rate.x} of ${rate.n}; 95 % Wilson interval`} />
}

/** An average rank's spread, beside the figure. */
export function Spread({ spread }: { spread: RankSpread | null | undefined }) {
  if (spread === undefined) return null
  const t = rankCiText(spread)
  return <span className="ev-ci" data-ci={t} title={`${t}: ranks averaged, lowest–highest, standard deviation`} />
}

// ------------------------------------------------------------------ the panel

function Segments({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) => {
        const inner = s.mention ? <mark className="ev-mention">{s.text}</mark> : s.text
        return s.rank ? (
          <span key={i} className="ev-rank">
            {inner}
          </span>
        ) : (
          <span key={i}>{inner}</span>
        )
      })}
    </>
  )
}

function EvidencePanel({ analysisId, exportId, cell, onClose }: { analysisId: number; exportId: string | null; cell: EvidenceCell; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const [view, setView] = useState<EvidenceView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const params = cellParams(cell).toString()

  // Another request clears the last one's error (adjusted while rendering, not in the fetching effect).
  const [requested, setRequested] = useState({ analysisId, exportId, params, page })
  if (requested.analysisId !== analysisId || requested.exportId !== exportId || requested.params !== params || requested.page !== page) {
    setRequested({ analysisId, exportId, params, page })
    setError(null)
  }

  useEffect(() => {
    let live = true
    callJson<EvidenceView>(`/api/analyses/${analysisId}/evidence?${params}&page=${page}${exportId ? `&export=${encodeURIComponent(exportId)}` : ''}`)
      .then((res) => {
        if (!live) return
        if (!res.ok) setError(res.detail)
        else setView(res.data)
      })
      .catch(() => live && setError('The answers could not be loaded. Check the connection and try again.'))
    return () => {
      live = false
    }
  }, [analysisId, exportId, params, page])

  const panelRef = useRef<HTMLElement>(null)
  useDialogFocus(panelRef, closeRef)
  useEscapeCloses(onClose)

  return (
    <div className="ev-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <aside role="dialog" aria-modal="true" aria-label="Evidence" className="ev-panel" data-evidence-panel ref={panelRef}>
        <div className="ev-head">
          <h2>Where this number comes from</h2>
          <button ref={closeRef} type="button" className="btn btn-small" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        {error ? (
          <p className="error-box">{error}</p>
        ) : !view ? (
          <p className="muted">Loading the answers…</p>
        ) : (
          <>
            <p className="ev-cell" data-evidence-cell>
              {view.description}
            </p>
            <p data-evidence-summary>{view.summary}</p>
            <p className="muted" style={{ fontSize: '.85rem' }}>
              {view.totals.answers} {view.totals.answers === 1 ? 'answer' : 'answers'} counted{view.totals.failed ? `, ${view.totals.failed} failed answers left out` : ''} · metric definitions version {view.metricsVersion}.
              Answers that bear on the figure come first; marked: <mark className="ev-mention">brand named</mark> <span className="ev-rank">ranked list item</span>.
            </p>
            {view.answers.length === 0 && <p>No answers behind this figure.</p>}
            <ol className="ev-answers">
              {view.answers.map((a) => (
                <li key={a.id} data-evidence-answer={a.id} className={a.hit ? 'ev-hit' : undefined}>
                  <div className="ev-answer-head">
                    <strong>{a.modelName}</strong> · <span>{a.query}</span>
                    {' · '}
                    <span data-evidence-figures>
                      {a.mentions} mention{a.mentions === 1 ? '' : 's'}
                      {a.rank !== null ? ` · rank ${a.rank}` : ' · not ranked'}
                    </span>
                  </div>
                  <div className="ev-collected muted">{a.collectedLine}</div>
                  <div className="ev-text">
                    <Segments segments={a.segments} />
                  </div>
                </li>
              ))}
            </ol>
            {view.pages > 1 && (
              <div className="ev-pages">
                <button type="button" className="btn btn-small" disabled={view.page <= 1} onClick={() => setPage(view.page - 1)}>
                  Previous
                </button>
                <span>
                  Page {view.page} of {view.pages}
                </span>
                <button type="button" className="btn btn-small" disabled={view.page >= view.pages} onClick={() => setPage(view.page + 1)}>
                  Next
                </button>
              </div>
            )}
          </>
        )}
      </aside>
    </div>
  )
}

// ------------------------------------------------------------------ the analysis's evidence line

/**
 * Above the tabs: how many samples per query stand behind the figures, how to read n and the intervals, the
 * metric definitions version the results were computed with, and (owner) the explicit rebuild to a newer one.
 */
export function EvidenceBar({ header, onRebuilt }: { header: ResultsHeader; onRebuilt: () => void }) {
  const e = header.evidence
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  if (!e || !header.analysis) return null
  const outdated = e.metricsVersion < e.currentMetricsVersion
  const canRebuild = header.mode === 'app' && header.project.isOwner
  const rebuild = async () => {
    setBusy(true)
    setMessage(null)
    try {
      const res = await callJson<{ answers: number; toVersion: number }>(`/api/analyses/${header.analysis!.id}/evidence-rebuild`, { body: {} })
      if (!res.ok) setMessage(res.detail || 'Rebuild failed')
      else {
        setMessage(`Rebuilt ${res.data.answers} answers with metric definitions version ${res.data.toVersion}.`)
        onRebuilt()
      }
    } catch {
      setMessage('Rebuild failed: check the connection and try again.')
    } finally {
      setBusy(false)
    }
  }
  const last = e.rebuilds[0]
  return (
    <div className="ev-bar" data-evidence-bar>
      <span data-samples-per-query>
        {e.samplesPerQuery === 1 ? 'One answer per query and model' : `${e.samplesPerQuery} answers (samples) per query and model`}
      </span>
      <span className="muted">Under each rate: n and its 95 % interval; under each average rank: how many ranks, lowest–highest, SD. Click a figure to read the answers behind it.</span>
      <span data-metrics-version>
        Metric definitions version {e.metricsVersion}
        {outdated ? ` (version ${e.currentMetricsVersion} is current)` : ''}
        {last ? ` · ${last.reason === 'rebuild' ? 'rebuilt' : 'recomputed'} from version ${last.fromVersion} on ${last.at.slice(0, 10)}` : ''}
      </span>
      {canRebuild && (
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void rebuild()} data-evidence-rebuild title="Re-reads every stored answer and recomputes the figures with the current metric definitions; recorded with the date">
          {busy ? 'Rebuilding…' : outdated ? `Rebuild with version ${e.currentMetricsVersion}` : 'Rebuild figures'}
        </button>
      )}
      {message && <span role="status">{message}</span>}
    </div>
  )
}

// ------------------------------------------------------------------ overview table

/** The overview's figures per brand with n, intervals and spreads, each opening its answers. */
export function OverviewEvidence({ data }: { data: OverviewData }) {
  if (!data.evidence || !data.hasAnswers) return null
  return (
    <section className="panel" data-overview-evidence>
      <div className="rs-panel-head">
        <h2>Figures and their evidence</h2>
      </div>
      <p className="muted" style={{ marginTop: 0 }}>
        Each figure with how many observations it rests on (n) and its 95 % interval: with another run of the same questions the figure would most likely land inside it. Click a figure to read the answers.
      </p>
      <div className="rs-table-wrap">
        <table className="data rs-table" data-table="overview-evidence">
          <thead>
            <tr>
              <th>Brand</th>
              <th className="num">Mentions</th>
              <th className="num">Mention share</th>
              <th className="num">Combined rank</th>
              <th className="num">Positive share</th>
            </tr>
          </thead>
          <tbody>
            {data.brands.map((b) => {
              const e = data.evidence![b.name]
              return (
                <tr key={b.name} data-brand={b.name} className={b.isOwn ? 'rs-own-row' : undefined}>
                  <td>{b.name}</td>
                  <td className="num">
                    <Ev cell={{ metric: 'mentions', brand: b.name }}>{b.mentions}</Ev>
                  </td>
                  <td className="num">
                    <Ev cell={{ metric: 'share', brand: b.name }}>{b.share}%</Ev>
                    <Ci rate={e?.share} />
                  </td>
                  <td className="num">
                    <Ev cell={{ metric: 'rank', brand: b.name }}>{b.rank === null ? 'N/A' : b.rank}</Ev>
                    <Spread spread={e?.rank ?? null} />
                  </td>
                  <td className="num">
                    {data.sentimentUnavailable ? (
                      '—'
                    ) : (
                      <>
                        <Ev cell={{ metric: 'positive', brand: b.name }}>{b.sentiment.positive}%</Ev>
                        <Ci rate={e?.positive} />
                      </>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}

// ------------------------------------------------------------------ topics and audiences

/** The selected brand's share and rank per topic or audience, with n and interval, each opening its answers. */
export function GroupEvidence({ data }: { data: GroupData }) {
  const i = data.brand ? data.brands.findIndex((b) => b.name === data.brand) : -1
  if (i < 0 || !data.hasAnswers || data.groups.length === 0) return null
  const brand = data.brands[i].name
  const key = data.tab === 'topics' ? 'topic' : 'audience'
  return (
    <div className="rs-table-wrap" style={{ marginTop: '.75rem' }}>
      <table className="data rs-table" data-table={`${data.tab}-evidence`}>
        <thead>
          <tr>
            <th>{data.tab === 'topics' ? 'Topic' : 'Audience'}</th>
            <th className="num">Share of mentions ({brand})</th>
            <th className="num">Combined rank</th>
          </tr>
        </thead>
        <tbody>
          {data.groups.map((g) => (
            <tr key={g.group} data-group={g.group}>
              <td>{g.group}</td>
              <td className="num">
                <Ev cell={{ metric: 'share', brand, [key]: g.group }}>{g.shares[i]}%</Ev>
                <Ci rate={g.shareCis?.[i]} />
              </td>
              <td className="num">
                <Ev cell={{ metric: 'rank', brand, [key]: g.group }}>{g.ranks[i] === null ? 'N/A' : g.ranks[i]}</Ev>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
