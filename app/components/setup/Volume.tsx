/**
 * AI search volume in the setup's query list, to help choose which queries to track: each saved
 * query's rounded estimate, and one line naming the source (or saying there is none). New queries get their
 * estimate after the project is saved (the refresh runs in the background).
 */
import { sourceLine, type QueryVolume, type VolumeColumn } from '~/domain/volume'

export interface SetupVolumes {
  column: VolumeColumn
  byQuery: Record<string, QueryVolume>
}

export function SetupVolumeNote({ volumes }: { volumes: SetupVolumes | undefined }) {
  if (!volumes) return null
  const c = volumes.column
  return (
    <p className="muted" data-testid="setup-volume-note" style={{ marginTop: 0 }}>
      AI search volume (how often people ask each query in AI tools, per month):{' '}
      {c.status === 'ready' ? `${sourceLine(c.source)}; rounded estimates. New queries are estimated after saving.` : c.status === 'pending' ? `${c.message}; they are fetched after saving.` : c.message}
    </p>
  )
}

export function SetupVolumeBadge({ volumes, query }: { volumes: SetupVolumes | undefined; query: string }) {
  if (!volumes || volumes.column.status !== 'ready') return null
  const v = volumes.byQuery[query]
  return (
    <span className="badge" data-testid="query-volume" title={sourceLine(volumes.column.source)}>
      {v ? `${v.label} / month` : 'not estimated yet'}
    </span>
  )
}
