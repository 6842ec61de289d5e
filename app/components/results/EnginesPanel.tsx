/**
 * The engines people see under the Overview: how often each showed an AI answer (an AI Overview is
 * often absent), and the API-versus-app comparison (ChatGPT 5 API vs the ChatGPT app, Gemini API vs Google AI Mode).
 */
import type { EnginesView } from '~/domain/engines'
import type { RateCi } from '~/domain/metrics/intervals'
import { modelById } from '~/domain/models'
import { Ci } from '~/components/evidence/Evidence'
import { DataTable } from './Parts'

const pct = (r: RateCi) => (r.n ? `${((r.x / r.n) * 100).toFixed(1)} %` : '–')

function Swatch({ modelId }: { modelId: number }) {
  const m = modelById(modelId)
  return <span aria-hidden="true" style={{ display: 'inline-block', width: '.7rem', height: '.7rem', borderRadius: 2, marginRight: '.35rem', background: m?.colour ?? '#999' }} />
}

export function EnginesPanel({ engines }: { engines: EnginesView }) {
  const absentQueries = engines.presence.filter((p) => p.shown.n > 0 && p.shown.x === 0)
  return (
    <section className="panel" data-engines aria-labelledby="engines-title">
      <h2 id="engines-title" style={{ marginTop: 0 }}>What people see: AI Overviews, AI Mode, Copilot, the ChatGPT app</h2>
      <p className="muted" style={{ marginTop: 0 }}>
        Read from a SERP data provider in the project&apos;s market. When an engine shows no AI answer for a query (often the case for AI Overviews), that is a result: it
        counts here and in no mention or visibility rate.
      </p>
      <DataTable name="Engine presence">
        <thead>
          <tr><th scope="col">Engine</th><th scope="col">Showed an AI answer</th></tr>
        </thead>
        <tbody>
          {engines.engines.map((e) => (
            <tr key={e.modelId} data-engine={e.modelId}>
              <td><Swatch modelId={e.modelId} />{e.model}</td>
              <td>{e.shown.x} of {e.shown.n} ({pct(e.shown)}) <Ci rate={e.shown} /></td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {absentQueries.length > 0 && (
        <details style={{ marginTop: '.5rem' }}>
          <summary>Queries with no AI answer shown ({absentQueries.length})</summary>
          <ul>
            {absentQueries.map((p) => (
              <li key={`${p.modelId}:${p.queryIndex}`} data-absent-query>{p.query}: {p.modelId === 11 ? 'no AI Overview' : `no ${p.model} answer`}</li>
            ))}
          </ul>
        </details>
      )}
      {engines.comparisons.map((c) => (
        <div key={c.label} data-comparison={c.appModelId} style={{ marginTop: '1rem' }}>
          <h3 style={{ marginBottom: '.3rem' }}>{c.label}</h3>
          <p className="muted" style={{ margin: '0 0 .4rem' }}>
            Over the {c.queries} queries both answered. Cited domains in common: {c.domains.shared} of {c.domains.n}
            {c.domains.jaccard === null ? '' : ` (Jaccard ${c.domains.jaccard.toFixed(2)})`}; only the API: {c.domains.apiOnly}, only the app: {c.domains.appOnly}.
          </p>
          <DataTable name={`${c.label}: brands`}>
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Mentioned: {c.apiModel}</th>
                <th scope="col">Mentioned: {c.appModel}</th>
                <th scope="col">Avg rank: {c.apiModel}</th>
                <th scope="col">Avg rank: {c.appModel}</th>
              </tr>
            </thead>
            <tbody>
              {c.brands.map((b) => (
                <tr key={b.brand}>
                  <th scope="row">{b.brand}{b.isOwn ? ' (you)' : ''}</th>
                  <td>{pct(b.api.mentionRate)} <Ci rate={b.api.mentionRate} /></td>
                  <td>{pct(b.app.mentionRate)} <Ci rate={b.app.mentionRate} /></td>
                  <td>{b.api.averageRank ?? '–'}</td>
                  <td>{b.app.averageRank ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {c.disagreements.length > 0 && (
            <>
              <h4 style={{ margin: '.6rem 0 .2rem' }}>Where they disagree most</h4>
              <ul>
                {c.disagreements.map((d) => (
                  <li key={d.queryIndex}>
                    {d.query}: only the API named {d.onlyApi.join(', ') || 'nothing else'}; only the app named {d.onlyApp.join(', ') || 'nothing else'}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ))}
    </section>
  )
}
