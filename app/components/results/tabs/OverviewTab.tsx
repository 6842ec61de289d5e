import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type PieProps } from 'recharts'
import { pieSlicesOf, truncateLabel } from '~/domain/metrics/colours'
import { brandColours, COMPETITOR_PALETTE, formatNumber, formatRank, OTHERS_COLOUR, OWN_BRAND_COLOUR, SENTIMENT_COLOURS } from '../format'
import { overviewWorkbook } from '../export-sheets'
import { Empty, ExportButton, MetricGlossary, MetricHelp, Tile, type MetricKey } from '../Parts'
import type { OverviewData, ResultsHeader } from '~/domain/results/types'
import { DiscoveredBrands } from '../DiscoveredBrands'
import { ChartFigure } from '~/components/chart-figure'
import { Ci, Ev, OverviewEvidence, Spread } from '~/components/evidence/Evidence'

/** Labels of slices under this share are hidden in the mention-share pie. */
const MIN_LABEL_SHARE = 3

interface Slice {
  name: string
  value: number
  share: number
  isOwn: boolean
  colour: string
  grouped: string[]
}

/** Mentions per brand as a pie with the mentions tooltip; the overview's two pies differ in size, labels and legend. */
function MentionPie({ slices, innerRadius, outerRadius, label, children }: { slices: Slice[]; innerRadius?: string; outerRadius: string; label: PieProps['label']; children?: React.ReactNode }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie data={slices} dataKey="value" nameKey="name" innerRadius={innerRadius} outerRadius={outerRadius} isAnimationActive={false} labelLine={false} label={label}>
          {slices.map((d) => (
            <Cell key={d.name} fill={d.colour} stroke="#fff" />
          ))}
        </Pie>
        <Tooltip
          formatter={(v: any, _n: any, p: any) => [
            `${formatNumber(Number(v))} mentions (${p.payload.share}%)`,
            p.payload.grouped.length ? `${p.payload.name}: ${p.payload.grouped.join(', ')}` : p.payload.name,
          ]}
        />
        {children}
      </PieChart>
    </ResponsiveContainer>
  )
}

/**
 * A tile whose note carries the own brand's figures, each opening the answers behind it. The tile's
 * value is a figure of all brands together (no single brand's answers), so it stays text; markup as parts' Tile.
 */
function EvidenceTile({ label, value, help, note }: { label: string; value: string; help: MetricKey; note: React.ReactNode }) {
  return (
    <div className="rs-tile" data-tile={label}>
      <div className="rs-tile-label">
        {label}
        <MetricHelp metric={help} />
      </div>
      <div className="rs-tile-value">{value}</div>
      <div className="rs-tile-note muted">{note}</div>
    </div>
  )
}

export function OverviewTab({ data, header }: { data: OverviewData; header: ResultsHeader }) {
  const colours = brandColours(data.brands)
  // A colour per slice: the competitors past the palette are grouped as Others.
  let competitor = 0
  const slices: Slice[] = pieSlicesOf(data.brands, COMPETITOR_PALETTE.length).map((s) => ({
    ...s,
    colour: s.isOwn ? OWN_BRAND_COLOUR : s.grouped.length ? OTHERS_COLOUR : COMPETITOR_PALETTE[competitor++],
  }))
  const ranked = data.brands
    .map((b, i) => ({ name: b.name, label: truncateLabel(b.name), rank: b.rank, isOwn: b.isOwn, colour: colours[i] }))
    .filter((b): b is typeof b & { rank: number } => b.rank !== null)
    .sort((a, b) => a.rank - b.rank)
  const sentiment = data.brands
    .filter((b) => b.sentiment.mentions > 0)
    .map((b) => ({ name: b.name, label: truncateLabel(b.name), isOwn: b.isOwn, positive: b.sentiment.positive, neutral: b.sentiment.neutral, negative: b.sentiment.negative }))
  const own = data.brands.find((b) => b.isOwn)
  const ownEvidence = own ? data.evidence?.[own.name] : undefined
  const s = data.summary
  const date = header.analysis?.date ?? 'analysis'

  return (
    <div data-tab-content="overview">
      <div className="rs-tiles">
        {own && data.hasAnswers ? (
          <EvidenceTile
            label="Total Mentions"
            value={formatNumber(s.totalMentions)}
            help="totalMentions"
            note={
              <>
                yours: <Ev cell={{ metric: 'mentions', brand: own.name }}>{formatNumber(own.mentions)}</Ev> ·{' '}
                <Ev cell={{ metric: 'share', brand: own.name }}>{own.share}%</Ev>
                <Ci rate={ownEvidence?.share} />
              </>
            }
          />
        ) : (
          <Tile label="Total Mentions" value={formatNumber(s.totalMentions)} help="totalMentions" />
        )}
        <Tile label="Brands with Mentions" value={String(s.brandsWithMentions)} help="mentionsShare" />
        <EvidenceTile
          label="Avg Ranking"
          value={s.averageRank === null ? 'N/A' : formatRank(s.averageRank)}
          help="averageRank"
          note={
            <>
              {"Mean of all brands' ranks · "}
              {own && (
                <>
                  yours:{' '}
                  <Ev cell={{ metric: 'rank', brand: own.name }}>{own.rank === null ? 'not ranked' : `#${formatRank(own.rank)}`}</Ev>
                  {own.rank !== null && <Spread spread={ownEvidence?.rank ?? null} />}
                </>
              )}
            </>
          }
        />
        <Tile label="Brands Ranked" value={String(s.brandsRanked)} help="rank" />
      </div>

      <section className="panel">
        <div className="rs-panel-head">
          <h2>Brand Results Summary</h2>
        </div>
        <div className="grid-2">
          <div>
            <p className="rs-chart-title">
              Mentions by brand <MetricHelp metric="mentionsShare" />
              {own && (
                <span className="rs-you">
                  <Ev cell={{ metric: 'share', brand: own.name }}>YOU {own.share}%</Ev>
                </span>
              )}
            </p>
            {slices.length === 0 ? (
              <Empty title="No mention data available" />
            ) : (
              <ChartFigure title="Mentions by brand" columns={['Brand', 'Mentions', 'Share']} rows={slices.map((d) => [d.name, formatNumber(d.value), `${d.share}%`])}>
              <div className="rs-chart">
                <MentionPie
                  slices={slices}
                  outerRadius="65%"
                  label={(p: any) => {
                    const d = p.payload as Slice
                    if (!d.isOwn && d.share < 8) return null
                    return (
                      <text x={p.x} y={p.y} fill={d.isOwn ? OWN_BRAND_COLOUR : '#374151'} fontSize={12} fontWeight={d.isOwn ? 700 : 400} textAnchor={p.x > p.cx ? 'start' : 'end'}>
                        {d.isOwn ? `YOU ${d.share}%` : `${truncateLabel(d.name)} ${d.share}%`}
                      </text>
                    )
                  }}
                />
              </div>
              </ChartFigure>
            )}
          </div>
          <div>
            <p className="rs-chart-title">
              Average ranking <MetricHelp metric="averageRank" />
              <span className="rs-you">YOUR BRAND</span>
              <span className={`badge ${data.ownRankPosition ? 'badge-blue' : 'badge-grey'}`} data-own-rank>
                {data.ownRankPosition && own ? <Ev cell={{ metric: 'rank', brand: own.name }}>{`RANK #${data.ownRankPosition}`}</Ev> : 'NO DATA'}
              </span>
            </p>
            {ranked.length === 0 ? (
              <Empty title="No ranking data available">
                {header.filters.model === 'grok3' && 'This analysis may not include Grok-4 data: run Grok-4 from Model Admin to add it.'}
              </Empty>
            ) : (
              <ChartFigure title="Average ranking" columns={['Brand', 'Average rank']} rows={ranked.map((d) => [d.name, formatRank(d.rank)])}>
              <div className="rs-chart" style={{ height: Math.max(300, 22 * ranked.length + 50) }}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={ranked} layout="vertical" margin={{ left: 8, right: 24 }}>
                    <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                    <XAxis type="number" domain={[0, 'dataMax']} allowDecimals />
                    <YAxis type="category" dataKey="label" width={110} interval={0} tick={{ fontSize: 12 }} />
                    <Tooltip formatter={(v: any) => [formatRank(Number(v)), 'Average rank']} labelFormatter={(_l: any, p: any) => p?.[0]?.payload?.name ?? ''} />
                    <Bar dataKey="rank" isAnimationActive={false}>
                      {ranked.map((d) => (
                        <Cell key={d.name} fill={d.colour} />
                      ))}
                      <LabelList dataKey="rank" position="right" fontSize={11} />
                    </Bar>
                  </BarChart>
                </ResponsiveContainer>
              </div>
              </ChartFigure>
            )}
          </div>
        </div>
        <div style={{ marginTop: '1rem' }}>
          <p className="rs-chart-title">
            Sentiment by brand <MetricHelp metric="averageSentiment" />
          </p>
          {data.sentimentUnavailable ? (
            <Empty title={`Sentiment not available in ${data.sentimentUnavailable}`} />
          ) : sentiment.length === 0 ? (
            <Empty title="No sentiment data available" />
          ) : (
            <ChartFigure title="Sentiment by brand" columns={['Brand', 'Positive', 'Neutral', 'Negative']} rows={sentiment.map((d) => [d.name, `${d.positive}%`, `${d.neutral}%`, `${d.negative}%`])}>
            <div className="rs-chart" style={{ height: Math.max(160, 36 * sentiment.length + 60) }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={sentiment} layout="vertical" stackOffset="expand" margin={{ left: 8, right: 24 }}>
                  <XAxis type="number" tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
                  <YAxis type="category" dataKey="label" width={110} interval={0} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(v: any, n: any) => [`${v}%`, n]} labelFormatter={(_l: any, p: any) => p?.[0]?.payload?.name ?? ''} />
                  <Legend />
                  <Bar dataKey="positive" name="Positive" stackId="s" fill={SENTIMENT_COLOURS.positive} isAnimationActive={false} />
                  <Bar dataKey="neutral" name="Neutral" stackId="s" fill={SENTIMENT_COLOURS.neutral} isAnimationActive={false} />
                  <Bar dataKey="negative" name="Negative" stackId="s" fill={SENTIMENT_COLOURS.negative} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            </ChartFigure>
          )}
        </div>
      </section>

      <OverviewEvidence data={data} />

      <section className="panel">
        <div className="rs-panel-head">
          <h2>
            Brand Analysis Overview <MetricHelp metric="totalMentions" />
          </h2>
          <ExportButton build={() => overviewWorkbook(data, date)} />
        </div>
        {slices.length === 0 ? (
          <Empty title="No mention data available" />
        ) : (
          <div className="grid-2">
            <div>
              <p className="rs-chart-title">Mention volume</p>
              <ChartFigure title="Mention volume" columns={['Brand', 'Mentions']} rows={slices.map((d) => [d.name, formatNumber(d.value)])}>
              <div className="rs-chart rs-chart-tall">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={slices.map((d) => ({ ...d, label: truncateLabel(d.name) }))} margin={{ top: 24, bottom: 40 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="label" interval={0} angle={-35} textAnchor="end" height={60} tick={{ fontSize: 11 }} />
                    <YAxis allowDecimals={false} />
                    <Tooltip formatter={(v: any) => [formatNumber(Number(v)), 'Mentions']} labelFormatter={(_l: any, p: any) => p?.[0]?.payload?.name ?? ''} />
                    <Bar dataKey="value" isAnimationActive={false}>
                      {slices.map((d) => (
                        <Cell key={d.name} fill={d.colour} />
                      ))}
                      <LabelList
                        dataKey="value"
                        content={(p: any) => {
                          const d = slices[p.index]
                          if (!d?.isOwn) return null
                          return (
                            <text x={p.x + p.width / 2} y={p.y - 6} textAnchor="middle" fontSize={10} fontWeight={700} fill={OWN_BRAND_COLOUR}>
                              YOUR BRAND
                            </text>
                          )
                        }}
                      />
                    </Bar>
                  </BarChart>
                </ResponsiveContainer>
              </div>
              </ChartFigure>
            </div>
            <div>
              <p className="rs-chart-title">
                Mention share <MetricHelp metric="mentionsShare" />
              </p>
              <ChartFigure title="Mention share" columns={['Brand', 'Share of mentions']} rows={slices.map((d) => [d.name, `${d.share}%`])}>
              <div className="rs-chart rs-chart-tall">
                <MentionPie
                  slices={slices}
                  innerRadius="45%"
                  outerRadius="75%"
                  label={(p: any) => {
                    const d = p.payload as Slice
                    if (d.share < MIN_LABEL_SHARE) return null
                    return (
                      <text x={p.x} y={p.y} fill="#374151" fontSize={11} textAnchor={p.x > p.cx ? 'start' : 'end'}>
                        {`${d.share}%`}
                      </text>
                    )
                  }}
                >
                  <Legend formatter={(v: any) => truncateLabel(String(v))} />
                </MentionPie>
              </div>
              </ChartFigure>
            </div>
          </div>
        )}
      </section>

      <DiscoveredBrands header={header} />

      <details className="panel">
        <summary style={{ cursor: 'pointer', fontWeight: 600 }}>How to read these metrics</summary>
        <div style={{ marginTop: '.75rem' }}>
          <MetricGlossary />
          <p>
            <a href="/how-we-count">How we count</a>: how mentions and ranks are read from an answer in each language, and how accurate that reading is.
          </p>
        </div>
      </details>
    </div>
  )
}
