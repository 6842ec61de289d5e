/** A results filter: a labelled select of the given values with an "All …" choice (value ''). */
export function FilterSelect({ label, name, allLabel, values, value, onChange }: { label: string; name: string; allLabel: string; values: readonly string[]; value: string | null | undefined; onChange: (value: string | null) => void }) {
  return (
    <label>
      {label}
      <select name={name} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  )
}
