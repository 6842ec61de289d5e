/** Mentions heat table, Brand Sentiment Analysis and Sentiment Detail. */
import { useState } from 'react'
import { Link, useNavigate, useRevalidator, useSearchParams } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { brandColours, formatNumber, HEAT_BRACKET_COLOURS, HEAT_BRACKET_LABELS, heatStyle, mentionPercentStyle, modelName, SENTIMENT_COLOURS } from '../format'
import { mentionsWorkbook, sentimentDetailWorkbook, sentimentWorkbook } from '../export-sheets'
import { BrandLabel, BrandRow, DataTable, Empty, ExportButton, Highlighted, MetricHelp, useResultsHref } from '../Parts'
import { errorText, fetchJson } from '~/components/json'
import type { MentionsData, Polarity, ResultsHeader, SentimentData, SentimentDetailData, SentimentRow } from '~/domain/results/types'
import { BrandSelect } from './TableTabs'
import { DiscoveredBrands } from '../DiscoveredBrands'
import { Ci, Ev } from '~/components/evidence/Evidence'
import { ownBrandsOnly, SHOWN_BRANDS_PARAM, shownBrandIndexes, toggleShownBrand } from '../brand-choice'
import { sentimentFormula } from '../sentiment-formula'

/** Multi-select of the Mentions columns, kept in the URL (`brands`); the own brand is always shown. */
function BrandChooser({ brands, shown }: { brands: MentionsData['brands']; shown: number[] }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const [searchParams] = useSearchParams()
  const requested = searchParams.getAll(SHOWN_BRANDS_PARAM)
  const visible = new Set(shown)
  const go = (names: string[] | null) => navigate(href({ [SHOWN_BRANDS_PARAM]: names }), { preventScrollReset: true, replace: true })
  return (
    <details className="rs-chooser" data-brand-chooser>
      <summary className="btn btn-small">
        Brands shown: {shown.length} of {brands.length}
      </summary>
      <div className="rs-chooser-menu" role="group" aria-label="Brands shown in the table">
        <div className="rs-chooser-actions">
          <button type="button" className="btn btn-small" disabled={shown.length === brands.length} onClick={() => go(null)}>
            Show all
          </button>
          <button type="button" className="btn btn-small" onClick={() => go(ownBrandsOnly(brands))}>
            Your brand only
          </button>
        </div>
        {brands.map((b, i) => (
          <label key={b.name} className="rs-chooser-item">
            <input
              type="checkbox"
              name="shown-brand"
              value={b.name}
              checked={visible.has(i)}
              disabled={b.isOwn}
              onChange={() => go(toggleShownBrand(brands, requested, b.name))}
            />
            <span>{b.name}</span>
            {b.isOwn ? <span className="muted">(Your Brand, always shown)</span> : <span className="muted">{formatNumber(b.total)}</span>}
          </label>
        ))}
      </div>
    </details>
  )
}

export function MentionsTab({ data, header }: { data: MentionsData; header: ResultsHeader }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [fixing, setFixing] = useState(false)
  const colours = brandColours(data.brands)
  const canFix = header.mode === 'app' && header.project.isOwner && header.analysis
  const [searchParams] = useSearchParams()
  const shown = shownBrandIndexes(data.brands, searchParams.getAll(SHOWN_BRANDS_PARAM))
  const filtered = shown.length < data.brands.length
  return (
    <>
    <section className="panel" data-tab-content="mentions">
      <div className="rs-panel-head">
        <h2>
          Brand Mentions Analysis <MetricHelp metric="totalMentions" />
        </h2>
        <div className="rs-actions">
          {data.brands.length > 1 && <BrandChooser brands={data.brands} shown={shown} />}
          {canFix && (
            <button
              type="button"
              className="btn btn-small"
              disabled={fixing}
              onClick={async () => {
                setFixing(true)
                try {
                  const r = await fetchJson<{ updatedResponses?: number }>(`/api/analyses/${header.analysis!.id}/rebuild-mentions`, { method: 'POST', body: {} })
                  toast({ title: 'Data Fixed', description: `Mentions recounted in ${r.updatedResponses ?? 0} answers using the current brand and alternative names.`, variant: 'success' })
                  revalidator.revalidate()
                } catch (err) {
                  toast({ title: 'Fix Failed', description: errorText(err, 'Failed to rebuild mentions'), variant: 'destructive' })
                } finally {
                  setFixing(false)
                }
              }}
            >
              {fixing ? 'Fixing...' : 'Fix Missing Data'}
            </button>
          )}
          {data.rows.length > 0 && <ExportButton build={() => mentionsWorkbook(data, header.analysis?.date ?? 'analysis')} />}
        </div>
      </div>
      <p className="muted" style={{ marginTop: 0 }}>
        Share of voice by query: how often each brand is named in the answers to each query, over the models shown.
        {filtered && (
          <span data-brands-note>
            {' '}
            Showing {shown.length} of {data.brands.length} brands; Total and % count all {data.brands.length}.
          </span>
        )}
      </p>
      {!data.hasAnswers || data.rows.length === 0 ? (
        <Empty title="No mention data available" />
      ) : (
        <>
          <DataTable name="mentions" className="rs-heat">
            <thead>
              <tr>
                <th>Query</th>
                {shown.map((i) => data.brands[i]).map((b, i) => (
                  <th key={b.name} className="num" title={b.name}>
                    <BrandLabel name={b.name} isOwn={b.isOwn} colour={colours[shown[i]]} you={null} />
                    {b.isOwn && <div className="rs-you">Your Brand</div>}
                  </th>
                ))}
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.queryIndex}>
                  <td className="query">{r.query}</td>
                  {shown.map((i) => (
                    <td key={data.brands[i].name} className="num">
                      <Ev cell={{ metric: 'mentions', brand: data.brands[i].name, queryIndex: r.queryIndex }}>
                        <span className="rs-cell" style={heatStyle(r.counts[i])}>
                          {formatNumber(r.counts[i])}
                        </span>
                      </Ev>
                    </td>
                  ))}
                  <td className="num">{formatNumber(r.total)}</td>
                </tr>
              ))}
              <tr className="rs-total-row" data-total-row>
                <td>TOTAL MENTIONS</td>
                {shown.map((i) => data.brands[i]).map((b, k) => (
                  <td key={b.name} className="num">
                    <div>
                      <Ev cell={{ metric: 'mentions', brand: b.name }}>{formatNumber(b.total)}</Ev>
                    </div>
                    <Ev cell={{ metric: 'share', brand: b.name }}>
                      <span className="rs-cell" style={mentionPercentStyle(data.percents[shown[k]])}>
                        {data.percents[shown[k]]}%
                      </span>
                    </Ev>
                    <Ci rate={data.percentsCi?.[shown[k]]} />
                  </td>
                ))}
                <td className="num" data-grand-total>
                  {formatNumber(data.grandTotal)}
                </td>
              </tr>
            </tbody>
          </DataTable>
          <div className="rs-legend">
            Mentions per cell:
            {HEAT_BRACKET_LABELS.slice(1).map((l, i) => (
              <span key={l}>
                <i style={{ background: HEAT_BRACKET_COLOURS[i + 1] }} />
                {l}
              </span>
            ))}
          </div>
        </>
      )}
    </section>
    <DiscoveredBrands header={header} />
    </>
  )
}

function Distribution({ row }: { row: Pick<SentimentRow, 'positive' | 'neutral' | 'negative'> }) {
  return (
    <div className="rs-dist" role="img" aria-label={`${row.positive}% positive, ${row.neutral}% neutral, ${row.negative}% negative`}>
      <span style={{ width: `${row.positive}%`, background: SENTIMENT_COLOURS.positive }} />
      <span style={{ width: `${row.neutral}%`, background: SENTIMENT_COLOURS.neutral }} />
      <span style={{ width: `${row.negative}%`, background: SENTIMENT_COLOURS.negative }} />
    </div>
  )
}

const signed = (n: number) => (n > 0 ? `+${n.toFixed(2)}` : n.toFixed(2))

export function SentimentTab({ data, header }: { data: SentimentData; header: ResultsHeader }) {
  const colours = brandColours(data.rows)
  const own = data.rows.find((r) => r.isOwn)
  const withData = data.rows.filter((r) => r.mentions > 0)
  if (data.sentimentUnavailable) {
    return (
      <div data-tab-content="sentiment">
        <section className="panel">
          <Empty title={`Sentiment not available in ${data.sentimentUnavailable}`}>
            No sentiment word list covers this language, so sentiment was not measured.
          </Empty>
        </section>
      </div>
    )
  }
  return (
    <div data-tab-content="sentiment">
      {own && (
        <div className="rs-cards">
          <div className="rs-card" data-card="positive">
            <h3 style={{ color: SENTIMENT_COLOURS.positive }}>Positive</h3>
            <div className="rs-tile-value">{own.positive}%</div>
            <div className="muted">{own.positiveWords.length ? `Words: ${own.positiveWords.join(', ')}` : 'No positive words found'}</div>
          </div>
          <div className="rs-card" data-card="neutral">
            <h3 style={{ color: '#4b5563' }}>
              Overall <MetricHelp metric="averageSentiment" extra={sentimentFormula(own)} />
            </h3>
            <div className="rs-tile-value">{own.mentions ? signed(own.score) : 'N/A'}</div>
            <div className="muted">
              {own.mentions ? `${own.label[0].toUpperCase()}${own.label.slice(1)} · ${own.neutral}% neutral · ${own.mentions} sentences about ${own.name}` : `No sentences about ${own.name}`}
            </div>
          </div>
          <div className="rs-card" data-card="negative">
            <h3 style={{ color: SENTIMENT_COLOURS.negative }}>Negative</h3>
            <div className="rs-tile-value">{own.negative}%</div>
            <div className="muted">{own.negativeWords.length ? `Words: ${own.negativeWords.join(', ')}` : 'No negative words found'}</div>
          </div>
        </div>
      )}
      <section className="panel">
        <div className="rs-panel-head">
          <h2>
            Brand Sentiment Analysis <MetricHelp metric="sentiment" />
          </h2>
          {withData.length > 0 && <ExportButton build={() => sentimentWorkbook(data, header.analysis?.date ?? 'analysis')} />}
        </div>
        {withData.length === 0 ? (
          <Empty title="No sentiment data available" />
        ) : (
          <DataTable name="sentiment">
            <thead>
              <tr>
                <th>Brand</th>
                <th className="num">Positive</th>
                <th className="num">Neutral</th>
                <th className="num">Negative</th>
                <th>Distribution</th>
                <th className="num">
                  Score <MetricHelp metric="sentiment" />
                </th>
                <th className="num">Sentences</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r, i) => (
                <BrandRow key={r.name} brand={r} colour={colours[i]}>
                  <td className="num" style={{ color: SENTIMENT_COLOURS.positive }}>
                    <Ev cell={{ metric: 'positive', brand: r.name }}>{r.positive}%</Ev>
                    <Ci rate={r.positiveCi} />
                  </td>
                  <td className="num">
                    <Ev cell={{ metric: 'sentiment', brand: r.name }}>{r.neutral}%</Ev>
                  </td>
                  <td className="num" style={{ color: SENTIMENT_COLOURS.negative }}>
                    <Ev cell={{ metric: 'sentiment', brand: r.name }}>{r.negative}%</Ev>
                  </td>
                  <td style={{ minWidth: 140 }}>{r.mentions > 0 ? <Distribution row={r} /> : <span className="muted">No data</span>}</td>
                  <td className="num">
                    <Ev cell={{ metric: 'sentiment', brand: r.name }}>
                      <span title={sentimentFormula(r)} data-score-formula>
                        {r.mentions > 0 ? signed(r.score) : 'N/A'}
                      </span>
                    </Ev>
                  </td>
                  <td className="num">
                    <Ev cell={{ metric: 'sentiment', brand: r.name }}>{r.mentions}</Ev>
                  </td>
                </BrandRow>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </div>
  )
}

const POLARITIES: { value: Polarity; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'positive', label: 'Positive Only' },
  { value: 'negative', label: 'Negative Only' },
]

export function SentimentDetailTab({ data, header }: { data: SentimentDetailData; header: ResultsHeader }) {
  const href = useResultsHref()
  return (
    <section className="panel" data-tab-content="sentiment-detail">
      <div className="rs-panel-head">
        <h2>
          Sentiment Detail <MetricHelp metric="sentiment" />
        </h2>
        <div className="rs-actions">
          <BrandSelect brands={data.brands} value={data.brand} />
          <nav className="rs-segmented" aria-label="Sentiment filter">
            {POLARITIES.map((p) => (
              <Link key={p.value} to={href({ polarity: p.value === 'all' ? null : p.value })} className={data.polarity === p.value ? 'active' : undefined} preventScrollReset replace>
                {p.label}
              </Link>
            ))}
          </nav>
          {data.cards.length > 0 && <ExportButton build={() => sentimentDetailWorkbook(data, header.analysis?.date ?? 'analysis', modelName)} />}
        </div>
      </div>
      {data.sentimentUnavailable ? (
        <Empty title={`Sentiment not available in ${data.sentimentUnavailable}`}>
            No sentiment word list covers this language, so sentiment was not measured.
          </Empty>
      ) : data.cards.length === 0 ? (
        <Empty title="No Sentiment Data Found">
          {data.brand ? `No ${data.polarity === 'all' ? '' : data.polarity + ' '}statements about ${data.brand} in the answers shown.` : 'Choose a brand.'}
        </Empty>
      ) : (
        data.cards.map((c) => (
          <article key={c.queryIndex} className="rs-card" style={{ marginBottom: '.75rem' }} data-sentiment-card>
            <h3>{c.query}</h3>
            {c.statements.map((s, i) => (
              <div key={i} className={`rs-statement ${s.polarity}`}>
                <div>
                  <Highlighted text={s.text} words={s.words} />
                </div>
                <div className="rs-response-meta" style={{ margin: '.3rem 0 0' }}>
                  <span className={`badge ${s.polarity === 'positive' ? 'badge-green' : 'badge-red'}`}>{s.polarity === 'positive' ? 'Positive' : 'Negative'}</span>
                  <span>{modelName(s.modelId)}</span>
                  <span>score {s.score > 0 ? `+${s.score}` : s.score}</span>
                  {s.words.length > 0 && <span>Indicator words: {s.words.join(', ')}</span>}
                </div>
              </div>
            ))}
          </article>
        ))
      )}
    </section>
  )
}
