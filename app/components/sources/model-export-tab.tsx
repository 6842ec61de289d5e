/** Source Insights → Model Export: prompts, answers and source URLs per model; the whole set exports as a spreadsheet or CSV. */
import { useState } from 'react'
import { useToast } from '~/components/toast'
import { errorText, fetchJson } from '~/components/json'
import { DataTable, downloadCsv, downloadWorkbook, Empty } from '~/components/results/Parts'
import type { Cell } from '~/components/results/export-sheets'
import { SOURCE_LIMITS, type ModelExportRow, type SourcesViewData } from '~/domain/sources/types'
import { fileBase, modelName, type TabOf } from './source-parts'

function exportSheetRows(rows: ModelExportRow[], mode: 'full' | 'minimal', combined: boolean): Cell[][] {
  const head = [...(combined ? ['Model'] : []), 'Prompt', 'Response', ...(mode === 'full' ? ['Source URLs'] : [])]
  return [head, ...rows.map((r) => [...(combined ? [r.modelName] : []), r.prompt, r.response, ...(mode === 'full' ? [r.urls.join('\n')] : [])])]
}

export function ModelExport({ data, d }: { data: SourcesViewData; d: TabOf<'model-export'> }) {
  const toast = useToast()
  const [mode, setMode] = useState<'full' | 'minimal'>('full')
  const [busy, setBusy] = useState(false)
  const combined = data.filters.model === null
  const title = combined ? 'All Models' : modelName(data.filters.model!)
  const exportAll = async (format: 'xlsx' | 'csv') => {
    setBusy(true)
    try {
      const sp = new URLSearchParams()
      const f = data.filters
      if (f.model !== null) sp.set('model', String(f.model))
      if (f.set !== 'enhanced') sp.set('set', f.set)
      if (f.topic) sp.set('topic', f.topic)
      if (f.audience) sp.set('audience', f.audience)
      if (f.queries.length) sp.set('queries', f.queries.join(','))
      const all = await fetchJson<{ rows: ModelExportRow[] }>(`/api/analyses/${data.analysisId}/source-export?${sp}`)
      const rows = exportSheetRows(all.rows, mode, combined)
      const name = fileBase(data, `model-export-${combined ? 'all-models' : title}-${mode}`)
      if (format === 'csv') downloadCsv(`${name}.csv`, rows)
      else await downloadWorkbook({ fileName: `${name}.xlsx`, sheets: [{ name: 'Model Export', rows }] })
    } catch (err) {
      toast({ title: 'Export Failed', description: errorText(err, 'Export failed'), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  if (!d.rows.length) return <Empty title="No data available for the selected model filter" />
  return (
    <div className="panel" data-tab-panel="model-export">
      <h3>Model Export — {title}</h3>
      <div className="rs-filters">
        <label>
          Format
          <select value={mode} onChange={(e) => setMode(e.target.value === 'minimal' ? 'minimal' : 'full')}>
            <option value="full">Full (Model + Prompt + Response + URLs)</option>
            <option value="minimal">Minimal (Model + Prompt + Response Only)</option>
          </select>
        </label>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => exportAll('xlsx')}>
          Export Excel
        </button>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => exportAll('csv')}>
          Export CSV
        </button>
      </div>
      {d.total > SOURCE_LIMITS.exportTable && <div className="rs-notice">Showing first 20 entries. Use export to get all data.</div>}
      <DataTable name="model-export">
        <thead>
          <tr>
            <th>#</th>
            {combined && <th>Model</th>}
            <th>Prompt</th>
            <th>Response</th>
            <th>Source URLs</th>
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r, i) => (
            <ExportRow key={`${r.modelId}-${i}`} n={i + 1} row={r} combined={combined} />
          ))}
        </tbody>
      </DataTable>
    </div>
  )
}

function ExportRow({ n, row, combined }: { n: number; row: ModelExportRow; combined: boolean }) {
  const [more, setMore] = useState(false)
  const [urls, setUrls] = useState(false)
  const long = row.response.length > SOURCE_LIMITS.responseExpandAbove
  const shown = urls ? row.urls : row.urls.slice(0, SOURCE_LIMITS.urlsPerRow)
  return (
    <tr data-export-row={n}>
      <td>{n}</td>
      {combined && <td>{row.modelName}</td>}
      <td className="query">{row.prompt}</td>
      <td className="query">
        <div className={long && !more ? 'src-clamp' : undefined}>{row.response}</div>
        {long && (
          <button type="button" className="btn-link" onClick={() => setMore((m) => !m)}>
            {more ? 'Show less' : 'Show more'}
          </button>
        )}
      </td>
      <td className="query">
        {row.urls.length === 0 ? (
          <span className="muted">No sources</span>
        ) : (
          <>
            {shown.map((u) => (
              <div key={u}>
                <a href={u} target="_blank" rel="noopener noreferrer nofollow">
                  {u}
                </a>
              </div>
            ))}
            {row.urls.length > SOURCE_LIMITS.urlsPerRow && (
              <button type="button" className="btn-link" onClick={() => setUrls((x) => !x)}>
                {urls ? 'Show less' : `Show ${row.urls.length - SOURCE_LIMITS.urlsPerRow} more`}
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  )
}
