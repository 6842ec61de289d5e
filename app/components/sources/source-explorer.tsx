/** The admin source explorers of the Admin dashboard: Source Explorer and Enhanced Explorer. */
import { Form, Link, useSearchParams } from '@remix-run/react'
import { Header } from '~/components/app-shell'
import { DataTable, Empty } from '~/components/results/Parts'
import { modelName } from './source-parts'
import { homeHref } from '~/domain/home-phases'

export interface ExplorerView {
  denied: boolean
  kind: 'basic' | 'enhanced'
  search?: string
  rows?: { domain: string; citations: number; projects: { id: number; name: string; owner: string }[]; byModel: Record<number, number>; queries: string[] }[]
  total?: number
  page?: number
  pageSize?: number
}

export function SourceExplorer({ data }: { data: ExplorerView }) {
  const [params] = useSearchParams()
  const title = data.kind === 'enhanced' ? 'Enhanced Source Explorer' : 'Source Explorer'
  if (data.denied)
    return (
      <>
        <Header projects={[]} />
        <main className="main">
          <div className="panel">
            <Empty title="Access Denied">Administrator access is required.</Empty>
          </div>
        </main>
      </>
    )
  const page = data.page ?? 1
  const pages = Math.max(1, Math.ceil((data.total ?? 0) / (data.pageSize ?? 25)))
  const pageHref = (n: number) => {
    const sp = new URLSearchParams(params)
    sp.set('page', String(n))
    return `?${sp}`
  }
  return (
    <>
      <Header projects={[]} />
      <main className="main" data-explorer={data.kind}>
        <div className="panel">
          <h1>{title}</h1>
          <p className="muted">
            Domains the AI models cite across every project&apos;s {data.kind === 'enhanced' ? 'enhanced source searches' : 'analysis answers (basic insights)'}.{' '}
            <Link to={data.kind === 'enhanced' ? '/admin/source-explorer' : '/admin/source-explorer-enhanced'}>{data.kind === 'enhanced' ? 'Source Explorer' : 'Enhanced Explorer'}</Link> ·{' '}
            <Link to="/admin">Admin</Link>
          </p>
          <Form method="get" className="rs-filters">
            <label>
              Domain
              <input name="q" defaultValue={data.search} placeholder="Filter by domain..." maxLength={200} />
            </label>
            <button type="submit" className="btn btn-small">
              Search
            </button>
          </Form>
          {!data.rows?.length ? (
            <Empty title="No sources found" />
          ) : (
            <>
              <DataTable name="source-explorer">
                <thead>
                  <tr>
                    <th>Domain</th>
                    <th className="num">Citations</th>
                    <th>By model</th>
                    <th>Projects</th>
                    <th>Queries</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={r.domain} data-explored={r.domain}>
                      <td>{r.domain}</td>
                      <td className="num">{r.citations}</td>
                      <td>
                        {Object.entries(r.byModel).map(([m, n]) => (
                          <div key={m}>
                            {modelName(Number(m))}: {n}
                          </div>
                        ))}
                      </td>
                      <td>
                        {r.projects.map((p) => (
                          <div key={p.id}>
                            <Link to={homeHref('sources', { project: p.id })}>{p.name}</Link> <span className="muted">{p.owner}</span>
                          </div>
                        ))}
                      </td>
                      <td className="query">
                        {r.queries.map((q) => (
                          <div key={q}>{q}</div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
              <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', marginTop: '.5rem' }}>
                {page > 1 && <Link to={pageHref(page - 1)}>Previous</Link>}
                <span className="muted">
                  Page {page} of {pages} · {data.total} domains
                </span>
                {page < pages && <Link to={pageHref(page + 1)}>Next</Link>}
              </div>
            </>
          )}
        </div>
      </main>
    </>
  )
}
