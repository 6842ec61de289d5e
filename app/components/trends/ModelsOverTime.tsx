import { Line, LineChart, ResponsiveContainer } from 'recharts'
import { DataTable } from '~/components/results/Parts'
import { formatDate } from '~/components/results/format'
import type { WorkbookSpec } from '~/components/results/export-sheets'
import { useTrendMarkers } from '~/components/experiments/Markers'
import { fileDate, percentAxes, rateTitle, TrendPanel, type TrendsData } from './TrendPanel'
import { modelBrandOf } from './ModelCells'

/**
 * Every model the analyses hold, each on its own: the model brand's mention rate per day (one line per model, in its
 * catalogue colour) and, for the engines, the share of answers where the engine showed an answer at all (dashed).
 */
export function ModelsOverTime({ data }: { data: TrendsData }) {
  const markers = useTrendMarkers()
  const brand = modelBrandOf(data)
  const engines = data.models.filter((m) => m.isEngine)
  const presenceKey = (name: string) => `${name} presence`
  const rows = data.days.map((d) => {
    const row: Record<string, unknown> = { date: d.date }
    for (const m of data.models) {
      const c = d.models[m.id]
      const r = brand ? c?.brands[brand.name]?.mentionRate : undefined
      row[m.name] = r?.n ? r.value : null
      if (m.isEngine) row[presenceKey(m.name)] = c?.presence?.n ? c.presence.value : null
    }
    return row
  })
  const spec = (): WorkbookSpec => ({
    fileName: `models-trend-${fileDate(data.days)}.xlsx`,
    sheets: [
      {
        name: 'Models over time',
        rows: [
          ['Brand', brand?.name ?? ''],
          ['Date', 'Model', 'Mention rate %', 'Mention 95% low', 'Mention 95% high', 'Answers mentioning (x)', 'Answers (n)', 'Absent (not counted)', 'Presence %'],
          ...data.days.flatMap((d) =>
            data.models.flatMap((m) => {
              const c = d.models[m.id]
              const r = brand ? c?.brands[brand.name]?.mentionRate : undefined
              return c ? [[d.date, m.name, r?.value ?? null, r?.interval?.low ?? null, r?.interval?.high ?? null, r?.x ?? null, c.answered, m.isEngine ? c.absent : null, c.presence?.value ?? null]] : []
            }),
          ),
        ],
      },
    ],
  })
  return (
    <TrendPanel
      title="Models over time"
      testId="models-trend"
      exportSpec={spec}
      help={`Each model on its own, the AI search engines included: answers naming ${brand?.name ?? 'the brand'} out of the model's answers with an answer (n). Dashed: an engine's presence, the share of its results where it showed an AI answer at all; a result without one is counted as absent, not in n.`}
    >
      <div className="rs-chart" role="figure" aria-label={`Mention rate of ${brand?.name ?? 'the brand'} per model and the engines' presence chart; the table below lists its data`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows}>
            {percentAxes(markers)}
            {data.models.map((m) => (
              <Line key={m.id} dataKey={m.name} name={m.name} stroke={m.colour} dot={false} isAnimationActive={false} connectNulls />
            ))}
            {engines.map((m) => (
              <Line key={`${m.id} presence`} dataKey={presenceKey(m.name)} name={presenceKey(m.name)} stroke={m.colour} strokeDasharray="5 4" dot={false} isAnimationActive={false} connectNulls />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <DataTable name="models-trend">
        <thead>
          <tr>
            <th>Model</th>
            {data.days.map((d) => (
              <th key={d.date} className="num">{formatDate(d.date)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.models.map((m) => (
            <tr key={m.id}>
              <td>
                <span aria-hidden="true" style={{ color: m.colour }}>■</span> {m.name}
              </td>
              {data.days.map((d) => {
                const c = d.models[m.id]
                const r = brand ? c?.brands[brand.name]?.mentionRate : undefined
                return (
                  <td key={d.date} className="num" title={r ? `Mention rate ${rateTitle(r)}${c?.presence ? `; presence ${rateTitle(c.presence)}` : ''}` : undefined}>
                    {c ? (
                      <>
                        {r ? `${r.value}%` : '–'} <span className="muted" style={{ fontSize: '.75rem' }}>n={c.answered}</span>
                        {c.presence && (
                          <div className="muted" style={{ fontSize: '.75rem' }}>
                            shown {c.presence.value}%, absent {c.absent} (not counted)
                          </div>
                        )}
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
