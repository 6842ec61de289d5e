import { DataTable } from '~/components/results/Parts'
import { rateTitle, type Shown, type TrendsData } from './TrendPanel'

/**
 * The selected query over every day shown, per model: answers naming each shown brand out of the model's answers
 * with an answer; an engine's results without an AI answer are listed as absent, not in n.
 */
export function QueryModelTotals({ data, shown }: { data: TrendsData; shown: Shown }) {
  const models = data.models.filter((m) => data.queryModelTotals[m.id])
  if (models.length === 0) return null
  return (
    <div data-testid="query-model-totals">
      <h3>Per model, this query over all days</h3>
      <DataTable name="query-model-totals">
        <thead>
          <tr>
            <th>Model</th>
            {shown.map((b) => (
              <th key={b.name} className="num">{b.name}</th>
            ))}
            <th className="num">Absent (not counted)</th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => {
            const t = data.queryModelTotals[m.id]
            return (
              <tr key={m.id}>
                <td>
                  <span aria-hidden="true" style={{ color: m.colour }}>■</span> {m.name}
                </td>
                {shown.map((b) => {
                  const r = t.brands[b.name]
                  return (
                    <td key={b.name} className="num" title={r ? rateTitle(r) : undefined}>
                      {r ? `${r.x} of ${r.n}` : '–'}
                    </td>
                  )
                })}
                <td className="num">{m.isEngine ? `absent ${t.absent}` : '–'}</td>
              </tr>
            )
          })}
        </tbody>
      </DataTable>
    </div>
  )
}
