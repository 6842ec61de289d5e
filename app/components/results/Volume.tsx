/**
 * AI search volume on the results screens: the column head, one cell per query, the
 * demand-weighted visibility beside the unweighted one, and each topic's demand. Figures are rounded estimates
 * with their source line; without a source the column says "no volume source configured", never zeros.
 */
import { DataTable } from './Parts'
import { historyLine, sourceLine, type GroupVolume, type QueryVolume, type VolumeColumn } from '~/domain/volume'

export function VolumeHead({ column }: { column: VolumeColumn | undefined }) {
  if (!column) return null
  return (
    <th className="num" title={column.status === 'not_configured' ? column.message : sourceLine(column.source)}>
      AI search volume <span className="muted">/ month</span>
    </th>
  )
}

/** One query's cell; while the column is not ready, the first row's cell spans the column and says why. */
export function VolumeCell({ column, volume, first, rows }: { column: VolumeColumn | undefined; volume: QueryVolume | undefined; first: boolean; rows: number }) {
  if (!column) return null
  if (column.status !== 'ready') {
    return first ? (
      <td className="muted rs-volume-empty" rowSpan={rows} data-testid="volume-column-empty">
        {column.message}
      </td>
    ) : null
  }
  return (
    <td className="num" data-testid="volume-cell" title={[sourceLine(column.source), historyLine(volume?.history ?? [])].filter(Boolean).join(' · ')}>
      {volume?.label ?? 'no estimate'}
    </td>
  )
}

/** "Demand-weighted visibility 35 % · unweighted 50 %", the source, and the share of queries without an estimate. */
export function WeightedVisibility({ column, brand }: { column: VolumeColumn | undefined; brand: string }) {
  if (!column) return null
  if (column.status !== 'ready') {
    return (
      <p className="muted" data-testid="volume-weighted">
        AI search volume: {column.message}.
      </p>
    )
  }
  const w = column.weighted
  return (
    <div className="rs-volume-summary" data-testid="volume-weighted">
      {w && (
        <p>
          <strong>
            Demand-weighted visibility of {brand}: {w.weighted === null ? 'n/a' : `${w.weighted} %`}
          </strong>
          {' · '}unweighted {w.unweighted === null ? 'n/a' : `${w.unweighted} %`}
          <span className="muted"> (each query weighted by how often people ask it in AI tools)</span>
        </p>
      )}
      <p className="muted">
        {sourceLine(column.source)} · rounded estimates, not counts.{w ? ` ${w.note}` : ''}
      </p>
    </div>
  )
}

/** Topics: how often people ask about each topic in AI tools (its queries' estimates summed). */
export function TopicVolumes({ column, groups }: { column: VolumeColumn | undefined; groups: GroupVolume[] | undefined }) {
  if (!column) return null
  if (column.status !== 'ready' || !groups) {
    return (
      <p className="muted" data-testid="topic-volumes">
        AI search volume per topic: {column.status === 'ready' ? 'no estimate' : column.message}.
      </p>
    )
  }
  return (
    <div data-testid="topic-volumes">
      <p className="muted">AI search volume per topic: {sourceLine(column.source)}; rounded estimates, not counts.</p>
      <DataTable name="topic-volume">
        <thead>
          <tr>
            <th>Topic</th>
            <th className="num">AI searches / month</th>
            <th className="num">Queries with an estimate</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.group}>
              <td>{g.group}</td>
              <td className="num">{g.label}</td>
              <td className="num">
                {g.estimated} of {g.queries}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  )
}
