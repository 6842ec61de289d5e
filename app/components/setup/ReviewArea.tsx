import { useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { useToast } from '~/components/toast'
import { errorText, fetchJson } from '~/components/json'
import { INLINE_COMPETITOR_CAP, MAX_COMPETITORS } from '~/domain/limits'
import { countableNames, type BrandDef } from '~/domain/metrics/brands'
import { validateAlternativeName } from '~/domain/metrics/alternative-names'
import { NotCountedNote } from './NotCountedNote'
import type { GeneratedQuery } from '~/domain/audiences'
import type { FrameworkCompetitor } from '~/domain/framework'
import { rememberSelectedProject } from '~/components/consent/preferences-storage'
import { startAnalysisConfirmed } from '~/components/start-analysis'
import { SetupVolumeBadge, SetupVolumeNote, type SetupVolumes } from './Volume'

const CHIP_X = { border: 0, background: 'none', cursor: 'pointer', padding: 0, color: 'inherit', fontSize: '1em', lineHeight: 1 } as const

export interface SetupLimits {
  isActive: boolean
  tier: string
  canCreateProject: boolean
  projectsRemaining: number | null
  canRunAnalysis: boolean
  analysesRemaining: number | null
}

export type Brand = FrameworkCompetitor

/** A query item: the query, with its optional topic and audience (context). */
export type QueryItem = Pick<GeneratedQuery, 'query'> & Partial<Omit<GeneratedQuery, 'query'>>

/** The lists the review area edits, held by the setup screen that generated them. */
export function useReviewLists(initial?: { brand: Brand; competitors: Brand[]; queries: QueryItem[] }) {
  const [brand, setBrand] = useState<Brand | null>(initial?.brand ?? null)
  const [competitors, setCompetitors] = useState<Brand[]>(initial?.competitors ?? [])
  const [queries, setQueries] = useState<QueryItem[]>(initial?.queries ?? [])
  return { brand, setBrand, competitors, setCompetitors, queries, setQueries }
}

/**
 * The competitor list after renaming competitors[index] to name, by the rules Proceed's save
 * enforces: a name already used by the own brand or another competitor is refused with the
 * reason; a new name that would make another brand's alternative name overlap it is refused too;
 * the renamed competitor loses the domains of its old name and keeps only the alternative names
 * that pass the shared validator against its new name and every other brand. Empty names are ignored.
 */
export function renameCompetitor(
  brand: Brand,
  competitors: Brand[],
  index: number,
  raw: string,
): { competitors: Brand[]; droppedAlternatives: string[] } | { error: string } {
  const name = raw.replace(/\s+/g, ' ').trim()
  const current = competitors[index]
  if (!current || !name || name === current.name) return { competitors, droppedAlternatives: [] }
  const key = name.toLowerCase()
  if (brand.name.trim().toLowerCase() === key) return { error: `"${name}" is your own brand and cannot also be a competitor` }
  if (competitors.some((c, i) => i !== index && c.name.trim().toLowerCase() === key)) return { error: `${name} is already in the list` }

  const renamed: Brand = { name, alternativeNames: [], domains: [] }
  const before: BrandDef[] = [{ ...brand, isOwn: true }, ...competitors]
  const others = (): BrandDef[] => [{ ...brand, isOwn: true }, ...competitors.map((c, i) => (i === index ? renamed : c))]
  // Another brand's alternative name that the new name makes invalid (a problem it did not have before).
  const check = (all: BrandDef[], at: number, alt: string) => validateAlternativeName(alt, { ...all[at], alternativeNames: all[at].alternativeNames.filter((a) => a !== alt) }, all)
  for (let at = 0; at < before.length; at++) {
    if (at === index + 1) continue
    for (const alt of before[at].alternativeNames) {
      const problem = check(others(), at, alt)
      if (problem && !check(before, at, alt)) return { error: `"${name}" clashes with ${before[at].name}'s alternative name "${alt}": ${problem}` }
    }
  }
  const droppedAlternatives: string[] = []
  for (const alt of current.alternativeNames) {
    if (validateAlternativeName(alt, renamed, others())) droppedAlternatives.push(alt)
    else renamed.alternativeNames.push(alt)
  }
  return { competitors: competitors.map((c, i) => (i === index ? renamed : c)), droppedAlternatives }
}

export interface ReviewProps extends Omit<ReturnType<typeof useReviewLists>, 'brand'> {
  limits: SetupLimits
  duplicate: boolean
  brand: Brand
  maxQueries: number
  /** Topic names the query editor offers (Topics & Audiences variant); empty hides the selector. */
  topics?: string[]
  /** Checks the form; false stops Proceed. */
  validate: () => boolean
  /** The POST /api/projects body besides competitors, brand and queries. */
  projectBody: () => Record<string, unknown>
  /** Runs after the project is saved, before the analysis starts (e.g. POST /api/audiences/save). */
  afterSave?: (projectId: number) => Promise<void>
  /** The saved queries' AI search volumes, when editing a project. */
  volumes?: SetupVolumes
}

/** The review area of both setup variants: competitors, queries, limits and 'Proceed to Analysis'. */
export function ReviewArea(p: ReviewProps) {
  const toast = useToast()
  const navigate = useNavigate()
  const { brand, competitors, setCompetitors, queries, setQueries, maxQueries, limits, duplicate } = p
  const [newCompetitor, setNewCompetitor] = useState('')
  const [newQuery, setNewQuery] = useState('')
  const [editing, setEditing] = useState<{ kind: 'competitor' | 'query'; index: number; value: string; topic?: string; error?: string } | null>(null)
  const [saving, setSaving] = useState<null | 'create' | 'update'>(null)
  const topics = p.topics ?? []
  const blocked = !limits.isActive || (!duplicate && !limits.canCreateProject) || !limits.canRunAnalysis

  const allBrands = (): BrandDef[] => [{ ...brand, isOwn: true }, ...competitors]

  const addAlternative = (target: 'brand' | number) => {
    const current = target === 'brand' ? brand : competitors[target]
    const value = window.prompt(`Alternative name for ${current.name}`)
    if (value === null) return
    const problem = validateAlternativeName(value, current, allBrands())
    if (problem) return toast({ title: 'Invalid Alternative Name', description: problem, variant: 'destructive' })
    const next = { ...current, alternativeNames: [...current.alternativeNames, value.trim()] }
    if (target === 'brand') p.setBrand(next)
    else setCompetitors((list) => list.map((c, i) => (i === target ? next : c)))
  }

  const addDomain = (target: 'brand' | number) => {
    const current = target === 'brand' ? brand : competitors[target]
    const value = window.prompt(`Website domain for ${current.name} (e.g. example.com)`)?.trim().toLowerCase()
    if (!value) return
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(value.replace(/^https?:\/\//, '').replace(/\/.*$/, '')))
      return toast({ title: 'Invalid domain', description: 'Enter a domain such as example.com', variant: 'destructive' })
    const domain = value.replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, '')
    if (current.domains.includes(domain)) return
    const next = { ...current, domains: [...current.domains, domain] }
    if (target === 'brand') p.setBrand(next)
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

  /** Saves the open edit; false when it is refused (the editor stays open with the reason). */
  const saveEdit = (): boolean => {
    if (!editing) return true
    const value = editing.value.replace(/\s+/g, ' ').trim()
    if (editing.kind === 'competitor') {
      const result = renameCompetitor(brand, competitors, editing.index, value)
      if ('error' in result) {
        setEditing({ ...editing, error: result.error })
        return false
      }
      setCompetitors(result.competitors)
      if (result.droppedAlternatives.length)
        toast({ title: 'Alternative names removed', description: `No longer valid for ${value}: ${result.droppedAlternatives.join(', ')}` })
    } else {
      setQueries((l) => l.map((q, i) => (i === editing.index ? { ...q, query: value || q.query, topic: topics.length ? editing.topic || null : q.topic } : q)))
    }
    setEditing(null)
    return true
  }

  /** Opening another edit keeps the one in progress (saved), never drops it silently; a refused one stays open. */
  const startEdit = (next: NonNullable<typeof editing>) => {
    if (editing && !saveEdit()) return
    setEditing(next)
  }
  const editKeys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      saveEdit()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      setEditing(null)
    }
  }
  const dropChip = (i: number, field: 'alternativeNames' | 'domains', value: string) =>
    setCompetitors((l) => l.map((c, j) => (j === i ? { ...c, [field]: c[field].filter((x) => x !== value) } : c)))

  const proceed = async () => {
    if (!p.validate()) return
    setSaving(duplicate ? 'update' : 'create')
    try {
      const project = await fetchJson('/api/projects', {
        body: {
          ...p.projectBody(),
          competitors: competitors.map((c) => c.name),
          competitorDetails: competitors,
          brandDetails: brand,
          queries: queries.map((q) => q.query),
          queriesWithAudience: queries,
        },
      })
      rememberSelectedProject(project.id)
      if (p.afterSave) await p.afterSave(project.id)
      toast({ title: duplicate ? 'Project Saved' : 'Project Created', description: 'Starting multi-model analysis...', variant: 'success' })
      await new Promise((r) => setTimeout(r, 500))
      try {
        const started = await startAnalysisConfirmed((url) => fetchJson(url, { body: {} }), project.id)
        if (!started) {
          setSaving(null)
          return toast({ title: 'Analysis Not Started', description: 'The project is saved; run it from its results when you are ready.' })
        }
        toast({ title: 'Analysis Started', description: 'Opening the progress page...', variant: 'success' })
        // The progress page of this run: never an earlier run of the project.
        setTimeout(() => navigate(`/analysis-progress?analysis=${started.analysisId ?? started.id}`), 2000)
      } catch (err) {
        // Not started (e.g. already analysed today): the reason stays on screen, and no other run's progress is opened.
        toast({ title: 'Analysis Failed', description: errorText(err, 'Failed to start ChatGPT 5 analysis'), variant: 'destructive' })
        setSaving(null)
      }
    } catch (err) {
      toast({ title: 'Project Creation Failed', description: errorText(err, 'Unknown error'), variant: 'destructive' })
      setSaving(null)
    }
  }

  return (
    <section aria-label="Review" className="grid-2">
      <div className="panel">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <h2>Top Competitors</h2>
          <span className="badge" data-testid="competitor-count">{competitors.length}/{MAX_COMPETITORS}</span>
        </div>
        <div className="list-row" style={countableNames(brand).length === 0 ? { flexWrap: 'wrap' } : undefined}>
          <strong>{brand.name}</strong> <span className="muted">(Your Brand)</span>
          {brand.alternativeNames.map((a) => <span key={a} className="chip">{a}</span>)}
          {brand.domains.map((d) => <span key={d} className="chip chip-domain" title="Website domain">{d}</span>)}
          <span style={{ marginLeft: 'auto' }} />
          <button className="btn btn-small" onClick={() => addAlternative('brand')}>Alt</button>
          <button className="btn btn-small" onClick={() => addDomain('brand')}>URL</button>
          {countableNames(brand).length === 0 && <NotCountedNote name={brand.name} onAdd={() => addAlternative('brand')} />}
        </div>
        {competitors.map((c, i) => (
          <div className="list-row" key={`${c.name}-${i}`} data-testid="competitor-row" style={(editing?.kind === 'competitor' && editing.index === i && editing.error) || countableNames(c).length === 0 ? { flexWrap: 'wrap' } : undefined}>
            {editing?.kind === 'competitor' && editing.index === i ? (
              <>
                <input
                  value={editing.value}
                  onChange={(e) => setEditing({ ...editing, value: e.target.value, error: undefined })}
                  onKeyDown={editKeys}
                  aria-label="Competitor name"
                  aria-invalid={editing.error ? true : undefined}
                  aria-describedby={editing.error ? 'competitor-edit-error' : undefined}
                  autoFocus
                />
                <button className="btn btn-small" onClick={() => saveEdit()} aria-label="Confirm">✓</button>
                <button className="btn btn-small" onClick={() => setEditing(null)} aria-label="Cancel">✕</button>
                {editing.error && (
                  <div className="field-error" id="competitor-edit-error" role="alert" data-testid="edit-error" style={{ flexBasis: '100%' }}>
                    {editing.error}
                  </div>
                )}
              </>
            ) : (
              <>
                <span>{c.name}</span>
                {c.alternativeNames.map((a) => (
                  <span key={a} className="chip">
                    {a}{' '}
                    <button type="button" className="chip-x" style={CHIP_X} aria-label={`Remove ${a}`} onClick={() => dropChip(i, 'alternativeNames', a)}>×</button>
                  </span>
                ))}
                {c.domains.map((d) => (
                  <span key={d} className="chip chip-domain" title="Website domain">
                    {d}{' '}
                    <button type="button" className="chip-x" style={CHIP_X} aria-label={`Remove ${d}`} onClick={() => dropChip(i, 'domains', d)}>×</button>
                  </span>
                ))}
                <span style={{ marginLeft: 'auto' }} />
                <button className="btn btn-small" onClick={() => startEdit({ kind: 'competitor', index: i, value: c.name })}>Edit</button>
                <button className="btn btn-small" onClick={() => addAlternative(i)}>Alt</button>
                <button className="btn btn-small" onClick={() => addDomain(i)}>URL</button>
                <button className="btn btn-small" aria-label={`Remove ${c.name}`} onClick={() => setCompetitors((l) => l.filter((_, j) => j !== i))}>✕</button>
                {countableNames(c).length === 0 && <NotCountedNote name={c.name} onAdd={() => addAlternative(i)} />}
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
          // The inline input stops at 9, Add Custom goes on to 19; the message names the limit that applies now
          <p className="muted" data-testid="competitor-cap">
            {competitors.length >= MAX_COMPETITORS
              ? `Maximum of ${MAX_COMPETITORS} competitors reached`
              : `Quick add stops at ${INLINE_COMPETITOR_CAP} competitors; Add Custom adds more, up to ${MAX_COMPETITORS}`}
          </p>
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
        <SetupVolumeNote volumes={p.volumes} />
        {queries.map((q, i) => (
          <div className="list-row" key={`${q.query}-${i}`} data-testid="query-row" style={{ flexWrap: 'wrap' }}>
            {editing?.kind === 'query' && editing.index === i ? (
              <>
                <input style={{ flex: 1 }} value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} onKeyDown={editKeys} aria-label="Query" autoFocus />
                {topics.length > 0 && (
                  <select aria-label="Topic" value={editing.topic ?? ''} onChange={(e) => setEditing({ ...editing, topic: e.target.value })}>
                    <option value="">No topic</option>
                    {topics.map((t) => (
                      <option key={t} value={t}>{t}</option>
                    ))}
                  </select>
                )}
                <button className="btn btn-small" onClick={() => saveEdit()}>Save</button>
                <button className="btn btn-small" onClick={() => setEditing(null)}>Cancel</button>
              </>
            ) : (
              <>
                <span style={{ flex: 1 }}>{q.query}</span>
                {q.topic && <span className="badge" data-testid="query-topic">{q.topic}</span>}
                <SetupVolumeBadge volumes={p.volumes} query={q.query} />
                <button className="btn btn-small" onClick={() => startEdit({ kind: 'query', index: i, value: q.query, topic: q.topic ?? '' })}>Edit</button>
                <button className="btn btn-small" aria-label={`Remove query ${i + 1}`} onClick={() => setQueries((l) => l.filter((_, j) => j !== i))}>✕</button>
                {q.audienceContext && (
                  <div className="muted" data-testid="query-audience" style={{ flexBasis: '100%', fontSize: '.85em' }}>
                    {q.audienceContext}
                  </div>
                )}
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
  )
}
