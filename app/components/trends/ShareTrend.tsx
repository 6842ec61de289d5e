import { Area, ComposedChart, Line, ResponsiveContainer } from 'recharts'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import { useTrendMarkers } from '~/components/experiments/Markers'
import { BrandDayTable } from './BrandDayTable'
import { BAND_HELP, fileDate, percentAxes, rateTitle, TrendPanel, type Shown, type TrendsData } from './TrendPanel'
import type { TrendModelOption } from './ModelSelect'
import { ModelCellText, modelBrandOf } from './ModelCells'

/** Mention share and rank rate of each shown brand, with their 95 % bands: chart, table and export. */
export function ShareTrend({ data, shown, model }: { data: TrendsData; shown: Shown; model?: TrendModelOption | null }) {
  if (model) return <ModelShareTrend data={data} model={model} />
  return <AllModelsShareTrend data={data} shown={shown} />
}

function AllModelsShareTrend({ data, shown }: { data: TrendsData; shown: Shown }) {
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
            {percentAxes(markers)}
            {shown.map((b) => (
              <Area key={`${b.name} band`} dataKey={`${b.name} band`} stroke="none" fill={b.colour} fillOpacity={0.12} legendType="none" isAnimationActive={false} connectNulls />
            ))}
            {shown.map((b) => (
              <Line key={b.name} dataKey={b.name} stroke={b.colour} dot={false} isAnimationActive={false} connectNulls />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <BrandDayTable
        name="share-trend"
        dates={data.days.map((d) => d.date)}
        shown={shown}
        cell={(brand, i) => {
          const c = data.days[i].brands[brand]
          return {
            title: c ? `Mention share ${rateTitle(c.share)}; rank rate ${rateTitle(c.rankRate)}` : undefined,
            body: c ? (
              <>
                {c.share.value}% <span className="muted" style={{ fontSize: '.75rem' }}>n={c.share.n}</span>
                <div style={{ fontSize: '.75rem' }}>
                  ranked {c.rankRate.value}% <span className="muted">n={c.rankRate.n}</span>
                </div>
              </>
            ) : (
              '–'
            ),
          }
        }}
      />
    </TrendPanel>
  )
}

/** One model's mention rate and rank rate of the model brand, with their 95 % bands; n counts its answers with text. */
function ModelShareTrend({ data, model }: { data: TrendsData; model: TrendModelOption }) {
  const markers = useTrendMarkers()
  const brand = modelBrandOf(data)
  const mention = `${brand?.name} mention rate`
  const ranked = `${brand?.name} rank rate`
  const rows = data.days.map((d) => {
    const c = brand ? d.models[model.id]?.brands[brand.name] : undefined
    return {
      date: d.date,
      [mention]: c?.mentionRate.n ? c.mentionRate.value : null,
      [`${mention} band`]: c?.mentionRate.interval ? [c.mentionRate.interval.low, c.mentionRate.interval.high] : null,
      [ranked]: c?.rankRate.n ? c.rankRate.value : null,
      [`${ranked} band`]: c?.rankRate.interval ? [c.rankRate.interval.low, c.rankRate.interval.high] : null,
    }
  })
  const spec = (): WorkbookSpec => ({
    fileName: `brand-share-trend-${model.filter}-${fileDate(data.days)}.xlsx`,
    sheets: [
      {
        name: 'Mention and Rank rate',
        rows: [
          ['Model', model.name, 'Brand', brand?.name ?? ''],
          ['Date', 'Mention rate %', 'Mention 95% low', 'Mention 95% high', 'Answers mentioning (x)', 'Rank rate %', 'Rank rate 95% low', 'Rank rate 95% high', 'Answers ranking (x)', 'Answers (n)', 'Absent (not counted)'],
          ...data.days.flatMap((d) => {
            const m = d.models[model.id]
            const c = brand ? m?.brands[brand.name] : undefined
            return m && c ? [[d.date, c.mentionRate.value, c.mentionRate.interval?.low ?? null, c.mentionRate.interval?.high ?? null, c.mentionRate.x, c.rankRate.value, c.rankRate.interval?.low ?? null, c.rankRate.interval?.high ?? null, c.rankRate.x, m.answered, m.absent]] : []
          }),
        ],
      },
    ],
  })
  const colour = brand?.colour ?? model.colour
  return (
    <TrendPanel title={`Mention Rate & Rank Rate: ${model.name}`} testId="share-trend" exportSpec={spec} help={`${model.name} on its own: answers naming the brand (mention rate) and answers ranking it (rank rate) out of its answers with an answer (n).${model.isEngine ? ' An answer where the engine showed nothing is counted as absent and left out of n.' : ''} ${BAND_HELP}`}>
      <div className="rs-chart" role="figure" aria-label={`${model.name}: mention rate and rank rate chart; the table below lists its data`}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows}>
            {percentAxes(markers)}
            <Area dataKey={`${mention} band`} stroke="none" fill={colour} fillOpacity={0.12} legendType="none" isAnimationActive={false} connectNulls />
            <Area dataKey={`${ranked} band`} stroke="none" fill={colour} fillOpacity={0.06} legendType="none" isAnimationActive={false} connectNulls />
            <Line dataKey={mention} stroke={colour} dot={false} isAnimationActive={false} connectNulls />
            <Line dataKey={ranked} stroke={colour} strokeDasharray="5 4" dot={false} isAnimationActive={false} connectNulls />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <BrandDayTable
        name="share-trend"
        dates={data.days.map((d) => d.date)}
        shown={brand ? [brand] : []}
        cell={(name, i) => {
          const m = data.days[i].models[model.id]
          const c = m?.brands[name]
          return {
            title: c ? `Mention rate ${rateTitle(c.mentionRate)}; rank rate ${rateTitle(c.rankRate)}` : undefined,
            body:
              m && c ? (
                <>
                  {c.mentionRate.value}% <span className="muted" style={{ fontSize: '.75rem' }}>n={c.mentionRate.n}</span>
                  <div style={{ fontSize: '.75rem' }}>
                    ranked {c.rankRate.value}% <span className="muted">n={c.rankRate.n}</span>
                  </div>
                  <ModelCellText cell={m} isEngine={model.isEngine} />
                </>
              ) : (
                '–'
              ),
          }
        }}
      />
    </TrendPanel>
  )
}
