import type { Shown, TrendsData } from './TrendPanel'

export type TrendModelOption = TrendsData['models'][number]

/**
 * Which answers the share and rank charts count: all six API models (the brand totals), or one model of the catalogue
 * on its own, the engines included. One model's series is of one brand (the model brand), picked among the brands
 * the brand selector shows.
 */
export function ModelSelect({
  data,
  shown,
  model,
  onModel,
  onModelBrand,
}: {
  data: TrendsData
  shown: Shown
  model: TrendModelOption | null
  onModel: (id: number | null) => void
  onModelBrand: (b: string) => void
}) {
  const brands = shown.some((b) => b.name === data.modelBrand) ? shown : [...data.brands.filter((b) => b.name === data.modelBrand), ...shown]
  return (
    <div className="panel rs-filters" data-testid="model-select">
      <label>
        Model{' '}
        <span aria-hidden="true" style={{ color: model?.colour ?? 'transparent' }}>
          ■
        </span>
        <select value={model ? String(model.id) : ''} onChange={(e) => onModel(e.target.value ? Number(e.target.value) : null)} aria-label="Model">
          <option value="">All API models</option>
          {data.models.map((m) => (
            <option key={m.id} value={String(m.id)} style={{ color: m.colour }}>
              ■ {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Brand of the per-model series
        <select value={data.modelBrand ?? ''} onChange={(e) => onModelBrand(e.target.value)} aria-label="Model brand">
          {brands.map((b) => (
            <option key={b.name} value={b.name}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      {model?.isEngine && <span className="muted">An answer where {model.name} showed nothing is counted as absent, not in n.</span>}
    </div>
  )
}
