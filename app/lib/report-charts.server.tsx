/**
 * The report's charts, drawn on the server by recharts — the screens' chart library and palette — as
 * SVG for the PDF and the shared web page. No browser tab is screenshotted.
 *
 * Recharts 3 computes its layout in effects, so renderToStaticMarkup returns an empty wrapper
 * (recharts/recharts#5997). Each chart is therefore rendered by react-dom into a linkedom document, flushed
 * synchronously (flushSync commits and runs the effects and the store updates they cause), and its markup read
 * back. `window` and `document` are set only for the length of that synchronous call, so no request of the app
 * ever sees them. Every size is fixed (no ResponsiveContainer, nothing measured).
 */
import type { ReactElement } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { parseHTML } from 'linkedom'
import { Area, Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, XAxis, YAxis } from 'recharts'
import { modelById } from '../domain/models'
import { OWN_TREND_COLOUR, TREND_PALETTE } from '../domain/trends'
import { WORDS, type ReportLang } from '../domain/report/summary-text'
import { EXPERIMENT_WORDS, experimentCaption, type ReportExperiment } from '../domain/report/experiments'

/** The screens' colours: own brand red, competitors the trend palette, sentiment and source types as on Results. */
const SENTIMENT = { positive: '#15803d', neutral: '#6b7280', negative: '#dc2626' } as const
const SOURCE_TYPE = { Owned: OWN_TREND_COLOUR, Competitor: TREND_PALETTE[0], Earned: TREND_PALETTE[1] } as const
const WIDTH = 480
const FONT = { fontSize: 11, fill: '#374151' }
/** Recharts cannot measure a legend without a browser: the plot leaves this much room under it for one. */
const LEGEND_ROOM = 36

export interface ReportChartsInput {
  lang: ReportLang
  brands: { name: string; isOwn: boolean; share: number }[]
  /** Own brand's (and the top competitor's) average rank per engine. */
  rankByEngine: { modelId: number; own: number | null; rival: number | null }[]
  rivalName: string | null
  trend: { date: string; share: number; low: number; high: number }[]
  sentiment: { name: string; positive: number; neutral: number; negative: number }[] | null
  sources: { domain: string; citations: number; type: 'Owned' | 'Competitor' | 'Earned' }[]
  /** The project's content changes (absent or empty: no experiments section). */
  experiments?: ReportExperiment[]
}

export interface ReportChart {
  key: 'share' | 'rank' | 'trend' | 'sentiment' | 'sources' | 'experiment'
  title: string
  svg: string
  /** Sentences under the chart (an experiment's estimate, or why there is none). */
  caption?: string[]
}

/** One chart's markup, rendered synchronously in a throwaway DOM. */
export function renderChart(node: ReactElement): string {
  const { window } = parseHTML('<!doctype html><html><body><div id="chart"></div></body></html>')
  ;(window as any).getComputedStyle = () => ({})
  const g = globalThis as Record<string, unknown>
  const saved = (['window', 'document'] as const).map((k) => [k, Object.getOwnPropertyDescriptor(g, k)] as const)
  g.window = window
  g.document = window.document
  try {
    const el = window.document.getElementById('chart') as unknown as HTMLElement
    const root = createRoot(el)
    flushSync(() => root.render(node))
    // Store updates from the first commit's effects render again; a few rounds settle every chart here.
    for (let i = 0, last = ''; i < 8 && el.innerHTML !== last; i++) {
      last = el.innerHTML
      flushSync(() => undefined)
    }
    const html = el.innerHTML
    root.unmount()
    return html
  } finally {
    for (const [k, d] of saved) {
      if (d) Object.defineProperty(g, k, d)
      else delete g[k]
    }
  }
}

const brandColour = (isOwn: boolean, i: number) => (isOwn ? OWN_TREND_COLOUR : TREND_PALETTE[i % TREND_PALETTE.length])
const engine = (id: number) => modelById(id)?.column ?? `Model ${id}`
const short = (s: string, max = 22) => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

/** The charts the data allows, in the report's order. */
export function reportCharts(d: ReportChartsInput): ReportChart[] {
  const w = WORDS[d.lang].charts
  const out: ReportChart[] = []
  const brands = d.brands.slice(0, 10)
  if (brands.length) {
    let c = 0
    const colours = brands.map((b) => brandColour(b.isOwn, b.isOwn ? 0 : c++))
    out.push({
      key: 'share',
      title: w.share,
      svg: renderChart(
        <BarChart width={WIDTH} height={40 + brands.length * 26} data={brands.map((b) => ({ name: short(b.name), share: b.share }))} layout="vertical" margin={{ left: 8, right: 40, top: 8, bottom: 8 }}>
          <CartesianGrid horizontal={false} stroke="#e5e7eb" />
          <XAxis type="number" domain={[0, 100]} unit="%" tick={FONT} />
          <YAxis type="category" dataKey="name" width={150} tick={FONT} />
          <Bar dataKey="share" isAnimationActive={false} label={{ position: 'right', ...FONT }}>
            {brands.map((b, i) => <Cell key={b.name} fill={colours[i]} />)}
          </Bar>
        </BarChart>,
      ),
    })
  }
  const ranked = d.rankByEngine.filter((r) => r.own !== null || r.rival !== null)
  if (ranked.length) {
    const own = d.brands.find((b) => b.isOwn)?.name ?? ''
    out.push({
      key: 'rank',
      title: w.rankByEngine,
      svg: renderChart(
        <BarChart width={WIDTH} height={260} data={ranked.map((r) => ({ engine: engine(r.modelId), own: r.own, rival: r.rival }))} margin={{ left: 0, right: 16, top: 16, bottom: LEGEND_ROOM }}>
          <CartesianGrid vertical={false} stroke="#e5e7eb" />
          <XAxis dataKey="engine" tick={FONT} />
          <YAxis allowDecimals={false} domain={[0, 'dataMax + 1']} tick={FONT} width={32} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Bar dataKey="own" name={own} fill={OWN_TREND_COLOUR} isAnimationActive={false} label={{ position: 'top', ...FONT }} />
          {d.rivalName ? <Bar dataKey="rival" name={d.rivalName} fill={TREND_PALETTE[0]} isAnimationActive={false} /> : null}
        </BarChart>,
      ),
    })
  }
  if (d.trend.length > 1) {
    out.push({
      key: 'trend',
      title: w.trend,
      svg: renderChart(
        <ComposedChart width={WIDTH} height={260} data={d.trend.map((t) => ({ date: t.date, share: t.share, band: [t.low, t.high] }))} margin={{ left: 0, right: 36, top: 8, bottom: LEGEND_ROOM }}>
          <CartesianGrid vertical={false} stroke="#e5e7eb" />
          <XAxis dataKey="date" tick={FONT} />
          <YAxis domain={[0, 100]} unit="%" tick={FONT} width={44} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Area dataKey="band" name={w.band} stroke="none" fill={OWN_TREND_COLOUR} fillOpacity={0.15} isAnimationActive={false} />
          <Line dataKey="share" name={d.brands.find((b) => b.isOwn)?.name ?? ''} stroke={OWN_TREND_COLOUR} strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>,
      ),
    })
  }
  if (d.sentiment && d.sentiment.length) {
    const rows = d.sentiment.slice(0, 10)
    out.push({
      key: 'sentiment',
      title: w.sentiment,
      svg: renderChart(
        <BarChart width={WIDTH} height={40 + LEGEND_ROOM + rows.length * 26} data={rows.map((r) => ({ ...r, name: short(r.name) }))} layout="vertical" stackOffset="expand" margin={{ left: 8, right: 16, top: 8, bottom: LEGEND_ROOM }}>
          <XAxis type="number" hide />
          <YAxis type="category" dataKey="name" width={150} tick={FONT} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Bar dataKey="positive" name={w.positive} stackId="s" fill={SENTIMENT.positive} isAnimationActive={false} />
          <Bar dataKey="neutral" name={w.neutral} stackId="s" fill={SENTIMENT.neutral} isAnimationActive={false} />
          <Bar dataKey="negative" name={w.negative} stackId="s" fill={SENTIMENT.negative} isAnimationActive={false} />
        </BarChart>,
      ),
    })
  }
  if (d.sources.length) {
    const rows = d.sources.slice(0, 8)
    out.push({
      key: 'sources',
      title: w.sources,
      svg: renderChart(
        <BarChart width={WIDTH} height={40 + rows.length * 26} data={rows.map((r) => ({ name: short(r.domain, 28), citations: r.citations }))} layout="vertical" margin={{ left: 8, right: 40, top: 8, bottom: 8 }}>
          <CartesianGrid horizontal={false} stroke="#e5e7eb" />
          <XAxis type="number" allowDecimals={false} tick={FONT} />
          <YAxis type="category" dataKey="name" width={170} tick={FONT} />
          <Bar dataKey="citations" isAnimationActive={false} label={{ position: 'right', ...FONT }}>
            {rows.map((r) => <Cell key={r.domain} fill={SOURCE_TYPE[r.type]} />)}
          </Bar>
        </BarChart>,
      ),
    })
  }
  for (const x of d.experiments ?? []) out.push(experimentChart(x, d.lang))
  return out
}

/** Treated versus control visibility before and after a change, in the Experiments panel's colours. */
export function experimentChart(x: ReportExperiment, lang: ReportLang): ReportChart {
  const w = EXPERIMENT_WORDS[lang]
  const data = [
    { period: w.before, treated: x.treated.before, control: x.control.before },
    { period: w.after, treated: x.treated.after, control: x.control.after },
  ]
  const any = data.some((p) => p.treated !== null || p.control !== null)
  return {
    key: 'experiment',
    title: w.title(x.description, x.changeDate),
    svg: any
      ? renderChart(
          <BarChart width={WIDTH} height={240} data={data} margin={{ left: 0, right: 16, top: 16, bottom: LEGEND_ROOM }}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="period" tick={FONT} />
            <YAxis domain={[0, 100]} unit="%" tick={FONT} width={44} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            <Bar dataKey="treated" name={w.treated} fill={OWN_TREND_COLOUR} isAnimationActive={false} label={{ position: 'top', ...FONT }} />
            <Bar dataKey="control" name={w.control} fill={TREND_PALETTE[0]} isAnimationActive={false} label={{ position: 'top', ...FONT }} />
          </BarChart>,
        )
      : '',
    caption: experimentCaption(x, lang),
  }
}
