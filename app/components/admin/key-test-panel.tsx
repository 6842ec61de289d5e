/** The API-key test panel: GET /api/test-gemini-keys on demand; a failed call says 'Failed to test API keys'. */
import { useState } from 'react'
import type { KeyResult } from '~/domain/admin/key-test'
import { KEY_TEST_MESSAGES } from '~/domain/admin/key-test'
import { errorText, fetchJson } from '~/components/json'

interface Report {
  providers: KeyResult[]
  summary: { workingKeys: number; failedKeys: number; recommendation: string }
}

const BADGE = { working: 'badge-green', error: 'badge-red', missing: 'badge-grey' } as const

export function KeyTestPanel() {
  const [state, setState] = useState<{ busy: boolean; report: Report | null; error: string | null }>({ busy: false, report: null, error: null })
  const run = async () => {
    setState({ busy: true, report: null, error: null })
    try {
      setState({ busy: false, report: await fetchJson<Report>('/api/test-gemini-keys'), error: null })
    } catch (err) {
      setState({ busy: false, report: null, error: errorText(err, KEY_TEST_MESSAGES.failed) })
    }
  }
  const r = state.report
  return (
    <section className="panel" data-testid="key-test">
      <h2>API key test</h2>
      <p className="muted">One minimal call per configured model key. Keys are never shown: only where they come from and their length.</p>
      <button type="button" className="btn" onClick={() => void run()} disabled={state.busy}>
        {state.busy ? 'Testing...' : 'Test API keys'}
      </button>
      {state.error && <p role="alert" className="error-text">{state.error}</p>}
      {r && (
        <>
          <p data-testid="key-test-summary">
            {r.summary.workingKeys} working, {r.summary.failedKeys} failing. {r.summary.recommendation}
          </p>
          <table className="data">
            <thead><tr><th>Key</th><th>Model</th><th>Status</th><th>Length</th><th>Time</th><th>Detail</th></tr></thead>
            <tbody>
              {r.providers.map((p) => (
                <tr key={p.id}>
                  <td>{p.keySource}</td>
                  <td>{p.model}</td>
                  <td><span className={`badge ${BADGE[p.status]}`}>{p.status}</span></td>
                  <td>{p.keyLength || ''}</td>
                  <td>{p.responseTime !== null ? `${p.responseTime} ms` : ''}</td>
                  <td>{p.error ?? p.response ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}
