/** Source Insights → Site/Model Comparison: citations per site by model, filtered by domain, top N. */
import { useNavigate } from '@remix-run/react'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { usePropState } from '~/components/use-prop-state'
import { DataTable, downloadCsv, Empty, useResultsHref } from '~/components/results/Parts'
import type { Cell } from '~/components/results/export-sheets'
import type { SourcesViewData } from '~/domain/sources/types'
import { fileBase, modelColour, modelName, type TabOf } from './source-parts'

export function Comparison({ data, d }: { data: SourcesViewData; d: TabOf<'site-model-comparison'> }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const [filter, setFilter] = usePropState(d.filter)
  const { rows, models } = d.view
  const csv = (): Cell[][] => [['Domain', 'Type', ...models.map(modelName), 'Total'], ...rows.map((r) => [r.domain, r.type, ...models.map((m) => r.byModel[m] ?? 0), r.total])]
  return (
    <div className="panel" data-tab-panel="site-model-comparison">
      <form
        className="rs-filters"
        onSubmit={(e) => {
          e.preventDefault()
          navigate(href({ domain: filter.trim() || null }), { preventScrollReset: true })
        }}
      >
        <label>
          Domain
          <input name="domain" placeholder="Filter by domain..." value={filter} maxLength={200} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <label>
          Show
          <select value={d.limit} onChange={(e) => navigate(href({ top: e.target.value === '10' ? null : e.target.value }), { preventScrollReset: true })}>
            {[10, 25, 50, 100].map((n) => (
              <option key={n} value={n}>
                Top {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-small">
          Apply
        </button>
        <button type="button" className="btn btn-small" onClick={() => downloadCsv(`${fileBase(data, 'site-model-comparison')}.csv`, csv())}>
          Export CSV
        </button>
      </form>
      {rows.length === 0 ? (
        <Empty title="No site data available for comparison" />
      ) : (
        <>
          {/* The table below is this chart's data. */}
          <figure className="chart-figure" aria-label="Citations per site by model">
          <div style={{ height: Math.max(240, rows.length * 28) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows.map((r) => ({ domain: r.domain, ...Object.fromEntries(models.map((m) => [modelName(m), r.byModel[m] ?? 0])) }))} layout="vertical" margin={{ left: 8, right: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="domain" width={160} />
                <Tooltip />
                <Legend />
                {models.map((m, i) => (
                  <Bar key={m} dataKey={modelName(m)} stackId="a" fill={modelColour(i)} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          </figure>
          <DataTable name="site-model-comparison">
            <thead>
              <tr>
                <th>Domain</th>
                {models.map((m) => (
                  <th key={m} className="num">
                    {modelName(m)}
                  </th>
                ))}
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.domain} data-compare={r.domain}>
                  <td>{r.domain}</td>
                  {models.map((m) => (
                    <td key={m} className="num">
                      {r.byModel[m] ?? 0}
                    </td>
                  ))}
                  <td className="num" data-total>
                    {r.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <div className="muted">
            Showing {rows.length} of {d.view.matching} domains
          </div>
        </>
      )}
    </div>
  )
}
