/** The AI Crawlers tab's join of crawled and cited pages, and its robots.txt reality check (issue 31). */
import { useState } from 'react'
import { errorText, fetchJson } from '~/components/json'
import { modelById } from '~/domain/models'
import type { Joined, Overview, Robots } from './crawlers-tab'

export const day = (iso: string) => iso.slice(0, 10)
const modelName = (id: number) => modelById(id)?.name ?? `Model ${id}`

export function JoinedPanel({ joined, projectId }: { joined: Joined; projectId: number }) {
  return (
    <section className="panel" aria-label="Crawled and cited" data-joined>
      <strong>Your pages: crawled, cited, visited</strong>
      {joined.analysisId === null && <p className="muted">No completed analysis yet: citations appear once one completes.</p>}
      <table className="data">
        <caption className="sr-only">Own pages crawled and cited</caption>
        <thead><tr><th scope="col">Page</th><th scope="col">Crawled by</th><th scope="col">Cited by</th><th scope="col">AI referrals</th><th scope="col">Improve</th></tr></thead>
        <tbody>
          {joined.pages.slice(0, 50).map((p) => (
            <tr key={p.path} data-page={p.path}>
              <td>{p.path}</td>
              <td>{p.crawledBy.map((c) => `${c.bot} (${c.hits}, last ${day(c.lastSeen)})`).join(', ') || '—'}</td>
              <td>{p.citedBy.map(modelName).join(', ') || '—'}</td>
              <td>{p.referrals}</td>
              <td><a href={`/content-optimizer-v2?project=${projectId}`}>Content Optimiser</a></td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Cited but never crawled by that vendor's agents</h3>
      <ul data-cited-never-crawled>
        {joined.citedNeverCrawled.map((c) => <li key={`${c.path} ${c.modelId}`}>{c.path} — {modelName(c.modelId)}</li>)}
      </ul>
      <h3>Crawled often, never cited</h3>
      <ul data-crawled-never-cited>
        {joined.crawledOftenNeverCited.map((c) => <li key={c.path}>{c.path} — {c.hits} hits</li>)}
      </ul>
      <h3>Blocked for an agent whose model cites competitors</h3>
      <ul data-blocked-competitors>
        {joined.blockedButCitesCompetitors.map((b) => <li key={b.bot}>{b.bot} ({b.vendor}): {b.blocked} refused requests; its model cites competitors {b.competitorCitations} times</li>)}
      </ul>
    </section>
  )
}

export function RobotsPanel({ projectId, robots, bots, canWrite, onDone }: { projectId: number; robots: Robots | null; bots: Overview['bots']; canWrite: boolean; onDone: () => Promise<void> }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const check = async () => {
    setBusy(true)
    try {
      await fetchJson(`/api/crawlers/${projectId}`, { body: { intent: 'robots' } })
      setError(null)
      await onDone()
    } catch (err) {
      setError(errorText(err, 'robots.txt could not be checked'))
    } finally {
      setBusy(false)
    }
  }
  const hits = new Map(bots.map((b) => [b.bot, b.hits]))
  return (
    <section className="panel" aria-label="robots.txt check" data-robots>
      <strong>robots.txt reality check</strong>{' '}
      {canWrite && (
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void check()}>
          Check robots.txt
        </button>
      )}
      {error && <p role="alert">{error}</p>}
      {robots && (
        <>
          <p className="muted">
            {robots.url}, {day(robots.fetchedAt)}: {robots.status === 'ok' ? 'read' : robots.status === 'missing' ? 'none (every agent allowed)' : robots.note}
          </p>
          <table className="data">
            <caption className="sr-only">What robots.txt allows each AI agent, and whether it came</caption>
            <thead><tr><th scope="col">Agent</th><th scope="col">robots.txt</th><th scope="col">Hits in range</th></tr></thead>
            <tbody>
              {robots.rules.map((r) => (
                <tr key={r.bot} data-robots-bot={r.bot}>
                  <td>{r.bot}</td>
                  <td>{r.allowed ? 'allowed' : `blocked (${r.rule})`}</td>
                  <td>{hits.get(r.bot) ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

