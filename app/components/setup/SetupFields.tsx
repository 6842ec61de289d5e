import { SETUP_LANGUAGES } from '~/domain/limits'
import type { SetupVolumes } from './Volume'
import type { Project } from '~/domain/projects'

export type SetupForm = Pick<Project, 'name' | 'brandDomain' | 'marketDescription' | 'marketRegion' | 'language' | 'marketType' | 'isLightMode'>

export type SetupErrors = Partial<Record<'name' | 'brandDomain' | 'marketDescription', string>>

/** A saved project opened for editing at /?phase=1&project={id}: its form fields and review lists. */
export type SetupProject = SetupForm &
  Pick<Project, 'id' | 'brandDetails' | 'competitorDetails' | 'queriesWithAudience' | 'audiences' | 'topics'> & {
    /** The saved queries' AI search volumes. */
    volumes?: SetupVolumes
  }

/** The form of a saved project (edit mode); Proceed then saves it under the same name and brand, which updates it. */
export const setupFormOf = (p: SetupProject, lightLocked: boolean): SetupForm => ({
  name: p.name,
  brandDomain: p.brandDomain,
  marketDescription: p.marketDescription,
  marketRegion: p.marketRegion,
  language: p.language,
  marketType: p.marketType,
  isLightMode: lightLocked || p.isLightMode,
})

export const emptySetupForm = (lightLocked: boolean): SetupForm => ({ name: '', brandDomain: '', marketDescription: '', marketRegion: '', language: 'en-GB', marketType: 'B2C', isLightMode: lightLocked })

/** The project form rules; the messages the server answers too. */
export function setupErrors(form: SetupForm): SetupErrors {
  const e: SetupErrors = {}
  if (!form.name.trim()) e.name = 'Project name is required'
  if (!form.brandDomain.trim()) e.brandDomain = 'Brand name is required'
  if (!form.marketDescription.trim()) e.marketDescription = 'Market description is required'
  return e
}

/** The 'Brand & Market Definition' fields both setup variants share; the market type toggle is optional. */
export function SetupFields(props: { form: SetupForm; setForm: (f: SetupForm) => void; errors: SetupErrors; lightLocked: boolean; withMarketType?: boolean }) {
  const { form, setForm, errors, lightLocked } = props
  const isLight = lightLocked || form.isLightMode
  // An error is tied to its field (aria-invalid, aria-describedby) and announced when it appears.
  const field = (key: 'name' | 'brandDomain' | 'marketDescription', label: string, placeholder: string, multiline = false) => {
    const a11y = { 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `setup-${key}-error` : undefined }
    return (
      <div className="field">
        <label htmlFor={`setup-${key}`}>{label}</label>
        {multiline ? (
          <textarea id={`setup-${key}`} rows={3} value={form[key]} placeholder={placeholder} onChange={(e) => setForm({ ...form, [key]: e.target.value })} {...a11y} />
        ) : (
          <input id={`setup-${key}`} value={form[key]} placeholder={placeholder} onChange={(e) => setForm({ ...form, [key]: e.target.value })} {...a11y} />
        )}
        {errors[key] && (
          <span className="field-error" id={`setup-${key}-error`} role="alert">
            {errors[key]}
          </span>
        )}
      </div>
    )
  }
  return (
    <>
      {field('name', 'Project Name', 'e.g. UK running shoes 2026')}
      {field('brandDomain', 'Brand Name', 'e.g. Brooks')}
      {field('marketDescription', 'Market Description', 'Describe the category, not the brand: e.g. running shoes for road runners', true)}
      {props.withMarketType && (
        <div className="field" role="radiogroup" aria-label="Market Type">
          <label>Market Type</label>
          <div style={{ display: 'flex', gap: '.5rem' }}>
            {(['B2C', 'B2B'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="radio"
                aria-checked={form.marketType === t}
                data-testid={`market-type-${t}`}
                className={`btn btn-small${form.marketType === t ? ' btn-primary' : ''}`}
                onClick={() => setForm({ ...form, marketType: t })}
              >
                {t === 'B2C' ? 'B2C Consumer' : 'B2B Business'}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor="setup-region">Market Region (optional)</label>
        <input id="setup-region" value={form.marketRegion} placeholder="Empty means global" onChange={(e) => setForm({ ...form, marketRegion: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="setup-language">Content Language</label>
        <select id="setup-language" value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value })}>
          {SETUP_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} — {l.native}
            </option>
          ))}
        </select>
      </div>
      <label style={{ display: 'flex', gap: '.5rem', alignItems: 'center', marginBottom: '.5rem' }}>
        <input type="checkbox" checked={isLight} disabled={lightLocked} onChange={(e) => setForm({ ...form, isLightMode: e.target.checked })} />
        <strong>Light Mode Analysis</strong> {lightLocked && <span className="badge">Light Tier - Always On</span>}
      </label>
      {isLight && (
        <p className="muted" data-testid="light-note">
          Light Mode: 20 queries instead of 40, only ChatGPT 5 runs (other models disabled), and Source Insights and Trends are locked.
        </p>
      )}
    </>
  )
}

/** Whether a project with this name and brand exists already (a warning: saving updates it). */
export const isDuplicateProject = (form: SetupForm, existing: { name: string; brandDomain: string }[]) =>
  existing.some((p) => p.name.trim().toLowerCase() === form.name.trim().toLowerCase() && p.brandDomain.trim().toLowerCase() === form.brandDomain.trim().toLowerCase())

/** Edit mode (/?phase=1&project={id}): what Proceed does with a saved project. */
export function EditingNote({ name }: { name: string }) {
  return (
    <p className="panel" data-editing-project style={{ background: 'var(--blue-50, #eff6ff)' }}>
      Editing <strong>{name}</strong>: change the fields, competitors or queries below, then Proceed saves them to this project and
      starts a new analysis. Earlier analyses keep the setup they ran with. Renaming the project or its brand saves a new project instead.
    </p>
  )
}
