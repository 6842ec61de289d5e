/** What the Source Insights tabs share: model names and colours, the source-type badge, export file names. */
import type { SourceType } from '~/domain/sources/classify'
import type { SourceTabData, SourcesViewData } from '~/domain/sources/types'

export { modelName } from '~/domain/models'

// Marks reach 3:1 on white; a badge's text takes the darker shade of its hue (4.5:1 on the tint).
export const TYPE_COLOUR: Record<SourceType, string> = { Owned: '#dc2626', Competitor: '#b45309', Earned: '#2563eb' }
const TYPE_TEXT: Record<SourceType, string> = { Owned: '#991b1b', Competitor: '#92400e', Earned: '#1e40af' }
const MODEL_COLOURS = ['#2563eb', '#16a34a', '#b45309', '#9333ea', '#0891b2', '#dc2626']
export const modelColour = (i: number) => MODEL_COLOURS[i % MODEL_COLOURS.length]
export const pct = (n: number) => `${n}%`

/** One tab's data, by its id. */
export type TabOf<T extends SourceTabData['tab']> = Extract<SourceTabData, { tab: T }>

export function TypeBadge({ type }: { type: SourceType }) {
  return (
    <span className="badge" style={{ background: `${TYPE_COLOUR[type]}1a`, color: TYPE_TEXT[type], borderColor: `${TYPE_COLOUR[type]}55` }} data-type={type}>
      {type}
    </span>
  )
}

export function fileBase(data: SourcesViewData, what: string) {
  const date = data.analyses.find((a) => a.id === data.analysisId)?.date ?? ''
  return `${data.project.name}-${what}-${date}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')
}

