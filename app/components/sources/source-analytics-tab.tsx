/** Source Insights → Source Analytics: citations by source type, top domains and models (filtered by type in the URL). */
import { useNavigate } from '@remix-run/react'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFigure } from '~/components/chart-figure'
import { Empty, useResultsHref } from '~/components/results/Parts'
import type { SourceType } from '~/domain/sources/classify'
import { modelName, pct, TYPE_COLOUR, type TabOf } from './source-parts'

export function SourceAnalytics({ d }: { d: TabOf<'source-analytics'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const { view } = d
  const toggle = (t: SourceType) => {
    const next = d.types.includes(t) ? d.types.filter((x) => x !== t) : [...d.types, t]
    navigate(href({ types: next.length === 3 || next.length === 0 ? null : next.join(',') }), { preventScrollReset: true })
  }
  return (
    <div className="panel" data-tab-panel="source-analytics">
      <div className="rs-filters" role="group" aria-label="Source types">
        {(['Owned', 'Competitor', 'Earned'] as SourceType[]).map((t) => (
          <label key={t} style={{ flexDirection: 'row', alignItems: 'center' }}>
            <input type="checkbox" checked={d.types.includes(t)} onChange={() => toggle(t)} /> {t}
          </label>
        ))}
      </div>
      {view.totals.citations === 0 ? (
        <Empty title="No source data available for analytics" />
      ) : (
        <>
          <div className="rs-tiles">
            {view.byType.map((t) => (
              <div key={t.type} className="rs-tile" data-type-tile={t.type}>
                <div className="rs-tile-label">{t.type}</div>
                <div className="rs-tile-value">{pct(t.percent)}</div>
                <div className="muted">
                  {t.citations} citations · {t.sites} unique sites
                </div>
              </div>
            ))}
          </div>
          <h3>Distribution by domain</h3>
          {view.topDomains.length ? (
            <ChartFigure title="Distribution by domain" columns={['Domain', 'Citations']} rows={view.topDomains.map((r) => [r.domain, r.citations])}>
            <div style={{ height: 300 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={view.topDomains} layout="vertical" margin={{ left: 8, right: 24 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="domain" width={160} />
                  <Tooltip />
                  <Bar dataKey="citations" fill="#2563eb" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            </ChartFigure>
          ) : (
            <Empty title="No data available" />
          )}
          <h3>By model</h3>
          {view.byModel.length ? (
            <ChartFigure title="Citations by model" columns={['Model', ...d.types]} rows={view.byModel.map((r) => [modelName(r.modelId), ...d.types.map((t) => (r as Record<string, unknown>)[t] as number)])}>
            <div style={{ height: 260 }} data-by-model>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={view.byModel.map((r) => ({ ...r, model: modelName(r.modelId) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="model" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {d.types.map((t) => (
                    <Bar key={t} dataKey={t} stackId="a" fill={TYPE_COLOUR[t]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            </ChartFigure>
          ) : (
            <Empty title="No model data available" />
          )}
        </>
      )}
    </div>
  )
}
