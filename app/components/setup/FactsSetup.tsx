/**
 * Setup → Brand facts (fact-check): the short statements every answer about the brand is checked
 * against, each with an optional source URL; edited in place and saved as a whole, or imported from a CSV file.
 */
import { useEffect, useState } from 'react'
import { Link } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { errorText, fetchJson } from '~/components/json'
import { homeHref } from '~/domain/home-phases'
import { FACT_STATEMENT_MAX, FACT_URL_MAX, type BrandFact } from '~/domain/factcheck/facts'

interface FactsResponse {
  brand: string
  facts: BrandFact[]
  canEdit: boolean
  maxFacts: number
  imported?: number
  errors?: string[]
}

type Row = { key: number; statement: string; sourceUrl: string }

let nextKey = 1
const rowsOf = (facts: BrandFact[]): Row[] => facts.map((f) => ({ key: nextKey++, statement: f.statement, sourceUrl: f.sourceUrl ?? '' }))

export function FactsSetup({ projectId }: { projectId: number | null }) {
  const toast = useToast()
  const [data, setData] = useState<FactsResponse | null>(null)
  const [rows, setRows] = useState<Row[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [replace, setReplace] = useState(false)

  useEffect(() => {
    if (!projectId) return
    let live = true
    fetchJson<FactsResponse>(`/api/projects/${projectId}/facts`)
      .then((d) => {
        if (!live) return
        setData(d)
        setRows(rowsOf(d.facts))
      })
      .catch((err) => live && setError(errorText(err, 'Could not load the brand facts')))
    return () => {
      live = false
    }
  }, [projectId])

  if (!projectId) {
    return (
      <div className="panel empty" data-testid="no-project">
        <h2>No Project Selected</h2>
        <p>Choose a project in the selector on the left to edit its brand facts.</p>
      </div>
    )
  }
  if (error) return <div className="panel" role="alert">{error}</div>
  if (!data) return <div className="panel" aria-busy="true">Loading brand facts…</div>

  const loaded = (d: FactsResponse) => {
    setData(d)
    setRows(rowsOf(d.facts))
  }
  const save = async () => {
    setBusy(true)
    try {
      const facts = rows.filter((r) => r.statement.trim()).map((r) => ({ statement: r.statement, sourceUrl: r.sourceUrl.trim() || null }))
      loaded(await fetchJson<FactsResponse>(`/api/projects/${projectId}/facts`, { method: 'PUT', body: { facts } }))
      toast({ title: 'Brand facts saved', description: `${facts.length} fact${facts.length === 1 ? '' : 's'}: the next analysis checks its answers against them.` })
    } catch (err) {
      toast({ title: 'Not saved', description: errorText(err, 'Could not save the brand facts'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  const importFile = async (file: File) => {
    setBusy(true)
    try {
      const d = await fetchJson<FactsResponse>(`/api/projects/${projectId}/facts`, { method: 'POST', body: { csv: await file.text(), replace } })
      loaded(d)
      const refused = d.errors?.length ? ` ${d.errors.length} row${d.errors.length === 1 ? '' : 's'} refused: ${d.errors.slice(0, 3).join('; ')}` : ''
      toast({ title: 'Facts imported', description: `${d.imported} fact${d.imported === 1 ? '' : 's'} imported.${refused}` })
    } catch (err) {
      toast({ title: 'Import failed', description: errorText(err, 'Could not import the file'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  const edit = (key: number, change: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)))

  return (
    <section className="panel" data-testid="facts-setup">
      <h2>Brand facts: {data.brand}</h2>
      <p className="muted">
        Short statements about your brand that are true today: founding year, headquarters, prices and plans, key features, and what the product does <em>not</em> do. After each
        analysis an AI judge checks every answer that names your brand against them; wrong claims show on the results&apos; <strong>Accuracy</strong> tab. At most {data.maxFacts} facts.
      </p>
      <ol className="facts-list" style={{ display: 'grid', gap: '.5rem', paddingLeft: '1.25rem' }}>
        {rows.map((r, i) => (
          <li key={r.key} style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap', alignItems: 'center' }}>
            <input
              aria-label={`Fact ${i + 1}`}
              value={r.statement}
              maxLength={FACT_STATEMENT_MAX}
              readOnly={!data.canEdit}
              onChange={(e) => edit(r.key, { statement: e.target.value })}
              style={{ flex: '2 1 20rem' }}
              placeholder="e.g. Founded in 2009 in Boulder, Colorado."
            />
            <input
              aria-label={`Source URL of fact ${i + 1}`}
              type="url"
              value={r.sourceUrl}
              maxLength={FACT_URL_MAX}
              readOnly={!data.canEdit}
              onChange={(e) => edit(r.key, { sourceUrl: e.target.value })}
              style={{ flex: '1 1 12rem' }}
              placeholder="https://… (optional)"
            />
            {data.canEdit && (
              <button type="button" className="btn btn-small" aria-label={`Remove fact ${i + 1}`} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ol>
      {rows.length === 0 && <p className="muted">No facts yet.</p>}
      {data.canEdit ? (
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap', alignItems: 'center', marginTop: '.75rem' }}>
          <button type="button" className="btn btn-small" disabled={rows.length >= data.maxFacts} onClick={() => setRows((rs) => [...rs, { key: nextKey++, statement: '', sourceUrl: '' }])}>
            Add fact
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={save}>
            Save facts
          </button>
          <label className="btn btn-small">
            Import CSV
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              className="sr-only"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) void importFile(file)
              }}
            />
          </label>
          <label>
            <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Import replaces the current facts
          </label>
        </div>
      ) : (
        <p className="muted">You can read this project&apos;s facts; only its owner can change them.</p>
      )}
      <p className="muted" style={{ marginTop: '.75rem' }}>
        CSV: a header row with a <code>statement</code> column and optionally a <code>source</code> column (comma, semicolon or tab separated). See the results on the{' '}
        <Link to={homeHref('results', { project: projectId, tab: 'accuracy' })}>Accuracy tab</Link>.
      </p>
    </section>
  )
}
