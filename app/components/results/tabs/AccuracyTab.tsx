/**
 * Accuracy (fact-check): what the models get wrong about the brand. Contradicted claims grouped by the
 * fact they contradict, per model, each with the answers that made it, the sentence quoted, the sites those answers
 * cited, and first / last seen; an alert line when a claim is new. Export as CSV; "Check again" re-runs the check.
 */
import { useState } from 'react'
import { Link, useRevalidator } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { downloadCsv, Empty } from '../Parts'
import { errorText, fetchJson } from '~/components/json'
import { homeHref } from '~/domain/home-phases'
import { accuracyRows } from '~/domain/factcheck/accuracy'
import type { AccuracyData, ResultsHeader } from '~/domain/results/types'

function RunLine({ data }: { data: AccuracyData }) {
  const r = data.run
  if (!r) return <p className="muted">No fact-check ran for this analysis.</p>
  const stopped = r.stopped === 'budget' ? ' Stopped: the daily AI spending limit was reached.' : r.stopped === 'cap' ? ' Stopped at the per-run cap of answers.' : ''
  return (
    <p className="muted" data-testid="accuracy-run">
      {r.status === 'running' ? 'Checking' : 'Checked'} {r.answersChecked} of {r.answersTotal} answers that name {data.brand}: {data.totals.supported} supported, {data.totals.contradicted} contradicted,{' '}
      {data.totals.unverifiable} unverifiable claims.{stopped}
    </p>
  )
}

export function AccuracyTab({ data, header }: { data: AccuracyData; header: ResultsHeader }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const canRun = header.mode === 'app' && header.project.isOwner
  const factsHref = homeHref('setup', { tab: 'facts', project: data.projectId })

  const checkAgain = async () => {
    setBusy(true)
    try {
      await fetchJson(`/api/analyses/${data.analysisId}/accuracy`, { method: 'POST', body: {} })
      toast({ title: 'Fact-check started', description: 'The answers are being checked against the brand facts.' })
      revalidator.revalidate()
    } catch (err) {
      toast({ title: 'Fact-check not started', description: errorText(err, 'Could not start the fact-check'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="panel" data-tab-content="accuracy">
      <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <h2>Accuracy: what the AI models get wrong about {data.brand}</h2>
        <div style={{ display: 'flex', gap: '.5rem' }}>
          {data.facts.length > 0 && (
            <button type="button" className="btn btn-small" onClick={() => downloadCsv(`accuracy-analysis-${data.analysisId}.csv`, accuracyRows(data.facts))}>
              Export CSV
            </button>
          )}
          {canRun && data.factCount > 0 && (
            <button type="button" className="btn btn-small" disabled={busy} onClick={checkAgain}>
              Check again
            </button>
          )}
        </div>
      </div>
      {data.factCount === 0 ? (
        <Empty title="No brand facts yet">
          Add your brand&apos;s facts (founding year, headquarters, prices, plans, what the product does and does not do) in <Link to={factsHref}>Setup → Brand facts</Link>; the next analysis checks every answer that names the brand against them.
        </Empty>
      ) : (
        <>
          <RunLine data={data} />
          {data.newContradictions > 0 && (
            <div className="rs-export-banner" role="alert" data-testid="accuracy-alert">
              {data.newContradictions} new wrong claim{data.newContradictions === 1 ? '' : 's'} about {data.brand} in this analysis: no earlier analysis had {data.newContradictions === 1 ? 'it' : 'them'}.
            </div>
          )}
          {data.facts.length === 0 ? (
            <Empty title="No contradicted claims">None of the checked answers says anything that contradicts your brand facts.</Empty>
          ) : (
            data.facts.map((f) => (
              <article key={`${f.factId ?? f.fact}`} className="panel" data-testid="accuracy-fact" style={{ marginTop: '1rem' }}>
                <h3>
                  Fact: {f.fact}{' '}
                  {f.sourceUrl && (
                    <a href={f.sourceUrl} target="_blank" rel="noreferrer noopener">
                      (source)
                    </a>
                  )}
                </h3>
                <p className="muted">
                  Contradicted {f.contradictions} time{f.contradictions === 1 ? '' : 's'}: {f.byModel.map((m) => `${m.model}: ${m.claims}`).join(', ')}
                </p>
                <table className="data">
                  <caption className="sr-only">Claims contradicting: {f.fact}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Model</th>
                      <th scope="col">What the model says</th>
                      <th scope="col">Answers and the sources they cited</th>
                      <th scope="col">First seen</th>
                      <th scope="col">Last seen</th>
                    </tr>
                  </thead>
                  <tbody>
                    {f.claims.map((c) => (
                      <tr key={`${c.modelId}-${c.claim}`} data-testid="accuracy-claim">
                        <td>{c.model}</td>
                        <td>
                          {c.claim} {c.isNew && <span className="badge badge-red">New</span>}
                        </td>
                        <td>
                          <ul>
                            {c.answers.map((a) => (
                              <li key={a.responseId}>
                                <q>{a.sentence}</q> <span className="muted">({a.query}, sample {a.sample})</span>
                                {a.sources.length > 0 && (
                                  <span>
                                    {' '}
                                    Cited:{' '}
                                    {a.sources.map((s, i) => (
                                      <span key={s.url}>
                                        {i > 0 && ', '}
                                        <a href={s.url} target="_blank" rel="noreferrer noopener">
                                          {s.domain ?? s.url}
                                        </a>
                                      </span>
                                    ))}
                                  </span>
                                )}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td>{c.firstSeen}</td>
                        <td>{c.lastSeen}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </article>
            ))
          )}
          <p className="muted">
            How it works: an AI judge reads each answer that names {data.brand}, lists its claims about the brand and compares each with your <Link to={factsHref}>brand facts</Link>. Only claims
            that contradict a fact are listed here.
          </p>
        </>
      )}
    </section>
  )
}
