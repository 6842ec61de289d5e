/** What the one-model views share: the model brand, and the absent answers an engine's cell states beside its n. */
import type { TrendsData } from './TrendPanel'

export const modelBrandOf = (data: TrendsData) => data.brands.find((b) => b.name === data.modelBrand) ?? null

/** An engine's answers where it showed nothing: a result of their own, never in n. */
export function ModelCellText({ cell, isEngine }: { cell: { absent: number }; isEngine: boolean }) {
  if (!isEngine) return null
  return (
    <div className="muted" style={{ fontSize: '.75rem' }}>
      absent {cell.absent} (not counted)
    </div>
  )
}
