import type { TrendsData } from './TrendPanel'

/** The brands the charts show: Select All and one box per brand. */
export function BrandSelector({ data, brands, onChange }: { data: TrendsData; brands: string[]; onChange: (b: string[]) => void }) {
  const all = data.brands.map((b) => b.name)
  return (
    <fieldset className="panel" data-testid="brand-select">
      <legend>Brands</legend>
      <label style={{ marginRight: '1rem', fontWeight: 600 }}>
        <input type="checkbox" checked={brands.length === all.length} onChange={(e) => onChange(e.target.checked ? all : [])} /> Select All
      </label>
      {data.brands.map((b) => (
        <label key={b.name} style={{ marginRight: '1rem', whiteSpace: 'nowrap' }}>
          <input type="checkbox" checked={brands.includes(b.name)} onChange={(e) => onChange(e.target.checked ? [...brands, b.name] : brands.filter((x) => x !== b.name))} />{' '}
          <span style={{ color: b.colour }}>■</span> {b.name}
          {b.isOwn && ' (Your Brand)'}
        </label>
      ))}
    </fieldset>
  )
}
