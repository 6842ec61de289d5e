/** The optional ask-as-persona box above the review: usable only while some query has an audience. */
export function AskAsPersona({ checked, enabled, onChange }: { checked: boolean; enabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="panel" style={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start', marginBottom: '1rem' }} data-testid="ask-as-persona">
      {/* Shown ticked only while it applies: with no audience query left it would be saved off (askAsPersonaToSave). */}
      <input type="checkbox" aria-label="Ask as persona" checked={checked} disabled={!enabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <strong>Ask as persona</strong> (optional)
        <br />
        <span className="muted">
          Each query with an audience is also asked the way that persona would ask it (&ldquo;I&rsquo;m asking as Finance Manager (…). best payroll software&rdquo;), so the Audiences tab
          compares each persona&rsquo;s visibility with and without its context. One more answer per audience query and model.
        </span>
      </span>
    </label>
  )
}
