import { useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { useToast } from '~/components/toast'
import { fallbackFramework } from '~/domain/framework'
import { INLINE_COMPETITOR_CAP, MAX_COMPETITORS, MAX_QUERIES, MAX_QUERIES_LIGHT, SETUP_LANGUAGES } from '~/domain/limits'
import { validateAlternativeName, type BrandDef } from '~/domain/metrics'

export interface SetupLimits {
  isActive: boolean
  tier: string
  canCreateProject: boolean
  projectsRemaining: number | null
  canRunAnalysis: boolean
  analysesRemaining: number | null
}

interface Brand {
  name: string
  alternativeNames: string[]
  domains: string[]
}

interface QueryItem {
  query: string
  topic?: string | null
}

type Errors = Partial<Record<'name' | 'brandDomain' | 'marketDescription', string>>

async function postJson(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await res.text()
  let data: any = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    if (/<html/i.test(text)) throw new Error('Authentication failed - please refresh the page')
  }
  if (!res.ok) throw new Error(data?.message ?? data?.error ?? `Request failed: ${res.status} ${text}`)
  return data
}

export function LegacySetup({ limits, existingProjects }: { limits: SetupLimits; existingProjects: { name: string; brandDomain: string }[] }) {
  const toast = useToast()
  const navigate = useNavigate()
  const lightLocked = limits.tier === 'light'
  const [form, setForm] = useState({ name: '', brandDomain: '', marketDescription: '', marketRegion: '', language: 'en-GB', isLightMode: lightLocked })
  const [errors, setErrors] = useState<Errors>({})
  const [generating, setGenerating] = useState(false)
  const [brand, setBrand] = useState<Brand | null>(null)
  const [competitors, setCompetitors] = useState<Brand[]>([])
  const [queries, setQueries] = useState<QueryItem[]>([])
  const [newCompetitor, setNewCompetitor] = useState('')
  const [newQuery, setNewQuery] = useState('')
  const [editing, setEditing] = useState<{ kind: 'competitor' | 'query'; index: number; value: string } | null>(null)
  const [saving, setSaving] = useState<null | 'create' | 'update'>(null)
  const isLight = lightLocked || form.isLightMode
  const maxQueries = isLight ? MAX_QUERIES_LIGHT : MAX_QUERIES

  const duplicate = existingProjects.some(
    (p) => p.name.trim().toLowerCase() === form.name.trim().toLowerCase() && p.brandDomain.trim().toLowerCase() === form.brandDomain.trim().toLowerCase(),
  )
  const blocked = !limits.isActive || (!duplicate && !limits.canCreateProject) || !limits.canRunAnalysis

  const validate = (): boolean => {
    const e: Errors = {}
    if (!form.name.trim()) e.name = 'Project name is required'
    if (!form.brandDomain.trim()) e.brandDomain = 'Brand name is required'
    if (!form.marketDescription.trim()) e.marketDescription = 'Market description is required'
    setErrors(e)
    return Object.keys(e).length === 0
  }

  const generate = async () => {
    if (!validate()) return
    setGenerating(true)
    try {
      const data = await postJson('/api/generate-framework', { ...form, isLightMode: isLight })
      setBrand({ name: form.brandDomain.trim(), alternativeNames: [], domains: data.brandDetails?.domains ?? [] })
      setCompetitors((data.competitorDetails ?? data.competitors.map((n: string) => ({ name: n, alternativeNames: [], domains: [] }))).slice(0, MAX_COMPETITORS))
      setQueries(data.queries.slice(0, maxQueries).map((q: string) => ({ query: q })))
      toast({ title: 'Framework Generated', description: `${data.competitors.length} competitors and ${data.queries.length} queries`, variant: 'success' })
    } catch {
      const fb = fallbackFramework({ brand: form.brandDomain, market: form.marketDescription, region: form.marketRegion, isLightMode: isLight })
      setBrand({ name: form.brandDomain.trim(), alternativeNames: [], domains: [] })
      setCompetitors(fb.competitors)
      setQueries(fb.queries.map((q) => ({ query: q })))
      toast({ title: 'Generation Failed', description: 'Using fallback data for framework generation.', variant: 'destructive' })
    } finally {
      setGenerating(false)
    }
  }

  const allBrands = (): BrandDef[] => (brand ? [{ ...brand, isOwn: true }, ...competitors] : competitors)

  const addAlternative = (target: 'brand' | number) => {
    const current = target === 'brand' ? brand! : competitors[target]
    const value = window.prompt(`Alternative name for ${current.name}`)
    if (value === null) return
    const problem = validateAlternativeName(value, current, allBrands())
    if (problem) return toast({ title: 'Invalid Alternative Name', description: problem, variant: 'destructive' })
    const next = { ...current, alternativeNames: [...current.alternativeNames, value.trim()] }
    if (target === 'brand') setBrand(next)
    else setCompetitors((list) => list.map((c, i) => (i === target ? next : c)))
  }

  const addDomain = (target: 'brand' | number) => {
    const current = target === 'brand' ? brand! : competitors[target]
    const value = window.prompt(`Website domain for ${current.name} (e.g. example.com)`)?.trim().toLowerCase()
    if (!value) return
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(value.replace(/^https?:\/\//, '').replace(/\/.*$/, '')))
      return toast({ title: 'Invalid domain', description: 'Enter a domain such as example.com', variant: 'destructive' })
    const domain = value.replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, '')
    if (current.domains.includes(domain)) return
    const next = { ...current, domains: [...current.domains, domain] }
    if (target === 'brand') setBrand(next)
    else setCompetitors((list) => list.map((c, i) => (i === target ? next : c)))
  }

  const addCompetitor = (raw: string, cap: number) => {
    const name = raw.trim()
    if (!name) return
    if (competitors.length >= cap) return
    if (allBrands().some((b) => b.name.toLowerCase() === name.toLowerCase()))
      return toast({ title: 'Already listed', description: `${name} is already in the list`, variant: 'destructive' })
    setCompetitors((list) => [...list, { name, alternativeNames: [], domains: [] }])
  }

  const addQuery = (raw: string) => {
    const query = raw.replace(/\s+/g, ' ').trim()
    if (!query || queries.length >= maxQueries) return
    if (queries.some((q) => q.query.toLowerCase() === query.toLowerCase()))
      return toast({ title: 'Duplicate query', description: 'That query is already in the list', variant: 'destructive' })
    setQueries((list) => [...list, { query }])
    setNewQuery('')
  }

  const saveEdit = () => {
    if (!editing) return
    const value = editing.value.replace(/\s+/g, ' ').trim()
    if (value) {
      if (editing.kind === 'competitor') setCompetitors((l) => l.map((c, i) => (i === editing.index ? { ...c, name: value } : c)))
      else setQueries((l) => l.map((q, i) => (i === editing.index ? { ...q, query: value } : q)))
    }
    setEditing(null)
  }

  const proceed = async () => {
    if (!validate() || !brand) return
    setSaving(duplicate ? 'update' : 'create')
    try {
      const project = await postJson('/api/projects', {
        ...form,
        isLightMode: isLight,
        competitors: competitors.map((c) => c.name),
        competitorDetails: competitors,
        brandDetails: brand,
        queries: queries.map((q) => q.query),
      })
      localStorage.setItem('selectedProjectId', String(project.id))
      toast({ title: duplicate ? 'Project Saved' : 'Project Created', description: 'Starting multi-model analysis...', variant: 'success' })
      await new Promise((r) => setTimeout(r, 500))
      try {
        await postJson(`/api/projects/${project.id}/analyse-today`, {})
        toast({ title: 'Analysis Started', description: 'Opening the progress page...', variant: 'success' })
      } catch (err) {
        toast({ title: 'Analysis Failed', description: err instanceof Error ? err.message : 'Failed to start ChatGPT 5 analysis', variant: 'destructive' })
      }
      setTimeout(() => navigate('/analysis-progress'), 2000)
    } catch (err) {
      toast({ title: 'Project Creation Failed', description: err instanceof Error ? err.message : 'Unknown error', variant: 'destructive' })
      setSaving(null)
    }
  }

  const field = (key: 'name' | 'brandDomain' | 'marketDescription', label: string, placeholder: string, multiline = false) => (
    <div className="field">
      <label htmlFor={`setup-${key}`}>{label}</label>
      {multiline ? (
        <textarea id={`setup-${key}`} rows={3} value={form[key]} placeholder={placeholder} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
      ) : (
        <input id={`setup-${key}`} value={form[key]} placeholder={placeholder} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
      )}
      {errors[key] && <span className="field-error">{errors[key]}</span>}
    </div>
  )

  return (
    <div>
      <h1>Brand &amp; Market Definition</h1>
      <div className="grid-2">
        <form
          className="panel"
          onSubmit={(e) => {
            e.preventDefault()
            void generate()
          }}
        >
          {field('name', 'Project Name', 'e.g. UK running shoes 2026')}
          {field('brandDomain', 'Brand Name', 'e.g. Brooks')}
          {field('marketDescription', 'Market Description', 'Describe the category, not the brand: e.g. running shoes for road runners', true)}
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
          <button className="btn btn-primary" type="submit" disabled={generating || !limits.isActive || (!duplicate && !limits.canCreateProject)}>
            {generating ? 'Generating...' : 'Generate Analysis Framework'}
          </button>
        </form>
        <div className="panel">
          <h2>How It Works</h2>
          <ol>
            <li>AI identifies the top 19 competitors from your brand name and market.</li>
            <li>It generates {isLight ? 20 : 40} relevant search-style queries.</li>
            <li>You review and customise both before the analysis runs.</li>
          </ol>
        </div>
      </div>

      {brand && (
        <section aria-label="Review" className="grid-2">
          <div className="panel">
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <h2>Top Competitors</h2>
              <span className="badge" data-testid="competitor-count">{competitors.length}/{MAX_COMPETITORS}</span>
            </div>
            <div className="list-row">
              <strong>{brand.name}</strong> <span className="muted">(Your Brand)</span>
              {brand.alternativeNames.map((a) => <span key={a} className="chip">{a}</span>)}
              {brand.domains.map((d) => <span key={d} className="chip chip-domain" title="Website domain">{d}</span>)}
              <span style={{ marginLeft: 'auto' }} />
              <button className="btn btn-small" onClick={() => addAlternative('brand')}>Alt</button>
              <button className="btn btn-small" onClick={() => addDomain('brand')}>URL</button>
            </div>
            {competitors.map((c, i) => (
              <div className="list-row" key={`${c.name}-${i}`} data-testid="competitor-row">
                {editing?.kind === 'competitor' && editing.index === i ? (
                  <>
                    <input value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} autoFocus />
                    <button className="btn btn-small" onClick={saveEdit} aria-label="Confirm">✓</button>
                    <button className="btn btn-small" onClick={() => setEditing(null)} aria-label="Cancel">✕</button>
                  </>
                ) : (
                  <>
                    <span>{c.name}</span>
                    {c.alternativeNames.map((a) => <span key={a} className="chip">{a}</span>)}
                    {c.domains.map((d) => <span key={d} className="chip chip-domain" title="Website domain">{d}</span>)}
                    <span style={{ marginLeft: 'auto' }} />
                    <button className="btn btn-small" onClick={() => setEditing({ kind: 'competitor', index: i, value: c.name })}>Edit</button>
                    <button className="btn btn-small" onClick={() => addAlternative(i)}>Alt</button>
                    <button className="btn btn-small" onClick={() => addDomain(i)}>URL</button>
                    <button className="btn btn-small" aria-label={`Remove ${c.name}`} onClick={() => setCompetitors((l) => l.filter((_, j) => j !== i))}>✕</button>
                  </>
                )}
              </div>
            ))}
            {competitors.length < INLINE_COMPETITOR_CAP ? (
              <div className="list-row">
                <input placeholder="Add a competitor" value={newCompetitor} onChange={(e) => setNewCompetitor(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (addCompetitor(newCompetitor, INLINE_COMPETITOR_CAP), setNewCompetitor(''))} />
                <button className="btn btn-small" onClick={() => (addCompetitor(newCompetitor, INLINE_COMPETITOR_CAP), setNewCompetitor(''))}>Add</button>
              </div>
            ) : (
              <p className="muted">Maximum of 9 competitors reached</p>
            )}
            <button className="btn btn-small" disabled={competitors.length >= MAX_COMPETITORS} onClick={() => addCompetitor(window.prompt('Competitor name') ?? '', MAX_COMPETITORS)}>
              Add Custom
            </button>
          </div>

          <div className="panel">
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <h2>Analysis Queries</h2>
              <span className="badge" data-testid="query-count">{queries.length}/{maxQueries}</span>
            </div>
            {queries.map((q, i) => (
              <div className="list-row" key={`${q.query}-${i}`} data-testid="query-row">
                {editing?.kind === 'query' && editing.index === i ? (
                  <>
                    <input style={{ flex: 1 }} value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} autoFocus />
                    <button className="btn btn-small" onClick={saveEdit}>Save</button>
                    <button className="btn btn-small" onClick={() => setEditing(null)}>Cancel</button>
                  </>
                ) : (
                  <>
                    <span style={{ flex: 1 }}>{q.query}</span>
                    {q.topic && <span className="badge">{q.topic}</span>}
                    <button className="btn btn-small" onClick={() => setEditing({ kind: 'query', index: i, value: q.query })}>Edit</button>
                    <button className="btn btn-small" aria-label={`Remove query ${i + 1}`} onClick={() => setQueries((l) => l.filter((_, j) => j !== i))}>✕</button>
                  </>
                )}
              </div>
            ))}
            {queries.length < maxQueries ? (
              <div className="field" style={{ marginTop: '.5rem' }}>
                <textarea rows={2} placeholder="Add a custom query" value={newQuery} onChange={(e) => setNewQuery(e.target.value)} />
                <div>
                  <button className="btn btn-small" disabled={!newQuery.trim()} onClick={() => addQuery(newQuery)}>Add Query</button>{' '}
                  <button className="btn btn-small" onClick={() => addQuery(window.prompt('Query') ?? '')}>Add Custom</button>
                </div>
              </div>
            ) : (
              <p className="muted">Maximum of {maxQueries} queries reached</p>
            )}
          </div>

          <div style={{ gridColumn: '1 / -1' }}>
            {duplicate && <div className="warning-box">A project with this name and brand already exists. Saving will update the existing project.</div>}
            {blocked && (
              <div className="error-box" data-testid="limits-box">
                {!limits.isActive && <div><strong>Account Paused</strong></div>}
                {limits.isActive && !duplicate && !limits.canCreateProject && <div>Project limit reached ({limits.projectsRemaining ?? 0} remaining)</div>}
                {limits.isActive && !limits.canRunAnalysis && <div>Analysis limit reached ({limits.analysesRemaining ?? 0} remaining)</div>}
                <div>{limits.isActive ? 'Upgrade your plan or contact support for increased limits.' : 'Contact your administrator to reactivate your account.'}</div>
              </div>
            )}
            <button className="btn btn-primary" disabled={Boolean(saving) || competitors.length === 0 || queries.length === 0 || blocked} onClick={() => void proceed()}>
              {saving === 'create' ? 'Creating Project...' : saving === 'update' ? 'Updating & Analysing...' : 'Proceed to Analysis'}
            </button>
          </div>
        </section>
      )}
    </div>
  )
}
