import { CONTENT_TYPES, ideatorLanguagesFor } from '~/domain/ideator/constants'
import { IDEATOR_MESSAGES } from '~/domain/ideator/requests'
import type { IdeatorViewData } from '~/domain/ideator/types'
import type { IdeatorState } from './use-ideator'

/** The setup panel: the query (project or custom), brief, audience, content type, language, Generate Ideas and saved ideas. */
export function IdeatorSetup({ data, s }: { data: IdeatorViewData; s: IdeatorState }) {
  return (
    <section className="panel" data-testid="ideator-setup" aria-label="Setup" style={{ background: s.stage === 'setup' ? undefined : 'var(--bg)' }}>
      <h2 style={{ marginTop: 0 }}>Setup</h2>
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={s.custom}
            data-testid="custom-mode"
            onChange={(e) => s.setCustom(e.target.checked)}
          />{' '}
          Use a custom query
        </label>
      </div>
      {s.custom ? (
        <div className="field">
          <label htmlFor="ideator-custom-query">Custom query</label>
          <input id="ideator-custom-query" value={s.customQuery} maxLength={300} onChange={(e) => s.setCustomQuery(e.target.value)} placeholder="e.g. best trail shoes for wide feet" />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="ideator-query">Project query</label>
          <select id="ideator-query" value={s.projectQuery} onChange={(e) => s.setProjectQuery(e.target.value)}>
            <option value="">Select a query…</option>
            {data.queries.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="ideator-brief">Brief (optional)</label>
        <textarea id="ideator-brief" rows={3} value={s.brief} maxLength={2000} onChange={(e) => s.setBrief(e.target.value)} placeholder="Angle, tone, products to feature…" />
      </div>
      {data.audiences.length > 0 && (
        <div className="field">
          <label htmlFor="ideator-audience">Audience</label>
          <select id="ideator-audience" value={s.audienceId} onChange={(e) => s.setAudienceId(e.target.value)}>
            <option value="none">No specific audience</option>
            {data.audiences.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="ideator-type">Content type</label>
        <select id="ideator-type" value={s.contentType} onChange={(e) => s.setContentType(e.target.value)}>
          {CONTENT_TYPES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ideator-language">Language</label>
        <select id="ideator-language" value={s.language} onChange={(e) => s.setLanguage(e.target.value)}>
          {ideatorLanguagesFor(data.language).map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <button className="btn btn-primary" data-testid="generate-ideas" disabled={s.generateDisabled} onClick={s.generateIdeas}>
        {s.running === 'ideas' ? 'Generating Ideas...' : s.left === null ? 'Generate Ideas' : `Generate Ideas (${s.left} left)`}
      </button>
      {!data.canGenerate && <p className="muted">Only the owner of this project can generate ideas.</p>}
      {!data.isActive && <p className="field-error">{IDEATOR_MESSAGES.inactive}</p>}
      {data.isActive && s.outOfQuota && <p className="field-error">{IDEATOR_MESSAGES.limitReached(0)}</p>}
      {data.saved.length > 0 && (
        <div className="field" style={{ marginTop: '1rem' }}>
          <label htmlFor="ideator-history">Saved ideas</label>
          <select id="ideator-history" value={s.current?.id ?? ''} onChange={(e) => s.openSaved(Number(e.target.value))}>
            <option value="">Choose earlier ideas…</option>
            {data.saved.map((saved) => (
              <option key={saved.id} value={saved.id}>
                {new Date(saved.createdAt).toLocaleDateString('en-GB')} · {saved.query.slice(0, 60)} ({saved.ideas.length})
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  )
}
