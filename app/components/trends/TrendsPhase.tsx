/**
 * Phase 3, 'Trends & Historical Data' (§2): brand selector, Add Analysis with the background-analysis panel,
 * the daily scheduled run, alerts, and four trend charts with tables and spreadsheet exports. Every rate
 * carries its n and a 95 % Wilson band. Data comes from GET /api/projects/{id}/trends; user and model text
 * renders as React text.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Area, CartesianGrid, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { apiFetch, DataTable, Empty, errorText, ExportButton } from '~/components/results/parts'
import { ChartFigure } from '~/components/chart-figure'
import { formatDate, formatDateTime, formatRank } from '~/components/results/format'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import { usePolling } from '~/components/use-polling'
import { usePropState } from '~/components/use-prop-state'
import { useToast } from '~/components/toast'
import { useRunNow } from './run-now'
import { startAnalysisConfirmed } from '~/components/start-analysis'
import { ANALYSIS_DURATION_NOTE, LIGHT_MODE_LOCKED, TREND_PALETTE, type DailyScheduleState, type Rate, type TrendAlert, type TrendsView } from '~/domain/trends'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '~/domain/trends/webhook'
import { ExperimentsPanel } from '~/components/experiments/ExperimentsPanel'
import { CanariesPanel } from '~/components/canaries/CanariesPanel'
import { markerLines, TrendMarkers, useTrendMarkers, type TrendMarker } from '~/components/experiments/markers'

type TrendsData = TrendsView & { unreadAlerts: number; project: { id: number; name: string; brandDomain: string; accessType: string } }

const BAND_HELP =
  'The shaded band is the 95 % interval: with n answers (or mentions) behind a rate, the true rate lies inside the band 95 times out of 100 (Wilson interval). A wide band means few answers; a move that stays inside the bands can be chance.'

function Help({ text, label }: { text: string; label: string }) {
  const id = useId()
  return (
    <span className="rs-help">
      <button type="button" aria-label={label} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id}>
        {text}
      </span>
    </span>
  )
}

const rateTitle = (r: Rate) => (r.interval ? `${r.value}% (95% interval ${r.interval.low}–${r.interval.high}%, n=${r.n})` : `${r.value}% (n=${r.n})`)
const fileDate = (days: { date: string }[]) => days[days.length - 1]?.date ?? 'trends'

function TrendPanel({ title, help, exportSpec, children, testId }: { title: string; help?: string; exportSpec: () => WorkbookSpec; children: React.ReactNode; testId: string }) {
  return (
    <section className="panel" data-testid={testId}>
      <div className="rs-panel-head">
        <h2>
          {title} {help && <Help text={help} label={`About ${title}`} />}
        </h2>
        <ExportButton build={exportSpec} />
      </div>
      {children}
    </section>
  )
}

const axisDate = (d: string) => formatDate(d)
const RANK_TICKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

// ------------------------------------------------------------------ background analysis and schedule

interface ActiveAnalysis {
  id: number
  projectId: number
  kind?: string
  status: string
  progressDetails: { progressPercent: number; phase: string; message: string; modelStatus: Record<string, { name: string; status: string; completed: number; total: number }> } | null
}

function BackgroundAnalysis({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const toast = useToast()
  const [can, setCan] = useState<{ canAnalyse: boolean; reason: string | null } | null>(null)
  const [active, setActive] = useState<ActiveAnalysis | null>(null)
  const [starting, setStarting] = useState(false)
  usePolling(async () => setCan(await apiFetch(`/api/projects/${projectId}/can-analyse-today`)), 30_000)
  usePolling(
    async () => {
      const list = await apiFetch<ActiveAnalysis[]>('/api/analyses?activeOnly=true')
      // Running source searches are listed too (kind 'source-search'): only analyses count here.
      const mine = list.find((a) => a.projectId === projectId && a.kind !== 'source-search') ?? null
      if (active && !mine) onDone()
      setActive(mine)
    },
    active ? 2_000 : 30_000,
  )
  const start = async () => {
    setStarting(true)
    try {
      const a = await startAnalysisConfirmed((url) => apiFetch<ActiveAnalysis>(url, { method: 'POST' }), projectId)
      if (!a) return
      setActive({ ...a, projectId })
      setCan({ canAnalyse: false, reason: 'Daily limit reached for this project' })
      toast({ title: 'Analysis Started' })
    } catch (err) {
      toast({ title: 'Analysis Failed', description: errorText(err, 'Failed to start ChatGPT 5 analysis'), variant: 'destructive' })
    } finally {
      setStarting(false)
    }
  }
  const p = active?.progressDetails
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={!can?.canAnalyse || starting || !!active} title={can?.reason ?? undefined} onClick={start} data-testid="add-analysis">
        {starting ? 'Starting...' : 'Add Analysis'}
      </button>
      {can && !can.canAnalyse && can.reason && <span className="muted" style={{ fontSize: '.85rem' }}>{can.reason}</span>}
      {active && (
        <div className="panel" data-testid="background-analysis" style={{ width: '100%', marginTop: '.75rem' }}>
          <h3 style={{ marginTop: 0 }}>Background Analysis in Progress</h3>
          <div className="muted" aria-live="polite">{p?.phase ?? 'Starting'} – {p?.message ?? ''}</div>
          <div className="rs-dist" style={{ margin: '.5rem 0' }} role="progressbar" aria-label="Background analysis progress" aria-valuenow={p?.progressPercent ?? 0} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${p?.progressPercent ?? 0}%`, background: '#2563eb' }} />
          </div>
          <div style={{ fontSize: '.85rem' }}>{p?.progressPercent ?? 0}%</div>
          <ul style={{ margin: '.5rem 0', paddingLeft: '1.1rem', fontSize: '.85rem' }}>
            {Object.entries(p?.modelStatus ?? {}).map(([id, m]) => (
              <li key={id}>
                {m.name}: {m.status} ({m.completed}/{m.total})
              </li>
            ))}
          </ul>
          <div className="muted" style={{ fontSize: '.85rem' }}>{ANALYSIS_DURATION_NOTE}</div>
        </div>
      )}
    </>
  )
}

function DailyRun({ projectId, isOwner }: { projectId: number; isOwner: boolean }) {
  const toast = useToast()
  const [state, setState] = useState<DailyScheduleState | null>(null)
  const [hour, setHour] = useState(9)
  const [busy, setBusy] = useState(false)
  const timeZone = useMemo(() => (typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC') || 'UTC', [])
  const runNow = useRunNow(state)
  // Reads and changes are numbered when sent: an answer older than one already shown is dropped, so a poll that was
  // on its way when Pause was clicked cannot put 'Active' back over 'Paused'.
  const sent = useRef(0)
  const shown = useRef(0)
  const read = async (init?: Parameters<typeof apiFetch>[1]) => {
    const n = ++sent.current
    const next: DailyScheduleState = await apiFetch(`/api/projects/${projectId}/daily-schedule`, init)
    if (n < shown.current) return
    shown.current = n
    setState(next)
    runNow.seen(next)
  }
  usePolling(() => read(), runNow.waiting ? 1000 : 30_000)
  const change = async (body: Record<string, unknown>): Promise<boolean> => {
    setBusy(true)
    try {
      await read({ method: 'POST', body })
      return true
    } catch (err) {
      toast({ title: 'Update Failed', description: errorText(err, 'Failed to update the daily run'), variant: 'destructive' })
      return false
    } finally {
      setBusy(false)
    }
  }
  if (!state) return null
  return (
    <section className="panel" data-testid="daily-run">
      <div className="rs-panel-head">
        <h2>
          Daily Analysis <Help label="About the daily analysis" text="A daily run starts the same analysis as Add Analysis at the chosen hour, with the same limits: it is skipped (and says why) when the account is paused, out of analyses, already analysed today, or the previous run is still going." />
        </h2>
      </div>
      {state.exists ? (
        <p data-testid="daily-run-status">
          {state.paused ? 'Paused' : 'Active'}: every day at {String(state.hour ?? 0).padStart(2, '0')}:00 ({state.timeZone}).{' '}
          {state.nextRunAt && <>Next run {formatDateTime(state.nextRunAt)}. </>}
          {state.paused && state.note && <span className="muted">{state.note}</span>}
          {state.skippedOverlap > 0 && <span className="muted"> Skipped while the previous run was still going: {state.skippedOverlap}.</span>}
        </p>
      ) : (
        <p data-testid="daily-run-status">No daily analysis is scheduled.</p>
      )}
      {isOwner && (
        <div className="rs-actions">
          <label>
            Hour{' '}
            <select value={state.exists && state.hour !== null ? state.hour : hour} onChange={(e) => setHour(Number(e.target.value))} disabled={busy} aria-label="Hour of the daily analysis">
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {String(h).padStart(2, '0')}:00
                </option>
              ))}
            </select>
          </label>
          <span className="muted">{timeZone}</span>
          {!state.exists && (
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => change({ action: 'enable', hour, timeZone })}>
              Turn On Daily Analysis
            </button>
          )}
          {state.exists && (
            <>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => change({ action: 'enable', hour, timeZone })}>
                Save Hour
              </button>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => change({ action: state.paused ? 'resume' : 'pause' })}>
                {state.paused ? 'Resume' : 'Pause'}
              </button>
              <button
                type="button"
                className="btn btn-small"
                disabled={busy || runNow.waiting}
                onClick={() => {
                  runNow.requested()
                  void change({ action: 'trigger' }).then((ok) => ok || runNow.cancel())
                }}
              >
                {runNow.waiting ? 'Starting...' : 'Run Now'}
              </button>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => change({ action: 'delete' })}>
                Delete
              </button>
            </>
          )}
        </div>
      )}
      {runNow.waiting && (
        <p role="status" data-testid="run-now-pending">
          Run requested: the daily analysis is being started…
        </p>
      )}
      {state.recentRuns.length > 0 && (
        <ul data-testid="scheduled-runs" style={{ fontSize: '.85rem', paddingLeft: '1.1rem' }}>
          {state.recentRuns.map((r) => (
            <li key={r.workflowId}>
              {formatDateTime(r.at)}: {r.outcome === 'started' ? `started analysis ${r.analysisId ?? ''}` : `skipped – ${r.reason ?? ''}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function AlertBell({ projectId, unread, onRead }: { projectId: number; unread: number; onRead: () => void }) {
  const [count, setCount] = usePropState(unread)
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="alert-bell"
      aria-label={`Alerts: ${count} unread`}
      title={count ? 'Mark alerts read' : 'No unread alerts'}
      onClick={async () => {
        if (!count) return
        await apiFetch(`/api/projects/${projectId}/alerts`, { method: 'POST', body: { action: 'read' } }).catch(() => undefined)
        setCount(0)
        onRead()
      }}
    >
      {/* An inline icon, not the bell emoji: the server and many desktops have no emoji font (issue 28 §4). */}
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={{ verticalAlign: '-3px' }}>
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>{' '}
      {count > 0 && <span className="rs-count">{count}</span>}
    </button>
  )
}

function AlertWebhook({ projectId }: { projectId: number }) {
  const toast = useToast()
  const [url, setUrl] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  useEffect(() => {
    apiFetch<{ url: string | null }>(`/api/projects/${projectId}/alert-webhook`).then((r) => setSaved(r.url), () => undefined)
  }, [projectId])
  const save = async () => {
    try {
      const r = await apiFetch<{ url: string; secret: string }>(`/api/projects/${projectId}/alert-webhook`, { method: 'POST', body: { url } })
      setSaved(r.url)
      setSecret(r.secret)
      setUrl('')
    } catch (err) {
      toast({ title: 'Update Failed', description: errorText(err, 'Failed to save the webhook'), variant: 'destructive' })
    }
  }
  return (
    <div data-testid="alert-webhook" style={{ marginTop: '.5rem', fontSize: '.9rem' }}>
      <strong>Webhook</strong>{' '}
      <Help label="About the webhook" text={`Each new alert is POSTed as JSON to this https URL (public addresses only). Verify it: HMAC-SHA256 of "<${TIMESTAMP_HEADER}>.<body>" with your secret equals the ${SIGNATURE_HEADER} header after "sha256=".`} />{' '}
      {saved ? (
        <>
          <span>{saved}</span>{' '}
          <button type="button" className="btn btn-small" onClick={() => apiFetch(`/api/projects/${projectId}/alert-webhook`, { method: 'DELETE' }).then(() => (setSaved(null), setSecret(null)), () => undefined)}>
            Remove
          </button>
        </>
      ) : (
        <>
          <input type="url" placeholder="https://example.com/hooks/brand-alerts" value={url} onChange={(e) => setUrl(e.target.value)} aria-label="Webhook URL" style={{ minWidth: 280 }} />{' '}
          <button type="button" className="btn btn-small" disabled={!url.trim()} onClick={save}>
            Save Webhook
          </button>
        </>
      )}
      {secret && (
        <div className="rs-notice" data-testid="webhook-secret">
          Signing secret (shown once): <code>{secret}</code>
        </div>
      )}
    </div>
  )
}

function Alerts({ alerts, projectId, isOwner }: { alerts: TrendAlert[]; projectId: number; isOwner: boolean }) {
  return (
    <section className="panel" data-testid="trend-alerts">
      <h2 style={{ marginTop: 0 }}>
        Alerts ({alerts.length}) <Help label="About alerts" text="A run is compared with the previous 7 runs pooled (two-proportion z-tests on the own brand's mention share and rank rate, a two-sample z-test on its average rank; |z| of 3.29 or more, p < 0.001): only moves that chance does not explain raise an alert." />
      </h2>
      {alerts.length === 0 ? (
        <p className="muted">No alerts: no run moved beyond what chance explains.</p>
      ) : (
        <ul>
          {[...alerts].reverse().map((a) => (
            <li key={`${a.analysisId}-${a.metric}`}>
              {formatDate(a.date)}: {a.message}
            </li>
          ))}
        </ul>
      )}
      {isOwner && <AlertWebhook projectId={projectId} />}
    </section>
  )
}

// ------------------------------------------------------------------ the page

export function TrendsPhase({ projectId, isLightMode }: { projectId: number; isLightMode: boolean }) {
  const [data, setData] = useState<TrendsData | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState<string | null>(null)
  const [topicBrand, setTopicBrand] = useState<string | null>(null)
  const [selected, setSelected] = useState<string[] | null>(null)
  // Recorded changes and model changes, marked on every chart.
  const [changeMarkers, setChangeMarkers] = useState<TrendMarker[]>([])
  const [modelMarkers, setModelMarkers] = useState<TrendMarker[]>([])
  const markers = useMemo(() => [...changeMarkers, ...modelMarkers], [changeMarkers, modelMarkers])

  // Another project, query or topic brand clears the error and (below) refetches; another project also clears
  // the brand selection. Adjusted while rendering, not in an effect.
  const [requested, setRequested] = useState({ projectId, query, topicBrand, isLightMode })
  if (requested.projectId !== projectId || requested.query !== query || requested.topicBrand !== topicBrand || requested.isLightMode !== isLightMode) {
    setRequested({ projectId, query, topicBrand, isLightMode })
    setError(null)
    if (requested.projectId !== projectId) setSelected(null)
  }

  const fetchTrends = useCallback(() => {
    const qs = new URLSearchParams()
    if (query) qs.set('query', query)
    if (topicBrand) qs.set('topicBrand', topicBrand)
    return apiFetch<TrendsData>(`/api/projects/${projectId}/trends?${qs}`).then(
      (d) => setData(d),
      (err) => setError(errorText(err, 'Failed to load trends')),
    )
  }, [projectId, query, topicBrand])
  useEffect(() => {
    if (!isLightMode) void fetchTrends()
  }, [fetchTrends, isLightMode])
  const load = () => {
    setError(null)
    void fetchTrends()
  }

  if (isLightMode)
    return (
      <div className="panel" data-testid="trends-locked">
        <h1>Trends &amp; Historical Data</h1>
        <Empty title={LIGHT_MODE_LOCKED}>Trends are part of the Standard and Full analyses.</Empty>
      </div>
    )
  if (error)
    return (
      <div className="panel" data-testid="trends-error">
        <h1>Trends &amp; Historical Data</h1>
        <Empty title="Error Loading Data">{error}</Empty>
        <button type="button" className="btn" onClick={load}>
          Retry
        </button>
      </div>
    )
  if (!data) return <div className="panel">Loading trends...</div>

  const brands = selected ?? data.defaultBrands
  const shown = data.brands.filter((b) => brands.includes(b.name))
  const isOwner = data.project.accessType === 'owner'
  return (
    <div data-testid="trends">
      <div className="rs-header">
        <div className="rs-title">
          <h1>Trends &amp; Historical Data</h1>
          <Help label="About the bands" text={BAND_HELP} />
          <AlertBell projectId={projectId} unread={data.unreadAlerts} onRead={() => undefined} />
        </div>
        <div className="rs-actions">{isOwner && <BackgroundAnalysis projectId={projectId} onDone={load} />}</div>
      </div>
      <DailyRun projectId={projectId} isOwner={isOwner} />
      <Alerts alerts={data.alerts} projectId={projectId} isOwner={isOwner} />
      <CanariesPanel projectId={projectId} onMarkers={setModelMarkers} />
      <ExperimentsPanel projectId={projectId} onMarkers={setChangeMarkers} />
      <TrendMarkers.Provider value={markers}>
      {data.days.length === 0 ? (
        <Empty title="No Historical Data">Run daily analyses to see trends over time.</Empty>
      ) : (
        <>
          <BrandSelector data={data} brands={brands} onChange={setSelected} />
          <MentionsTrend data={data} shown={shown} />
          <ShareTrend data={data} shown={shown} />
          <RankTrend data={data} shown={shown} />
          <QueryTrend data={data} shown={shown} onQuery={setQuery} />
          <TopicTrend data={data} onBrand={setTopicBrand} />
        </>
      )}
      </TrendMarkers.Provider>
    </div>
  )
}

function BrandSelector({ data, brands, onChange }: { data: TrendsData; brands: string[]; onChange: (b: string[]) => void }) {
  const all = data.brands.map((b) => b.name)
  return (
    <fieldset className="panel" data-testid="brand-select">
      <legend>Brands</legend>
      <label style={{ marginRight: '1rem', fontWeight: 600 }}>
        <input type="checkbox" checked={brands.length === all.length} onChange={(e) => onChange(e.target.checked ? all : [])} /> Select All
      </label>
      {data.brands.map((b) => (
        <label key={b.name} style={{ marginRight: '1rem', whiteSpace: 'nowrap' }}>
          <input type="checkbox" checked={brands.includes(b.name)} onChange={(e) => onChange(e.target.checked ? [...brands, b.name] : brands.filter((x) => x !== b.name))} />{' '}
          <span style={{ color: b.colour }}>■</span> {b.name}
          {b.isOwn && ' (Your Brand)'}
        </label>
      ))}
    </fieldset>
  )
}

type Shown = TrendsData['brands']

function MentionsTrend({ data, shown }: { data: TrendsData; shown: Shown }) {
  const markers = useTrendMarkers()
  const rows = data.days.map((d) => ({ date: d.date, ...Object.fromEntries(shown.map((b) => [b.name, d.brands[b.name]?.mentions ?? 0])) }))
  const spec = (): WorkbookSpec => ({
    fileName: `brand-mentions-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Brand Mentions Trend', rows: [['Brand', ...data.days.map((d) => d.date), 'Total'], ...shown.map((b) => [b.name, ...data.days.map((d) => d.brands[b.name]?.mentions ?? 0), data.totals[b.name] ?? 0])] }],
  })
  return (
    <TrendPanel title="Brand Mentions Trend" testId="mentions-trend" exportSpec={spec} help="Mentions of each brand per daily analysis (all models), with the change against the previous analysis.">
      <div className="rs-chart" role="figure" aria-label="Brand mentions trend chart; the table below lists its data">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={axisDate} />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(d) => formatDate(String(d))} />
            <Legend />
            {markerLines(markers)}
            {shown.map((b) => (
              <Line key={b.name} dataKey={b.name} stroke={b.colour} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <DataTable name="mentions-trend">
        <thead>
          <tr>
            <th>Brand</th>
            {data.days.map((d) => (
              <th key={d.date} className="num">{formatDate(d.date)}</th>
            ))}
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((b) => (
            <tr key={b.name}>
              <td>{b.name}{b.isOwn && ' (Your Brand)'}</td>
              {data.days.map((d) => {
                const c = d.brands[b.name]
                return (
                  <td key={d.date} className="num" title={c ? `Mention share ${rateTitle(c.share)}` : undefined}>
                    {c ? c.mentions : '–'}
                    {c?.change !== null && c?.change !== undefined && (
                      <div style={{ fontSize: '.75rem', color: c.change > 0 ? '#15803d' : c.change < 0 ? '#dc2626' : undefined }}>
                        {c.change > 0 ? '+' : ''}
                        {c.change}%
                      </div>
                    )}
                  </td>
                )
              })}
              <td className="num"><strong>{data.totals[b.name] ?? 0}</strong></td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TrendPanel>
  )
}

function ShareTrend({ data, shown }: { data: TrendsData; shown: Shown }) {
  const markers = useTrendMarkers()
  const rows = data.days.map((d) => {
    const row: Record<string, unknown> = { date: d.date }
    for (const b of shown) {
      const c = d.brands[b.name]
      row[b.name] = c?.share.value ?? null
      row[`${b.name} band`] = c?.share.interval ? [c.share.interval.low, c.share.interval.high] : null
    }
    return row
  })
  const spec = (): WorkbookSpec => ({
    fileName: `brand-share-trend-${fileDate(data.days)}.xlsx`,
    sheets: [
      {
        name: 'Share and Rank rate',
        rows: [
          ['Date', 'Brand', 'Mention share %', 'Share 95% low', 'Share 95% high', 'Mentions (x)', 'All mentions (n)', 'Rank rate %', 'Rank rate 95% low', 'Rank rate 95% high', 'Answers ranking (x)', 'Answers (n)'],
          ...data.days.flatMap((d) =>
            shown.flatMap((b) => {
              const c = d.brands[b.name]
              return c ? [[d.date, b.name, c.share.value, c.share.interval?.low ?? null, c.share.interval?.high ?? null, c.share.x, c.share.n, c.rankRate.value, c.rankRate.interval?.low ?? null, c.rankRate.interval?.high ?? null, c.rankRate.x, c.rankRate.n]] : []
            }),
          ),
        ],
      },
    ],
  })
  return (
    <TrendPanel title="Mention Share & Rank Rate" testId="share-trend" exportSpec={spec} help={`Mention share: the brand's mentions out of all brands' mentions (n). Rank rate: answers that rank the brand out of all answers (n), all models and samples (not the results screens' Visibility %, the share of the six models that rank it). ${BAND_HELP}`}>
      <div className="rs-chart" role="figure" aria-label="Mention share and rank rate chart; the table below lists its data">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={axisDate} />
            <YAxis domain={[0, 100]} unit="%" />
            <Tooltip labelFormatter={(d) => formatDate(String(d))} />
            <Legend />
            {markerLines(markers)}
            {shown.map((b) => (
              <Area key={`${b.name} band`} dataKey={`${b.name} band`} stroke="none" fill={b.colour} fillOpacity={0.12} legendType="none" isAnimationActive={false} connectNulls />
            ))}
            {shown.map((b) => (
              <Line key={b.name} dataKey={b.name} stroke={b.colour} dot={false} isAnimationActive={false} connectNulls />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <DataTable name="share-trend">
        <thead>
          <tr>
            <th>Brand</th>
            {data.days.map((d) => (
              <th key={d.date} className="num">{formatDate(d.date)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((b) => (
            <tr key={b.name}>
              <td>{b.name}{b.isOwn && ' (Your Brand)'}</td>
              {data.days.map((d) => {
                const c = d.brands[b.name]
                return (
                  <td key={d.date} className="num" title={c ? `Mention share ${rateTitle(c.share)}; rank rate ${rateTitle(c.rankRate)}` : undefined}>
                    {c ? (
                      <>
                        {c.share.value}% <span className="muted" style={{ fontSize: '.75rem' }}>n={c.share.n}</span>
                        <div style={{ fontSize: '.75rem' }}>
                          ranked {c.rankRate.value}% <span className="muted">n={c.rankRate.n}</span>
                        </div>
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TrendPanel>
  )
}

function RankChart({ rows, shown }: { rows: Record<string, unknown>[]; shown: Shown }) {
  const markers = useTrendMarkers()
  return (
    <div className="rs-chart" role="figure" aria-label="Rank over time chart; the table below lists its data">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={axisDate} />
          <YAxis reversed domain={[1, 10]} ticks={RANK_TICKS} interval={0} allowDataOverflow padding={{ top: 12, bottom: 4 }} />
          <Tooltip labelFormatter={(d) => formatDate(String(d))} />
          <Legend />
          {markerLines(markers)}
          {shown.map((b) => (
            <Line key={b.name} dataKey={b.name} stroke={b.colour} isAnimationActive={false} connectNulls />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}

function rankTable(name: string, dates: string[], shown: Shown, rankOf: (brand: string, i: number) => number | null) {
  return (
    <DataTable name={name}>
      <thead>
        <tr>
          <th>Brand</th>
          {dates.map((d) => (
            <th key={d} className="num">{formatDate(d)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((b) => (
          <tr key={b.name}>
            <td>{b.name}{b.isOwn && ' (Your Brand)'}</td>
            {dates.map((d, i) => (
              <td key={d} className="num">{formatRank(rankOf(b.name, i))}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  )
}

function RankTrend({ data, shown }: { data: TrendsData; shown: Shown }) {
  const rows = data.days.map((d) => ({ date: d.date, ...Object.fromEntries(shown.map((b) => [b.name, d.brands[b.name]?.rank ?? null])) }))
  const spec = (): WorkbookSpec => ({
    fileName: `brand-rank-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Brand Rank Over Time', rows: [['Brand', ...data.days.map((d) => d.date)], ...shown.map((b) => [b.name, ...data.days.map((d) => d.brands[b.name]?.rank ?? 'N/A')])] }],
  })
  return (
    <TrendPanel title="Brand Rank Over Time" testId="rank-trend" exportSpec={spec} help="Combined rank per daily analysis: the mean of the models' average ranks. Lower is better (1 is named first).">
      <RankChart rows={rows} shown={shown} />
      {rankTable('rank-trend', data.days.map((d) => d.date), shown, (b, i) => data.days[i].brands[b]?.rank ?? null)}
    </TrendPanel>
  )
}

function QueryTrend({ data, shown, onQuery }: { data: TrendsData; shown: Shown; onQuery: (q: string) => void }) {
  const rows = data.queryRanks.map((r) => ({ date: r.date, ...Object.fromEntries(shown.map((b) => [b.name, r.ranks[b.name] ?? null])) }))
  const spec = (): WorkbookSpec => ({
    fileName: `query-ranking-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Query Ranking Over Time', rows: [['Query', data.query ?? ''], ['Brand', ...data.queryRanks.map((r) => r.date)], ...shown.map((b) => [b.name, ...data.queryRanks.map((r) => r.ranks[b.name] ?? 'N/A')])] }],
  })
  return (
    <TrendPanel title="Query Ranking Over Time" testId="query-trend" exportSpec={spec} help="Combined rank of each brand for one query per daily analysis. Lower is better.">
      <div className="rs-filters">
        <label>
          Query
          <select value={data.query ?? ''} onChange={(e) => onQuery(e.target.value)} aria-label="Query">
            {data.queries.map((q) => (
              <option key={q.key} value={q.query} title={q.query}>
                {q.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RankChart rows={rows} shown={shown} />
      {rankTable('query-trend', data.queryRanks.map((r) => r.date), shown, (b, i) => data.queryRanks[i].ranks[b] ?? null)}
    </TrendPanel>
  )
}

function TopicTrend({ data, onBrand }: { data: TrendsData; onBrand: (b: string) => void }) {
  const markers = useTrendMarkers()
  const rows = data.topicTrend.map((t) => ({ date: t.date, ...t.values }))
  const spec = (): WorkbookSpec => ({
    fileName: `topic-trend-${fileDate(data.days)}.xlsx`,
    sheets: [{ name: 'Topics Trend Analysis', rows: [['Brand', data.topicBrand ?? ''], ['Topic', ...data.topicTrend.map((t) => t.date)], ...data.topics.map((topic) => [topic, ...data.topicTrend.map((t) => t.values[topic] ?? 0)])] }],
  })
  return (
    <TrendPanel title="Topics Trend Analysis" testId="topic-trend" exportSpec={spec} help="The brand's mentions of the day scaled by each topic's share of that day's queries.">
      {data.topics.length === 0 ? (
        <Empty title="No topic associations found" />
      ) : (
        <>
          <div className="rs-filters">
            <label>
              Brand
              <select value={data.topicBrand ?? ''} onChange={(e) => onBrand(e.target.value)} aria-label="Topic trend brand">
                {data.brands.map((b) => (
                  <option key={b.name} value={b.name}>
                    {b.name}
                    {b.isOwn ? ' (Your Brand)' : ''}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ChartFigure title={`Topic trend of ${data.topicBrand ?? 'the brand'}`} columns={['Date', ...data.topics]} rows={data.topicTrend.map((t) => [formatDate(t.date), ...data.topics.map((k) => t.values[k] ?? 0)])}>
          <div className="rs-chart">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={rows}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="date" tickFormatter={axisDate} />
                <YAxis />
                <Tooltip labelFormatter={(d) => formatDate(String(d))} />
                <Legend />
                {markerLines(markers)}
                {data.topics.map((t, i) => (
                  <Line key={t} dataKey={t} stroke={TREND_PALETTE[i % TREND_PALETTE.length]} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          </ChartFigure>
        </>
      )}
    </TrendPanel>
  )
}
