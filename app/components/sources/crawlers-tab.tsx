/**
 * Source Insights → AI Crawlers (issue 31): upload logs, follow their ingest, and read which AI agents crawl the
 * site, which get blocked, which assistants send visitors, and how that meets what the models cite. Data from
 * GET /api/crawlers/{projectId}; everything from logs renders as React text.
 */
import { useCallback, useState } from 'react'
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFigure } from '~/components/chart-figure'
import { usePolling } from '~/components/use-polling'
import { Empty } from '~/components/results/Parts'
import { callJson, errorText, fetchJson } from '~/components/json'
import { BOT_CLASSES, BOT_CLASS_LABELS } from '~/domain/crawlers/classes'
import { FORMAT_LABELS, LOG_FORMATS } from '~/domain/crawlers/formats'
import { RANGE_DAYS } from '~/domain/crawlers/schemas'
import { day, JoinedPanel, RobotsPanel } from './crawlers-panels'

export const CRAWLERS_TAB = 'ai-crawlers'

// The tab's data is the API's: the same shapes as GET /api/v1/projects/{id}/crawlers and …/crawlers/pages.
export type Overview = {
  from: string; to: string; simulated: boolean
  totals: { aiHits: number; otherBotHits: number; humanHits: number; referrals: number; unverified: number }
  daily: ({ day: string } & Record<string, number>)[]
  bots: { bot: string; vendor: string; class: string; hits: number; verified: number; unverified: number; lastSeen: string; docs: string; samples: string[] }[]
  topPaths: { path: string; hits: number; bots: number; lastSeen: string }[]
  alerts: { bot: string; vendor: string; hits: number; blocked: number; percent: number; statuses: Record<string, number> }[]
  referrals: { assistant: string; path: string; visits: number }[]
  rangesDates: { list: string; url: string; fetchedAt: string | null }[]
}
export type Joined = {
  analysisId: number | null
  pages: { path: string; crawledBy: { bot: string; hits: number; lastSeen: string }[]; citedBy: number[]; referrals: number }[]
  citedNeverCrawled: { path: string; modelId: number }[]
  crawledOftenNeverCited: { path: string; hits: number }[]
  blockedButCitesCompetitors: { bot: string; vendor: string; blocked: number; competitorCitations: number }[]
}
type Upload = {
  id: number; source: string; fileName: string; format: string; status: string; lines: number; badLines: number; bytes: number; simulated: boolean
  badExamples: { line: number; text: string; reason: string }[]
  progress: { bytesDone: number; bytesTotal: number; lines: number; bytesPerSecond: number } | null
  error: string | null
}
export type Robots = { url: string; fetchedAt: string; status: string; note: string | null; rules: { bot: string; allowed: boolean; rule: string }[] }
type TabData = { overview: Overview; joined: Joined; uploads: Upload[]; keyPrefix: string | null; demo: boolean; robots: Robots | null; reverseDns: boolean }

const CLASS_COLOURS: Record<string, string> = { training: '#b45309', search: '#2563eb', user: '#16a34a', other: '#6b7280' }
const mb = (n: number) => `${(n / 1024 ** 2).toFixed(1)} MB`

export function CrawlersTab({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const [days, setDays] = useState('30')
  const [data, setData] = useState<TabData | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(
    async (range = days) => {
      try {
        setData(await fetchJson<TabData>(`/api/crawlers/${projectId}?days=${range}`))
        setError(null)
      } catch (err) {
        setError(errorText(err, 'The AI crawler data could not be loaded'))
      }
    },
    [projectId, days],
  )
  const running = data?.uploads.some((u) => u.status === 'pending' || u.status === 'running') ?? false
  // Loads now; every 2 s while an upload is being counted, else once a minute.
  usePolling(load, running ? 2000 : 60_000)

  return (
    <div data-crawlers-tab>
      <div className="rs-header">
        <h2 className="rs-title" style={{ fontSize: '1.2rem' }}>AI Crawlers</h2>
        <label>
          Range{' '}
          <select
            value={days}
            data-crawler-days
            onChange={(e) => {
              setDays(e.target.value)
              void load(e.target.value)
            }}
          >
            {RANGE_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <p role="alert">{error}</p>}
      {canWrite && <UploadPanel projectId={projectId} onDone={load} keyPrefix={data?.keyPrefix ?? null} />}
      {canWrite && data && <ReverseDnsSwitch projectId={projectId} on={data.reverseDns} onDone={load} />}
      {data && <Uploads uploads={data.uploads} />}
      {data && data.overview.totals.aiHits + data.overview.totals.referrals + data.overview.totals.otherBotHits === 0 ? (
        <div className="panel">
          <Empty title="No log data yet">Upload a server access log (nginx, Apache, CloudFront, Cloudflare, Fastly, Vercel or CSV) to see which AI agents read the site.</Empty>
          {data.demo && canWrite && (
            <button
              type="button"
              className="btn btn-small"
              data-crawler-demo
              onClick={() =>
                void fetchJson(`/api/crawlers/${projectId}`, { body: { intent: 'demo' } }).then(
                  () => load(),
                  (err: unknown) => setError(errorText(err, 'The simulated logs could not be loaded')),
                )
              }
            >
              Load a simulated month of logs
            </button>
          )}
        </div>
      ) : data ? (
        <Figures data={data} projectId={projectId} days={days} />
      ) : null}
      {data && <RobotsPanel projectId={projectId} robots={data.robots} bots={data.overview.bots} canWrite={canWrite} onDone={load} />}
      {canWrite && data && <DeletePanel projectId={projectId} onDone={load} />}
    </div>
  )
}

function UploadPanel({ projectId, onDone, keyPrefix }: { projectId: number; onDone: () => Promise<void>; keyPrefix: string | null }) {
  const [file, setFile] = useState<File | null>(null)
  const [format, setFormat] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [newKey, setNewKey] = useState<string | null>(null)
  const upload = async () => {
    if (!file) return
    setMessage('Uploading…')
    const q = new URLSearchParams({ fileName: file.name, ...(format ? { format } : {}) })
    try {
      const res = await callJson<{ format?: string }>(`/api/crawlers/${projectId}/upload?${q}`, { body: file })
      setMessage(res.ok ? `Uploaded: read as ${res.data.format}. Counting…` : res.detail)
    } catch (err) {
      setMessage(errorText(err, 'The upload failed'))
    }
    await onDone()
  }
  const rotate = async () => {
    try {
      setNewKey((await fetchJson<{ key: string }>(`/api/crawlers/${projectId}`, { body: { intent: 'rotate-key' } })).key)
    } catch (err) {
      setMessage(errorText(err, 'A new ingest key could not be made'))
    }
  }
  return (
    <section className="panel" aria-label="Upload logs">
      <strong>Upload server logs</strong>
      <p className="muted">Plain or gzip. The format is recognised from the first lines; a CSV asks for its columns. Raw lines are not kept.</p>
      <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <label>
          Log file <input type="file" data-crawler-file onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          Format{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value)}>
            <option value="">Recognise it</option>
            {LOG_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary btn-small" disabled={!file} onClick={() => void upload()} data-crawler-upload>
          Upload
        </button>
      </div>
      {message && <p data-upload-message>{message}</p>}
      <details>
        <summary>Push logs instead (Cloudflare Worker, Vercel log drain, Logpush HTTP)</summary>
        <p>
          POST NDJSON batches (up to 5 MB) to <code>/api/crawlers/{projectId}/push</code> with <code>Authorization: Bearer &lt;ingest key&gt;</code> and an{' '}
          <code>Idempotency-Key</code> per batch (a retried batch is counted once). Current key: {keyPrefix ? <code>{keyPrefix}…</code> : 'none'}.
        </p>
        <button type="button" className="btn btn-small" onClick={() => void rotate()}>
          Make a new ingest key
        </button>
        {newKey && (
          <p>
            Copy it now, it is shown once: <code data-ingest-key>{newKey}</code>
          </p>
        )}
      </details>
    </section>
  )
}

function Uploads({ uploads }: { uploads: Upload[] }) {
  if (!uploads.length) return null
  return (
    <section className="panel" aria-label="Uploads">
      <table className="data">
        <caption>Latest uploads</caption>
        <thead>
          <tr><th scope="col">File</th><th scope="col">Format</th><th scope="col">Status</th><th scope="col">Lines</th><th scope="col">Not read</th></tr>
        </thead>
        <tbody>
          {uploads.map((u) => (
            <tr key={u.id} data-upload={u.id} data-upload-status={u.status}>
              <td>{u.fileName || u.source}{u.simulated && <span className="badge badge-grey"> simulated</span>}</td>
              <td>{u.format}</td>
              <td>
                {u.status}
                {u.progress && ` — ${mb(u.progress.bytesDone)} of ${mb(u.progress.bytesTotal)}, ${u.progress.lines.toLocaleString()} lines, ${mb(u.progress.bytesPerSecond)}/s`}
                {u.error && <div className="muted">{u.error}</div>}
              </td>
              <td>{u.lines.toLocaleString()}</td>
              <td>
                {u.badLines.toLocaleString()}
                {u.badExamples.map((b) => (
                  <div key={b.line} className="muted" data-bad-line>
                    line {b.line}: {b.reason} — <code>{b.text.slice(0, 120)}</code>
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Figures({ data, projectId, days }: { data: TabData; projectId: number; days: string }) {
  const o = data.overview
  return (
    <>
      {o.simulated && <p className="badge badge-grey" data-simulated>Simulated logs (demo): generated to fit this project's simulated citations.</p>}
      <p className="muted">
        {day(o.from)} – {day(o.to)}: {o.totals.aiHits.toLocaleString()} AI-agent hits ({o.totals.unverified.toLocaleString()} unverified), {o.totals.otherBotHits.toLocaleString()} other bots,{' '}
        {o.totals.humanHits.toLocaleString()} human requests, {o.totals.referrals.toLocaleString()} AI referrals.
      </p>
      {o.alerts.length > 0 && (
        <section className="panel" aria-label="Status alerts" data-crawler-alerts>
          <strong>Blocked AI agents</strong>
          <ul>
            {o.alerts.map((a) => (
              <li key={a.bot} data-alert={a.bot}>
                {a.bot} ({a.vendor}) got {a.blocked} of {a.hits} requests refused ({a.percent}%:{' '}
                {Object.entries(a.statuses).map(([s, n]) => `${n}× ${s}`).join(', ')}) — check the CDN, WAF or rate limits.
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="panel" aria-label="Hits per day">
        <ChartFigure title="AI agent hits per day" columns={['Date', ...BOT_CLASSES.map((c) => BOT_CLASS_LABELS[c])]} rows={o.daily.map((d) => [d.day, ...BOT_CLASSES.map((c) => d[c] ?? 0)])}>
          <div className="rs-chart">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={o.daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis />
                <Tooltip />
                <Legend />
                {BOT_CLASSES.map((c) => (
                  <Area key={c} dataKey={c} name={BOT_CLASS_LABELS[c]} stackId="1" stroke={CLASS_COLOURS[c]} fill={CLASS_COLOURS[c]} isAnimationActive={false} />
                ))}
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </ChartFigure>
        <a className="btn btn-small" href={`/api/crawlers/${projectId}?days=${days}&export=csv`} download>
          Export CSV
        </a>
      </section>
      <BotsTable bots={o.bots} dates={o.rangesDates} reverseDns={data.reverseDns} />
      <JoinedPanel joined={data.joined} projectId={projectId} />
      <section className="panel" aria-label="Top crawled paths">
        <table className="data">
          <caption>Top crawled paths (AI agents)</caption>
          <thead><tr><th scope="col">Path</th><th scope="col">Hits</th><th scope="col">Agents</th><th scope="col">Last seen</th></tr></thead>
          <tbody>
            {o.topPaths.map((p) => (
              <tr key={p.path}><td>{p.path}</td><td>{p.hits}</td><td>{p.bots}</td><td>{day(p.lastSeen)}</td></tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-label="AI referrals">
        <table className="data" data-referrals>
          <caption>Visits from AI assistants</caption>
          <thead><tr><th scope="col">Assistant</th><th scope="col">Landing page</th><th scope="col">Visits</th></tr></thead>
          <tbody>
            {o.referrals.map((r) => (
              <tr key={`${r.assistant} ${r.path}`}><td>{r.assistant}</td><td>{r.path}</td><td>{r.visits}</td></tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  )
}

function BotsTable({ bots, dates, reverseDns }: { bots: Overview['bots']; dates: Overview['rangesDates']; reverseDns: boolean }) {
  return (
    <section className="panel" aria-label="AI agents">
      <table className="data" data-bots>
        <caption>AI agents</caption>
        <thead>
          <tr>
            <th scope="col">Agent</th><th scope="col">Vendor</th><th scope="col">Purpose</th><th scope="col">Hits</th><th scope="col">Verified</th><th scope="col">Unverified</th>
            <th scope="col">Last seen</th><th scope="col">Sample lines</th>
          </tr>
        </thead>
        <tbody>
          {bots.map((b) => (
            <tr key={b.bot} data-bot={b.bot}>
              <td><a href={b.docs} rel="noreferrer" target="_blank">{b.bot}</a></td>
              <td>{b.vendor}</td>
              <td>{BOT_CLASS_LABELS[b.class as keyof typeof BOT_CLASS_LABELS] ?? b.class}</td>
              <td>{b.hits}</td><td>{b.verified}</td><td>{b.unverified}</td><td>{day(b.lastSeen)}</td>
              <td>
                {b.samples.length > 0 && (
                  <details data-bot-samples>
                    <summary>
                      {b.samples.length} {b.samples.length === 1 ? 'line' : 'lines'}
                    </summary>
                    {/* The lines as the log wrote them: text, never markup. */}
                    <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: '60ch', fontSize: '.8rem' }}>{b.samples.join('\n')}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Verified: the address is in the vendor's published list ({dates.map((d) => `${d.list}: ${d.fetchedAt ?? 'partial copy, date unknown'}`).join('; ')})
        {reverseDns ? ', or for Googlebot, Bingbot and Applebot its reverse DNS name is the vendor\'s and points back at it' : ''}. Vendors without a list
        {reverseDns ? ' or reverse DNS' : ' (and, while reverse-DNS verification is off, Googlebot, Bingbot and Applebot)'} count as neither.
      </p>
    </section>
  )
}

/** The project's reverse-DNS verification switch: off by default, since the lookups go to public DNS servers. */
function ReverseDnsSwitch({ projectId, on, onDone }: { projectId: number; on: boolean; onDone: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const change = async (next: boolean) => {
    setBusy(true)
    try {
      await fetchJson(`/api/crawlers/${projectId}`, { body: { intent: 'reverse-dns', on: next } })
      setError(null)
      await onDone()
    } catch (err) {
      setError(errorText(err, 'The setting could not be saved'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="panel" aria-label="Reverse-DNS verification">
      <label>
        <input type="checkbox" checked={on} disabled={busy} data-reverse-dns onChange={(e) => void change(e.target.checked)} /> Verify Googlebot, Bingbot and
        Applebot by reverse DNS
      </label>
      <p className="muted">
        After each upload, the addresses these agents claim are looked up in public DNS (the name must be the vendor&apos;s and point back at the
        address). The lookups leave this server; hits counted before switching on stay as they were (neither verified nor unverified).
      </p>
      {error && <p role="alert">{error}</p>}
    </section>
  )
}

function DeletePanel({ projectId, onDone }: { projectId: number; onDone: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    if (!window.confirm("Delete all of this project's log data (uploads, counts, sample lines)? This cannot be undone.")) return
    try {
      await fetchJson(`/api/crawlers/${projectId}`, { body: { intent: 'delete' } })
      setError(null)
    } catch (err) {
      setError(errorText(err, 'The log data could not be deleted'))
    }
    await onDone()
  }
  return (
    <p>
      {error && <span role="alert">{error} </span>}
      <button type="button" className="btn btn-small" onClick={() => void remove()}>
        Delete this project's log data
      </button>
    </p>
  )
}
