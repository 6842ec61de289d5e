/**
 * A chart with an accessible name and its data as a table (WCAG 1.1.1, 1.4.1): the table sits in a
 * <details> under the chart, so Tab and a screen reader reach every value the chart draws and a
 * tooltip is never the only way to read one.
 */
export type ChartCell = string | number | null

export function ChartFigure({ title, columns, rows, children }: { title: string; columns: string[]; rows: ChartCell[][]; children: React.ReactNode }) {
  return (
    <figure className="chart-figure" aria-label={title} data-chart={title}>
      {children}
      <details className="chart-data">
        <summary>Show the data as a table</summary>
        <div className="rs-table-wrap" role="region" aria-label={`${title}: data`} tabIndex={0}>
          <table className="data">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  {r.map((v, j) => (j === 0 ? <th key={j} scope="row">{v ?? '–'}</th> : <td key={j}>{v ?? '–'}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
