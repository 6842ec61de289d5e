import { Link } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { Modal } from '../modal'
import { useToast } from '../toast'
import { callJson, failedAnswer } from '../json'
import { SamplesField } from '../evidence/SamplesField'
import { NotCountedNote } from '../setup/NotCountedNote'
import { countableNames } from '../../domain/metrics/brands'
import { homeHref } from '../../domain/home-phases'
import type { Project } from '../../domain/projects'
import { addToList, editDialogProblem, editInList, EDIT_DIALOG_MAX_COMPETITORS, EDIT_DIALOG_MAX_QUERIES } from '../../domain/sharing/project-menu'

/** What the dialog edits of a project (the Projects page passes the project it lists). */
type EditableProject = Pick<Project, 'id' | 'name' | 'brandDomain' | 'marketDescription' | 'competitors' | 'queries'> &
  Partial<Pick<Project, 'competitorDetails' | 'queriesWithAudience' | 'samplesPerQuery' | 'isLightMode'>>

/** One editable list of the dialog: add (trimmed, unique, capped), edit in place, delete. */
function ListEditor({ label, items, cap, onChange, note }: { label: string; items: string[]; cap: number; onChange: (items: string[]) => void; note?: (item: string) => ReactNode }) {
  const toast = useToast()
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState<{ index: number; value: string } | null>(null)
  const apply = (r: { list: string[]; problem: string | null }) => {
    if (r.problem) toast({ title: 'Invalid entry', description: r.problem, variant: 'destructive' })
    onChange(r.list)
  }
  return (
    <div className="field">
      <span>{label} ({items.length})</span>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 180, overflowY: 'auto' }}>
        {items.map((item, i) => (
          <li key={`${i}-${item}`} className="list-row" style={note?.(item) ? { flexWrap: 'wrap' } : undefined}>
            {editing?.index === i ? (
              <>
                <input style={{ flex: 1 }} value={editing.value} autoFocus onChange={(e) => setEditing({ index: i, value: e.target.value })} />
                <button type="button" className="btn btn-small" onClick={() => (apply(editInList(items, i, editing.value)), setEditing(null))}>✓</button>
                <button type="button" className="btn btn-small" onClick={() => setEditing(null)}>✕</button>
              </>
            ) : (
              <>
                <span style={{ flex: 1 }}>{item}</span>
                <button type="button" className="btn btn-small" onClick={() => setEditing({ index: i, value: item })}>Edit</button>
                <button type="button" className="btn btn-small" onClick={() => onChange(items.filter((_, j) => j !== i))}>Delete</button>
                {note?.(item)}
              </>
            )}
          </li>
        ))}
      </ul>
      {items.length >= cap ? (
        <span className="muted" data-testid={`${label.toLowerCase()}-cap`}>
          Maximum of {cap} {label.toLowerCase()} reached{items.length > cap ? `: delete ${items.length - cap + 1} to add another` : ''}
        </span>
      ) : (
        <div style={{ display: 'flex', gap: '.4rem' }}>
          <input style={{ flex: 1 }} value={draft} placeholder={`Add ${label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '')}`} onChange={(e) => setDraft(e.target.value)} />
          <button type="button" className="btn btn-small" disabled={!draft.trim()} onClick={() => (apply(addToList(items, draft, cap)), setDraft(''))}>Add</button>
        </div>
      )}
    </div>
  )
}

/** Edit Project dialog: name, brand domain, market description, competitors and queries. */
export function EditProjectDialog({ project, onClose }: { project: EditableProject; onClose: (changed: boolean) => void }) {
  const toast = useToast()
  const [fields, setFields] = useState({ name: project.name, brandDomain: project.brandDomain, marketDescription: project.marketDescription })
  const [competitors, setCompetitors] = useState(project.competitors)
  const [queries, setQueries] = useState(project.queries)
  const [samples, setSamples] = useState(project.samplesPerQuery ?? 1)
  const [saving, setSaving] = useState(false)
  const problem = editDialogProblem(fields)
  const notCounted = (name: string) => {
    const alternativeNames = project.competitorDetails?.find((d) => d.name.toLowerCase() === name.toLowerCase())?.alternativeNames ?? []
    return countableNames({ name, alternativeNames, domains: [] }).length === 0 ? <NotCountedNote name={name} setupHref={homeHref('setup', { project: project.id })} /> : null
  }
  const save = async () => {
    if (problem) return toast({ title: 'Update Failed', description: problem, variant: 'destructive' })
    setSaving(true)
    const res = await callJson(`/api/projects/${project.id}`, {
      method: 'PATCH',
      // Unchanged queries keep their topic and audience.
      body: { ...fields, competitors, queries: queries.map((q) => project.queriesWithAudience?.find((o) => o.query === q) ?? q), ...(samples !== (project.samplesPerQuery ?? 1) ? { samplesPerQuery: samples } : {}) },
    }).catch(failedAnswer)
    setSaving(false)
    if (!res.ok) return toast({ title: 'Update Failed', description: res.detail || 'Failed to update project', variant: 'destructive' })
    toast({ title: 'Project Saved', variant: 'success' })
    onClose(true)
  }
  const field = (key: keyof typeof fields, label: string, multiline = false) => (
    <label className="field">
      {label}
      {multiline ? (
        <textarea name={key} rows={3} value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
      ) : (
        <input name={key} value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
      )}
    </label>
  )
  return (
    <Modal title="Edit Project" onClose={() => onClose(false)}>
      {field('name', 'Project Name')}
      {field('brandDomain', 'Brand Domain')}
      {field('marketDescription', 'Market Description', true)}
      <ListEditor label="Competitors" items={competitors} cap={EDIT_DIALOG_MAX_COMPETITORS} onChange={setCompetitors} note={notCounted} />
      {/* The dialog adds up to 15 queries; a project that has more (setup allows 40) keeps them and may delete or edit them. */}
      <ListEditor label="Queries" items={queries} cap={EDIT_DIALOG_MAX_QUERIES} onChange={setQueries} />
      <SamplesField value={samples} onChange={setSamples} queries={queries.length} models={project.isLightMode ? 1 : 6} />
      {problem && <p className="field-error" role="alert">{problem}</p>}
      <p className="muted" style={{ fontSize: '.85rem' }}>
        Alternative names, domains, topics and audiences are edited in{' '}
        <Link to={homeHref('setup', { project: project.id })} data-edit-setup>
          the project&apos;s setup
        </Link>
        .
      </p>
      <div style={{ display: 'flex', gap: '.5rem', justifyContent: 'flex-end' }}>
        <button className="btn" onClick={() => onClose(false)}>Cancel</button>
        <button className="btn btn-primary" onClick={() => void save()} disabled={saving || problem !== null}>{saving ? 'Saving...' : 'Save Changes'}</button>
      </div>
    </Modal>
  )
}
