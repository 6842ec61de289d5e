/** The brand × day table under each trend chart: a column per day, a row per shown brand, one cell per brand and day. */
import type { ReactNode } from 'react'
import { DataTable } from '~/components/results/Parts'
import { formatDate } from '~/components/results/format'
import type { Shown } from './TrendPanel'

export interface DayCell {
  body: ReactNode
  /** The cell's hover text (the figures behind it). */
  title?: string
}

export function BrandDayTable({ name, dates, shown, cell, total }: { name: string; dates: string[]; shown: Shown; cell: (brand: string, i: number) => DayCell; total?: (brand: string) => ReactNode }) {
  return (
    <DataTable name={name}>
      <thead>
        <tr>
          <th>Brand</th>
          {dates.map((d) => (
            <th key={d} className="num">{formatDate(d)}</th>
          ))}
          {total && <th className="num">Total</th>}
        </tr>
      </thead>
      <tbody>
        {shown.map((b) => (
          <tr key={b.name}>
            <td>{b.name}{b.isOwn && ' (Your Brand)'}</td>
            {dates.map((d, i) => {
              const c = cell(b.name, i)
              return (
                <td key={d} className="num" title={c.title}>
                  {c.body}
                </td>
              )
            })}
            {total && <td className="num">{total(b.name)}</td>}
          </tr>
        ))}
      </tbody>
    </DataTable>
  )
}
