import { json, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { apiReference } from '~/lib/api.server'
import type { ReferenceField } from '~/domain/api/reference'

export const meta: MetaFunction = () => [{ title: 'API reference · AI Brand Visibility' }]

/** GET /api/v1/docs: the readable reference of /api/v1 and /mcp, from the same OpenAPI document. Public. */
export function loader() {
  return json(apiReference())
}

function Fields({ rows, caption }: { rows: ReferenceField[]; caption: string }) {
  if (rows.length === 0) return null
  return (
    <table className="data" style={{ marginTop: '0.5rem' }}>
      <caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</caption>
      <thead>
        <tr><th>Field</th><th>Type</th><th>Required</th><th>Meaning</th></tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={f.path}>
            <td><code>{f.path}</code></td>
            <td>{f.type}</td>
            <td>{f.required ? 'yes' : ''}</td>
            <td>{f.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export default function ApiReference() {
  const { title, version, intro, operations } = useLoaderData<typeof loader>()
  return (
    <main style={{ maxWidth: 980, margin: '0 auto', padding: '2rem 1rem' }}>
      <p><Link to="/profile">← Profile &amp; Limits (API keys)</Link></p>
      <h1>{title} <small>v{version}</small></h1>
      <p>{intro}</p>
      <div className="panel">
        <h2>Getting started</h2>
        <ol>
          <li>Create a key on <Link to="/profile">Profile &amp; Limits</Link> with the scopes you need (<code>read</code>, <code>run</code>). The key is shown once.</li>
          <li>Send it on every call: <code>curl -H &quot;Authorization: Bearer abv_…&quot; https://&lt;this site&gt;/api/v1/projects</code></li>
          <li>Lists are paged: pass <code>limit</code> (1–200) and the previous answer&apos;s <code>nextCursor</code> as <code>cursor</code>.</li>
          <li>A key acts as its user: the same projects, quotas, rate limits and daily cost cap. A browser session never authorises <code>/api/v1</code>.</li>
        </ol>
        <p>
          Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). AI agents can use the MCP server at{' '}
          <code>/mcp</code> (streamable HTTP, the same key as a Bearer token): tools <code>list_projects</code>, <code>get_visibility_summary</code>,{' '}
          <code>get_query_ranks</code>, <code>get_sources</code>, <code>get_trends</code> and <code>start_analysis</code> (run scope).
        </p>
      </div>
      <nav className="panel" aria-label="Operations">
        <h2>Operations</h2>
        <ul>
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`}><code>{`${op.method} /api/v1${op.path}`}</code></a> — {op.summary} (<code>{op.scope}</code>)
            </li>
          ))}
        </ul>
      </nav>
      {operations.map((op) => (
        <section className="panel" key={op.id} id={op.id} data-testid="api-operation">
          <h2 style={{ fontSize: '1.1rem' }}>
            <code>{`${op.method} /api/v1${op.path}`}</code> — {op.summary}
          </h2>
          <p>{op.description}</p>
          <p>Scope: <code>{op.scope}</code> · Success: HTTP {op.status} · Errors: <code>{'{ "error": { "code", "message" } }'}</code></p>
          <Fields rows={op.params} caption="Parameters" />
          <Fields rows={op.body} caption="Request body (JSON)" />
          <Fields rows={op.response} caption="Answer (JSON)" />
        </section>
      ))}
    </main>
  )
}
